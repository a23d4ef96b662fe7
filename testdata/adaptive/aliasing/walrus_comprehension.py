# family: aliasing
# reaches: process
# layer: static
# static: missed
# A walrus inside a comprehension keeps the last module's os.
import shutil
import tempfile

[(found := m.os) for m in (tempfile, shutil) if hasattr(m, "os")]
found.system("true")
