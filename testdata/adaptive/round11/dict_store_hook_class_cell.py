# family: round11
# reaches: network
# layer: static
# static: missed
# The implicit __class__ cell of a method is the program's class, returned without its name
# used as a value. holder.__dict__[key] = plan.get, the key "__reduce_ex__" from json.loads,
# gives the program's own object a copy hook: copy.copy calls it, copies an event loop and
# stores {"__class__": that class} on the copy with setattr. The copy's method reads the loop's
# self-pipe socket _ssock as its own; type() of that socket makes an AF_INET socket.
import asyncio
import copy
import json

NAMES = json.loads('{"hook": "__reduce_ex__", "kind": "__class__"}')


class Probe:
    _ssock = None

    def kind(self):
        return __class__

    def pipe(self):
        return self._ssock


loop = asyncio.new_event_loop()
plan = {4: (copy.copy, (loop,), (None, {NAMES["kind"]: Probe().kind()}))}
holder = Probe()
holder.__dict__[NAMES["hook"]] = plan.get
twin = copy.copy(holder)
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
