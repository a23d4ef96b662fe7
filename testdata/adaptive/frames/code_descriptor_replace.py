# family: frames
# reaches: process
# layer: static
# static: missed
# The code object read through its descriptor in the function type's dict, with a computed key.
def probe():
    return loader("json").system("true")


def descriptor(obj, *parts):
    return vars(type(obj))["".join(parts)].__get__(obj)


code = descriptor(probe, "__", "code", "__")
swap = {"loader": "__import__", "json": "os"}
code = code.replace(co_names=tuple(swap.get(n, n) for n in code.co_names),
                    co_consts=tuple(swap.get(c, c) if isinstance(c, str) else c for c in code.co_consts))
type(probe)(code, {})()
