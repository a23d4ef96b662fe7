# label: benign
"""Pay dates: the last business day of each month, with holidays, using calendar and datetime."""
import calendar
from datetime import date, timedelta

HOLIDAYS = {date(2024, 5, 27), date(2024, 12, 25), date(2024, 7, 4)}


def last_business_day(year, month):
    day = date(year, month, calendar.monthrange(year, month)[1])
    while day.weekday() >= 5 or day in HOLIDAYS:
        day -= timedelta(days=1)
    return day


pay = [last_business_day(2024, m) for m in range(1, 13)]
print([d.isoformat() for d in pay[:4]])
print(calendar.month_name[pay[4].month], pay[4].strftime("%A"), calendar.isleap(2024))
cal = calendar.TextCalendar(calendar.MONDAY)
print(cal.formatmonth(2024, 2).splitlines()[0].strip())
weeks = calendar.monthcalendar(2024, 2)
print(len(weeks), sum(1 for w in weeks for d in w[:5] if d))
print(calendar.day_abbr[date(2024, 2, 29).weekday()], (date(2025, 1, 1) - date(2024, 1, 1)).days)
