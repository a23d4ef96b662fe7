# label: evasion
# family: private_attrs
# collections._collections_abc.sys is sys on CPython 3.11, the runner's Python.
import collections

collections._collections_abc.sys.modules["os"].system("id")  # want: SBX101 SBX103 SBX303 SBX501 SBX504
