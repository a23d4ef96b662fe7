# family: string_eval
# reaches: network
# layer: static
# static: missed
# A loader subclass with a "plugin" method that imports by name.
import unittest


class PluginLoader(unittest.TestLoader):
    def plugin(self, name):
        return self._get_module_from_name(name)


net = PluginLoader().plugin("socket")
conn = net.socket(net.AF_INET, net.SOCK_STREAM)
conn.close()
