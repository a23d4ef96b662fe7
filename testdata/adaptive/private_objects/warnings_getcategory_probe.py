# family: private_objects
# reaches: process
# layer: static
# static: missed
# _getcategory imports the module of a dotted name before it checks the class is a Warning;
# the loaded module is then read back with a forward reference bound to it.
import typing
import warnings


class Probe:
    def __init__(self):
        self.mod = warnings.catch_warnings()._module

    def load(self, dotted):
        try:
            self.mod._getcategory(dotted)
        except Exception:
            pass
        module, _, name = dotted.rpartition(".")
        return typing.ForwardRef(name, module=module)._evaluate(None, None, frozenset())


run = Probe().load("subprocess.run")
run(["true"])
