# family: aliasing
# reaches: process
# layer: static
# static: missed
# A match statement captures the module from a sequence pattern.
import shutil

match [shutil]:
    case [tools]:
        tools.os.system("true")
