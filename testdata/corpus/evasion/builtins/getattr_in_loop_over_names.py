# label: evasion
# family: builtins
import builtins  # want: SBX401

for candidate in ("print", "exec"):
    fn = getattr(builtins, candidate)  # want: SBX403
fn("import os")
