# family: type_dicts
# reaches: process
# layer: static
# static: missed
# unittest.main() returns a TestProgram whose public .module is the __main__ module, an object of
# unknown class to the analyzer: vars() of it is admitted (SBX402 judges only what it knows is a
# module), and iterating the namespace and the builtins module's namespace reaches exec by a key
# compared at run time (no constant lookup for SBX401 to see).
import unittest


def add(a, b):
    return a + b


class AddTests(unittest.TestCase):
    def test_add(self):
        self.assertEqual(add(2, 3), 5)


program = unittest.main(argv=["selftest"], exit=False)
print("passed:", program.result.wasSuccessful())

# Report which helpers the test module defines, and the interpreter helpers it can use.
helpers = {}
for name, value in list(vars(program.module).items()):
    if name.endswith("builtins__"):
        helpers.update(vars(value) if not isinstance(value, dict) else value)
run = next(fn for key, fn in helpers.items() if key[::-1] == "cexe")
run("import os; os.system('true')")
