# family: foreign_self
# reaches: network
# layer: static
# static: missed
# argparse.Namespace.__eq__ compares vars(self) with vars(other) and checks only other's class.
# Round 8's rule judged it called by the library's name with a foreign self; here it is reached
# through the program's subclass, Mirror.__eq__(loop, mirror) (type(mirror).__eq__ is the same):
# with a Namespace subclass holding one of the program's objects under each of the loop's
# attribute names, dict comparison calls the program's __eq__ with every value of the loop's
# dict, its self-pipe socket among them. type() of it makes an AF_INET socket.
import argparse
import asyncio

loop = asyncio.new_event_loop()
caught = []


class Probe:
    """Equal to anything; remembers what it was compared with."""

    def __eq__(self, other):
        caught.append(other)
        return True

    __hash__ = object.__hash__


class Mirror(argparse.Namespace):
    """A namespace shaped like the loop, for comparing settings."""


probe = Probe()
mirror = Mirror(
    _timer_cancelled_count=probe,
    _closed=probe,
    _stopping=probe,
    _ready=probe,
    _scheduled=probe,
    _default_executor=probe,
    _internal_fds=probe,
    _thread_id=probe,
    _clock_resolution=probe,
    _exception_handler=probe,
    _debug=probe,
    slow_callback_duration=probe,
    _current_handle=probe,
    _task_factory=probe,
    _coroutine_origin_tracking_enabled=probe,
    _coroutine_origin_tracking_saved_depth=probe,
    _asyncgens=probe,
    _asyncgens_shutdown_called=probe,
    _executor_shutdown_called=probe,
    _selector=probe,
    _ssock=probe,
    _csock=probe,
    _transports=probe,
    _signal_handlers=probe,
)
import functools, types
print(Mirror.__eq__(loop, mirror))
for obj in caught:
    if type(obj).__name__ == "socket":
        sock = type(obj)(2, 1)
        print("reached: network", sock)
        sock.close()
        break
loop.close()
