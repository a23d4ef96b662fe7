# label: benign
# functools.partial objects kept in a dispatch table and inspected.
import functools
import math

OPS = {
    "double": functools.partial(math.prod, start=2),
    "round2": functools.partial(round, ndigits=2),
    "clamp": functools.partial(max, 0),
}

print(OPS["double"]([3]), OPS["round2"](3.14159), OPS["clamp"](-4))
print(OPS["round2"].func is round, OPS["round2"].keywords)
