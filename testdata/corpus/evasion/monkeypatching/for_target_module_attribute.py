# label: evasion
# family: monkeypatching
import json

# A for loop's target is an assignment: this replaces json.loads without an "=".
for json.loads in [print]:  # want: SBX603
    pass
json.loads("{}")
