# label: evasion
# family: private_attrs
# A class decorator may bind the class name to a library class: its instances are not the program's.
import warnings


def swap(cls):
    return warnings.catch_warnings


@swap
class Quiet:
    _module = None


q = Quiet()
print(q._module)  # want: SBX305
