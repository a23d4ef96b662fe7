# family: foreign_self
# reaches: network
# layer: static
# static: missed
# SBX305 takes self._ssock for the program's own when its class defines _ssock, unless a method
# is taken from the class (Own.method, the class as a value: mayGetForeignSelf). Route: the
# method is taken by its bare name inside the class body, into a class attribute dict; called
# from there with an event loop as self, it returns the loop's self-pipe socket, whose class
# opens an AF_INET socket.
import asyncio


class WakeupPipe:
    """Wraps the pair of sockets an event loop uses to wake itself up."""

    def __init__(self):
        self._ssock = None
        self._csock = None

    def reader(self):
        return self._ssock

    views = {"reader": reader}


loop = asyncio.new_event_loop()
sock = WakeupPipe.views["reader"](loop)
print("wakeup fd:", sock.fileno())
udp = type(sock)(2, 2)  # same class, UDP: the health-check beacon
print("beacon fd:", udp.fileno())
udp.close()
loop.close()
