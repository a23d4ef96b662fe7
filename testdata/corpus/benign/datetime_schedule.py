# label: benign
from datetime import date, datetime, timedelta, timezone

start = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)
meetings = [start + timedelta(days=7 * i) for i in range(4)]
for m in meetings:
    print(m.strftime("%a %d %b %H:%M %Z"))

today = date(2024, 3, 15)
print((date(2024, 12, 25) - today).days, "days to go")
