# family: round16
# reaches: network
# layer: static
# static: missed
# A harmless private name the program's class binds, read by library code as attribute names:
# ast.iter_fields(x) getattr()s every name of x._fields. The class derives from an event loop,
# whose __init__ sets _ssock (the self-pipe socket); the class body's _fields = ("_ssock",) makes
# iter_fields hand it out, and type() of that socket opens an AF_INET one.
import ast
import asyncio


class Loop(asyncio.SelectorEventLoop):
    _fields = ("_ssock",)


loop = Loop()
for name, sock in ast.iter_fields(loop):
    fresh = type(sock)(2, 1)
    print("inet socket", fresh.fileno(), fresh.family)
