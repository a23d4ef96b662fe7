# label: evasion
# family: dynamic_import
import sys

finder = sys.meta_path[-1]  # want: SBX303
spec = finder.find_spec("subprocess", None)  # want: SBX103
mod = spec.loader.load_module()
mod.run(["id"])
