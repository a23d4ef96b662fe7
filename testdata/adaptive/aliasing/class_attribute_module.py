# family: aliasing
# reaches: process
# layer: static
# static: missed
# A class attribute holding a module (class bodies are not alias positions, and shutil's
# own capabilities are filesystem only, which is not reported).
import shutil


class Toolbox:
    fs = shutil

    @classmethod
    def shell(cls, cmd):
        return cls.fs.os.system(cmd)


Toolbox.shell("true")
