package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx302 = &engine.Check{
	ID: "SBX302", Name: "frame-attribute", Capability: "introspection", Severity: "high", CWE: 470,
	Doc:        "frame and traceback attributes: f_globals, f_locals, f_back, f_builtins, f_code, gi_frame, cr_frame, ag_frame, tb_frame, tb_next, also as steps of an operator.attrgetter path",
	Hint:       "report errors with traceback.format_exc() instead of walking frames",
	Message:    "%s reaches frames and their globals",
	Nodes:      []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Run:        runSBX302,
}

func runSBX302(p *engine.Pass, n ast.Node) {
	if k, ok := constKey(p, n); ok && frameHeads.In(frameAttrs, k) {
		p.Reportf(n, "%s read from a type's dict reaches frames and their globals", k)
		return
	}
	switch n := n.(type) {
	case *ast.Attribute:
		if frameHeads.In(frameAttrs, n.Attr) {
			p.Report(n, n.Attr)
		}
	case *ast.Call:
		if p.IsGetattr(n) {
			if name, ok := p.NamedAttr(n); ok && frameAttrs[name] {
				p.Report(n, name)
			}
			return
		}
		// operator.attrgetter("tb_frame.f_globals"): the path's steps are attribute reads.
		if _, ok := engine.FirstIn(p.Refs(n.Func), getterFuncs); ok {
			for _, a := range n.Args {
				path, ok := p.ConstString(a)
				if !ok {
					continue
				}
				for _, step := range strings.Split(path, ".") {
					if frameAttrs[step] {
						p.Reportf(n, "operator.attrgetter(%q) reads %s, which reaches frames and their globals", path, step)
						return
					}
				}
			}
		}
	}
}

// ---- SBX4xx builtins access ----

// frameAttrs are frame, generator and traceback attributes (SBX302).
var frameAttrs = map[string]bool{
	"f_globals": true, "f_locals": true, "f_back": true, "f_builtins": true, "f_code": true, "f_trace": true,
	"gi_frame": true, "cr_frame": true, "ag_frame": true, "gi_code": true, "cr_code": true, "ag_code": true,
	"tb_frame": true, "tb_next": true, "f_lasti": false,
}

// frameHeads are the first bytes of frameAttrs' names.
var frameHeads = engine.HeadsOf(frameAttrs)
