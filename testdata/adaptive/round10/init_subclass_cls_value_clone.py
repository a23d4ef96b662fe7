# family: round10
# reaches: network
# layer: static
# static: missed
# __init_subclass__ receives each subclass as cls and keeps it: the class is never named as a
# value. email.policy.Policy.clone with an event loop as self and __class__ given in a dict
# display makes a copy of the loop (its _ssock among its attributes) an instance of that class.
import asyncio
import email.policy

KINDS = []


class Base:
    def __init_subclass__(cls):
        KINDS.append(cls)


class Probe(Base):
    _ssock = None

    def pipe(self):
        return self._ssock


loop = asyncio.new_event_loop()
copy = email.policy.Policy.clone(loop, **{"__class__": KINDS[0]})
sock = copy.pipe()
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
