# label: evasion
# family: dynamic_import
import importlib  # want: SBX100

target = importlib.import_module(chr(111) + chr(115))  # want: SBX103
target.system("id")  # want: SBX101
