# family: private_objects
# reaches: network
# layer: static
# static: missed
# The event loop's self-pipe socket is a socket.socket: its class opens any family.
import asyncio

loop = asyncio.new_event_loop()
Socket = type(loop._ssock)
probe = Socket(2, 1)  # AF_INET, SOCK_STREAM
print(probe.family, probe.type)
probe.close()
loop.close()
