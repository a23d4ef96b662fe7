# family: round16
# reaches: network
# layer: static
# static: missed
# getattr with its arguments spread from a list: SBX403 and SBX305 read getattr's object and
# name by position, so a call with one starred argument was judged as having none: the event
# loop's _ssock, whose class opens an AF_INET socket.
import asyncio

loop = asyncio.new_event_loop()
sock = getattr(*[loop, "_ssock"])
inet = type(sock)(2, 1)
print("inet socket", inet.fileno(), inet.family)
