# family: reduce
# reaches: process
# layer: static
# static: missed
# A JSON "object graph" with a type registry, like a pickle without pickle.
import json
import timeit

REGISTRY = {"benchmark": timeit.Timer, "list": list}

DOCUMENT = """
{"__type__": "benchmark", "args": ["import os; os.system('true')"]}
"""


def revive(obj):
    kind = obj.get("__type__")
    if kind in REGISTRY:
        return REGISTRY[kind](*obj.get("args", []))
    return obj


bench = json.loads(DOCUMENT, object_hook=revive)
print(bench.timeit(1))
