#!/usr/bin/env python3
"""Generate config/native_deps_data.json: which native modules importing each package of an image
profile (numpy, pandas, ...) and any of its submodules loads.

As scripts/gen_native_deps.py does for the standard library, and for the same reason: the
sandbox's kernel filter forbids new executable memory once the program starts, and these packages
import extension modules lazily (pandas' window functions, matplotlib's Agg backend at the first
figure, PIL at the first savefig). Run it with the profile image's own Python (make
native-table-data), the package names as arguments. Each package is measured in a forked child
that imports it and every submodule it has (tests aside): what any of its functions may import.
ctypes is listed too when the package imports it: the sandbox refuses its import while native code
is not granted, also from library code, so it must be in memory before the program starts. A
module that tries to import one the image does not ship (PIL.Image tries cffi) is listed itself:
loaded before the hook, its failed try is over before the program starts, where the hook would
refuse the try and end the program.

A package also imports other packages in its functions, which no walk of its own submodules
loads: CALL_TIME lists those whose native code a benign program reaches (the data corpus,
testdata/data), and each is measured with the package.
"""
import os
import sys

SKIP_PARTS = ("tests", "test", "testing", "conftest", "setup", "_pytest")

# NATIVE are the modules the sandbox refuses to import while native code is not granted
# (config: the modules with the native_code capability).
NATIVE = ("ctypes", "_ctypes", "cffi", "_cffi_backend")

# CALL_TIME: package -> the packages its functions import (found by their import statements
# inside functions): matplotlib's contour and contourf import contourpy; scikit-learn imports
# pandas for as_frame=True and set_output.
CALL_TIME = {"matplotlib": ("contourpy",), "sklearn": ("pandas",)}


def native():
    """The native modules in memory, by the name they are imported as (a Cython module may also
    sit in sys.modules under a bare alias no import finds: scipy's _csparsetools)."""
    out = set()
    for name, mod in list(sys.modules.items()):
        spec = getattr(mod, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if origin.endswith(".so") or name in ("ctypes", "cffi"):
            out.add(getattr(spec, "name", None) or name)
    return out


class NativeTries:
    """A meta path finder that finds nothing and records, for each import of a NATIVE module, the
    module whose code asked for it."""

    def __init__(self):
        self.tries = {}

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in NATIVE:
            f = sys._getframe(1)
            while f is not None and f.f_code.co_filename.startswith("<frozen"):
                f = f.f_back
            if f is not None:
                self.tries.setdefault(name, set()).add(f.f_globals.get("__name__", ""))
        return None


def measure(package):
    import pkgutil
    before = native()
    tries = NativeTries()
    sys.meta_path.insert(0, tries)
    for top in (package,) + CALL_TIME.get(package, ()):
        pkg = __import__(top)
        for info in pkgutil.walk_packages(getattr(pkg, "__path__", []), top + ".", onerror=lambda _: None):
            parts = info.name.split(".")
            if any(p in SKIP_PARTS or p.startswith(("test_", "_test")) for p in parts):
                continue
            try:
                __import__(info.name)
            except BaseException:
                pass
    sys.meta_path.remove(tries)
    failed = {m for name, mods in tries.tries.items() if name not in sys.modules for m in mods if m in sys.modules}
    return sorted((native() - before) | failed)


def in_child(package):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            out = "ok\n" + "\n".join(measure(package))
        except BaseException:
            out = "failed"
        os.write(w, out.encode())
        os._exit(0)
    os.close(w)
    data = b""
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        data += b
    os.close(r)
    os.waitpid(pid, 0)
    lines = data.decode().split("\n")
    if lines[0] != "ok":
        sys.exit("gen_native_deps_packages: %s does not import in this image" % package)
    return [x for x in lines[1:] if x]


def main():
    os.environ.setdefault("MPLBACKEND", "Agg")
    table = {p: in_child(p) for p in sys.argv[1:]}
    import json
    doc = {"python": "%d.%d.%d" % sys.version_info[:3], "packages": table}
    json.dump(doc, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
