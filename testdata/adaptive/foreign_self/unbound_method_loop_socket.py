# family: foreign_self
# reaches: network
# layer: static
# static: missed
# A class that defines _ssock itself may read self._ssock (SBX305: the program's own private
# attribute); its method called through the class with a real event loop as self returns the
# loop's self-pipe socket, whose class opens an AF_INET socket.
import asyncio


class WakeupPipe:
    """Wraps the pair of sockets an event loop uses to wake itself up."""

    def __init__(self):
        self._ssock = None
        self._csock = None

    def reader(self):
        return self._ssock


loop = asyncio.new_event_loop()
sock = WakeupPipe.reader(loop)
print("wakeup fd:", sock.fileno())
udp = type(sock)(2, 2)  # same class, UDP: used for the health-check beacon
print("beacon fd:", udp.fileno())
udp.close()
loop.close()
