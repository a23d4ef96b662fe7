# label: evasion
# family: dynamic_import
import sys
import zipfile

with zipfile.ZipFile("/tmp/p.zip", "w") as z:
    z.writestr("payload.py", "import os\nos.system('id')\n")
importer = sys.path_hooks[0]("/tmp/p.zip")  # want: SBX303
importer.load_module("payload")  # want: SBX103
