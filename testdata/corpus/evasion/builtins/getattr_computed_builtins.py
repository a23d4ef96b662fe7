# label: evasion
# family: builtins
import builtins  # want: SBX401

wanted = input("which builtin? ")
fn = getattr(builtins, wanted)  # want: SBX403
print(fn)
