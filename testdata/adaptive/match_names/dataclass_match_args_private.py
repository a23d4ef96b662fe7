# family: match_names
# reaches: network
# layer: static
# static: missed
# A dataclass makes __match_args__ of its fields: a private field name is a positional
# sub-pattern's getattr() of the subject. With a metaclass __instancecheck__ that lets any object
# match, the interpreter reads an event loop's self-pipe socket into the capture.
import asyncio
from dataclasses import dataclass


class Anything(type):
    def __instancecheck__(cls, obj):
        return True


@dataclass
class Pipe(metaclass=Anything):
    _ssock: object = None


loop = asyncio.new_event_loop()
match loop:
    case Pipe(sock):
        probe = type(sock)(2, 1)
        print("reached: network", probe)
        probe.close()
loop.close()
