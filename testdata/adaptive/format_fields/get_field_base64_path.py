# family: format_fields
# reaches: process
# layer: static
# static: denied
# The field path is base64 data; a decoded string is a sink only for eval, import and getattr.
import base64
import shutil
import string

encoded = base64.b64encode(b"0.__globals__[os].system").decode()
field = base64.b64decode(encoded).decode()
fn, _ = string.Formatter().get_field(field, (shutil.copy,), {})
fn("true")
