#!/usr/bin/env python3
"""Generate config/module_attrs.json: which attributes of each standard-library module are modules.

The analyzer uses the table to see through attribute chains such as random._os (the os module) or
typing.sys, and to know the names of the builtins. Regenerate the table with

    make module-table

which runs this script in the runner image, with the Python that runs approved code: module
contents differ between Python versions, so the table must come from that one.

The output names the Python that generated it. Modules with side effects on import (opening a
browser, printing, starting Tk) and test packages are skipped; a module that fails to import is
skipped too. Only the standard library is walked, never site-packages.
"""
import builtins
import importlib
import io
import json
import os
import pkgutil
import platform
import sys
import types
import warnings

# Importing these has side effects or needs a display; none is in the default allowlist.
SKIP_PREFIXES = (
    "antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "test", "lib2to3",
    "ensurepip", "distutils", "__main__", "__phello__", "_pyrepl", "xxsubtype", "venv.__main__",
    "pydoc_data", "_xxtestfuzz", "_testcapi", "_testinternalcapi", "_testbuffer", "_testimportmultiple",
    "_testmultiphase", "_ctypes_test", "_testclinic", "_testsinglephase",
)


def skipped(name):
    parts = name.split(".")
    return any(name == p or name.startswith(p + ".") for p in SKIP_PREFIXES) or any(
        x in ("test", "tests") or x.startswith("test_") for x in parts)


def stdlib_names():
    names = set(sys.stdlib_module_names)
    stdlib_paths = []
    import sysconfig
    stdlib_paths.append(sysconfig.get_paths()["stdlib"])
    for info in pkgutil.walk_packages(stdlib_paths, onerror=lambda _: None):
        if info.name.split(".")[0] in ("site-packages", "dist-packages"):
            continue
        names.add(info.name)
    return sorted(n for n in names if not skipped(n))


def main():
    warnings.simplefilter("ignore")
    # Some modules print on import, even through sys.__stdout__: keep the real stdout aside and point
    # file descriptors 1 and 2 at /dev/null while importing.
    out = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_WRONLY)
    saved_err = os.dup(2)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    modules = {}
    real_stdout, real_stderr = sys.stdout, sys.stderr
    for name in stdlib_names():
        sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
        try:
            mod = importlib.import_module(name)
        except BaseException:  # noqa: BLE001 - any import failure just leaves the module out
            continue
        finally:
            sys.stdout, sys.stderr = real_stdout, real_stderr
        attrs = {}
        for attr in sorted(vars(mod)):
            if attr.startswith("__") and attr.endswith("__"):
                continue
            value = vars(mod)[attr]
            if isinstance(value, types.ModuleType):
                attrs[attr] = value.__name__
        modules[name] = attrs
    doc = {
        "generated_by": "scripts/gen_module_attrs.py",
        "python": "%s %s (%s)" % (platform.python_implementation(), platform.python_version(), sys.platform),
        "builtins": sorted(dir(builtins)),
        "modules": modules,
    }
    os.dup2(saved_err, 2)
    json.dump(doc, out, indent=0, sort_keys=True)
    out.write("\n")
    out.close()


if __name__ == "__main__":
    main()
