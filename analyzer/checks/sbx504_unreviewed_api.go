package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx504 = &engine.Check{
	ID: "SBX504", Name: "unreviewed-api", Capability: "unreviewed_api", Severity: "high", CWE: 749,
	Doc:     "use of an attribute of an allowed module, a builtin, or an attribute of a class those modules define (or of an object of one) that is not in the reviewed API (config/module_api.*)",
	Hint:    "use the documented API of the allowed modules",
	Message: "%s is not in the reviewed API of %s",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.ImportFromNode, engine.NameNode},
	Run:     runSBX504,
}

func runSBX504(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.ImportFrom:
		if n.Level > 0 {
			return
		}
		mod := p.ModuleRef(ast.Str(n.Module))
		for _, al := range n.Names {
			if al.Name != "*" {
				unreviewedModuleAttr(p, al, mod.Qual, al.Name)
			}
		}
	case *ast.Attribute:
		if n.Ctx == ast.Load && !listedInAPI(p, n) {
			unreviewedAttr(p, n, p.Refs(n.Value), n.Attr)
		}
	case *ast.Call:
		if len(n.Args) >= 2 && len(p.RefsOf(n)) > 0 && p.IsGetattr(n) && !listedInAPI(p, n) {
			if name, ok := p.ConstString(n.Args[1]); ok {
				unreviewedAttr(p, n, p.Refs(n.Args[0]), name)
			}
		}
	case *ast.Name:
		if n.Ctx != ast.Load || n.Id[0] == '_' || listedInAPI(p, n) {
			return
		}
		for _, r := range p.NamedRefs(n, false) {
			if r.Kind == engine.ObjRef && strings.HasPrefix(r.Qual, "builtins.") && r.Qual[len("builtins."):] == n.Id {
				unreviewedModuleAttr(p, n, "builtins", n.Id)
				return
			}
		}
	}
}

// listedInAPI reports whether what n names is a module attribute the table lists (one bit of
// its refs' tags): the common case, decided before anything is looked up.
func listedInAPI(p *engine.Pass, n ast.Node) bool {
	for _, r := range p.RefsOf(n) {
		if r.InAPI() {
			return true
		}
	}
	return false
}

// unreviewedAttr judges attribute attr of what base refers to: a module, a class of the reviewed
// API, or an object of one.
func unreviewedAttr(p *engine.Pass, at ast.Node, base []engine.Ref, attr string) {
	for _, r := range base {
		if r.Kind == engine.ModRef {
			unreviewedModuleAttr(p, at, r.Qual, attr)
			return
		}
	}
	if engine.IsPrivate(attr) || engine.IsDunder(attr) {
		return // SBX305
	}
	for _, r := range base {
		class, inst, ok := p.TypeOf(r)
		if !ok {
			continue
		}
		info := p.ClassAttr(class, attr, inst)
		if info.Rule != nil || info.Found || p.OwnAttr(attr) || unreviewedOwned(p, r.Qual+"."+attr) {
			return // SBX505 or SBX204 for a rule; a name the program assigns is its own
		}
		what := "class " + class
		if inst {
			what = "an object of class " + class
		}
		p.Report(at, attr, what)
		return
	}
}

// unreviewedModuleAttr judges attribute attr of module mod.
func unreviewedModuleAttr(p *engine.Pass, at ast.Node, mod, attr string) {
	if engine.IsPrivate(attr) || engine.IsDunder(attr) {
		return // SBX501, SBX305, SBX301
	}
	mb, known := p.ModuleMember(mod, attr)
	if known && mb.Kind != engine.NoMember {
		return // the name is the module's: its rules are SBX505's and SBX204's
	}
	qual := mod + "." + attr // built only here: most names are in the table
	switch {
	case !known:
		if p.Allowed(mod) && !unreviewedOwned(p, qual) {
			p.Reportf(at, "%s has no reviewed API: the module is allowed, but config/module_api.json has no table for it (make module-api)", mod)
		}
	default:
		// A submodule its package does not import itself (from email import policy) is judged
		// like an import of it (SBX100), and its attributes against its own API.
		if _, sub := p.ModuleMember(qual, ""); sub || p.IsModule(qual) || unreviewedOwned(p, qual) {
			return
		}
		p.Report(at, qual, mod)
	}
	// A module reached as another module's attribute (calendar.sys) is judged like an import:
	// SBX502 reports one outside the allowlist, and the attributes read from an allowed one are
	// judged against its own API.
}
