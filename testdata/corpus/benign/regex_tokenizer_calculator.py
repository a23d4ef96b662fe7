# label: benign
"""A small arithmetic evaluator: regex tokenizer plus shunting-yard, no eval()."""
import operator
import re

TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<op>[-+*/^])|(?P<lpar>\()|(?P<rpar>\)))")
OPS = {
    "+": (1, operator.add, "left"),
    "-": (1, operator.sub, "left"),
    "*": (2, operator.mul, "left"),
    "/": (2, operator.truediv, "left"),
    "^": (3, operator.pow, "right"),
}


def tokenize(expr):
    pos = 0
    expr = expr.strip()
    while pos < len(expr):
        m = TOKEN.match(expr, pos)
        if not m or m.end() == pos:
            raise SyntaxError(f"unexpected character at {pos}: {expr[pos]!r}")
        pos = m.end()
        yield m.lastgroup, m.group(m.lastgroup)


def to_rpn(tokens):
    out, stack = [], []
    for kind, value in tokens:
        if kind == "num":
            out.append(float(value))
        elif kind == "op":
            prec, _, assoc = OPS[value]
            while stack and stack[-1] in OPS:
                top = OPS[stack[-1]][0]
                if top > prec or (top == prec and assoc == "left"):
                    out.append(stack.pop())
                else:
                    break
            stack.append(value)
        elif kind == "lpar":
            stack.append(value)
        else:
            while stack and stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
    return out + stack[::-1]


def evaluate(expr):
    stack = []
    for item in to_rpn(tokenize(expr)):
        if isinstance(item, float):
            stack.append(item)
        else:
            b, a = stack.pop(), stack.pop()
            stack.append(OPS[item][1](a, b))
    return stack[0]


for e in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "10 / 4 - 1.5"]:
    print(f"{e:<14} = {evaluate(e):g}")
