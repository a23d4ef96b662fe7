# label: evasion
# family: format_traversal
# Formatter.vformat called unbound: the format string is its second argument.
import string
f = string.Formatter()
fmt = "{0." + "__globals__}"
string.Formatter.vformat(f, fmt, (print,), {})  # want: SBX701
