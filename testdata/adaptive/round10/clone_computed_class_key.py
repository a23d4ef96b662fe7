# family: round10
# reaches: network
# layer: static
# static: missed
# email.policy.Policy.clone called unbound with an event loop as self copies the loop's private
# attributes (its self-pipe socket _ssock) into a new object and stores each keyword on it with
# object.__setattr__: the name __class__, built at run time and spread from a dict display,
# makes the copy an instance of the program's class (handed over by a classmethod returning
# cls), whose method reads _ssock as its own. type() of the socket makes an AF_INET socket.
import asyncio
import email.policy


class Probe:
    _ssock = None

    @classmethod
    def kind(cls):
        return cls

    def pipe(self):
        return self._ssock


codes = []
for ch in "class":
    codes.append(ord(ch))
key = "__" + bytes(codes).decode() + "__"
loop = asyncio.new_event_loop()
copy = email.policy.Policy.clone(loop, **{key: Probe.kind()})
sock = copy.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
