package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/catalog"
)

var sbx101 = &engine.Check{
	ID: "SBX101", Name: "capability-reached", Capability: "process", Severity: "critical", CWE: 829,
	Doc:     "use of a module or module attribute that the config's capability map marks (import subprocess, os.system, from os import system, socket.socket, ctypes.CDLL), or an opaque use of a module that has such attributes",
	Hint:    "do the work in pure Python: no processes, network or native code are available in the sandbox",
	Message: "%s reaches %s",
	Nodes:   []engine.NodeKind{engine.ImportNode, engine.ImportFromNode, engine.CallNode, engine.SubscriptNode, engine.AttributeNode, engine.NameNode},
	Run:     runSBX101,
}

func runSBX101(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Import:
		for _, al := range n.Names {
			if r, c := importRule(p, al.Name, true); r == "SBX101" {
				p.ReportAs(al, c, "import of %s reaches %s", al.Name, c)
			}
		}
	case *ast.ImportFrom:
		if n.Level > 0 {
			return
		}
		mod := ast.Str(n.Module)
		if r, c := importRule(p, mod, true); r == "SBX101" {
			p.ReportAs(n, c, "import from %s reaches %s", mod, c)
			return
		}
		var names []string
		var caps []string
		for _, al := range n.Names {
			if al.Name == "*" {
				continue
			}
			q := mod + "." + al.Name
			if deniedAttribute(p, q) {
				continue // SBX102
			}
			if cs := p.CapabilitiesOf(q); catalog.FindingCapability(cs) != "" {
				names = append(names, q)
				caps = append(caps, cs...)
			}
		}
		if c := catalog.FindingCapability(caps); c != "" {
			p.ReportAs(n, c, "import of %s reaches %s", strings.Join(names, ", "), c)
		}
	case *ast.Call, *ast.Subscript:
		if c, ok := n.(*ast.Call); ok {
			if msgidWithoutDomain(p, c) {
				p.ReportAs(c, "network", "email.utils.make_msgid without a domain asks the resolver for the host's name (network)")
				return
			}
			if path, base, ok := p.GetterCall(c); ok {
				capGetter(p, c, path, base)
				return
			}
			if !p.IsGetattr(c) {
				return
			}
		}
		capRef(p, n)
	case *ast.Attribute:
		capRef(p, n)
	case *ast.Name:
		if n.Ctx != ast.Load {
			return
		}
		if !p.UsedAsValue(n) || isGetattrObj(p, n) {
			return
		}
		for _, r := range p.Refs(n) {
			if r.Kind != engine.ModRef || mappedModule(p, r.Qual) {
				continue // imports of mapped modules are reported at the import
			}
			caps := p.ModuleCapabilities(r.Qual)
			if c := catalog.FindingCapability(caps); c != "" {
				p.RecordCapabilities(caps...)
				p.ReportAs(n, c, "module %s is used as a value, which reaches all of its attributes (%s)", r.Qual, strings.Join(caps, ", "))
				return
			}
		}
	}
}

// msgidWithoutDomain reports whether c calls email.utils.make_msgid (judged at its call, the
// review's calls) without a domain, or with one that may be None: it then looks the host's name
// up (socket.getfqdn), a DNS query.
func msgidWithoutDomain(p *engine.Pass, c *ast.Call) bool {
	named := false
	for _, r := range p.Refs(c.Func) {
		named = named || r.Qual == "email.utils.make_msgid"
	}
	if !named {
		return false
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return true // **kw: the domain is not seen
		}
	}
	for _, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			return true
		}
	}
	d := argOrKeyword(c, 1, "domain")
	if d == nil {
		return true
	}
	_, ok := p.ConstString(d)
	return !ok // a constant string; anything else may be None
}

// isGetattrObj reports whether n is the object of getattr(n, "constant"), which resolution follows.
func isGetattrObj(p *engine.Pass, n ast.Node) bool {
	c, ok := p.Parent().(*ast.Call)
	if !ok || len(c.Args) == 0 || ast.Node(c.Args[0]) != n {
		return false
	}
	if _, _, ok := p.GetterCall(c); ok {
		return true // attrgetter("a.b")(n) is resolved like n.a.b
	}
	if len(c.Args) < 2 || !p.IsGetattr(c) {
		return false
	}
	_, ok = p.ConstString(c.Args[1])
	return ok
}

// capGetter reports attrgetter("os.system")(shutil): the capability of the attribute it fetches,
// or of a capability module it passes through without the program importing it.
func capGetter(p *engine.Pass, call *ast.Call, path string, base ast.Expr) {
	for _, steps := range p.GetterSteps(path, base) {
		for _, r := range steps {
			caps := p.Capabilities(r.Qual)
			if reportedAtImport(p, r, nil) || deniedAttribute(p, r.Qual) {
				continue
			}
			if c := catalog.FindingCapability(caps); c != "" {
				p.ReportAs(call, c, "operator getter %q reaches %s (%s)", path, r.Qual, c)
				return
			}
		}
	}
}

// capRef reports a named module attribute that the capability map marks (exact key).
func capRef(p *engine.Pass, n ast.Node) {
	for _, r := range p.RefsOf(n) {
		if r.Kind != engine.ObjRef && r.Kind != engine.ModRef || !r.HasCapabilities() && !r.IsDenied() {
			continue // no capabilities: nothing to record or report
		}
		if deniedAttribute(p, r.Qual) || reportedAtImport(p, r, n) {
			continue // SBX102, reported at the import statement, or a dynamic import (SBX103)
		}
		caps := p.Capabilities(r.Qual)
		p.RecordCapabilities(caps...)
		if c := catalog.FindingCapability(caps); c != "" {
			p.ReportAs(n, c, "%s reaches %s", r.Qual, c)
			return
		}
	}
}
