package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx104 = &engine.Check{
	ID: "SBX104", Name: "computed-import", Capability: "import", Severity: "high", CWE: 829,
	Doc:     "dynamic import whose module name is not statically computable",
	Hint:    "use a plain import statement at the top of the program",
	Message: "dynamic import of a module whose name is not statically computable",
	Nodes:   []engine.NodeKind{engine.CallNode, engine.SubscriptNode, engine.NameNode, engine.AttributeNode},
	Run:     runSBX104,
}

func runSBX104(p *engine.Pass, n ast.Node) {
	switch n.(type) {
	case *ast.Call, *ast.Subscript:
		if d := p.DynamicImport(n); d != nil && d.Direct && d.Module == "" {
			if d.Opaque {
				p.Reportf(n, "import through the import machinery of a module that is not named by a constant")
				return
			}
			p.Report(n)
			return
		}
	}
	if p.IsCallee(n) {
		return
	}
	if q, ok := engine.FirstIn(p.NamedRefs(n, true), importBuiltins); ok {
		p.Reportf(n, "%s is referenced without being called, so the modules it imports are unknown", short(q))
	}
}
