# label: benign
"""Parse web server log lines with a regular expression and report status codes and slow paths."""
import logging
import re
from collections import Counter
from datetime import datetime

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("logscan")

LINE = re.compile(
    r'(?P<ip>\d+\.\d+\.\d+\.\d+) - - \[(?P<ts>[^\]]+)\] "(?P<method>\w+) (?P<path>\S+) HTTP/1\.[01]" '
    r"(?P<status>\d{3}) (?P<size>\d+) (?P<ms>\d+)"
)

SAMPLE = """10.0.0.1 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326 12
10.0.0.2 - - [10/Oct/2023:13:55:40 +0000] "POST /api/login HTTP/1.1" 401 120 340
10.0.0.1 - - [10/Oct/2023:13:56:01 +0000] "GET /api/items HTTP/1.1" 200 5120 910
garbage line
10.0.0.3 - - [10/Oct/2023:13:57:12 +0000] "GET /missing HTTP/1.0" 404 0 5
"""


def parse(lines):
    for number, line in enumerate(lines, 1):
        m = LINE.match(line)
        if not m:
            log.warning("line %d does not match", number)
            continue
        rec = m.groupdict()
        rec["ts"] = datetime.strptime(rec["ts"], "%d/%b/%Y:%H:%M:%S %z")
        rec["status"] = int(rec["status"])
        rec["ms"] = int(rec["ms"])
        yield rec


records = list(parse(SAMPLE.splitlines()))
statuses = Counter(r["status"] for r in records)
log.info("parsed %d records", len(records))
for status, count in statuses.most_common():
    print(f"{status}: {count}")
slow = [r["path"] for r in records if r["ms"] > 300]
print("slow:", ", ".join(slow))
print("first:", records[0]["ts"].isoformat(), "last:", records[-1]["ts"].strftime("%H:%M"))
