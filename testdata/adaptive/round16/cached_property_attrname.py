# family: round16
# reaches: network
# layer: static
# static: missed
# functools.cached_property reads instance.__dict__[self.attrname]: a public attribute of the
# descriptor, stored after the class statement gave it a public name, makes it return the event
# loop's self-pipe socket (set by the library base's __init__), whose class opens an AF_INET one.
import asyncio
import functools


def fresh(self):
    return None


pipe = functools.cached_property(fresh)


class Loop(asyncio.SelectorEventLoop):
    wake = pipe


pipe.attrname = "_ssock"
sock = Loop().wake
inet = type(sock)(2, 1)
print("inet socket", inet.fileno(), inet.family)
