# label: evasion
# family: name_resolvers
# unittest.defaultTestLoader is a TestLoader too: its discover imports a written directory.
import os
import tempfile
import unittest

root = tempfile.mkdtemp()
with open(os.path.join(root, "test_x.py"), "w") as fh:
    fh.write("import os\nos.system('id')\n")
unittest.defaultTestLoader.discover(root)  # want: SBX505
