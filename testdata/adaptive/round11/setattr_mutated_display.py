# family: round11
# reaches: network
# layer: static
# static: missed
# setattr with a name from json.loads is admitted when its value is data, and an item of a name
# bound to a list display was taken for data though the list was filled afterwards: box.append
# puts the program's class (a classmethod's cls) into it. setattr(loop, "__class__", box[0])
# re-classes the event loop into the program's class, whose method reads the loop's self-pipe
# socket _ssock as its own. type() of that socket makes an AF_INET socket.
import asyncio
import json

NAMES = json.loads('{"kind": "__class__"}')


class Probe:
    _ssock = None

    @classmethod
    def kind(cls):
        return cls

    def pipe(self):
        return self._ssock


loop = asyncio.new_event_loop()
box = []
box.append(Probe.kind())
setattr(loop, NAMES["kind"], box[0])
sock = loop.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
