# label: evasion
# family: format_traversal
import string


def handler():
    pass


fmt = string.Formatter()
print(fmt.format("{0.__globals__}", handler))  # want: SBX701
