package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx305 = &engine.Check{
	ID: "SBX305", Name: "foreign-private-attribute", Capability: "introspection", Severity: "high", CWE: 470,
	Doc:        "private (_x) or dunder (__x__) attribute of an object that is not the program's own (its classes, functions and their instances, self and cls in its methods), outside the review's harmless dunders and private names (config/module_api.yaml; a harmless private name stored, set or deleted is judged too: ast.iter_fields reads the names of _fields), and __annotations__ (a library object's annotations are the library's objects: socket.socket); the names functools.update_wrapper and wraps copy from the wrapped object (assigned=, updated=), judged the same way, and any copy onto a wrapper that is not the program's own object (the wrapped object's __dict__, private names of assigned=); on the program's own objects, a private name the program does not define (one inherited from a standard-library class) or that a library ancestor may set over the class's; self is not the program's own in a method taken from its class other than to be called with an own object (Own.method(loop), the class used as a value)",
	Hint:       "use the object's public API; private and dunder attributes of library objects lead to the interpreter's internals",
	Message:    "%s is a private attribute of an object the program does not define",
	Nodes:      []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.ImportFromNode, engine.SubscriptNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Run:        runSBX305,
}

func runSBX305(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Attribute:
		if n.Attr != "" && n.Attr[0] == '_' {
			foreignPrivate(p, n, n.Value, n.Attr)
		}
	case *ast.ImportFrom:
		// from email import __path__: a dunder of a module, by import.
		if n.Level == 0 {
			for _, al := range n.Names {
				if engine.IsDunder(al.Name) && !reviewedDunder(al.Name) && !p.HarmlessDunder(al.Name) {
					p.Reportf(al, "%s is a dunder attribute of the module %s", al.Name, ast.Str(n.Module))
				}
			}
		}
	case *ast.Subscript:
		// vars(x)["_name"], x.__dict__[key]: the object's attributes by key.
		if n.Ctx == ast.Load {
			namespaceKey(p, n, n.Value, n.Slice)
		}
	case *ast.Call:
		if copiedNames(p, n) {
			return
		}
		at, isAttr := n.Func.(*ast.Attribute)
		if isAttr && (at.Attr == "get" || at.Attr == "pop" || at.Attr == "setdefault" || at.Attr == "__getitem__") && len(n.Args) > 0 {
			namespaceKey(p, n, at.Value, n.Args[0])
			return
		}
		if isAttr && (at.Attr == "__setattr__" || at.Attr == "__delattr__") && len(n.Args) > 0 {
			// x.__setattr__("_name", v), object.__setattr__(x, "_name", v): a store.
			obj, name := at.Value, n.Args[0]
			for _, r := range p.Refs(at.Value) {
				if (r.Qual == "builtins.object" || r.Qual == "builtins.type") && len(n.Args) >= 2 {
					obj, name = n.Args[0], n.Args[1]
				}
			}
			if s, ok := p.ConstString(name); ok && s != "" && s[0] == '_' && !engine.IsDunder(s) {
				foreignPrivate(p, n, obj, s)
			}
			return
		}
		if isAttr && at.Attr == "__getattribute__" && len(n.Args) > 0 {
			// x.__getattribute__("_name"), object.__getattribute__(x, "_name")
			obj, name := at.Value, n.Args[0]
			for _, r := range p.Refs(at.Value) {
				if (r.Qual == "builtins.object" || r.Qual == "builtins.type") && len(n.Args) >= 2 {
					obj, name = n.Args[0], n.Args[1]
				}
			}
			if s, ok := p.ConstString(name); ok && s != "" && s[0] == '_' {
				foreignPrivate(p, n, obj, s)
			}
			return
		}
		// getattr(x, "_name") and hasattr/setattr/delattr with a constant private name.
		if len(n.Args) < 2 {
			return
		}
		if _, ok := engine.FirstIn(p.Refs(n.Func), attrBuiltins); !ok {
			return
		}
		if name, ok := p.ConstString(n.Args[1]); ok && name != "" && name[0] == '_' {
			foreignPrivate(p, n, n.Args[0], name)
		}
	}
}

