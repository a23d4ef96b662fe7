# family: own_privates
# reaches: process
# layer: static
# static: missed
# SBX305 takes self._module for the program's own: the class assigns it and has no library
# ancestor. Route: functools.update_wrapper(own, wrapped) copies wrapped.__dict__ into own, so
# the "own" _module is a warnings.catch_warnings()'s: the warnings module, whose sys.modules
# holds os.
import functools
import warnings


class Quiet:
    """Runs a function with warnings silenced; looks like the context it wraps."""

    def __init__(self):
        self._module = None

    def module(self):
        return self._module


q = Quiet()
functools.update_wrapper(q, warnings.catch_warnings())
host = q.module()
host.sys.modules["os"].system("true")
