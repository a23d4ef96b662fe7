# label: evasion
# family: monkeypatching
import json


def spy(text, *args, **kwargs):
    print("captured", text)
    return {}


object.__setattr__(json, "loads", spy)  # want: SBX603 SBX506
print(json.loads("{}"))
