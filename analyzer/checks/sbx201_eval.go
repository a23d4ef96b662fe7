package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx201 = &engine.Check{
	ID: "SBX201", Name: "eval-exec-compile", Capability: "dynamic_code", Severity: "critical", CWE: 95,
	Doc:     "eval, exec or compile, including through aliases (e = eval), builtins access (builtins.exec) and getattr(builtins, \"exec\")",
	Hint:    "write the code directly instead of evaluating strings; for data use json.loads or ast.literal_eval",
	Message: "%s runs code built at run time",
	Nodes:   []engine.NodeKind{engine.ImportFromNode, engine.CallNode, engine.NameNode, engine.AttributeNode, engine.SubscriptNode},
	Run:     runSBX201,
}

func runSBX201(p *engine.Pass, n ast.Node) {
	if im, ok := n.(*ast.ImportFrom); ok {
		if im.Level > 0 {
			return
		}
		mod := p.ModuleRef(ast.Str(im.Module))
		if mod.Qual != "builtins" {
			return // eval, exec and compile are the builtins module's: no need to build other names
		}
		for _, al := range im.Names {
			if r := p.Child(mod, al.Name); r.Kind == engine.ObjRef && evalBuiltins.Has(r.Qual) {
				p.Reportf(al, "import of %s, which runs code built at run time", short(r.Qual))
			}
		}
		return
	}
	if q, ok := engine.FirstIn(p.NamedRefs(n, false), evalBuiltins); ok {
		p.Report(n, short(q))
	}
}
