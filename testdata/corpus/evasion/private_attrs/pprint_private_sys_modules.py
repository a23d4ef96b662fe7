# label: evasion
# family: private_attrs
import pprint

mods = pprint._sys.modules  # want: SBX303 SBX501
print(sorted(mods))
