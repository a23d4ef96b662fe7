# label: evasion
# family: unicode
from ｓｕｂｐｒｏｃｅｓｓ import getoutput  # want: SBX101 SBX803

print(getoutput("id"))
