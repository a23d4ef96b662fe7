# label: evasion
# family: monkeypatching
import json

json.loads: object = print  # want: SBX603
