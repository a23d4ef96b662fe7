# label: evasion
# family: dynamic_code
import builtins  # want: SBX401

runner = getattr(builtins, "eval")  # want: SBX201
print(runner("1 + 1"))
