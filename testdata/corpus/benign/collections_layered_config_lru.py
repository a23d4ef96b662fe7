# label: benign
from collections import ChainMap, OrderedDict, deque, namedtuple

DEFAULTS = {"theme": "light", "page_size": 20, "lang": "en"}
user = {"theme": "dark"}
session = {"page_size": 50}

config = ChainMap(session, user, DEFAULTS)
print(dict(config), config.maps[1])
child = config.new_child({"lang": "fr"})
print(child["lang"], child["theme"], config["lang"])


class LRU(OrderedDict):
    def __init__(self, capacity):
        super().__init__()
        self.capacity = capacity

    def get_or(self, key, default=None):
        if key not in self:
            return default
        self.move_to_end(key)
        return self[key]

    def put(self, key, value):
        self[key] = value
        self.move_to_end(key)
        if len(self) > self.capacity:
            self.popitem(last=False)


cache = LRU(2)
cache.put("a", 1)
cache.put("b", 2)
cache.get_or("a")
cache.put("c", 3)
print(list(cache))

Event = namedtuple("Event", "t kind")
recent = deque(maxlen=3)
for i, kind in enumerate(["start", "tick", "tick", "stop", "start"]):
    recent.append(Event(i, kind))
recent.rotate(1)
print(list(recent))
