# label: evasion
# family: format_traversal
import string


def f():
    pass


obj, _ = string.Formatter().get_field("0.__globals__", (f,), {})  # want: SBX701
print(obj)
