# label: evasion
# family: unicode
import ｏｓ  # want: SBX101 SBX803

ｏｓ.system("id")  # want: SBX803
