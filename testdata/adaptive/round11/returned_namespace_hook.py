# family: round11
# reaches: network
# layer: static
# static: missed
# A method of the program's class returns vars(self); the caller stores into the returned dict
# under a key from json.loads, "__reduce_ex__": a store into a dict the analysis does not know
# for an object's. copy.copy calls the hook; the plan copies an event loop and stores
# {"__class__": cls} on the copy with setattr, cls kept by __init_subclass__. The copy's method
# reads the loop's self-pipe socket _ssock as its own; type() of that socket makes an AF_INET
# socket.
import asyncio
import copy
import json

NAMES = json.loads('{"hook": "__reduce_ex__", "kind": "__class__"}')
KINDS = []


class Base:
    def __init_subclass__(cls):
        KINDS.append(cls)


class Probe(Base):
    _ssock = None

    def pipe(self):
        return self._ssock

    def state(self):
        return vars(self)


loop = asyncio.new_event_loop()
plan = {4: (copy.copy, (loop,), (None, {NAMES["kind"]: KINDS[0]}))}
holder = Probe()
table = holder.state()
table[NAMES["hook"]] = plan.get
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
