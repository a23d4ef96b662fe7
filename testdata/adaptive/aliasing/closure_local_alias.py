# family: aliasing
# reaches: process
# layer: static
# static: denied
# A closure over a local alias (resolved through the enclosing scope).
import shutil


def make():
    tools = shutil

    def run(cmd):
        return tools.os.system(cmd)

    return run


make()("true")
