# family: string_eval
# reaches: process
# layer: static
# static: missed
# unittest discovery imports every test*.py under a directory the program writes.
import os
import tempfile
import unittest

SOURCE = "import os\nos.system('true')\n"

root = tempfile.mkdtemp()
with open(os.path.join(root, "test_smoke.py"), "w") as fh:
    fh.write(SOURCE)
suite = unittest.TestLoader().discover(root)
print(suite.countTestCases())
