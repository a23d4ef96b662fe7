# family: frames
# reaches: process
# layer: static
# static: missed
# A code object rebuilt with other names, made a function by type(f): the original code
# calls helper("os").system, the rebuilt one __import__("os").system.
import types
import traceback


def probe():
    return helper("os").system("true")


def code_of(fn):
    try:
        fn()
    except NameError as err:
        frame = list(traceback.walk_tb(err.__traceback__))[-1][0]
        return getattr(frame, "f_" + fn.__name__.replace("probe", "code"))


code = code_of(probe)
def dunder(word):
    return "__" + word + "__"


names = tuple(dunder("import") if n == "helper" else n for n in code.co_names)
type(probe)(code.replace(co_names=names), {})()
