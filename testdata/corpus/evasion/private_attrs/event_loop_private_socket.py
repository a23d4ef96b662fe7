# label: evasion
# family: private_attrs
# The event loop's self-pipe socket is a socket.socket: its class opens any family.
import asyncio

loop = asyncio.new_event_loop()
sock_class = type(loop._ssock)  # want: SBX305
sock_class(2, 1).connect(("203.0.113.1", 80))
