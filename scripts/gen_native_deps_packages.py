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
is not granted, also from library code, so it must be in memory before the program starts.
"""
import os
import sys

SKIP_PARTS = ("tests", "test", "testing", "conftest", "setup", "_pytest")


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


def measure(package):
    import pkgutil
    before = native()
    pkg = __import__(package)
    for info in pkgutil.walk_packages(getattr(pkg, "__path__", []), package + ".", onerror=lambda _: None):
        parts = info.name.split(".")
        if any(p in SKIP_PARTS or p.startswith(("test_", "_test")) for p in parts):
            continue
        try:
            __import__(info.name)
        except BaseException:
            pass
    return sorted(native() - before)


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
