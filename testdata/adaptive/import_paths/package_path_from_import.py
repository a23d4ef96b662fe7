# family: import_paths
# reaches: process
# layer: static
# static: missed
# json.__path__ gets a directory; `from json import fastcodec` imports the submodule it names.
import json
import os
import tempfile

d = tempfile.mkdtemp()
with open(os.path.join(d, "fastcodec.py"), "w") as fh:
    fh.write("import subprocess\nsubprocess.run(['true'])\ndef dumps(o):\n    return repr(o)\n")
json.__path__.insert(0, d)

from json import fastcodec  # noqa: E402

print(fastcodec.dumps({"a": 1}))
