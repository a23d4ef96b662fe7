# label: evasion
# family: name_resolvers
# TestLoader.discover imports every test*.py below a directory the program wrote.
import os
import tempfile
import unittest

root = tempfile.mkdtemp()
with open(os.path.join(root, "test_x.py"), "w") as fh:
    fh.write("import os\nos.system('id')\n")
unittest.TestLoader().discover(root)  # want: SBX505
