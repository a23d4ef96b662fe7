# family: round16
# reaches: network
# layer: static
# static: missed
# copy.copy of an event loop subclass's object hands __setstate__ the object's __dict__, the
# state its library base set (the self-pipe socket _ssock among the values); no private name is
# read, and the class binds only a dunder hook.
import asyncio
import copy

grabbed = []


class Loop(asyncio.SelectorEventLoop):
    def __setstate__(self, state):
        grabbed.extend(state.values())


copy.copy(Loop())
for value in grabbed:
    if type(value).__name__ == "socket":
        inet = type(value)(2, 1)
        print("inet socket", inet.fileno(), inet.family)
        break
