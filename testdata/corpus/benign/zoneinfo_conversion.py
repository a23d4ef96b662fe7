# label: benign
from datetime import datetime
from zoneinfo import ZoneInfo

meeting = datetime(2024, 6, 1, 15, 0, tzinfo=ZoneInfo("UTC"))
for tz in ("America/New_York", "Europe/Paris", "Asia/Tokyo"):
    local = meeting.astimezone(ZoneInfo(tz))
    print(f"{tz:<20} {local:%Y-%m-%d %H:%M}")
