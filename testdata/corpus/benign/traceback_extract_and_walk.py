# label: benign
# Printing and summarising an exception's traceback for a log.
import traceback


def parse_age(text):
    return int(text)


def load(records):
    return [parse_age(r) for r in records]


try:
    load(["31", "x"])
except ValueError as exc:
    summary = traceback.extract_tb(exc.__traceback__)
    for frame in summary:
        print(f"{frame.name} line {frame.lineno}")
    print("".join(traceback.format_exception_only(type(exc), exc)).strip())
    print(len(list(traceback.walk_tb(exc.__traceback__))), "frames")
