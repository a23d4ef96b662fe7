package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx105 = &engine.Check{
	ID: "SBX105", Name: "wildcard-import", Capability: "import", Severity: "high", CWE: 829,
	Doc:     "wildcard import of a module that has capabilities or dangerous attributes (from os import *)",
	Hint:    "import the names you need explicitly (from os.path import join)",
	Message: "wildcard import of %s brings in its dangerous attributes under unqualified names",
	Nodes:   []engine.NodeKind{engine.ImportFromNode},
	Run:     runSBX105,
}

func runSBX105(p *engine.Pass, n ast.Node) {
	im := n.(*ast.ImportFrom)
	mod := ast.Str(im.Module)
	if im.Level > 0 || !p.Allowed(mod) || !p.RiskyModule(mod) {
		return
	}
	for _, al := range im.Names {
		if al.Name == "*" {
			p.RecordCapabilities(p.ModuleCapabilities(mod)...)
			p.Report(im, mod)
			return
		}
	}
}

// ---- SBX2xx dynamic code ----
