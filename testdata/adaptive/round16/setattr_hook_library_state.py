# family: round16
# reaches: network
# layer: static
# static: missed
# __setattr__ of the program's event loop subclass gets every name and value the library's
# __init__ sets on self, the self-pipe socket _ssock among them; no private name is read.
import asyncio

seen = []


class Loop(asyncio.SelectorEventLoop):
    def __setattr__(self, name, value):
        seen.append(value)
        object.__setattr__(self, name, value)


Loop()
for value in seen:
    if type(value).__name__ == "socket":
        inet = type(value)(2, 1)
        print("inet socket", inet.fileno(), inet.family)
        break
