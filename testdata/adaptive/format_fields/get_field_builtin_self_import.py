# family: format_fields
# reaches: process
# layer: static
# static: missed
# print is a builtin: its __self__ is the builtins module, and __import__ is one step away.
import string



def dotted(*names):
    return ".".join(names)


fmt = string.Formatter()
imp, _ = fmt.get_field(dotted("0", "__self__", "__import__"), (print,), {})
imp("subprocess").run(["true"])
