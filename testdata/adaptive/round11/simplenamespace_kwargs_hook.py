# family: round11
# reaches: network
# layer: static
# static: missed
# types.SimpleNamespace stores its keywords as attributes: **{key: plan.get} with the key
# "__reduce_ex__" from json.loads gives it a copy hook, which copy.copy calls. The plan copies an
# event loop and stores {"__class__": cls} on the copy with setattr, cls kept by
# __init_subclass__: the copy's method reads the loop's self-pipe socket _ssock as its own;
# type() of that socket makes an AF_INET socket.
import asyncio
import copy
import json
import types

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
holder = types.SimpleNamespace(**{NAMES["hook"]: plan.get})
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
