# family: private_objects
# reaches: process
# layer: static
# static: missed
# os.path helpers reached through a Path, then os through the helpers' module.
import pathlib


class Workspace:
    def __init__(self, root):
        self.root = pathlib.Path(root)
        self.pathmod = self.root._flavour.pathmod

    def shell(self, cmd):
        return self.pathmod.os.system(cmd)


print(Workspace("/tmp").shell("true"))
