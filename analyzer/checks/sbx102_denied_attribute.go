package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/catalog"
)

var sbx102 = &engine.Check{
	ID: "SBX102", Name: "denied-attribute", Capability: "import", Severity: "high", CWE: 829,
	Doc:        "attribute denied inside an allowed module (modules.denied_attributes: asyncio.create_subprocess_shell, asyncio.open_connection)",
	Hint:       "use the module's computational parts only; its process and network entry points are denied",
	Message:    "%s is denied by the configuration",
	Nodes:      []engine.NodeKind{engine.ImportFromNode, engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode},
	Run:        runSBX102,
}

func runSBX102(p *engine.Pass, n ast.Node) {
	if im, ok := n.(*ast.ImportFrom); ok && im.Level == 0 {
		var qs []string
		for _, al := range im.Names {
			if q := ast.Str(im.Module) + "." + al.Name; p.Denied(q) {
				qs = append(qs, q)
			}
		}
		if len(qs) > 0 {
			c := catalog.FindingCapability(p.Capabilities(qs[0]))
			if c == "" {
				c = "import"
			}
			p.ReportAs(im, c, "%s denied by the configuration", strings.Join(qs, ", "))
		}
		return
	}
	if at, ok := n.(*ast.Attribute); ok {
		if mods := p.DeniedMethodModules(at.Attr); len(mods) > 0 && !anyModule(p, p.Refs(at.Value)) {
			for _, m := range mods {
				if p.Imported(m) {
					q := m + "." + at.Attr
					c := catalog.FindingCapability(p.Capabilities(q))
					if c == "" {
						c = "import"
					}
					p.ReportAs(n, c, "%s() on an object of %s is denied by the configuration (%s)", at.Attr, m, c)
					return
				}
			}
		}
	}
	report := func(at ast.Node, q string) {
		c := catalog.FindingCapability(p.Capabilities(q))
		if c == "" {
			p.Report(at, q)
			return
		}
		p.ReportAs(at, c, "%s is denied by the configuration (%s)", q, c)
	}
	switch n := n.(type) {
	case *ast.ImportFrom:
		if n.Level > 0 {
			return
		}
		for _, al := range n.Names {
			if q := ast.Str(n.Module) + "." + al.Name; p.Denied(q) {
				report(al, q)
			}
		}
	default:
		if c, ok := n.(*ast.Call); ok && !p.IsGetattr(c) {
			return
		}
		for _, r := range p.RefsOf(n) {
			if (r.Kind == engine.ObjRef || r.Kind == engine.ModRef) && r.IsDenied() {
				report(n, r.Qual)
				return
			}
		}
	}
}
