# label: benign
"""Measure functions' cyclomatic complexity with an ast.NodeVisitor that dispatches by node type."""
import ast
from collections import defaultdict

SOURCE = '''
def simple(x):
    return x + 1

def branchy(items, limit):
    total = 0
    for item in items:
        if item > limit:
            total += item
        elif item < 0:
            continue
        else:
            total -= 1
    while total > 100:
        total //= 2
    return total if total else None
'''


class Complexity(ast.NodeVisitor):
    BRANCHES = (ast.If, ast.For, ast.While, ast.IfExp, ast.ExceptHandler, ast.BoolOp)

    def __init__(self):
        self.scores = defaultdict(lambda: 1)
        self.current = None

    def visit_FunctionDef(self, node):
        outer, self.current = self.current, node.name
        self.generic_visit(node)
        self.current = outer

    def visit(self, node):
        if self.current and isinstance(node, self.BRANCHES):
            self.scores[self.current] += 1
        method = getattr(self, "visit_" + node.__class__.__name__, self.generic_visit)
        return method(node)


visitor = Complexity()
visitor.visit(ast.parse(SOURCE))
for name, score in sorted(visitor.scores.items()):
    print(f"{name}: {score}")
print(ast.dump(ast.parse("x + 1", mode="eval").body)[:20], ast.literal_eval("[1, 2]"))
