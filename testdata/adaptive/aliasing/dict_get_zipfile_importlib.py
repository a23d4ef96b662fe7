# family: aliasing
# reaches: process
# layer: static
# static: missed
# zipfile imports importlib.util: importlib.import_module through a dict of packages.
import zipfile

packages = dict(archive=zipfile)
sp = packages.get("archive").importlib.import_module("subprocess")
sp.run(["true"])
