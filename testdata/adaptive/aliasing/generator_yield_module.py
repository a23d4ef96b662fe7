# family: aliasing
# reaches: process
# layer: static
# static: missed
# A generator yields the module.
import shutil


def backends():
    yield shutil


next(backends()).os.system("true")
