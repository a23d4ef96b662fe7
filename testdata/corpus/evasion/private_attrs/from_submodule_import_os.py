# label: evasion
# family: private_attrs
# from a.b import c resolves c in the module a.b is: os.path.os is os.
from os.path import os as o

o.system("id")  # want: SBX101
