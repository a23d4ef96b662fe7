package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx305 = &engine.Check{
	ID: "SBX305", Name: "foreign-private-attribute", Capability: "introspection", Severity: "high", CWE: 470,
	Doc:        "private (_x) or dunder (__x__) attribute of an object that is not the program's own (its classes, functions and their instances, self and cls in its methods), outside the review's harmless dunders and private names (config/module_api.yaml; a harmless private name stored, set or deleted is judged too: ast.iter_fields reads the names of _fields), and __annotations__ (a library object's annotations are the library's objects: socket.socket); the names functools.update_wrapper and wraps copy from the wrapped object (assigned=, updated=), judged the same way, and any copy onto a wrapper that is not the program's own object, or is one whose library ancestor keeps state (a private name of assigned=, updated= onto an instance) (the wrapped object's __dict__, private names of assigned=); on the program's own objects, a private name the program does not define (one inherited from a standard-library class) or that a library ancestor may set over the class's; self is not the program's own in a method taken from its class other than to be called with an own object (Own.method(loop), the class used as a value); what library code of an ancestor reads on the program's objects: a private name a class body (or a type() namespace) binds that a library ancestor that keeps state may have (a redirect_stdout subclass's _stream), or that the standard library has where the class is used as a value it may become a base through, _fields in such a class, a dunder such a class binds other than the review's harmless ones, and its attribute and state hooks (__setattr__, __getattribute__, __delattr__, __getattr__, __setstate__, __dict__, which copy hands or updates with the library's state), such a class made by a metaclass of the program's (its namespace unseen); functools.cached_property other than as the decorator of a def with a public name, a memo given to copy.deepcopy or a __deepcopy__ other than none, None, an empty dict or a __deepcopy__'s own memo parameter, a store of attrname and a call of __set_name__ on an object not the program's plain own",
	Hint:       "use the object's public API; private and dunder attributes of library objects lead to the interpreter's internals",
	Message:    "%s is a private attribute of an object the program does not define",
	Nodes:      []engine.NodeKind{engine.ModuleNode, engine.NameNode, engine.AttributeNode, engine.CallNode, engine.ImportFromNode, engine.SubscriptNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Run:        runSBX305,
}

func runSBX305(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Module:
		classBodies(p)
	case *ast.Name:
		cachedProperty(p, n)
	case *ast.Attribute:
		if cachedProperty(p, n) {
			return
		}
		if n.Attr == "__set_name__" && !plainOwn(p, n.Value) {
			// cached_property.__set_name__ taken or called: see the call's report below.
			if c, ok := p.Parent().(*ast.Call); !ok || c.Func != ast.Expr(n) {
				p.Reportf(n, "__set_name__ of an object the program does not define, taken as a value, gives it the name of the attribute it reads from other objects where it is called")
				return
			}
		}
		if n.Ctx != ast.Load && namingAttrs[n.Attr] && !plainOwn(p, n.Value) {
			p.Reportf(n, "%s of an object the program does not define names the attribute its code reads from other objects' __dict__ (a private one of a library object)", n.Attr)
			return
		}
		if n.Ctx != ast.Load && accessHooks[n.Attr] {
			if cd := programClass(p, n.Value); cd != nil && p.LibraryMayHave(cd, "") {
				p.Reportf(n, "%s stored on a class with a library ancestor sees the attributes the library's code sets and reads on its objects, private ones among them", n.Attr)
				return
			}
		}
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
		if madeNamespace(p, n) || deepcopyMemo(p, n) {
			return
		}
		for _, r := range p.RefsOf(n) {
			if r.Qual == "functools.cached_property" {
				// getattr(functools, "cached_property"): the class, given where no
				// decorator of a def is seen.
				p.Reportf(n, "functools.cached_property used other than as the decorator of a def may be given any attribute name, which it reads from the __dict__ of the objects it is placed on")
				return
			}
		}
		if len(n.Args) >= 2 {
			if _, ok := engine.FirstIn(p.Refs(n.Func), attrBuiltins); ok {
				if name, ok := p.ConstString(n.Args[1]); ok && name == "__set_name__" && !plainOwn(p, n.Args[0]) {
					p.Reportf(n, "__set_name__ of an object the program does not define, named by a string, gives it the name of the attribute it reads from other objects")
					return
				}
			}
		}
		if isAttr && at.Attr == "__set_name__" && !plainOwn(p, at.Value) {
			// cached_property.__set_name__(owner, "_ssock"): the name its __get__ reads from
			// the instance's __dict__, given where no class body binds it.
			p.Reportf(n, "__set_name__ called on an object the program does not define gives it the name of the attribute it reads from other objects, a private one of a library object among them")
			return
		}
		if len(n.Args) >= 2 {
			if _, ok := engine.FirstIn(p.Refs(n.Func), setDelBuiltins); ok {
				if name, ok := p.ConstString(n.Args[1]); ok && namingAttrs[name] && !plainOwn(p, n.Args[0]) {
					p.Reportf(n, "%s of an object the program does not define names the attribute its code reads from other objects' __dict__ (a private one of a library object)", name)
					return
				}
			}
		}
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
			} else if ok && namingAttrs[s] && !plainOwn(p, obj) {
				p.Reportf(n, "%s of an object the program does not define names the attribute its code reads from other objects' __dict__ (a private one of a library object)", s)
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
	if !foreignWrapper && stateWrapper(p, c) {
		// update_wrapper(Swap, Holder, assigned=("_stream",)): the program's class, whose
		// library ancestor reads _stream, gets the name from the program's plain class.
		if !emptyDisplay(updated) && (updated != nil || !isClassWrapper(p, c)) {
			p.Reportf(c, "update_wrapper copies the wrapped object's attributes (updated=, by default its __dict__) onto an object whose library ancestor keeps state and reads its private attributes")
			return true
		}
		if assigned == nil {
			p.Reportf(c, "update_wrapper sets attributes (assigned='s defaults) of an object whose library ancestor keeps state")
			return true
		}
		if names, ok := displayNames(p, assigned); ok {
			for _, name := range names {
				if engine.IsPrivate(name) && (!p.HarmlessPrivate(name) || name == "_fields") || engine.IsDunder(name) && !wrapperDunders[name] {
					p.Reportf(c, "update_wrapper stores %s on an object whose library ancestor keeps state and may read it", name)
					return true
				}
			}
		}
	}
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

// namingAttrs are attributes of library objects that name an attribute the library's code reads
// from other objects: functools.cached_property's attrname, the key its __get__ looks up in the
// instance's __dict__ (set to "_ssock", it hands out an event loop's self-pipe socket).
var namingAttrs = map[string]bool{"attrname": true}

// accessHooks are the methods through which every attribute store, read or deletion of an
// object passes: on a class with a library ancestor they get the names and values the
// library's code sets on self (an event loop's _ssock socket).
// __setstate__ gets the whole state copy.copy and copy.deepcopy read from such an object.
var accessHooks = map[string]bool{"__setattr__": true, "__getattribute__": true, "__delattr__": true, "__getattr__": true, "__setstate__": true, "__dict__": true}

// plainOwn reports whether e is the program's own object whose class has no library ancestor
// (a descriptor of the program's, whose attrname is its own business).
func plainOwn(p *engine.Pass, e ast.Expr) bool {
	if !p.IsOwn(e) {
		return false
	}
	bases, ok := p.LibraryBases(e)
	if !ok {
		return false
	}
	for _, b := range bases {
		if b != "builtins.object" {
			return false
		}
	}
	return true
}

// programClass is the class statement e names, when it is a name bound only to class
// statements of the program's, else nil.
func programClass(p *engine.Pass, e ast.Expr) *ast.ClassDef {
	nm, ok := e.(*ast.Name)
	if !ok || !p.ProgramClassName(e) {
		return nil
	}
	for _, b := range p.Bindings(nm.Id) {
		if cd := b.ClassDef(); cd != nil {
			return cd
		}
	}
	return nil
}

// classBodies judges the names the program's class bodies bind, which the library's code of
// an ancestor reads on the class's objects, whatever the program's own code does with them:
//   - a private name a library ancestor of the class (or of a class of the program derived from
//     it) may have: class Swap(contextlib.redirect_stdout) with _stream = "path" makes
//     redirect_stdout's code replace sys.path; a harmless private name (an enum's _missing_) is
//     the review's, but _fields is read as attribute names (ast.iter_fields getattr()s each, an
//     event loop subclass's "_ssock" among them);
//   - the attribute hooks (__setattr__, __getattribute__, __delattr__, __getattr__) of a class
//     with a library ancestor that keeps state: every name and value the library's code sets
//     on self passes through them (an event loop's self-pipe socket).
func classBodies(p *engine.Pass) {
	for _, cd := range p.ProgramClasses() {
		// A metaclass of the program's makes the class from the namespace its __new__ or
		// __prepare__ may change (ns["_stream"] = "path"), names no class body shows.
		if p.OwnMetaclass(cd) && p.LibraryMayHave(cd, "") {
			p.Reportf(cd, "a class with a library ancestor that keeps state, made by a metaclass of the program's: its namespace may bind names of the library's private attributes that no class body shows")
		}
	}
	for _, b := range p.ClassBindings() {
		if b.Node == nil {
			b.Node = b.Class
		}
		switch {
		case engine.IsDunder(b.Name):
			// The review's harmless dunders, but the hooks through which the object's state
			// passes (and its __dict__, which copy updates with it).
			if (accessHooks[b.Name] || !p.HarmlessDunder(b.Name)) && p.LibraryMayHave(b.Class, "") || accessHooks[b.Name] && p.MayBecomeBase(b.Class) {
				p.Reportf(b.Node, "%s of a class with a library ancestor that keeps state: the library's code hands it the attributes it sets and reads on its objects, private ones among them", b.Name)
			}
		case engine.IsPrivate(b.Name) && (!p.HarmlessPrivate(b.Name) || b.Name == "_fields"):
			// A class used as a value may become a base where the analysis does not see it
			// (type("Swap", (Holder, redirect_stdout), {}), class Swap(*bases)).
			if p.LibraryMayHave(b.Class, b.Name) || b.Name != "_" && p.StdlibPrivate(b.Name) && p.MayBecomeBase(b.Class) {
				p.Reportf(b.Node, "%s bound in the body of a class with a library ancestor that may have it: the library's code reads the program's value as its own", b.Name)
			}
		}
	}
}

// cachedProperty judges functools.cached_property, whose __get__ returns the entry of the
// instance's __dict__ under its attrname, the name a class body binds it under: it is the
// review's only as the decorator of a def in a class body whose name is public (or a harmless
// private one). Under a private name the descriptor, moved onto a class whose library ancestor
// sets that name (Loop.wake = Cache._ssock), hands out the library's object; made by a call,
// aliased or subclassed it may get any name (attrname, __set_name__).
func cachedProperty(p *engine.Pass, n ast.Expr) bool {
	named := false
	for _, r := range p.Refs(n) {
		named = named || r.Qual == "functools.cached_property"
	}
	if !named {
		return false
	}
	if at, isAttr := p.Parent().(*ast.Attribute); isAttr && at.Value == n {
		return false // functools.cached_property.__doc__: judged as that attribute
	}
	if fn, ok := p.Parent().(*ast.FunctionDef); ok {
		for _, d := range fn.DecoratorList {
			if d == n {
				if engine.IsPrivate(fn.Name) && !p.HarmlessPrivate(fn.Name) {
					p.Reportf(n, "functools.cached_property on %s reads that private name from the __dict__ of any object it is placed on (an event loop's self-pipe socket)", fn.Name)
				}
				return true
			}
		}
	}
	p.Reportf(n, "functools.cached_property used other than as the decorator of a def may be given any attribute name, which it reads from the __dict__ of the objects it is placed on")
	return true
}

// madeNamespace judges the namespace of a call that may make a class (type, abc.ABCMeta,
// another metaclass) with a base that is a library class keeping state, or not known: its keys
// are the class body's names, judged as classBodies judges them (type("Swap",
// (contextlib.redirect_stdout,), {"_stream": "path"}) makes redirect_stdout's code replace
// sys.path). The namespace must be a dict display with constant keys; types.new_class's
// exec_body fills it unseen.
func madeNamespace(p *engine.Pass, c *ast.Call) bool {
	nsAt, basesAt := -1, 1
	for _, r := range p.Refs(c.Func) {
		if r.Qual == "types.new_class" {
			if statefulBases(p, argOrKeyword(c, 1, "bases")) && (len(c.Args) >= 4 && !isNone(c.Args[3]) || argOrKeyword(c, 3, "exec_body") != nil && !isNone(argOrKeyword(c, 3, "exec_body"))) {
				p.Reportf(c, "types.new_class with a library base that keeps state fills the class's namespace with names the source does not show")
				return true
			}
			return false
		}
	}
	if !p.MayMakeClass(c) {
		return false
	}
	nsAt = 2
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "__new__" {
		nsAt, basesAt = 3, 2
	}
	if len(c.Args) <= nsAt {
		return false
	}
	for _, a := range c.Args[:nsAt+1] {
		if _, star := a.(*ast.Starred); star {
			return false // SBX403's
		}
	}
	known := false
	for _, r := range p.Refs(c.Func) {
		known = known || r.Qual == "builtins.type" || r.Qual == "abc.ABCMeta"
	}
	bases := c.Args[basesAt]
	if nm, isName := bases.(*ast.Name); isName {
		if bs := p.Bindings(nm.Id); len(bs) == 1 && bs[0].Assigned() {
			if t, ok := bs[0].Value().(*ast.Tuple); ok {
				bases = t // BASES = (contextlib.redirect_stdout,)
			}
		}
	}
	if _, display := bases.(*ast.Tuple); !display && (!known || nsAt == 3) {
		// Message(kind, seq, body), an object not known with three arguments, or a
		// metaclass's __new__ forwarding the bases it is given: the class statements that
		// use it are judged where they are written (classBodies).
		return false
	}
	if !statefulBases(p, bases) {
		return false
	}
	if !known && nsAt == 2 {
		// Meta("Swap", (redirect_stdout,), {}): the program's metaclass (or an object not
		// known) may change the namespace before the class is made.
		p.Reportf(c, "a class with a library base that keeps state, made by a call that may change its namespace (a metaclass of the program's): its names may be the library's private ones")
		return true
	}
	d, ok := c.Args[nsAt].(*ast.Dict)
	if !ok {
		if forwardedParam(p, c.Args[nsAt]) {
			return false // a metaclass's __new__ forwarding its class body's namespace
		}
		p.Reportf(c, "a class made with a library base that keeps state, from a namespace the source does not show: its names may be the library's private ones")
		return true
	}
	for _, k := range d.Keys {
		name, ok := "", k != nil
		if ok {
			name, ok = p.ConstString(k)
		}
		if !ok {
			p.Reportf(c, "a class made with a library base that keeps state, from a namespace whose names the source does not show")
			return true
		}
		if accessHooks[name] || engine.IsPrivate(name) && (!p.HarmlessPrivate(name) || name == "_fields") {
			p.Reportf(c, "%s in the namespace of a class made with a library base that keeps state: the library's code reads the program's value as its own", name)
			return true
		}
	}
	return false
}

// statefulBases reports whether a bases tuple may hold a library class that keeps state on its
// instances, or a class not known (anything but a display of known classes).
func statefulBases(p *engine.Pass, bases ast.Expr) bool {
	t, ok := bases.(*ast.Tuple)
	if !ok {
		return bases != nil
	}
	for _, e := range t.Elts {
		if cd := programClass(p, e); cd != nil {
			if p.LibraryMayHave(cd, "") {
				return true
			}
			continue
		}
		known := false
		for _, r := range p.Refs(e) {
			if class, inst, ok := p.TypeOf(r); ok && !inst {
				known = true
				if !engine.StatelessClass(class) {
					return true
				}
			}
		}
		if !known {
			return true
		}
	}
	return false
}

// stateWrapper reports whether the object c, a call of functools.update_wrapper or wraps,
// gives attributes to is the program's own with a library ancestor that keeps state (or one not
// known): the class update_wrapper is given first, or the class statement wraps decorates.
func stateWrapper(p *engine.Pass, c *ast.Call) bool {
	if _, ok := engine.FirstIn(p.Refs(c.Func), updateWrapper); ok {
		w := argOrKeyword(c, 0, "wrapper")
		if w == nil {
			return true
		}
		if cd := programClass(p, w); cd != nil {
			return p.LibraryMayHave(cd, "")
		}
		if cd := selfClassOf(p, w); cd != nil {
			return p.LibraryMayHave(cd, "")
		}
		return libraryState(p, w)
	}
	if cd, ok := p.Parent().(*ast.ClassDef); ok {
		return p.LibraryMayHave(cd, "")
	}
	if parent, ok := p.Parent().(*ast.Call); ok && ast.Node(parent.Func) == ast.Node(c) && len(parent.Args) == 1 {
		if cd := programClass(p, parent.Args[0]); cd != nil {
			return p.LibraryMayHave(cd, "")
		}
		return libraryState(p, parent.Args[0])
	}
	return false
}

// isClassWrapper reports whether update_wrapper's or wraps' wrapper is a class statement of the
// program's (whose __dict__, a mapping proxy, updated= cannot change).
func isClassWrapper(p *engine.Pass, c *ast.Call) bool {
	if _, ok := engine.FirstIn(p.Refs(c.Func), updateWrapper); ok {
		return programClass(p, argOrKeyword(c, 0, "wrapper")) != nil
	}
	_, ok := p.Parent().(*ast.ClassDef)
	return ok
}

// displayNames are the constant names of a tuple or list display.
func displayNames(p *engine.Pass, e ast.Expr) ([]string, bool) {
	var elts []ast.Expr
	switch x := e.(type) {
	case *ast.Tuple:
		elts = x.Elts
	case *ast.List:
		elts = x.Elts
	default:
		return nil, false
	}
	names := make([]string, 0, len(elts))
	for _, el := range elts {
		s, ok := p.ConstString(el)
		if !ok {
			return nil, false
		}
		names = append(names, s)
	}
	return names, true
}

// selfClassOf is the class whose method the current node is in, when e is the name of that
// method's first parameter, else nil.
func selfClassOf(p *engine.Pass, e ast.Expr) *ast.ClassDef {
	nm, ok := e.(*ast.Name)
	d, in := p.EnclosingMethod()
	if !ok || !in || d.Args == nil {
		return nil
	}
	params := append(append([]*ast.Arg(nil), d.Args.Posonlyargs...), d.Args.Args...)
	if len(params) == 0 || params[0].Arg != nm.Id {
		return nil
	}
	for _, b := range p.ClassBindings() {
		if b.Node == ast.Node(d) {
			return b.Class
		}
	}
	return nil
}

// deepcopyMemo judges the memo given to copy.deepcopy and to a __deepcopy__ called by the
// program: deepcopy stores into it every original it copied (memo[id(memo)].append(x)) and asks
// it what is already copied (memo.get(id(x))), so a memo of the program's mapping class gets the
// originals, an event loop's __dict__ among them (its self-pipe socket), and chooses what is
// copied. Only no memo, None, an empty dict, or the memo parameter a __deepcopy__ of the
// program's is given, handed on unchanged, are the review's.
func deepcopyMemo(p *engine.Pass, c *ast.Call) bool {
	var memo ast.Expr
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "__deepcopy__" {
		for _, k := range c.Keywords {
			if k.Arg == nil || *k.Arg == "memo" {
				memo = k.Value
			}
		}
		if memo == nil && len(c.Args) > 0 {
			memo = c.Args[len(c.Args)-1]
		}
	} else {
		deep := false
		for _, r := range p.Refs(c.Func) {
			deep = deep || r.Qual == "copy.deepcopy"
		}
		if !deep {
			return false
		}
		memo = argOrKeyword(c, 1, "memo")
		for _, k := range c.Keywords {
			if k.Arg == nil {
				memo = k.Value
			}
		}
	}
	if memo == nil || isNone(memo) || plainMemo(p, memo) {
		return false
	}
	p.Reportf(c, "a memo of the program's given to deepcopy gets every object copied, the library's among them, and chooses what is copied")
	return true
}

// plainMemo reports whether e is an empty dict (a display or dict()) or the memo parameter of a
// __deepcopy__ of the program's, handed on unchanged.
func plainMemo(p *engine.Pass, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Dict:
		return len(x.Keys) == 0
	case *ast.Call:
		if len(x.Args) == 0 && len(x.Keywords) == 0 {
			for _, r := range p.Refs(x.Func) {
				if r.Qual == "builtins.dict" {
					return true
				}
			}
		}
		return false
	case *ast.Name:
		d, in := p.EnclosingMethod()
		if !in || d.Name != "__deepcopy__" || d.Args == nil || !forwardedParam(p, x) {
			return false
		}
		params := append(append([]*ast.Arg(nil), d.Args.Posonlyargs...), d.Args.Args...)
		return len(params) == 2 && params[1].Arg == x.Id
	}
	return false
}
