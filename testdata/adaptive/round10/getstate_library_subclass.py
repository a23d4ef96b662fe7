# family: round10
# reaches: network
# layer: static
# static: missed
# Python 3.11's object.__getstate__ returns the instance's __dict__: a dunder, admitted on the
# program's own objects. self in the mixin is an instance of a subclass of
# asyncio.SelectorEventLoop, whose dict holds the self-pipe socket; type() of it makes an
# AF_INET socket.
import asyncio


class Snapshot:
    def state(self):
        return self.__getstate__()


class Loop(asyncio.SelectorEventLoop, Snapshot):
    pass


sock = Loop().state()["_ssock"]
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
