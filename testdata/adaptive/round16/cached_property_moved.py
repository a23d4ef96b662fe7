# family: round16
# reaches: network
# layer: static
# static: missed
# A cached_property made by the decorator under the private name _ssock in a plain class, moved
# onto the program's event loop subclass under a public name after its class statement (no
# __set_name__ then): its __get__ returns the loop's __dict__["_ssock"], the self-pipe socket.
import asyncio
import functools


class Cache:
    @functools.cached_property
    def _ssock(self):
        return None


class Loop(asyncio.SelectorEventLoop):
    pass


Loop.wake = Cache._ssock
sock = Loop().wake
inet = type(sock)(2, 1)
print("inet socket", inet.fileno(), inet.family)
