# family: string_eval
# reaches: process
# layer: static
# static: missed
# A forward reference built from pieces and evaluated with empty namespaces (builtins stay).
import typing


class Resolver:
    def __init__(self, *words):
        self.expr = "".join(words)

    def resolve(self):
        return typing.ForwardRef(self.expr)._evaluate(None, None, frozenset())


Resolver("__impo", "rt__('subprocess')", ".run(['true'])").resolve()
