# family: aliasing
# reaches: process
# layer: static
# static: missed
# Starred unpacking puts the module in a list.
import json
import shutil

first, *rest = [json, shutil]
rest[0].os.system("true")
