# family: import_paths
# reaches: process
# layer: static
# static: missed
# SBX603 admits sys.path handed to a def of the program whose parameter is never changed in
# place (ArgumentMutated, mutatedName on the parameter's name only). Route: the def binds a
# second name to the list and inserts into that one; a colorsys.py written first then shadows
# the standard one, and the allowed `import colorsys` runs it.
import os
import sys
import tempfile

PLUGIN = "import os\nos.system('true')\ndef rgb_to_hsv(r, g, b):\n    return (0.0, 0.0, 0.0)\n"


def add_plugins(search_path):
    """Make the plugin directory the first place modules are looked for."""
    workdir = tempfile.mkdtemp()
    with open(os.path.join(workdir, "colorsys.py"), "w") as fh:
        fh.write(PLUGIN)
    dirs = search_path
    dirs.insert(0, workdir)
    return workdir


def hue(rgb):
    import colorsys
    return colorsys.rgb_to_hsv(*rgb)[0]


add_plugins(sys.path)
print(hue((1, 0, 0)))
