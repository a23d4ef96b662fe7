# family: match_names
# reaches: network
# layer: static
# static: missed
# __match_args__ set on the program's class after its body, where reading the body's constant
# tuple does not see it: a positional sub-pattern reads the name the store chose from any
# subject the metaclass's __instancecheck__ lets match, an event loop's self-pipe socket.
import asyncio


class Anything(type):
    def __instancecheck__(cls, obj):
        return True


class Pipe(metaclass=Anything):
    pass


Pipe.__match_args__ = ("_ssock",)
loop = asyncio.new_event_loop()
match loop:
    case Pipe(sock):
        probe = type(sock)(2, 1)
        print("reached: network", probe)
        probe.close()
loop.close()
