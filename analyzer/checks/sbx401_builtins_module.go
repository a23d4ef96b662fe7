package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx401 = &engine.Check{
	ID: "SBX401", Name: "builtins-module", Capability: "builtins_access", Severity: "critical", CWE: 470,
	Doc:        "the builtins module or __builtins__: import builtins, __builtins__.__dict__, __builtins__[\"__import__\"]",
	Hint:       "call builtins directly by name (len, print); never through the builtins module",
	Message:    "__builtins__ gives access to every builtin, including eval and __import__",
	Nodes:      []engine.NodeKind{engine.ImportNode, engine.ImportFromNode, engine.NameNode, engine.CallNode, engine.SubscriptNode},
	Unresolved: []engine.NodeKind{engine.NameNode, engine.CallNode, engine.SubscriptNode},
	Run:        runSBX401,
}

func runSBX401(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Name:
		if n.Id == "__builtins__" {
			p.Report(n)
		}
	case *ast.Import:
		for _, al := range n.Names {
			if r, _ := importRule(p, al.Name, true); r == "SBX401" {
				p.Reportf(al, "import of the builtins module")
			}
		}
	case *ast.ImportFrom:
		if r, _ := importRule(p, ast.Str(n.Module), true); r == "SBX401" && n.Level == 0 {
			p.Reportf(n, "import from the builtins module")
		}
	case *ast.Call, *ast.Subscript:
		var key ast.Expr
		switch x := n.(type) {
		case *ast.Subscript:
			if x.Ctx == ast.Load {
				key = x.Slice
			}
		case *ast.Call:
			if at, ok := x.Func.(*ast.Attribute); ok && (at.Attr == "get" || at.Attr == "__getitem__" || at.Attr == "pop") && len(x.Args) > 0 {
				key = x.Args[0]
			}
		}
		if k, ok := p.ConstString(key); key != nil && ok && (k == "__builtins__" || k == "__import__") {
			p.Reportf(n, "lookup of %s in a namespace reaches the builtins", k)
		}
	}
}
