# family: type_dicts
# reaches: process
# layer: static
# static: denied
# A descriptor table class: names come from a config list, descriptors from type dicts.
import json
import random

CONFIG = '{"hops": ["__globals__"], "key": "_os", "call": "system"}'


class Hop:
    def __init__(self, obj):
        self.obj = obj

    def follow(self, name):
        return Hop(vars(type(self.obj))[name].__get__(self.obj))


cfg = json.loads(CONFIG)
hop = Hop(random.randrange)
hop = Hop(vars(type(hop.obj))["__func__"].__get__(hop.obj))
for name in cfg["hops"]:
    hop = hop.follow(name)
getattr(hop.obj[cfg["key"]], cfg["call"])("true")
