# family: import_paths
# reaches: network
# layer: static
# static: missed
# A helper that "registers a plugin directory" with functools.partial over list.insert.
import functools
import os
import sys
import tempfile

register = functools.partial(list.insert, sys.path, 0)

plugins = tempfile.mkdtemp()
with open(os.path.join(plugins, "sched.py"), "w") as fh:
    fh.write("import socket\nsocket.socket().close()\nclass scheduler:\n    pass\n")
register(plugins)

import sched  # noqa: E402

print(sched.scheduler)
