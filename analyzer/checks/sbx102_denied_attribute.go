package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/catalog"
)

var sbx102 = &engine.Check{
	ID: "SBX102", Name: "denied-attribute", Capability: "import", Severity: "high", CWE: 829,
	Doc:        "attribute denied inside an allowed module (modules.denied_attributes: asyncio.create_subprocess_shell, asyncio.open_connection); a method denied by name (modules.denied_methods: loop.subprocess_exec, Connection.enable_load_extension) on any object but the program's own, also where a string names it (getattr, a loop over constant names, operator.attrgetter/methodcaller, string.Formatter.get_field)",
	Hint:       "use the module's computational parts only; its process and network entry points are denied",
	Message:    "%s is denied by the configuration",
	Nodes:      []engine.NodeKind{engine.ImportFromNode, engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode},
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
	// A method the config denies by name, on any object but a module (whose attribute of that
	// name is judged below) and the program's own that defines it, wherever a name names it:
	// loop.subprocess_exec, getattr(conn, "enable_load_extension"), a loop over such names,
	// methodcaller("subprocess_exec"), get_field("0.subprocess_exec"). Whether the program
	// imports the module does not matter: its objects come from other modules too.
	var one [1]string
	if obj, names := namedAttributes(p, n, &one); len(names) > 0 && (obj == nil || !anyModule(p, p.Refs(obj))) {
		for _, name := range names {
			mods := p.DeniedMethodModules(name)
			if obj == nil && len(mods) == 0 {
				// methodcaller("create_subprocess_exec"), applied to whatever comes later: a
				// module's denied attribute too.
				if ms := p.DeniedAttributeModules(name); len(ms) > 0 {
					report := ms[0] + "." + name
					c := catalog.FindingCapability(p.Capabilities(report))
					if c == "" {
						c = "import"
					}
					p.ReportAs(n, c, "%s, named by a string, is denied by the configuration (%s)", report, c)
					return
				}
			}
			if len(mods) == 0 || ownMethod(p, obj, name) {
				continue
			}
			q := mods[0] + "." + name
			c := catalog.FindingCapability(p.Capabilities(q))
			if c == "" {
				c = "import"
			}
			p.ReportAs(n, c, "%s() on an object of %s is denied by the configuration (%s)", name, mods[0], c)
			return
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
			if _, _, getter := p.GetterCall(c); !getter {
				return
			}
		}
		for _, r := range p.RefsOf(n) {
			if (r.Kind == engine.ObjRef || r.Kind == engine.ModRef) && r.IsDenied() {
				report(n, r.Qual)
				return
			}
		}
	}
}
