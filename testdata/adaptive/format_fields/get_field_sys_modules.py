# family: format_fields
# reaches: process
# layer: static
# static: missed
# sys as the argument: sys.modules is reached by the field, not by the program's code.
import string
import sys

system, _ = string.Formatter().get_field("0.modules[posix].system", (sys,), {})
system("true")
