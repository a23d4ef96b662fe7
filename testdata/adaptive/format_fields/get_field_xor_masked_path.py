# family: format_fields
# reaches: process
# layer: static
# static: missed
# The field path is stored XOR-masked and unmasked by a generator expression.
import shutil
import string

KEY = 0x2A
MASKED = bytes(c ^ KEY for c in b"0.__globals__[os].system")


def unmask(data):
    return bytes(c ^ KEY for c in data).decode()


fn, _ = string.Formatter().get_field(unmask(MASKED), (shutil.copy,), {})
fn("true")
