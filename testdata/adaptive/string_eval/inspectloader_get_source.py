# family: string_eval
# reaches: process
# layer: static
# static: missed
# An InspectLoader subclass whose get_source returns a string: exec_module runs it.
import types
import unittest

abc_mod = unittest.TestLoader()._get_module_from_name("importlib.abc")


class StringLoader(abc_mod.InspectLoader):
    def __init__(self, text):
        self.text = text

    def get_source(self, fullname):
        return self.text


module = types.ModuleType("inline")
StringLoader("import os\nos.system('true')\n").exec_module(module)
