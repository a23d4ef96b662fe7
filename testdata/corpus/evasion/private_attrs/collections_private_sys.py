# label: evasion
# family: private_attrs
import collections

sysmod = collections._sys  # want: SBX501
print(sysmod.platform)
