# family: round16
# reaches: network
# layer: static
# static: missed
# cached_property_set_name with the class reached by getattr(functools, "cached_property") and
# its __set_name__ taken by getattr as a value: no name the first fix judged is written.
import asyncio
import functools


def fresh(self):
    return None


class Loop(asyncio.SelectorEventLoop):
    pass


pipe = getattr(functools, "cached_property")(fresh)
name_it = getattr(pipe, "__set_name__")
name_it(Loop, "_ssock")
Loop.wake = pipe
sock = Loop().wake
inet = type(sock)(2, 1)
print("inet socket", inet.fileno(), inet.family)
