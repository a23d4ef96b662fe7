# label: evasion
# family: dynamic_import
import sys

os_module = sys.modules["os"]  # want: SBX103 SBX303
os_module.system("id")  # want: SBX101
