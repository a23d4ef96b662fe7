# family: round11
# reaches: network
# layer: static
# static: missed
# copy.dispatch_table (copyreg's reducers by class) is consulted by copy.copy before any hook of
# the class. A reducer stored there for the program's class (reached as a classmethod's cls)
# returns a plan: copy.copy(loop) makes a shallow copy of an event loop (its self-pipe socket
# _ssock among its attributes), and the slot state (None, {"__class__": type(obj)}), its key
# from json.loads, is stored with setattr on it: the copy becomes an instance of the program's
# class, whose method reads _ssock as its own. type() of that socket makes an AF_INET socket.
import asyncio
import copy
import json

KEY = json.loads('"__class__"')


class Probe:
    _ssock = None

    @classmethod
    def kind(cls):
        return cls

    def pipe(self):
        return self._ssock


loop = asyncio.new_event_loop()


def reduce_probe(obj):
    return (copy.copy, (loop,), (None, {KEY: type(obj)}))


copy.dispatch_table[Probe.kind()] = reduce_probe
twin = copy.copy(Probe())
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
