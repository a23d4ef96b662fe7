# family: aliasing
# reaches: process
# layer: static
# static: missed
# A with-statement target bound to the module by nullcontext.
import contextlib
import shutil

with contextlib.nullcontext(shutil) as tools:
    tools.os.system("true")
