# label: benign
import textwrap
from string import Template

ROWS = [
    {"name": "alpha", "status": "ok", "latency": 12.3456, "note": "All checks passed after the retry policy was relaxed for the staging cluster."},
    {"name": "beta", "status": "degraded", "latency": 230.1, "note": "p95 above target"},
    {"name": "gamma-long-name", "status": "down", "latency": float("nan"), "note": "no response"},
]

widths = {k: max(len(k), *(len(str(r[k])) for r in ROWS)) for k in ("name", "status")}
header = "{:<{w1}}  {:<{w2}}  {:>9}".format("name", "status", "latency", w1=widths["name"], w2=widths["status"])
print(header)
print("-" * len(header))
for row in ROWS:
    print("{row[name]:<{w1}}  {row[status]:<{w2}}  {row[latency]:>9.2f}".format(
        row=row, w1=widths["name"], w2=widths["status"]))
    for line in textwrap.wrap(row["note"], width=50):
        print(textwrap.indent(line, " " * 4))

summary = Template(textwrap.dedent("""\
    Checked $count services: $bad need attention.
    Worst: ${worst}
"""))
bad = [r for r in ROWS if r["status"] != "ok"]
print(summary.substitute(count=len(ROWS), bad=len(bad), worst=bad[-1]["name"]))
print(textwrap.shorten(ROWS[0]["note"], width=40, placeholder=" [...]"))
print(f"{'done':^20}|{3.14159:+.3e}|{1234567:,}|{255:#x}|{'x'!r}")
