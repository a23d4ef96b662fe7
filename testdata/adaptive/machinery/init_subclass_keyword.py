# family: machinery
# reaches: process
# layer: static
# static: missed
# __init_subclass__ receives the class keyword arguments and calls one of them.
import functools
import timeit


class Plugin:
    def __init_subclass__(cls, on_load=None, **kw):
        super().__init_subclass__(**kw)
        if on_load:
            on_load()


class Loader(Plugin, on_load=functools.partial(timeit.timeit, "pass", "import os; os.system('true')", number=1)):
    pass
