# label: evasion
# family: dynamic_import
import importlib  # want: SBX100

loader = getattr(importlib, "import_module")  # want: SBX104
mod = loader("subprocess")
mod.run(["id"])
