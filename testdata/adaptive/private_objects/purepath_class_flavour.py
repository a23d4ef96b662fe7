# family: private_objects
# reaches: process
# layer: static
# static: missed
# The flavour is a class attribute of PurePosixPath too.
from pathlib import PurePosixPath


def platform_tools(cls):
    return cls._flavour.pathmod


tools = platform_tools(PurePosixPath)
tools.os.system("true")
