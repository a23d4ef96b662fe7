# family: match_names
# reaches: network
# layer: static
# static: missed
# As match_args_metaclass, with __match_args__ a property of the metaclass: a data descriptor
# of the metaclass, it would win even over a __match_args__ the class body declared.
import asyncio
import dataclasses


class Anything(type):
    def __instancecheck__(cls, obj):
        return True
class Meta(Anything):
    @property
    def __match_args__(cls):
        return ("_ssock",)


class Pipe(metaclass=Meta):
    pass

loop = asyncio.new_event_loop()
match loop:
    case Pipe(sock):
        probe = type(sock)(2, 1)
        print("reached: network", probe)
        probe.close()
loop.close()
