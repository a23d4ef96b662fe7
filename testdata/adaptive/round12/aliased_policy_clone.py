# family: round12
# reaches: network
# layer: static
# static: missed
# clone = email.policy.EmailPolicy.clone: an alias of Policy.clone, whose check finds its calls by
# the attribute they are called through. clone(loop, **{key: cls}) copies the event loop's
# attributes (its self-pipe socket _ssock) into an object re-classed by the key from json.loads,
# "__class__", into the program's class (a classmethod's cls), whose method reads _ssock as its
# own. type() of that socket makes an AF_INET socket.
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
clone = email.policy.EmailPolicy.clone
twin = clone(loop, **{NAMES["kind"]: Probe.kind()})
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
