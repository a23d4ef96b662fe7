# label: evasion
# family: format_traversal
from string import Formatter


def f():
    pass


out = Formatter().vformat("{fn.__code__.co_consts}", (), {"fn": f})  # want: SBX701
print(out)
