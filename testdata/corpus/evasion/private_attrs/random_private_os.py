# label: evasion
# family: private_attrs
import random

random._os.system("id")  # want: SBX101 SBX501
