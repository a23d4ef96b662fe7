# family: round11
# reaches: network
# layer: static
# static: missed
# operator.setitem(vars(holder), key, plan.get) stores into the program's own object's dict
# under a key from json.loads, "__reduce_ex__": code the analysis does not follow writes the
# copy hook. copy.copy calls it; the plan copies an event loop and stores {"__class__": cls} on
# the copy with setattr, cls kept by __init_subclass__. The copy's method reads the loop's
# self-pipe socket _ssock as its own; type() of that socket makes an AF_INET socket.
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


loop = asyncio.new_event_loop()
plan = {4: (copy.copy, (loop,), (None, {NAMES["kind"]: KINDS[0]}))}
holder = Probe()
import operator
operator.setitem(vars(holder), NAMES["hook"], plan.get)
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
