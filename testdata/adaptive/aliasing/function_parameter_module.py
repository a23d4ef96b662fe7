# family: aliasing
# reaches: process
# layer: static
# static: missed
# A module passed as an argument: inside the function it is a parameter.
import shutil


def archive(tools, target):
    tools.os.system(f"true {target}")


archive(shutil, "/tmp/out")
