# family: match_names
# reaches: network
# layer: static
# static: missed
# The metaclass comes from an own base and its __match_args__ is a property: a data descriptor
# of the metaclass, it wins over the ("is_running",) the class body declares, which the
# analysis read instead. The positional sub-pattern then reads the loop's _ssock.
import asyncio


class Anything(type):
    def __instancecheck__(cls, obj):
        return True
class Meta(Anything):
    @property
    def __match_args__(cls):
        return ("_ssock",)


class Base(metaclass=Meta):
    pass

class Pipe(Base):
    __match_args__ = ("is_running",)

loop = asyncio.new_event_loop()
match loop:
    case Pipe(sock):
        probe = type(sock)(2, 1)
        print("reached: network", probe)
        probe.close()
loop.close()
