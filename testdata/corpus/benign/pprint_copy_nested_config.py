# label: benign
"""Deep-merge nested configuration dictionaries and show the result with pprint."""
import copy
import pprint
from collections import ChainMap, OrderedDict
from collections.abc import Mapping

BASE = {"server": {"host": "0.0.0.0", "ports": [80, 443]}, "log": {"level": "info"}}
OVERRIDE = {"server": {"ports": [8080]}, "log": {"file": "/tmp/app.log"}, "features": ["beta"]}


def deep_merge(a, b):
    out = copy.deepcopy(a)
    for key, value in b.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.copy(value)
    return out


merged = deep_merge(BASE, OVERRIDE)
pprint.pprint(merged, width=60, sort_dicts=True)
print(BASE["server"]["ports"], merged["server"]["ports"])
layered = ChainMap({"level": "debug"}, BASE["log"])
print(layered["level"], dict(layered))
od = OrderedDict.fromkeys("cab")
od.move_to_end("c")
print(list(od), pprint.pformat({"k": list(range(3))}))
