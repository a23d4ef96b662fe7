# label: evasion
# family: monkeypatching
import json

json.loads = eval  # want: SBX201 SBX603
print(json.loads("__import__('os').getcwd()"))
