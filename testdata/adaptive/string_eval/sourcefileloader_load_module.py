# family: string_eval
# reaches: process
# layer: static
# static: missed
# SourceFileLoader(...).load_module(), the loader class taken from a module imported by name.
import tempfile
import unittest

path = tempfile.mktemp(suffix=".py")
with open(path, "w") as fh:
    fh.write("import subprocess\nsubprocess.run(['true'])\n")

machinery = unittest.TestLoader()._get_module_from_name("importlib.machinery")
loader = machinery.SourceFileLoader("task", path)
loader.load_module()
