# label: evasion
# family: private_attrs
from random import _os  # want: SBX501

_os.system("id")  # want: SBX101
