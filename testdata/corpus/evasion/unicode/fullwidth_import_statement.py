# label: evasion
# family: unicode
import ｏｓ  # want: SBX803

ｏｓ.system("id")  # want: SBX101 SBX803
