# family: match_names
# reaches: network
# layer: static
# static: missed
# A class pattern's positional sub-patterns read the names of getattr(cls, "__match_args__"),
# which falls back to the metaclass: the class declares none, its metaclass ("_ssock",). The
# metaclass's __instancecheck__ lets an event loop match; type() of its socket makes another.
import asyncio
import dataclasses


class Anything(type):
    def __instancecheck__(cls, obj):
        return True
class Meta(Anything):
    __match_args__ = ("_ssock",)


class Pipe(metaclass=Meta):
    pass

loop = asyncio.new_event_loop()
match loop:
    case Pipe(sock):
        probe = type(sock)(2, 1)
        print("reached: network", probe)
        probe.close()
loop.close()
