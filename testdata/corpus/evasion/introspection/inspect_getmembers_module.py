# label: evasion
# family: introspection
import inspect  # want: SBX100
import random

for name, value in inspect.getmembers(random):  # want: SBX303 SBX506
    if name == "_os":
        value.system("id")
