package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx205 = &engine.Check{
	ID: "SBX205", Name: "evaluated-annotation", Capability: "dynamic_code", Severity: "critical", CWE: 95,
	Doc:     "in a program that names an annotation evaluator (typing.get_type_hints, functools.singledispatch): a string annotation that is not a plain type (a call, an operator, a function or module named), a store into __annotations__ or __module__ (which choose what is evaluated and where); and typing.get_type_hints of anything but one of the program's own classes or functions",
	Hint:    "write annotations as plain types (\"Node\", \"list[int] | None\"); ask get_type_hints about your own classes",
	Message: "string annotation %q is not a plain type: typing.get_type_hints and functools.singledispatch evaluate it as Python (%s)",
	Nodes:   []engine.NodeKind{engine.ModuleNode, engine.CallNode, engine.AttributeNode, engine.NameNode},
	// Stores into the program's own classes and functions (Job.__module__ = ...), and class bodies.
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.NameNode},
	Run:        runSBX205,
}

func runSBX205(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Module:
		if !p.EvaluatesAnnotations() {
			return
		}
		for _, a := range p.AnnotationStrings() {
			e, ok := engine.ParseExpression(a.Value)
			if !ok {
				continue // not Python: an evaluator raises SyntaxError before running anything
			}
			if why := notAType(p, e, a.Site, 0); why != "" {
				p.Report(a.Node, a.Value, why)
			}
		}
	case *ast.Call:
		for _, r := range p.Refs(n.Func) {
			if r.Qual == "typing.get_type_hints" {
				if !ownHintsTarget(p, n) {
					p.Reportf(n, "typing.get_type_hints evaluates the string annotations of an object the program does not define, in namespaces the analysis does not see")
				}
				return
			}
		}
		if p.EvaluatesAnnotations() && len(n.Args) >= 2 {
			if _, ok := engine.FirstIn(p.Refs(n.Func), setDelBuiltins); ok {
				if name, ok := p.ConstString(n.Args[1]); ok && annotationDunder(name) {
					p.Reportf(n, "setting %s chooses what the annotation evaluators evaluate, and where", name)
				}
			}
		}
	case *ast.Attribute:
		if p.EvaluatesAnnotations() && annotationDunder(n.Attr) && annotationStore(p, n) {
			p.Reportf(n, "assignment to %s chooses what the annotation evaluators evaluate, and where", n.Attr)
		}
	case *ast.Name:
		if p.EvaluatesAnnotations() && n.Ctx == ast.Store && annotationDunder(n.Id) && p.InClassBody() {
			p.Reportf(n, "assignment to %s in a class body chooses what the annotation evaluators evaluate, and where", n.Id)
		}
	}
}

func annotationDunder(name string) bool { return name == "__annotations__" || name == "__module__" }

// annotationStore reports whether the attribute n is assigned, deleted, or changed in place
// (x.__annotations__["k"] = v, x.__annotations__.update(...)).
func annotationStore(p *engine.Pass, n *ast.Attribute) bool {
	if n.Ctx != ast.Load {
		return true
	}
	switch parent := p.Parent().(type) {
	case *ast.Subscript:
		return parent.Ctx != ast.Load
	case *ast.Attribute:
		switch parent.Attr {
		case "update", "setdefault", "__setitem__", "clear", "pop", "popitem", "__delitem__":
			return true
		}
	}
	return false
}

// ownHintsTarget reports whether get_type_hints(x) asks about one of the program's own classes or
// functions, with no namespaces of its own: their annotations are judged where they are written.
func ownHintsTarget(p *engine.Pass, c *ast.Call) bool {
	if len(c.Args) != 1 {
		return false
	}
	for _, k := range c.Keywords {
		if k.Arg == nil || *k.Arg != "include_extras" {
			return false
		}
	}
	nm, ok := c.Args[0].(*ast.Name)
	if !ok {
		return false
	}
	binds := p.Bindings(nm.Id)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		if b.Assigned() || !p.IsOwn(nm) {
			return false
		}
	}
	return true
}

// notAType says why e, an expression from a string annotation evaluated at site, is not a plain
// type, or "" when it is one: names and attribute paths that denote classes, subscripts of them,
// unions with |, and the constants Literal takes.
func notAType(p *engine.Pass, e ast.Expr, site engine.Site, depth int) string {
	if depth > 16 {
		return "nested too deeply"
	}
	switch x := e.(type) {
	case *ast.Name, *ast.Attribute:
		return notATypeName(p, x, site)
	case *ast.Subscript:
		if why := notAType(p, x.Value, site, depth+1); why != "" {
			return why
		}
		return notAType(p, x.Slice, site, depth+1)
	case *ast.Tuple:
		for _, el := range x.Elts {
			if why := notAType(p, el, site, depth+1); why != "" {
				return why
			}
		}
		return ""
	case *ast.List:
		for _, el := range x.Elts {
			if why := notAType(p, el, site, depth+1); why != "" {
				return why
			}
		}
		return ""
	case *ast.BinOp:
		if x.Op != ast.BitOr {
			return "an operator"
		}
		if why := notAType(p, x.Left, site, depth+1); why != "" {
			return why
		}
		return notAType(p, x.Right, site, depth+1)
	case *ast.Constant:
		return "" // None, ..., and Literal's values
	case *ast.Call:
		return "a call"
	}
	return "an expression"
}

// notATypeName judges a name or attribute path of a string annotation, resolved where the
// annotation is: a module, a function, a private or dunder step is not a type.
func notATypeName(p *engine.Pass, e ast.Expr, site engine.Site) string {
	root := e
	for {
		at, ok := root.(*ast.Attribute)
		if !ok {
			break
		}
		if engine.IsPrivate(at.Attr) || engine.IsDunder(at.Attr) {
			return "the attribute " + at.Attr
		}
		root = at.Value
	}
	nm, ok := root.(*ast.Name)
	if !ok {
		return "an expression"
	}
	for _, b := range p.BindingsAt(nm.Id, site) {
		if b.IsFunctionDef() {
			return "the function " + nm.Id
		}
	}
	for _, r := range p.RefsAt(e, site) {
		switch r.Kind {
		case engine.ModRef, engine.DictRef, engine.ModulesRef, engine.GlobalsRef:
			return "the module " + r.Qual
		case engine.ObjRef:
			mod, attr := moduleOf(r.Qual)
			if mb, _ := p.ModuleMember(mod, attr); mb.Kind == engine.FunctionMember {
				return "the function " + short(r.Qual)
			}
		}
	}
	return ""
}
