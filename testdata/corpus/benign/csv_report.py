# label: benign
import csv

ROWS = """name,department,salary
Alice,Engineering,120000
Bob,Sales,80000
Carol,Engineering,135000
Dan,Sales,78000
"""

by_dept: dict[str, list[int]] = {}
for row in csv.DictReader(ROWS.splitlines()):
    by_dept.setdefault(row["department"], []).append(int(row["salary"]))

for dept, salaries in sorted(by_dept.items()):
    avg = sum(salaries) / len(salaries)
    print(f"{dept:<12} avg={avg:>10,.0f} n={len(salaries)}")
