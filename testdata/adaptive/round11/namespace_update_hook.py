# family: round11
# reaches: network
# layer: static
# static: missed
# copy.copy reads __reduce_ex__ from the object itself. The program's own object gets one by
# vars(holder).update with a key from json.loads (a name string SBX301 never sees): a bound
# dict.get whose plan copies an event loop and stores the slot state {"__class__": cls} on the
# copy with setattr, cls kept by __init_subclass__. The copy is an instance of the program's
# class, whose method reads the loop's self-pipe socket _ssock as its own; type() of that socket
# makes an AF_INET socket.
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
vars(holder).update({NAMES["hook"]: plan.get})
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
