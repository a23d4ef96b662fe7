# family: format_fields
# reaches: process
# layer: static
# static: missed
# The bound get_field mapped over a list of paths.
import string
import tempfile

paths = ["0.__globals__[_os].system"]
fmt = string.Formatter()
found = list(map(fmt.get_field, paths, [(tempfile.mkdtemp,)], [{}]))
found[0][0]("true")