// namespaceKey judges a key read from an object's attribute dict, vars(x) or x.__dict__, of an
// object that is not the program's own: a private or dunder key is judged like the attribute; a
// key built at run time is a computed attribute name (constant public names from a loop over a
// display excepted).
func namespaceKey(p *engine.Pass, at ast.Node, ns, key ast.Expr) {
	obj := namespaceOf(p, ns)
	if obj == nil || p.IsOwn(obj) {
		return
	}
	if s, ok := p.ConstString(key); ok {
		if s != "" && s[0] == '_' && !reviewedDunder(s) {
			foreignPrivate(p, at, obj, s)
		}
		return
	}
	if !safeLoopName(p, key) {
		p.Reportf(at, "a key built at run time, read from the attributes of an object the program does not define, can name any of its attributes")
	}
}

// namespaceOf is x when ns is vars(x) or x.__dict__ of an object that is not a module or a class
// (those are SBX402's and SBX301's), else nil.
func namespaceOf(p *engine.Pass, ns ast.Expr) ast.Expr {
	var obj ast.Expr
	switch e := ns.(type) {
	case *ast.Attribute:
		if e.Attr == "__dict__" {
			obj = e.Value
		}
	case *ast.Call:
		if len(e.Args) == 1 {
			if _, ok := engine.FirstIn(p.Refs(e.Func), varsBuiltin); ok {
				obj = e.Args[0]
			}
		}
	}
	if obj == nil || namespaceLike(p, p.Refs(obj)) || classLike(p, obj) {
		return nil
	}
	return obj
}

func foreignPrivate(p *engine.Pass, at ast.Node, obj ast.Expr, attr string) {
	dunder := engine.IsDunder(attr)
	// The review's harmless private names are names any object may be asked for, not names the
	// program may give an object it does not define: ast.iter_fields(x) getattr()s every name of
	// x._fields, NodeTransformer.generic_visit setattr()s them.
	if dunder && reviewedDunder(attr) || !dunder && p.HarmlessPrivate(attr) && !storeSite(p, at) {
		return // SBX301 or SBX302 report it; or the review lets any object have it
	}
	if p.IsOwn(obj) {
		// object.__getstate__ hands out the object's __dict__, which a library base class
		// fills as vars() does (SBX402).
		if attr == "__getstate__" && !p.OwnDefines(obj, attr) && !p.OwnNamespace(obj) {
			p.Reportf(at, "%s of an object whose library base class sets attributes on it hands out its namespace, private attributes among them", attr)
			return
		}
		// The program's own object: its dunders, and the private names its class defines. A
		// private name its class does not define comes from a library base class.
		if dunder || p.OwnDefines(obj, attr) {
			return
		}
		p.Reportf(at, "%s is not defined by the program's class: a private attribute it inherits from a library class", attr)
		return
	}
	base := p.Refs(obj)
	for _, r := range base {
		if r.Kind == engine.ModRef && !dunder {
			return // SBX501: a private attribute of a module
		}
	}
	if dunder {
		if st, ok := at.(*ast.Attribute); attr == "__annotations__" && (!ok || st.Ctx == ast.Load) {
			// The review's harmless dunders hold for any object's name, not for what a library
			// object's annotations are: the library's own objects, never judged
			// (TransportSocket.__init__'s sock: socket.socket). A store is SBX205's.
			p.Reportf(at, "__annotations__ of an object the program does not define hands out the objects its library annotates with (classes of modules outside the allowlist)")
			return
		}
		if p.HarmlessDunder(attr) && !(attr == "__dict__" && (classLike(p, obj) || namespaceLike(p, base))) {
			return
		}
		p.Reportf(at, "%s is a dunder attribute of an object the program does not define", attr)
		return
	}
	// A private name the program defines is its own, unless the library has it too: then the
	// object must be the program's own.
	if p.OwnAttr(attr) && !p.StdlibPrivate(attr) {
		return
	}
	p.Report(at, attr)
}

