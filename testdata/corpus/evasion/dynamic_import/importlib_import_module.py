# label: evasion
# family: dynamic_import
import importlib  # want: SBX100

proc = importlib.import_module("subprocess")  # want: SBX103
proc.run(["id"])
