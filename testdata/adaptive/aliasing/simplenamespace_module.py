# family: aliasing
# reaches: process
# layer: static
# static: missed
# SimpleNamespace of modules.
import shutil
import types

env = types.SimpleNamespace(fs=shutil)
env.fs.os.system("true")
