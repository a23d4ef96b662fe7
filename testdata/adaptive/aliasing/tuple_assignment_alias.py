# family: aliasing
# reaches: process
# layer: static
# static: denied
# Tuple assignment pairs each name with its value.
import json
import shutil

codec, fs = json, shutil
fs.os.system("true")
