# family: round10
# reaches: network
# layer: static
# static: missed
# self.__dict__ in a mixin with no library base is admitted as the program's own namespace; the
# object is an instance of a subclass that also derives from asyncio.SelectorEventLoop, whose
# __init__ put the self-pipe socket in that dict.
import asyncio


class Snapshot:
    def state(self):
        return self.__dict__


class Loop(asyncio.SelectorEventLoop, Snapshot):
    pass


loop = Loop()
for name, value in loop.state().items():
    if name.endswith("ssock"):
        fresh = type(value)(2, 1)
        print("inet socket", fresh.fileno(), fresh.family)
