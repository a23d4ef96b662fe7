# label: evasion
# family: private_attrs
from dataclasses import dataclass
import dataclasses


@dataclass
class Point:
    x: int


print(dataclasses.builtins.eval("__import__('os')"))  # want: SBX201 SBX502
