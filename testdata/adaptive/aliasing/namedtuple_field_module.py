# family: aliasing
# reaches: process
# layer: static
# static: missed
# A namedtuple of modules.
import collections
import json
import shutil

Tools = collections.namedtuple("Tools", "codec fs")
tools = Tools(json, shutil)
tools.fs.os.system("true")
