# family: data_external
# reached: process, before process 1 closed the door (runner/sandbox/init.py, settle_packages)
# layer: static
# static: missed
# PIL.EpsImagePlugin is denied by name, but Image.open picks the plugin from the file's first
# bytes: an EPS file opens with it, and load() runs ghostscript (`gs --version` first).
from PIL import Image

with open("figure.img", "w") as f:
    f.write("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 8 8\nshowpage\n%%EOF\n")

try:
    with Image.open("figure.img") as im:
        print(im.format, im.size)
        im.load()
except OSError as exc:
    print("could not render:", exc)
