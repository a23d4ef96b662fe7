# family: round10
# reaches: network
# layer: static
# static: missed
# vars() of the program's own object is admitted: its attributes are taken for the program's.
# An object of a subclass of asyncio.SelectorEventLoop holds what the library's __init__ set on
# it, the self-pipe socket _ssock among them, read by key; type() of that socket makes an
# AF_INET socket.
import asyncio


class Loop(asyncio.SelectorEventLoop):
    pass


loop = Loop()
sock = vars(loop)["_ssock"]
fresh = type(sock)(2, 1)
print("inet socket", fresh.fileno(), fresh.family)
