# label: evasion
# family: dynamic_import
import pkgutil  # want: SBX100

loader = pkgutil.get_loader("subprocess")  # want: SBX103
mod = loader.load_module()
mod.run(["id"])
