package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx501 = &engine.Check{
	ID: "SBX501", Name: "private-module-attribute", Capability: "private_module_attribute", Severity: "high", CWE: 470,
	Doc:        "private attribute of a standard-library module (random._os, os._wrap_close), from the generated module-attribute table",
	Hint:       "use the module's public API",
	Message:    "%s is a private attribute of a standard-library module",
	Nodes:      []engine.NodeKind{engine.ImportFromNode, engine.AttributeNode, engine.CallNode},
	Unresolved: []engine.NodeKind{engine.CallNode},
	Run:        runSBX501,
}

func runSBX501(p *engine.Pass, n ast.Node) {
	moduleAttrRefs(p, n, func(at ast.Node, mod, attr string) {
		if !engine.IsPrivate(attr) || !p.Allowed(mod) {
			return
		}
		if target, ok := p.ModuleAttr(mod, attr); ok {
			p.Reportf(at, "%s.%s is the module %s, reached through a private attribute", mod, attr, target)
			return
		}
		q := mod + "." + attr
		if !p.IsModule(mod) || privateAttributeOwned(p, q) {
			return // not a standard-library module, or reported by the rule for that attribute
		}
		p.Report(at, q)
	})
}
