#!/usr/bin/env python3
"""Generate config/native_deps.json: which extension modules importing each standard-library module loads.

The sandbox's kernel filter forbids new executable memory once the program starts, so the native
code a program needs must be loaded before: the runner reads this table to know what to load for
the modules a program imports. Run it with the runner image's own Python (make native-table):
module contents differ between Python builds, and the table must describe the interpreter that
runs the programs.

Each module is imported in a fresh child process (fork of a parent that has loaded no extension
module), so a module is charged with exactly what its import loads. A package is charged with its
submodules' too: `from concurrent.futures import ThreadPoolExecutor` imports a submodule lazily.
"always" holds what any program may load without an import statement of its own (the codecs that
str.encode and bytes.decode find by name).
"""
import os
import sys

# Importing these has side effects, needs a display, or is a test of CPython itself.
SKIP_PREFIXES = (
    "antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "test", "lib2to3",
    "ensurepip", "distutils", "__main__", "__phello__", "_pyrepl", "venv.__main__", "pydoc_data",
    "xxsubtype", "xxlimited", "_xx", "_test", "_ctypes_test",
)


def skipped(name):
    parts = name.split(".")
    return any(name == p or name.startswith(p + ".") or parts[0].startswith(p) for p in SKIP_PREFIXES) or any(
        x in ("test", "tests") or x.startswith("test_") for x in parts)


def stdlib_names():
    """Walks the standard library; run in a child, since pkgutil itself loads _typing."""
    import pkgutil
    import sysconfig
    names = set(sys.stdlib_module_names)
    for info in pkgutil.walk_packages([sysconfig.get_paths()["stdlib"]], onerror=lambda _: None):
        if info.name.split(".")[0] in ("site-packages", "dist-packages"):
            continue
        names.add(info.name)
    return sorted(n for n in names if not skipped(n))


def extensions():
    dynload = "/lib-dynload/"
    out = set()
    for name, mod in list(sys.modules.items()):
        spec = getattr(mod, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if dynload in origin:
            out.add(name)
    return out


def in_child(fn):
    """Runs fn in a forked child and returns the text it produced."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            out = fn()
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
    return data.decode()


def charge(name):
    """The extension modules `import name` loads, measured in a forked child."""
    def measure():
        before = extensions()
        __import__(name)
        return "ok\n" + "\n".join(sorted(extensions() - before))
    lines = in_child(measure).split("\n")
    if lines[0] != "ok":
        return None  # a module that does not import here is not one a program can use
    return [x for x in lines[1:] if x]


def main():
    if extensions():
        sys.exit("gen_native_deps: the generator itself loaded extension modules; run it with python3 -I -S")
    own = {}
    for name in in_child(lambda: "\n".join(stdlib_names())).split("\n"):
        deps = charge(name)
        if deps is not None:
            own[name] = deps
    table = {}
    for name, deps in own.items():
        acc = set(deps)
        for sub, sdeps in own.items():
            if sub.startswith(name + "."):
                acc.update(sdeps)
        table[name] = sorted(acc)
    always = set()
    for name, deps in own.items():
        if name.startswith("encodings."):
            always.update(deps)
    import json  # only now: it loads an extension module of its own
    doc = {"python": "%d.%d.%d" % sys.version_info[:3], "always": sorted(always), "modules": table}
    json.dump(doc, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
