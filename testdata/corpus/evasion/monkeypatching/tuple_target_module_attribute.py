# label: evasion
# family: monkeypatching
import json

count, json.loads = 1, print  # want: SBX603
