package parser

import (
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// TestNodeMarkers checks ast's fast conversions against the interface assertions they replace, on a
// program with every kind of statement and many expressions and patterns.
func TestNodeMarkers(t *testing.T) {
	src := `import os
from os import path as p
x: int = 1
x += 1
del x
global g
def f(a, /, b=1, *c, d, **e):
    nonlocal_ = lambda q: q
    return [i for i in c if i], {k: v for k, v in e.items()}, {i for i in c}, (i for i in c)
class C(object, metaclass=type):
    pass
async def h():
    async for i in h():
        await i
    async with h() as w, h():
        yield w
    yield from ()
for i in []:
    break
else:
    continue
while x:
    pass
if x:
    pass
elif not x:
    x = -x if x else x[1:2:3]
with open(p) as fh:
    pass
try:
    raise ValueError from None
except ValueError as err:
    pass
else:
    pass
finally:
    pass
try:
    pass
except* OSError:
    pass
assert x, f"{x!r:>{x}}"
match x:
    case {"k": [1, *rest]} | C(a=None, b=2) if (y := x) > 0 and x in (1, 2) or x @ x:
        pass
    case _:
        pass
def outer():
    v = 1
    def inner():
        nonlocal v
`
	mod, err := Parse([]byte(src), "markers.py")
	if err != nil {
		t.Fatal(err)
	}
	stmtTypes := map[string]bool{}
	ast.Walk(mod, func(n, _ ast.Node) bool {
		s, isStmt := n.(ast.Stmt)
		if got := ast.IsStmt(n); got != isStmt {
			t.Errorf("IsStmt(%s) = %v, want %v", n.NodeType(), got, isStmt)
		}
		if isStmt {
			stmtTypes[n.NodeType()] = true
			if ast.StmtNode(s) != n {
				t.Errorf("StmtNode(%s) is not the node", n.NodeType())
			}
		}
		if e, ok := n.(ast.Expr); ok && ast.ExprNode(e) != n {
			t.Errorf("ExprNode(%s) is not the node", n.NodeType())
		}
		if pt, ok := n.(ast.Pattern); ok && ast.PatternNode(pt) != n {
			t.Errorf("PatternNode(%s) is not the node", n.NodeType())
		}
		return true
	})
	// The program has every statement kind, so IsStmt's list is checked in full.
	if len(stmtTypes) != 27 {
		t.Errorf("the program has %d statement kinds, want all 27: %v", len(stmtTypes), stmtTypes)
	}
	if ast.ExprNode(nil) != nil || ast.StmtNode(nil) != nil || ast.PatternNode(nil) != nil {
		t.Error("a nil interface must convert to a nil Node")
	}
}
