# family: string_eval
# reaches: process
# layer: static
# static: missed
# A ForwardRef's compiled code object, made a function by type(f).
import typing


def expr():
    return "__" + "import__('os').system('true')"


code = typing.ForwardRef(expr()).__forward_code__
runner = type(expr)(code, {})
runner()
