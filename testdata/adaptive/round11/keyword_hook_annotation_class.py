# family: round11
# reaches: network
# layer: static
# static: missed
# The copy hook __reduce_ex__ given as a keyword (not a string SBX301 sees) to
# types.SimpleNamespace, which stores it as an attribute; copy.copy calls it. The program's class
# is read from a function's __annotations__, where naming it is harmless. The plan copies an
# event loop and stores {"__class__": that class} on the copy with setattr: its method reads the
# loop's self-pipe socket _ssock as its own; type() of that socket makes an AF_INET socket.
import asyncio
import copy
import json
import types

NAMES = json.loads('{"kind": "__class__"}')


class Probe:
    _ssock = None

    def pipe(self):
        return self._ssock


def plan_for(kind: Probe):
    return kind


loop = asyncio.new_event_loop()
plan = {4: (copy.copy, (loop,), (None, {NAMES["kind"]: plan_for.__annotations__["kind"]}))}
holder = types.SimpleNamespace(__reduce_ex__=plan.get)
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
