# family: match_names
# reaches: network
# layer: static
# static: missed
# A class pattern's positional sub-patterns are getattr()s of the subject by the names in the
# pattern class's __match_args__; a keyword pattern's name is judged as an attribute, but the
# positional ones were not read at all. The program's class declares __match_args__ =
# ("_ssock",) and its metaclass's __instancecheck__ lets an event loop match it: the interpreter
# reads the loop's self-pipe socket into the capture, and type() of it makes an AF_INET socket.
import asyncio


class Anything(type):
    def __instancecheck__(cls, obj):
        return True


class Pipe(metaclass=Anything):
    __match_args__ = ("_ssock",)


loop = asyncio.new_event_loop()
match loop:
    case Pipe(sock):
        probe = type(sock)(2, 1)
        print("reached: network", probe)
        probe.close()
loop.close()
