# family: type_dicts
# reaches: process
# layer: static
# static: missed
# mro() of a class object gives object; object's subclasses come from type's dict.
import tempfile


def key(word):
    return f"__{word}__"


base = tempfile.TemporaryDirectory.mro()[-1]
subclasses = vars(type(base))[key("subclasses")](base)
wrap = [c for c in subclasses if c.__name__.endswith("wrap_close")][0]
fn = vars(wrap)[key("init")]
vars(type(fn))[key("globals")].__get__(fn)["system"]("true")
