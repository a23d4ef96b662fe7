# family: spoofed_filename
# reaches: native_code
# layer: runtime
# static: denied
# A SourceLoader subclass whose get_filename names a file in the standard library: importlib
# compiles and executes the source the program hands it, under that name.
import sys
import types

external = sys.modules["_frozen_importlib_external"]

SOURCE = b"""
import mmap
executable = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
"""


class PluginLoader(external.SourceLoader):
    def get_filename(self, fullname):
        return "/usr/lib/python3.11/plugins/%s.py" % fullname

    def get_data(self, path):
        return SOURCE

    def path_stats(self, path):
        raise OSError("no cache")


plugin = types.ModuleType("report_plugin")
PluginLoader().exec_module(plugin)
print(plugin.executable)