// copiedNames judges the names functools.update_wrapper (and wraps) copies: each name in
// assigned= is a getattr of the wrapped object and a setattr on the wrapper, each in updated= a
// getattr whose dict updates the wrapper's. A private or dunder name is judged like an attribute
// of the wrapped object (update_wrapper(Own, loop, assigned=("_ssock",)) makes the loop's socket
// a class attribute of the program's); names the source does not show are reported.
func copiedNames(p *engine.Pass, c *ast.Call) bool {
	var wrapped, assigned, updated ast.Expr
	for _, r := range p.Refs(c.Func) {
		switch r.Qual {
		case "functools.update_wrapper":
			wrapped, assigned, updated = argOrKeyword(c, 1, "wrapped"), argOrKeyword(c, 2, "assigned"), argOrKeyword(c, 3, "updated")
		case "functools.wraps":
			wrapped, assigned, updated = argOrKeyword(c, 0, "wrapped"), argOrKeyword(c, 1, "assigned"), argOrKeyword(c, 2, "updated")
		default:
			continue
		}
		break
	}
	if wrapped == nil {
		return false
	}
	foreignWrapper := !programWrapper(p, c)
	spread := false
	for _, a := range c.Args {
		_, st := a.(*ast.Starred)
		spread = spread || st
	}
	for _, k := range c.Keywords {
		spread = spread || k.Arg == nil
	}
	if spread {
		p.Reportf(c, "update_wrapper with spread arguments copies attributes whose names the source does not show")
		return true
	}
	if foreignWrapper {
		// The wrapper gets every name the wrapped object's __dict__ holds (updated's default,
		// ("__dict__",)), and the names of assigned=: stores of names the program chose onto an
		// object it does not define (update_wrapper(loop, holder) gives the loop holder's
		// _fields = ("_ssock",), which ast.iter_fields reads as attribute names).
		if !emptyDisplay(updated) {
			p.Reportf(c, "update_wrapper copies the wrapped object's attributes (updated=, by default its __dict__) onto an object the program does not define")
			return true
		}
		if assigned == nil {
			p.Reportf(c, "update_wrapper sets __annotations__ and other attributes (assigned='s defaults) of an object the program does not define")
			return true
		}
	}
	for _, names := range []ast.Expr{assigned, updated} {
		if names == nil {
			continue
		}
		var elts []ast.Expr
		switch e := names.(type) {
		case *ast.Tuple:
			elts = e.Elts
		case *ast.List:
			elts = e.Elts
		default:
			p.Reportf(c, "update_wrapper copies attributes whose names the source does not show (assigned=, updated= other than a display of constant names)")
			return true
		}
		for _, e := range elts {
			name, ok := p.ConstString(e)
			if !ok {
				p.Reportf(c, "update_wrapper copies an attribute whose name the source does not show")
				return true
			}
			if name != "" && name[0] == '_' {
				if foreignWrapper && names == assigned && !wrapperDunders[name] {
					p.Reportf(c, "update_wrapper stores %s on an object the program does not define", name)
					return true
				}
				foreignPrivate(p, c, wrapped, name)
			}
		}
	}
	return false
}

// wrapperDunders are the names update_wrapper may set on any object: its text attributes.
var wrapperDunders = map[string]bool{"__module__": true, "__name__": true, "__qualname__": true, "__doc__": true}

// emptyDisplay reports whether e is an empty tuple or list display.
func emptyDisplay(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Tuple:
		return len(x.Elts) == 0
	case *ast.List:
		return len(x.Elts) == 0
	}
	return false
}

// programWrapper reports whether the object c, a call of functools.update_wrapper or wraps,
// gives attributes to is the program's own: update_wrapper's first argument, or what the
// function wraps returns is applied to (a def or class it decorates, the argument of an
// immediate call). wraps(x) kept as a value may be applied to anything.
func programWrapper(p *engine.Pass, c *ast.Call) bool {
	if _, ok := engine.FirstIn(p.Refs(c.Func), updateWrapper); ok {
		w := argOrKeyword(c, 0, "wrapper")
		return w != nil && p.ProgramObject(w)
	}
	switch parent := p.Parent().(type) {
	case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
		return true // @wraps(f) on a def or class of the program's
	case *ast.Call:
		if ast.Node(parent.Func) == ast.Node(c) && len(parent.Args) == 1 && len(parent.Keywords) == 0 {
			if _, st := parent.Args[0].(*ast.Starred); !st {
				return p.ProgramObject(parent.Args[0])
			}
		}
	}
	return false
}

// storeSite reports whether at stores or deletes the attribute it names: an assignment, del or
// augmented assignment target, setattr or delattr, a __setattr__ or __delattr__ call.
func storeSite(p *engine.Pass, at ast.Node) bool {
	switch n := at.(type) {
	case *ast.Attribute:
		return n.Ctx != ast.Load
	case *ast.Call:
		if f, ok := n.Func.(*ast.Attribute); ok && (f.Attr == "__setattr__" || f.Attr == "__delattr__") {
			return true
		}
		_, ok := engine.FirstIn(p.Refs(n.Func), setDelBuiltins)
		return ok
	}
	return false
}
