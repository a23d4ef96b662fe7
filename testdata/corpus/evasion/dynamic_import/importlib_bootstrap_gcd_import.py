# label: evasion
# family: dynamic_import
import importlib._bootstrap  # want: SBX100

m = importlib._bootstrap._gcd_import("subprocess")  # want: SBX103
m.run(["id"])
