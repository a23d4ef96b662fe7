# label: evasion
# family: dynamic_import
import importlib.util  # want: SBX100

spec = importlib.util.find_spec("subprocess")  # want: SBX103
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.run(["id"])
