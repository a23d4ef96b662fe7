package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx601 = &engine.Check{
	ID: "SBX601", Name: "code-runner", Capability: "code_runner", Severity: "high", CWE: 94,
	Doc:     "code runners: timeit with a string statement or setup, or one that may be a string built at run time (not a function), code.InteractiveConsole/interact, cProfile.run, profile.run, pdb.run*, trace.Trace, doctest",
	Hint:    "call the code directly; time it with time.perf_counter() or timeit with a callable",
	Message: "%s runs code given as a string",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode},
	Names: &engine.Names{
		Exact: []string{
			"code.InteractiveConsole", "code.InteractiveInterpreter", "code.interact",
			"code.compile_command", "codeop.compile_command", "codeop.Compile", "codeop.CommandCompiler",
			"cProfile.run", "cProfile.runctx", "profile.run", "profile.runctx", "cProfile.Profile.run",
			"cProfile.Profile.runctx", "profile.Profile.run", "pdb.run", "pdb.runeval", "pdb.runctx",
			"pdb.runcall", "trace.Trace", "bdb.Bdb", "timeit.main", "cProfile.Profile().run",
			"cProfile.Profile().runctx", "profile.Profile().run", "profile.Profile().runctx",
		},
		Prefix: []string{"doctest"},
	},
	Run: runSBX601,
}

func runSBX601(p *engine.Pass, n ast.Node) {
	p.ReportNamed(n)
	c, ok := n.(*ast.Call)
	if !ok {
		return
	}
	for _, r := range p.Refs(c.Func) {
		switch r.Qual {
		case "timeit.timeit", "timeit.repeat", "timeit.Timer":
			stmt := argOrKeyword(c, 0, "stmt")
			setup := argOrKeyword(c, 1, "setup")
			if codeString(p, stmt) || codeString(p, setup) {
				p.Reportf(n, "%s with a string statement runs code given as a string", r.Qual)
				return
			}
			if !timedFunction(p, stmt) || !timedFunction(p, setup) {
				p.Reportf(n, "%s with a statement that may be a string built at run time: timeit compiles strings as code; pass a function", r.Qual)
			}
			return
		}
	}
}

// codeString reports whether e is a string (which timeit compiles) rather than a callable.
func codeString(p *engine.Pass, e ast.Expr) bool {
	if e == nil {
		return false
	}
	if s, ok := p.ConstString(e); ok {
		return strings.TrimSpace(s) != "pass"
	}
	switch e.(type) {
	case *ast.JoinedStr, *ast.BinOp:
		return true
	}
	return false
}

// timedFunction reports whether e, a statement or setup of timeit, is known not to be a string:
// absent, "pass", a lambda, a function or class of the program, a module's function, a
// functools.partial, a loop variable over a display of those, or a parameter every call passes
// one of those to. Anything else may be a string the program built, which timeit compiles.
func timedFunction(p *engine.Pass, e ast.Expr) bool { return timedFunctionAt(p, e, p.Site(), 0) }

func timedFunctionAt(p *engine.Pass, e ast.Expr, site engine.Site, depth int) bool {
	if e == nil {
		return true
	}
	if depth > 4 {
		return false
	}
	if s, ok := p.StringAt(e, site); ok {
		return strings.TrimSpace(s) == "pass"
	}
	switch x := e.(type) {
	case *ast.Lambda:
		return true
	case *ast.Name:
		binds := p.BindingsAt(x.Id, site)
		if len(binds) == 0 {
			break
		}
		for _, b := range binds {
			switch {
			case b.IsFunctionDef(), b.IsClassDef():
			case b.Assigned():
				if !timedFunctionAt(p, b.Value(), b.Site(), depth+1) {
					return false
				}
			default:
				if args, ok := p.Arguments(b); ok {
					// A parameter: what every call of its function passes (@ gives it a def).
					for _, a := range args {
						if a.Expr() != nil && !timedFunctionAt(p, a.Expr(), a.Site(), depth+1) {
							return false
						}
					}
					continue
				}
				vals, vsite, ok := p.LoopValues(b)
				if !ok {
					return false
				}
				for _, v := range vals {
					if !timedFunctionAt(p, v, vsite, depth+1) {
						return false
					}
				}
			}
		}
		return true
	case *ast.Call:
		for _, r := range p.RefsAt(x.Func, site) {
			if r.Qual == "functools.partial" {
				return true
			}
		}
		return false
	}
	for _, r := range p.RefsAt(e, site) {
		if mb, _ := p.ModuleMember(moduleOf(r.Qual)); r.Kind == engine.ObjRef && mb.Kind == engine.FunctionMember {
			return true
		}
	}
	return false
}

// moduleOf splits a module attribute's dotted name into the module and the attribute.
func moduleOf(qual string) (string, string) {
	i := strings.LastIndexByte(qual, '.')
	if i < 0 {
		return "", qual
	}
	return qual[:i], qual[i+1:]
}
