# family: string_eval
# reaches: process
# layer: static
# static: missed
# The same importlib route with zipfile held in a list, so its attribute is not resolved.
import tempfile
import zipfile

path = tempfile.mktemp(suffix=".py")
with open(path, "w") as fh:
    fh.write("import os\nos.system('true')\n")

archives = [zipfile]
lib = archives[0].importlib
spec = lib.util.spec_from_file_location("plugin", path)
module = lib.util.module_from_spec(spec)
spec.loader.exec_module(module)
