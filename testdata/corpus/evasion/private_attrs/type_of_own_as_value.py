# label: evasion
# family: private_attrs
# type() of an own object kept as a value hands out its methods unbound: self may be a library object.
import warnings


class Silencer:
    def __init__(self):
        self._module = None  # want: SBX305

    def target(self):
        return self._module  # want: SBX305


T = type(Silencer())
host = T.target(warnings.catch_warnings())
host.sys.modules["os"].system("true")
