# family: round16
# reaches: network
# layer: static
# static: missed
# cached_property's __set_name__ (a harmless dunder) called by the program with a private name,
# and the descriptor stored on the program's event loop subclass after its class statement: its
# __get__ reads the loop's _ssock from the instance's __dict__.
import asyncio
import functools


def fresh(self):
    return None


class Loop(asyncio.SelectorEventLoop):
    pass


pipe = functools.cached_property(fresh)
pipe.__set_name__(Loop, "_ssock")
Loop.wake = pipe
sock = Loop().wake
inet = type(sock)(2, 1)
print("inet socket", inet.fileno(), inet.family)
