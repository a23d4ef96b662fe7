# label: benign
import re

LOG = """
2024-01-01 ERROR disk full
2024-01-01 INFO started
2024-01-02 ERROR timeout talking to db
"""

pattern = re.compile(r"^(\d{4}-\d{2}-\d{2}) (ERROR|INFO) (.*)$")
errors = []
for line in LOG.strip().splitlines():
    if (m := pattern.match(line)) and m.group(2) == "ERROR":
        errors.append((m.group(1), m.group(3)))

print(f"{len(errors)} errors")
for day, message in errors:
    print(f"  {day}: {message}")
