# family: round16
# reaches: network
# layer: static
# static: missed
# copy.copy reconstructs an object without __setstate__ by y.__dict__.update(state): an event
# loop subclass whose class body binds __dict__ as a property hands that update, the program's
# dict subclass, the loop's state (the self-pipe socket among the values).
import asyncio
import copy

grabbed = []


class Spy(dict):
    def update(self, state):
        grabbed.extend(state.values())


class Loop(asyncio.SelectorEventLoop):
    @property
    def __dict__(self):
        return Spy()


copy.copy(Loop())
for value in grabbed:
    if type(value).__name__ == "socket":
        inet = type(value)(2, 1)
        print("inet socket", inet.fileno(), inet.family)
        break
