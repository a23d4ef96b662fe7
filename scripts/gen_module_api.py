#!/usr/bin/env python3
"""Generate config/module_api.json: the public API of every module the allowlist admits.

The analyzer's allowlist layer admits, per allowed module, the attributes this table lists minus
the exclusions of the review (config/module_api.yaml), and for the classes those modules define,
their public attributes and methods: what an object of that class may be asked for. Regenerate it
with

    make module-api

which runs this script in the runner image, with the Python that runs approved code, and gives it
the allowlist and deny list of config/sandbox.yaml as one JSON argument. The output names that
Python; the review names the Python it was made against, and the analyzer refuses a table the
review was not made for, so a new Python's new attributes are admitted only after a review.

For each module (the allowed ones, their submodules, and builtins):
  modules[name][attr] = "module M" | "class C" | "function" | "data C"
with C a class's canonical name (its __module__ and __qualname__), M a module's __name__.
For each class reached (a module's class, the type of a module's data attribute, their bases
and metaclasses):
  classes[C] = {"attrs": public names of dir(C),
                "instance": public attributes its methods assign on self (from their source),
                "bases": canonical names of its bases, "meta": its metaclass's,
                "dynamic": true when it answers any name (__getattr__, __getattribute__)}
Private names are left out of both, and listed together in "privates": the analyzer reports a
private attribute of an object that is not the program's own, and a private name the program
defines for its own objects is still foreign on others when the standard library has it too.

For the packages of an image profile (make module-api-data: config/module_api_data.json), the
argument also has "packages": true, "known_classes" and "known_privates" (the standard library's
table's): then builtins is left out, so are private submodules (numpy._globals), test suites, and
the classes and private names the standard library's table already has, so the table holds only
what the packages add; and a class's "attrs" and "instance" hold only the names its bases lack
("own_attrs": true), which the reader adds back from the bases.
"""
import ast
import builtins
import importlib
import inspect
import io
import json
import os
import pkgutil
import platform
import sys
import types
import warnings

# Importing these has side effects, needs a display, or is a test of CPython itself.
SKIP_PARTS = ("test", "tests", "idle_test", "__main__")
# The same for the packages of an image profile: their test suites, build scripts and benchmarks.
PACKAGE_SKIP_PARTS = SKIP_PARTS + ("testing", "conftest", "setup", "bench", "testutils", "timer_comparison")
PACKAGES = False


def skipped(name):
    parts = name.split(".")
    if PACKAGES and any(p.startswith("_") or p in PACKAGE_SKIP_PARTS for p in parts):
        return True
    return any(p in SKIP_PARTS or p.startswith("test_") for p in parts)


def inside(name, prefixes):
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def module_names(allow, deny, packages=False):
    names = set()
    for top in allow:
        if skipped(top):
            continue
        names.add(top)
        try:
            mod = importlib.import_module(top)
        except BaseException:  # noqa: BLE001 - a module that does not import here is left out
            continue
        path = getattr(mod, "__path__", None)
        if path is None:
            continue
        for info in pkgutil.walk_packages(path, prefix=top + ".", onerror=lambda _: None):
            if not skipped(info.name):
                names.add(info.name)
    return sorted(n for n in names if not inside(n, deny))


def canonical(cls):
    return "%s.%s" % (getattr(cls, "__module__", "?"), getattr(cls, "__qualname__", cls.__name__))


def kind(value):
    if isinstance(value, types.ModuleType):
        return "module " + value.__name__
    if isinstance(value, type):
        return "class " + canonical(value)
    if callable(value) and not isinstance(value, (type,)) and (
            inspect.isroutine(value) or isinstance(value, (types.BuiltinFunctionType, types.MethodType))):
        return "function"
    return "data " + canonical(type(value))


class SelfStores(ast.NodeVisitor):
    """Collects the attribute names a method assigns on its first parameter."""

    def __init__(self, selfname):
        self.selfname = selfname
        self.names = set()

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and node.value.id == self.selfname:
            self.names.add(node.attr)
            if node.attr.startswith("_") and not node.attr.startswith("__"):
                PRIVATES.add(node.attr)
        self.generic_visit(node)


# PRIVATES are the private (_x, not dunder) names the allowed modules and their classes have: a
# program that defines one of them on its own objects does not make it its own on others.
PRIVATES = set()


def note_privates(names):
    PRIVATES.update(n for n in names if n.startswith("_") and not (n.startswith("__") and n.endswith("__")))


_trees = {}


