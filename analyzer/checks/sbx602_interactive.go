package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx602 = &engine.Check{
	ID: "SBX602", Name: "interactive-helper", Capability: "interactive", Severity: "high", CWE: 489,
	Doc:     "interactive helpers: breakpoint(), help(), pdb.set_trace",
	Hint:    "remove debugging hooks; the sandbox has no terminal (input() from stdin is fine)",
	Message: "%s starts an interactive debugger or helper",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode},
	Names: &engine.Names{
		Exact: []string{
			"pdb.set_trace", "pdb.post_mortem", "pdb.pm", "pdb.Pdb", "sys.breakpointhook",
			"sys.__breakpointhook__", "pydoc.help", "pydoc.Helper", "code.InteractiveConsole.interact",
		},
	},
	Run: runSBX602,
}

func runSBX602(p *engine.Pass, n ast.Node) {
	p.ReportNamed(n)
	if c, ok := n.(*ast.Call); ok {
		if q, ok := engine.FirstIn(p.Refs(c.Func), interactiveBuiltins); ok {
			p.Reportf(n, "%s() starts an interactive session", short(q))
		}
		return
	}
	if _, ok := n.(*ast.Subscript); ok || !p.UsedAsValue(n) {
		return
	}
	if q, ok := engine.FirstIn(p.NamedRefs(n, true), interactiveBuiltins); ok {
		p.Reportf(n, "%s is passed as a value", short(q))
	}
}
