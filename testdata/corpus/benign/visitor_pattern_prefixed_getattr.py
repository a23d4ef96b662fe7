# label: benign
from dataclasses import dataclass


@dataclass
class Num:
    value: float


@dataclass
class Add:
    left: object
    right: object


@dataclass
class Mul:
    left: object
    right: object


class Evaluator:
    def visit(self, node):
        method = getattr(self, "visit_" + type(node).__name__.lower(), self.generic_visit)
        return method(node)

    def generic_visit(self, node):
        raise TypeError(f"unknown node {node!r}")

    def visit_num(self, node: Num) -> float:
        return node.value

    def visit_add(self, node: Add) -> float:
        return self.visit(node.left) + self.visit(node.right)

    def visit_mul(self, node: Mul) -> float:
        return self.visit(node.left) * self.visit(node.right)


print(Evaluator().visit(Add(Num(2), Mul(Num(3), Num(4)))))
