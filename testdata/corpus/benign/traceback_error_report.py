# label: benign
"""Collect errors from a batch job and print a compact traceback report."""
import sys
import traceback


def parse_record(line: str) -> dict:
    name, age = line.split(",")
    return {"name": name.strip(), "age": int(age)}


def run(lines):
    ok, errors = [], []
    for number, line in enumerate(lines, 1):
        try:
            ok.append(parse_record(line))
        except (ValueError, IndexError) as exc:
            tb = traceback.TracebackException.from_exception(exc)
            last = tb.stack[-1]
            errors.append((number, type(exc).__name__, f"{last.name}:{last.lineno}", str(exc)))
    return ok, errors


ok, errors = run(["ann, 31", "bob", "cy, x", "di, 40"])
print(len(ok), "parsed")
for number, kind, where, message in errors:
    print(f"line {number}: {kind} in {where}: {message}")
try:
    {}["missing"]
except KeyError:
    exc_type, exc, tb = sys.exc_info()
    print("".join(traceback.format_exception_only(exc_type, exc)).strip())
    print(len(traceback.extract_tb(tb)), exc.__traceback__ is tb)
print(traceback.format_exc().strip() == "NoneType: None")
