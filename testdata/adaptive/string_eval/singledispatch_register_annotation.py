# family: string_eval
# reaches: process
# layer: static
# static: missed
# singledispatch's register() reads the handler's annotation with get_type_hints.
import functools
import os


@functools.singledispatch
def render(value):
    return str(value)


@render.register
def _(value: "os.system('true') and int or int"):
    return f"int:{value}"


print(render(3))
