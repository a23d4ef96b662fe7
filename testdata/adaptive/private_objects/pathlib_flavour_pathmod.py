# family: private_objects
# reaches: process
# layer: static
# static: missed
# A Path's flavour keeps the path module it uses, posixpath, which holds os.
import pathlib

here = pathlib.Path(".")
here._flavour.pathmod.os.system("true")
