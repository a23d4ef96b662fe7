# family: import_paths
# reaches: process
# layer: static
# static: missed
# list.insert called on the class, with sys.path as its argument: SBX603 looks for
# sys.path.insert(...). A colorsys.py written first then shadows the standard one.
import os
import sys
import tempfile

PLUGIN = "import os\nos.system('true')\ndef rgb_to_hsv(r, g, b):\n    return (0.0, 0.0, 0.0)\n"

workdir = tempfile.mkdtemp()
with open(os.path.join(workdir, "colorsys.py"), "w") as fh:
    fh.write(PLUGIN)
list.insert(sys.path, 0, workdir)


def hue(rgb):
    import colorsys
    return colorsys.rgb_to_hsv(*rgb)[0]


print(hue((1, 0, 0)))
