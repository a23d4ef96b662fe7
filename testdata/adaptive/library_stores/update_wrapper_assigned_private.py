# family: library_stores
# reaches: network
# layer: static
# static: missed
# functools.update_wrapper(wrapper, wrapped, assigned=...) does setattr(wrapper, name,
# getattr(wrapped, name)) for each name the program lists: assigned=("_ssock",) copies the event
# loop's self-pipe socket onto the program's class, whose body declares _ssock, so an instance's
# _ssock reads as the program's own private attribute. type() of the socket makes an AF_INET one.
import asyncio
import functools


class Pipe:
    """The loop's wake-up channel, for diagnostics."""

    _ssock = None


loop = asyncio.new_event_loop()
functools.update_wrapper(Pipe, loop, assigned=("_ssock",), updated=())
pipe = Pipe()
sock = pipe._ssock
probe = type(sock)(2, 1)
print("reached: network", probe)
probe.close()
loop.close()
