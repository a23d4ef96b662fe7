# family: round12
# reaches: network
# layer: static
# static: missed
# email.policy.default.__class__ is EmailPolicy, but resolution named it by its path, whose clone
# has no rule: Policy.clone, judged at its call, went unjudged. Called with an event loop as self
# it copies the loop's attributes (its self-pipe socket _ssock) into a new object and stores the
# keyword from json.loads, "__class__", there: the copy is an instance of the program's class
# (a classmethod's cls), whose method reads _ssock as its own. type() of it makes a socket.
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
twin = email.policy.default.__class__.clone(loop, **{NAMES["kind"]: Probe.kind()})
sock = twin.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
