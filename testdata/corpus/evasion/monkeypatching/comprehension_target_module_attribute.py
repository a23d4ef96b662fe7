# label: evasion
# family: monkeypatching
import json

[0 for json.loads in [print]]  # want: SBX603
