# family: library_stores
# reaches: network
# layer: static
# static: missed
# _fields is among the review's harmless private names (a namedtuple's field names), which any
# object may be asked for; but ast.iter_fields(x) getattr()s every name x._fields lists, on any
# object. Given to an event loop as ("_ssock",), it makes ast hand over the loop's self-pipe
# socket by name; type() of it makes an AF_INET socket.
import ast
import asyncio

loop = asyncio.new_event_loop()
loop._fields = ("_ssock",)
fields = dict(ast.iter_fields(loop))
sock = fields["_ssock"]
probe = type(sock)(2, 1)
print("reached: network", probe)
probe.close()
loop.close()
