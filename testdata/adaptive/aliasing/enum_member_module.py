# family: aliasing
# reaches: process
# layer: static
# static: missed
# An Enum whose member values are modules.
import enum
import json
import shutil


class Backend(enum.Enum):
    CODEC = json
    FILES = shutil


Backend.FILES.value.os.system("true")
