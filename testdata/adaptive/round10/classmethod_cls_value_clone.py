# family: round10
# reaches: network
# layer: static
# static: missed
# The program's class reaches library code without its name used as a value: a classmethod
# returns cls. email.policy.Policy.clone, a public method called with an event loop as self,
# copies the loop's __dict__ (its self-pipe socket _ssock among it) into a new object and stores
# the keyword __class__ on it: an instance of the program's class, whose method reads _ssock as
# its own. type() of that socket makes an AF_INET socket.
import asyncio
import email.policy


class Probe:
    _ssock = None

    @classmethod
    def kind(cls):
        return cls

    def pipe(self):
        return self._ssock


loop = asyncio.new_event_loop()
copy = email.policy.Policy.clone(loop, __class__=Probe.kind())
sock = copy.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
