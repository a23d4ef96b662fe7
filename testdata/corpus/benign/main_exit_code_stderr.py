# label: benign
import sys
from collections import Counter


def validate(records):
    problems = []
    for lineno, rec in enumerate(records, start=1):
        fields = rec.split(",")
        if len(fields) != 3:
            problems.append((lineno, f"expected 3 fields, got {len(fields)}"))
        elif not fields[2].strip().isdigit():
            problems.append((lineno, f"quantity {fields[2]!r} is not a number"))
    return problems


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    data = ["apple,fruit,3", "leek,veg,two", "pear,fruit", "kale,veg,1"]
    problems = validate(data)
    for lineno, msg in problems:
        print(f"line {lineno}: {msg}", file=sys.stderr)
    kinds = Counter(r.split(",")[1] for r in data if r.count(",") >= 1)
    sys.stdout.write(f"kinds: {dict(kinds)}\n")
    sys.stdout.flush()
    return 1 if problems and "--strict" in argv else 0


if __name__ == "__main__":
    code = main([])
    print("exit code would be", code, "with python", sys.version_info[:2] >= (3, 8))
    sys.exit(code)
