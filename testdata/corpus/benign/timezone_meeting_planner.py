# label: benign
"""Find meeting times that fall inside working hours in several time zones."""
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

ZONES = {"Berlin": "Europe/Berlin", "New York": "America/New_York", "Tokyo": "Asia/Tokyo"}
WORK = (time(9), time(17))


def working(dt_utc, zone):
    local = dt_utc.astimezone(ZoneInfo(zone))
    return WORK[0] <= local.time() < WORK[1] and local.weekday() < 5


def slots(day, step=timedelta(minutes=30)):
    start = datetime.combine(day, time(0), tzinfo=ZoneInfo("UTC"))
    while start.date() == day:
        yield start
        start += step


day = date(2024, 3, 12)
good = [s for s in slots(day) if all(working(s, z) for z in ZONES.values())]
print(len(good), "common slots")
for name, zone in ZONES.items():
    now = datetime(2024, 3, 12, 12, 0, tzinfo=ZoneInfo("UTC")).astimezone(ZoneInfo(zone))
    print(f"{name:9s} {now:%Y-%m-%d %H:%M %Z} (UTC{now.utcoffset() // timedelta(hours=1):+d})")
deadline = datetime.fromisoformat("2024-03-15T18:00:00+01:00")
left = deadline - datetime(2024, 3, 12, 9, tzinfo=ZoneInfo("Europe/Berlin"))
print("days left:", left.days, "hours:", left.seconds // 3600)
print(date.today().isoformat() > "2000-01-01", (date(2024, 2, 28) + timedelta(days=1)).day)
