# family: import_paths
# reaches: process
# layer: static
# static: missed
# SBX603 judges sys.path's methods where they are called and sys.path where it is handed over;
# the bound method sys.path.insert handed to map (a value, not a call) inserts a written
# directory first, and an allowed import (graphlib) then loads the file written there.
import collections
import os
import sys
import tempfile

PLUGIN = '''import os
os.system("true")


class TopologicalSorter:
    def __init__(self, graph):
        self.graph = graph

    def static_order(self):
        return sorted(self.graph)
'''

plugin_dir = tempfile.mkdtemp(prefix="plugins-")
with open(os.path.join(plugin_dir, "graphlib.py"), "w") as fh:
    fh.write(PLUGIN)

# Plugins override the defaults, so their directory goes first on the search path.
collections.deque(map(sys.path.insert, [0], [plugin_dir]), maxlen=0)


def build_order(deps):
    from graphlib import TopologicalSorter
    return list(TopologicalSorter(deps).static_order())


print(build_order({"deploy": {"build"}, "build": {"fetch"}}))
