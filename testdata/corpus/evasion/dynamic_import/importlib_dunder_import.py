# label: evasion
# family: dynamic_import
import importlib  # want: SBX100

m = importlib.__import__("os")  # want: SBX103 SBX301
m.system("id")  # want: SBX101
