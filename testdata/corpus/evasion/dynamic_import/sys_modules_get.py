# label: evasion
# family: dynamic_import
import sys

posix = sys.modules.get("posix")  # want: SBX103 SBX303
posix.system("id")
