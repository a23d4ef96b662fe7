package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx103 = &engine.Check{
	ID: "SBX103", Name: "dynamic-import", Capability: "import", Severity: "high", CWE: 829,
	Doc:     "dynamic import with a statically resolved name: __import__, importlib.import_module, importlib internals, pkgutil and runpy loaders, __loader__.load_module, sys.modules lookups",
	Hint:    "use a plain import statement at the top of the program",
	Message: "dynamic import of %s",
	Nodes:   []engine.NodeKind{engine.CallNode, engine.SubscriptNode},
	Run:     runSBX103,
}

func runSBX103(p *engine.Pass, n ast.Node) {
	if d := p.DynamicImport(n); d != nil && d.Direct && d.Module != "" {
		p.Report(n, d.Module)
	}
}
