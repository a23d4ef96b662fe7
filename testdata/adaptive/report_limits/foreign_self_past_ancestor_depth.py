# family: report_limits
# reaches: network
# layer: static
# static: missed
# A class whose method is called with a library object as self marks its own ancestors, whose
# methods then read the object's private attributes (SBX305), but the marking stopped 8 levels
# up (own.go markForeignSelf): WakeupPipe, the tenth ancestor of Pipe10, kept taking self._ssock
# for its own, and Pipe10.reader(loop) returned the event loop's self-pipe socket, whose class
# opens an AF_INET socket.
import asyncio


class WakeupPipe:
    def __init__(self):
        self._ssock = None
        self._csock = None

    def reader(self):
        return self._ssock


class Pipe1(WakeupPipe):
    pass


class Pipe2(Pipe1):
    pass


class Pipe3(Pipe2):
    pass


class Pipe4(Pipe3):
    pass


class Pipe5(Pipe4):
    pass


class Pipe6(Pipe5):
    pass


class Pipe7(Pipe6):
    pass


class Pipe8(Pipe7):
    pass


class Pipe9(Pipe8):
    pass


class Pipe10(Pipe9):
    pass


loop = asyncio.new_event_loop()
sock = Pipe10.reader(loop)
print("wakeup fd:", sock.fileno())
udp = type(sock)(2, 2)
print("beacon fd:", udp.fileno())
udp.close()
loop.close()