def class_node(klass):
    """The ClassDef of klass in its module's source file. Read from the file, not with
    inspect.getsource: the interpreter's frozen modules (os, codecs, io) have no source it finds."""
    mod = sys.modules.get(klass.__module__)
    path = getattr(mod, "__file__", None)
    if not path or not path.endswith(".py"):
        return None
    if path not in _trees:
        try:
            with open(path, encoding="utf-8") as f:
                _trees[path] = ast.parse(f.read())
        except (OSError, SyntaxError, ValueError):
            _trees[path] = None
    node = _trees[path]
    for part in klass.__qualname__.split("."):
        if node is None or part == "<locals>":
            return None
        node = next((n for n in node.body if isinstance(n, ast.ClassDef) and n.name == part), None)
    return node


def instance_attrs(cls):
    """Public attributes that the methods of cls and its bases assign on self, and their slots."""
    out = set()
    for klass in getattr(cls, "__mro__", ()):
        if klass is object or klass.__module__ == "builtins":
            continue
        slots = vars(klass).get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        out.update(s for s in slots if isinstance(s, str) and not s.startswith("_"))
        node = class_node(klass)
        if node is None:
            continue
        for fn in node.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = fn.args.posonlyargs + fn.args.args
            if not params or any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list):
                continue
            v = SelfStores(params[0].arg)
            v.visit(fn)
            out.update(n for n in v.names if not n.startswith("_"))
    return out


def main():
    spec = json.loads(sys.argv[1])
    allow, deny = spec["allow"], spec["deny"]
    global PACKAGES
    packages = PACKAGES = spec.get("packages", False)
    known_classes = set(spec.get("known_classes", ()))
    known_privates = set(spec.get("known_privates", ()))
    warnings.simplefilter("ignore")
    # Some modules print on import: keep the real stdout aside while importing.
    out = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    real_stdout, real_stderr = sys.stdout, sys.stderr
    modules, classes, pending = {}, {}, []
    names = module_names(allow, deny, packages)
    if not packages:
        names.insert(0, "builtins")
    done = set()
    while names:
        name = names.pop(0)
        if name in done:
            continue
        done.add(name)
        sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
        try:
            mod = importlib.import_module(name)
        except BaseException:  # noqa: BLE001
            continue
        finally:
            sys.stdout, sys.stderr = real_stdout, real_stderr
        attrs = {}
        note_privates(dir(mod))
        for attr in dir(mod):
            if attr.startswith("_"):
                continue
            try:
                value = getattr(mod, attr)
            except BaseException:  # noqa: BLE001 - a lazy attribute that fails here is left out
                continue
            attrs[attr] = kind(value)
            # A module that is also importable as this module's submodule (os.path is posixpath)
            # is part of the allowed set under that name.
            if (isinstance(value, types.ModuleType) and sys.modules.get(name + "." + attr) is value
                    and not (packages and (inside(name + "." + attr, deny) or skipped(name + "." + attr)))):
                names.append(name + "." + attr)
            if isinstance(value, type):
                pending.append(value)
            elif not isinstance(value, types.ModuleType) and not inspect.isroutine(value):
                pending.append(type(value))
        modules[name] = attrs
        if mod.__name__ != name and mod.__name__ not in modules:
            modules[mod.__name__] = attrs
    seen = set()
    while pending:
        cls = pending.pop()
        key = canonical(cls)
        if key in seen or key in known_classes:
            continue
        seen.add(key)
        public = sorted(a for a in dir(cls) if not a.startswith("_"))
        note_privates(dir(cls))
        inst = sorted(instance_attrs(cls) - set(public))
        if packages:
            # Only what the class adds to its bases: the reader adds the bases' own back.
            inherited = set()
            for b in cls.__bases__:
                inherited.update(a for a in dir(b) if not a.startswith("_"))
                inherited.update(instance_attrs(b))
            public = [a for a in public if a not in inherited]
            inst = [a for a in inst if a not in inherited]
        bases = [canonical(b) for b in cls.__bases__]
        entry = {"attrs": public, "instance": inst, "bases": bases, "meta": canonical(type(cls))}
        # Instances of a class that answers any attribute name (__getattr__) have no fixed API.
        if any("__getattr__" in vars(k) or isinstance(vars(k).get("__getattribute__"), types.FunctionType)
               for k in cls.__mro__ if k not in (object, type)):
            entry["dynamic"] = True
        classes[key] = entry
        pending.extend(cls.__bases__)
        pending.append(type(cls))
    doc = {
        "generated_by": "scripts/gen_module_api.py",
        "python": "%s %s (%s)" % (platform.python_implementation(), platform.python_version(), sys.platform),
        "modules": modules,
        "classes": classes,
        "privates": sorted(PRIVATES - known_privates),
    }
    if packages:
        doc["own_attrs"] = True
    json.dump(doc, out, indent=0, sort_keys=True)
    out.write("\n")
    out.close()


if __name__ == "__main__":
    main()
