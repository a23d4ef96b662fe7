# family: string_eval
# reaches: process
# layer: static
# static: denied
# importlib through zipfile's attribute, held in a list: spec_from_file_location and
# exec_module run a file the program wrote.
import tempfile
import zipfile

path = tempfile.mktemp(suffix=".py")
with open(path, "w") as fh:
    fh.write("import os\nos.system('true')\n")

for lib in [zipfile.importlib]:
    spec = lib.util.spec_from_file_location("plugin", path)
    module = lib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
