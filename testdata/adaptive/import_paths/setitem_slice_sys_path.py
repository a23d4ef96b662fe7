# family: import_paths
# reaches: process
# layer: static
# static: missed
# operator.setitem with a slice puts a directory first; a graphlib package is written there.
import operator
import os
import sys
import tempfile

root = tempfile.mkdtemp()
os.makedirs(os.path.join(root, "graphlib"))
with open(os.path.join(root, "graphlib", "__init__.py"), "w") as fh:
    fh.write("import subprocess\nsubprocess.run(['true'])\nclass TopologicalSorter:\n    pass\n")
operator.setitem(sys.path, slice(0, 0), [root])

import graphlib  # noqa: E402

print(graphlib.TopologicalSorter)
