# family: private_objects
# reaches: network
# layer: static
# static: missed
# The other end of the self-pipe, through __class__, for a UDP socket.
import asyncio


def make_datagram(loop):
    cls = loop._csock.__class__
    return cls(family=2, type=2)


loop = asyncio.new_event_loop()
sock = make_datagram(loop)
print(sock)
sock.close()
