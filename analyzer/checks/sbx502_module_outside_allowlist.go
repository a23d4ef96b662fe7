package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx502 = &engine.Check{
	ID: "SBX502", Name: "module-outside-allowlist", Capability: "private_module_attribute", Severity: "high", CWE: 829,
	Doc:        "public attribute of a module that is itself a module outside the allowlist (per the generated table: a module reachable as an attribute)",
	Hint:       "import the modules you use directly; modules reached through other modules' attributes are checked like imports",
	Message:    "%s.%s is the module %s, which is not in the module allowlist",
	Nodes:      []engine.NodeKind{engine.ImportFromNode, engine.AttributeNode, engine.CallNode},
	Unresolved: []engine.NodeKind{engine.CallNode},
	Run:        runSBX502,
}

func runSBX502(p *engine.Pass, n ast.Node) {
	moduleAttrRefs(p, n, func(at ast.Node, mod, attr string) {
		if engine.IsPrivate(attr) || engine.IsDunder(attr) || !p.Allowed(mod) {
			return
		}
		target, ok := p.ModuleTableAttr(mod, attr)
		if !ok {
			return
		}
		if target == mod+"."+attr {
			// A submodule the package imports itself (numpy.ctypeslib) is there without an
			// import: judged like one.
			if !p.Allowed(target) {
				p.Report(at, mod, attr, target)
			}
			return
		}
		if p.ModuleAttrAllowed(mod, attr, target) {
			return
		}
		p.Report(at, mod, attr, target)
	})
}
