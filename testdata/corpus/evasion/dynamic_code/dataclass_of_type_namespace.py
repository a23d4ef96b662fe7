# label: evasion
# family: dynamic_code
# A class made by type() from a namespace built at run time, given to dataclass: the annotation
# keys become code in the __eq__ dataclasses exec.
import dataclasses
import json

ns = {}
for key, value in json.loads('{"__annotations__": {"x,__import__(\\"os\\").system(\\"id\\")": 1}}').items():
    ns[key] = value
Row = dataclasses.dataclass(init=False, repr=False)(type("Row", (), ns))  # want: SBX205 SBX205 SBX403
