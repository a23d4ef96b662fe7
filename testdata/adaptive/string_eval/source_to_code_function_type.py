# family: string_eval
# reaches: process
# layer: static
# static: missed
# source_to_code turns text into a code object; type(f) is FunctionType without the name.
import unittest

abc_mod = unittest.TestLoader()._get_module_from_name("importlib.abc")
code = abc_mod.InspectLoader.source_to_code("import os\nos.system('true')\n")


def template():
    pass


type(template)(code, {})()
