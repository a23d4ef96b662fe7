# label: benign
import calendar
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

HOLIDAYS = {date(2024, 12, 25), date(2024, 12, 26), date(2025, 1, 1)}


def is_business_day(d: date) -> bool:
    return d.weekday() < 5 and d not in HOLIDAYS


def add_business_days(start: date, n: int) -> date:
    d = start
    while n > 0:
        d += timedelta(days=1)
        if is_business_day(d):
            n -= 1
    return d


def last_business_day(year: int, month: int) -> date:
    d = date(year, month, calendar.monthrange(year, month)[1])
    while not is_business_day(d):
        d -= timedelta(days=1)
    return d


start = datetime.strptime("2024-12-20", "%Y-%m-%d").date()
print("due:", add_business_days(start, 5))
print("month ends:", [last_business_day(2024, m).isoformat() for m in (2, 6, 11, 12)])
deadline = datetime(2024, 12, 31, 17, 0, tzinfo=ZoneInfo("Europe/Berlin"))
print("deadline in NY:", deadline.astimezone(ZoneInfo("America/New_York")).strftime("%Y-%m-%d %H:%M %Z"))
age = date(2024, 3, 1) - date(1990, 7, 15)
print("days alive:", age.days, "weeks:", age // timedelta(weeks=1))
print(calendar.month(2024, 12))
