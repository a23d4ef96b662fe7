# family: string_eval
# reaches: process
# layer: static
# static: missed
# ForwardRef with module= evaluates the name in a module of sys.modules.
import typing

ref = typing.ForwardRef("system", module="posix")
run = ref._evaluate(None, None, frozenset())
run("true")
