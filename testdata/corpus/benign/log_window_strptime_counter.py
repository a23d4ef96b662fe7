# label: benign
"""Count errors per 5-minute window from an application log."""
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from itertools import groupby
import re

LOG = """\
2024-03-01 12:00:03,120 INFO  api   request served in 12ms
2024-03-01 12:01:44,381 ERROR db    connection reset by peer
2024-03-01 12:03:10,002 WARN  api   slow request 950ms
2024-03-01 12:06:55,911 ERROR api   upstream timeout
2024-03-01 12:07:01,004 ERROR api   upstream timeout
2024-03-01 12:14:59,999 INFO  cron  nightly job started
"""

LINE = re.compile(r"^(?P<ts>\S+ \S+) (?P<level>[A-Z]+)\s+(?P<svc>\w+)\s+(?P<msg>.*)$")
WINDOW = timedelta(minutes=5)


def parse(text):
    for raw in text.splitlines():
        m = LINE.match(raw)
        if not m:
            continue
        ts = datetime.strptime(m["ts"], "%Y-%m-%d %H:%M:%S,%f")
        yield ts, m["level"], m["svc"], m["msg"]


def bucket(ts, start):
    return start + WINDOW * ((ts - start) // WINDOW)


def main():
    records = list(parse(LOG))
    start = records[0][0].replace(minute=0, second=0, microsecond=0)
    errors = [r for r in records if r[1] == "ERROR"]
    per_window = Counter(bucket(r[0], start) for r in errors)
    for window, count in sorted(per_window.items()):
        print(f"{window:%H:%M}-{window + WINDOW:%H:%M}  errors={count}")
    by_service = defaultdict(list)
    for svc, group in groupby(sorted(records, key=lambda r: r[2]), key=lambda r: r[2]):
        by_service[svc] = [level for _, level, _, _ in group]
    for svc, levels in by_service.items():
        print(svc, Counter(levels).most_common())


if __name__ == "__main__":
    main()
