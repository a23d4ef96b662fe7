# family: library_stores
# reaches: network
# layer: static
# static: missed
# functools.update_wrapper(loop, holder) with the default updated=("__dict__",) copies the
# program object's _fields = ("_ssock",) into the event loop's dict: the store of a harmless
# private name onto a library object, done by library code. ast.iter_fields(loop) then hands out
# the self-pipe socket; type() of it makes an AF_INET socket.
import ast
import asyncio
import functools
import argparse

loop = asyncio.new_event_loop()


class Holder:
    pass


holder = Holder()
holder._fields = ("_ssock",)
functools.update_wrapper(loop, holder)
fields = dict(ast.iter_fields(loop))
sock = fields["_ssock"]
probe = type(sock)(2, 1)
print("reached: network", probe)
probe.close()
loop.close()
