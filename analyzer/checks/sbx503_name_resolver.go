package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx503 = &engine.Check{
	ID: "SBX503", Name: "name-resolver", Capability: "name_resolution", Severity: "high", CWE: 470,
	Doc:     "name resolvers: pydoc.locate, pkgutil.resolve_name, importlib.util.resolve_name, logging.config, unittest.mock.patch, operator.attrgetter/methodcaller with dunder, private or computed paths",
	Hint:    "refer to objects directly instead of resolving dotted names",
	Message: "%s resolves dotted names to objects at run time",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode},
	Names: &engine.Names{
		Exact: []string{
			"pydoc.locate", "pydoc.resolve", "pydoc.safeimport", "pkgutil.resolve_name",
			"importlib.util.resolve_name", "unittest.defaultTestLoader.loadTestsFromName",
			"unittest.defaultTestLoader.loadTestsFromNames", "unittest.TestLoader().loadTestsFromName",
			"unittest.TestLoader().loadTestsFromNames",
			"unittest.loader.defaultTestLoader.loadTestsFromName",
			"unittest.loader.defaultTestLoader.loadTestsFromNames",
			"unittest.loader.TestLoader().loadTestsFromName",
			"unittest.loader.TestLoader().loadTestsFromNames",
		},
		Prefix: []string{"logging.config", "unittest.mock", "mock.patch"},
	},
	Run: runSBX503,
}

func runSBX503(p *engine.Pass, n ast.Node) {
	p.ReportNamed(n)
	c, ok := n.(*ast.Call)
	if !ok {
		return
	}
	var q string
	for _, r := range p.Refs(c.Func) {
		switch r.Qual {
		case "operator.attrgetter", "operator.methodcaller":
			q = r.Qual
		case "operator.itemgetter":
			for _, a := range c.Args {
				if s, ok := p.ConstString(a); ok && dunderIntro[s] {
					p.Reportf(n, "operator.itemgetter(%q) fetches a dunder entry of a namespace", s)
					return
				}
			}
			return
		case "unittest.main", "unittest.TestProgram", "unittest.main.TestProgram", "unittest.main.main":
			if unittestNames(p, c) {
				p.Reportf(n, "%s with test names or a module name imports and runs what they name", r.Qual)
			}
			return
		}
	}
	if q == "" {
		return
	}
	args := c.Args
	if q == "operator.methodcaller" && len(args) > 1 {
		args = args[:1]
	}
	for _, a := range args {
		s, ok := p.ConstString(a)
		if !ok {
			if !safeComputedName(p, a, nil) {
				p.Reportf(n, "%s with a computed path resolves arbitrary attributes", q)
				return
			}
			continue
		}
		if strings.Contains(s, "__") || strings.HasPrefix(s, "_") || strings.Contains(s, "._") {
			p.Reportf(n, "%s(%q) resolves a private or dunder path", q, s)
			return
		}
	}
}

// unittest.main(module, defaultTest, argv, ...) resolves test names (dotted names) and a module name
// given as a string; only the bare unittest.main() of the running program is harmless.
func unittestNames(p *engine.Pass, c *ast.Call) bool {
	if len(c.Args) > 1 {
		return true
	}
	check := func(e ast.Expr, kw string) bool {
		if e == nil {
			return false
		}
		if kw == "module" {
			if k, ok := e.(*ast.Constant); ok {
				if _, none := k.Value.(ast.NoneValue); none {
					return false
				}
			}
			s, ok := p.ConstString(e)
			return !ok || s != "__main__"
		}
		if kw == "argv" {
			// argv[0] is the program name; options are fine; anything else is a test name.
			for _, r := range p.Refs(e) {
				if r.Qual == "sys.argv" {
					return false
				}
			}
			v, ok := p.Fold(e)
			items, isList := v.List()
			if !ok || !isList {
				return true
			}
			for i, x := range items {
				if s, isStr := x.Str(); i > 0 && (!isStr || !strings.HasPrefix(s, "-")) {
					return true
				}
			}
			return false
		}
		return true
	}
	if len(c.Args) == 1 && check(c.Args[0], "module") {
		return true
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return true
		}
		switch *k.Arg {
		case "module", "defaultTest", "argv":
			if check(k.Value, *k.Arg) {
				return true
			}
		}
	}
	return false
}

// ---- SBX6xx code runners, interactive, monkeypatching ----
