# label: evasion
# family: introspection
# A list held in another list's display is handed out by every read of its item: the item is
# changed in place and the loop over it names a dunder.
ROWS = [["name", "size"]]


def report():
    return "ok"


ROWS[0].append("__globals__")
cells = [getattr(report, column, None) for column in ROWS[0]]  # want: SBX403
print(cells[-1]["os"])
