# family: round12
# reaches: network
# layer: static
# static: missed
# abc.ABCMeta called as type is: a namespace whose key comes from json.loads, "__reduce_ex__",
# gives the class's instances a copy hook (a bound dict.get); only type()'s namespace was judged.
# copy.copy calls it; the plan copies an event loop and stores {"__class__": cls} on the copy
# with setattr, cls kept by __init_subclass__. The copy's method reads the loop's self-pipe
# socket _ssock as its own; type() of that socket makes an AF_INET socket.
import abc
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
Holder = abc.ABCMeta("Holder", (), {NAMES["hook"]: plan.get})
holder = Holder()
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
