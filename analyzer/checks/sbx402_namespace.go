package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx402 = &engine.Check{
	ID: "SBX402", Name: "namespace-by-name", Capability: "builtins_access", Severity: "high", CWE: 470,
	Doc:     "vars(), globals(), locals(), and dir() of modules, used to fetch names; vars() of a class the program does not define (type(x), x.__class__, a library class); vars() of any object that is not the program's own or of a class that only holds what it is given (types.SimpleNamespace, argparse.Namespace) made by its constructor, or by a reviewed function given no namespace argument, not replaced by the program, and with no record factory installed",
	Hint:    "refer to names directly; vars(obj) of your own objects is fine",
	Message: "%s() exposes the program's namespace by name",
	Nodes:   []engine.NodeKind{engine.CallNode, engine.NameNode, engine.AttributeNode},
	Run:     runSBX402,
}

func runSBX402(p *engine.Pass, n ast.Node) {
	if c, ok := n.(*ast.Call); ok {
		q, ok := engine.FirstIn(p.Refs(c.Func), nsBuiltins)
		if !ok {
			return
		}
		switch q {
		case "builtins.globals", "builtins.locals":
			p.Report(n, short(q))
		case "builtins.vars":
			if len(c.Args) == 0 && len(c.Keywords) == 0 || len(c.Args) > 0 && namespaceLike(p, p.Refs(c.Args[0])) {
				p.Reportf(n, "vars() of a module, a builtin type or the current scope fetches names dynamically")
			} else if len(c.Args) > 0 && classLike(p, c.Args[0]) && !p.IsOwn(c.Args[0]) {
				p.Reportf(n, "vars() of a class the program does not define holds its descriptors (__dict__, __globals__, __subclasses__), fetched by computed keys")
			} else if len(c.Args) > 0 && !p.OwnNamespace(c.Args[0]) && !holdsOnlyGiven(p, c.Args[0]) {
				p.Reportf(n, "vars() of an object the program does not define, or whose library base class sets attributes on it, hands out its private attributes (and a module's or a class's namespace) by key")
			}
		case "builtins.dir":
			if len(c.Args) > 0 && namespaceLike(p, p.Refs(c.Args[0])) {
				p.Reportf(n, "dir() of a module or builtin type lists names to fetch dynamically")
			}
		}
		return
	}
	if !p.UsedAsValue(n) {
		return
	}
	if q, ok := engine.FirstIn(p.NamedRefs(n, true), nsBuiltins); ok && q != "builtins.dir" {
		p.Reportf(n, "%s is passed as a value", short(q))
	}
}

// holdsOnlyGiven reports whether e is an object of a class that holds only the attributes the
// program gives it (the review's open classes, proxies aside), made by a call the program shows:
// the class's constructor, or a function or method the review says returns such an object when
// nothing can make it return another (engine.Pass.BuiltByHolder).
func holdsOnlyGiven(p *engine.Pass, e ast.Expr) bool {
	return p.BuiltByHolder(e)
}
