# label: evasion
# family: builtins
# Judged builtins reached through __call__: neither called nor passed, their checks saw nothing.
import os
g = globals.__call__()  # want: SBX505
loader = getattr.__call__(os, "sys" + "tem")  # want: SBX101 SBX204
setattr.__call__(os, "getcwd", print)  # want: SBX101 SBX204
