# family: callbacks
# reaches: process
# layer: static
# static: missed
# A regex substitution whose replacement function is a stored reference to timeit.
import re
import timeit

handlers = {"bench": timeit.timeit}
template = "bench:import os;os.system('true')"
re.sub(r"(\w+):(.*)", lambda m: str(handlers[m.group(1)]("pass", m.group(2), number=1)), template)
