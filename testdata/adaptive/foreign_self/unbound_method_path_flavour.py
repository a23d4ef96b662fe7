# family: foreign_self
# reaches: process
# layer: static
# static: missed
# SBX305 admits self._flavour in a class that defines _flavour itself (the program's own private
# attribute); the method called through the class with a real pathlib.Path as self reads that
# Path's flavour, whose pathmod is posixpath, and posixpath.os is os: its attributes are read from
# an object of unknown class, so nothing judges os.popen.
from pathlib import Path


class PortablePath:
    """A stand-in for pathlib on interpreters without it; shares pathlib's layout."""

    _flavour = None

    def __init__(self, text):
        self.text = text

    def path_module(self):
        return self._flavour.pathmod


def describe(path):
    pm = PortablePath.path_module(path)
    return pm.normpath(str(path)), pm


norm, pm = describe(Path("/tmp/../tmp/reports"))
print("normalised:", norm)
print("platform:", pm.os.popen("uname -sr").read().strip())
