package checks

import (
	"slices"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx403 = &engine.Check{
	ID: "SBX403", Name: "computed-attribute-name", Capability: "builtins_access", Severity: "high", CWE: 470,
	Doc:        "getattr/delattr with a computed name (a letter-prefixed one only on the program's own objects, and with operands other than str only when no class of the program defines __radd__, is made by type() or is given attributes by a setattr with a computed or dunder name), getattr/setattr/delattr/hasattr with a dunder name, setattr or a __setattr__ with \"__class__\", or with a computed name and a value that may be a class (not data such as json.loads gives), or any value on an object whose library class (or one of its ancestors) keeps state, or that the analysis cannot type (the name may be a private one the library's code reads: redirect_stdout's _stream), __setattr__ taken as a value, object.__getattribute__(x, name) with a computed name, __setattr__, __delattr__, __getattribute__ or __getattr__ called with spread arguments, or getattr passed as a value; library code that stores under names the program chose: a library class's method called with the program's own object as self (but a base's method of the same name on self from the program's method), a library class's dunder method called with a self not known to be its instance (argparse.Namespace.__eq__(loop, mirror) compares the loop's attributes with the program's objects), also one the program's class inherits (Mirror.__eq__(loop, mirror), Mirror a Namespace subclass) and a dunder of an object's class (type(x), x.__class__, a name bound to one) or of super(C, K) of a class K called with another object as self or taken as a value, a namespace= other than None or an argparse.Namespace (also given by parse_*'s spread arguments), a dest= that is computed or a dunder (also as a key of a ** display); the names __class__ and __dict__ given as keywords or constant mapping keys; email's Policy.clone (judged) called unbound with an object not known to be a policy, or with spread or dunder keywords; a store into an object's attributes under a computed name with a value that is not data (a key of vars(x) or x.__dict__, stored, updated or set by default; where a module running copy's code is imported, a ** mapping given to an open class such as types.SimpleNamespace, logging.makeLogRecord's mapping or extra=, the namespace of a call that may make a class: type, abc.ABCMeta, another metaclass) and the copy hooks __reduce_ex__, __reduce__ and __getstate__ given as keywords: copy.copy reads them from the object and stores their plan's slot state with setattr; the attribute dict of the program's own object handed where its keys are stored unseen (operator.setitem, dict.update, a function of the program, a container, collections.ChainMap, returned)",
	Hint:       "use obj.name, or getattr(obj, \"name\") with a constant name, or a dict of allowed handlers",
	Message:    "%s with a computed attribute name can reach any attribute",
	Nodes:      []engine.NodeKind{engine.CallNode, engine.NameNode, engine.AttributeNode, engine.DictNode, engine.SubscriptNode, engine.AugAssignNode},
	Unresolved: []engine.NodeKind{engine.CallNode, engine.AttributeNode, engine.SubscriptNode, engine.NameNode},
	Run:        runSBX403,
}

func runSBX403(p *engine.Pass, n ast.Node) {
	switch n.(type) {
	case *ast.Dict, *ast.Subscript:
		if !classKeyword(p, n) {
			namespaceStore(p, n)
		}
		return
	case *ast.AugAssign:
		namespaceStore(p, n)
		return
	}
	if namespaceEscape(p, n) {
		return
	}
	c, ok := n.(*ast.Call)
	if ok && (classKeyword(p, c) || copyHookKeyword(p, c) || namespaceStore(p, c) || policyClone(p, c) || libraryMethodOnOwn(p, c) || libraryDunderOnForeign(p, c) || namespaceOnOwn(p, c)) {
		return
	}
	if at, isAttr := n.(*ast.Attribute); isAttr && at.Attr == "__setattr__" && at.Ctx == ast.Load && !p.IsCallee(n) {
		// f = plan.__setattr__; f(name, C): the names it is given are not seen where it is called.
		p.Reportf(n, "__setattr__ taken as a value stores the names it is given at run time, __class__ among them")
		return
	}
	if at, isAttr := n.(*ast.Attribute); isAttr && at.Ctx == ast.Load && !p.IsCallee(n) && dunderMethodValue(p, at) {
		// init = argparse.Namespace.__init__; init(plan, **kw): the self it is given is not
		// seen where it is called (see libraryMethodOnOwn).
		if cls := libraryClassOf(p, at.Value); cls != "" && cls != "builtins.object" {
			p.Reportf(n, "%s.%s taken as a value may be called with the program's own object as self, storing on it what the library's code chooses", short(cls), at.Attr)
			return
		}
		if !classDunders[at.Attr] && !classData[at.Attr] && (p.LibraryMethodOf(at.Value, at.Attr) || objectClassOf(p, at.Value) != nil || superOfClass(p, at.Value)) {
			// eq = Mirror.__eq__ (argparse.Namespace's), type(m).__eq__: called where the self
			// it is given is not seen (see libraryDunderOnForeign).
			p.Reportf(n, "%s of a class that may be a library's taken as a value may be called with any object as self, whose attributes the library's code reads as its own", at.Attr)
			return
		}
	}
	if !ok {
		if !p.UsedAsValue(n) {
			return
		}
		if q, ok := engine.FirstIn(p.NamedRefs(n, true), attrBuiltins); ok && q != "builtins.hasattr" {
			p.Reportf(n, "%s is passed as a value, so the attribute names it is given are unknown", short(q))
		} else if q, ok := engine.FirstIn(p.NamedRefs(n, true), attrCopiers); ok {
			// partial(update_wrapper, assigned=("_ssock",)): the names it copies (SBX305
			// judges them at a call) are given where it is called, unseen.
			p.Reportf(n, "%s is passed as a value, so the attribute names it copies are unknown", short(q))
		}
		return
	}
	checkName := func(obj, nameArg ast.Expr, fn string) {
		if nameArg == nil {
			return
		}
		if name, ok := p.ConstString(nameArg); ok {
			if dunderIntro[name] {
				p.Reportf(n, "%s with the dunder name %q walks the object graph", fn, name)
			}
			return
		}
		if !safeComputedName(p, nameArg, obj) {
			p.Report(n, fn)
		}
	}
	if at, ok := c.Func.(*ast.Attribute); ok && attrHookCalls[at.Attr] && spreadCall(c) {
		// type.__setattr__(*[Swap, "_stream", "path"]): the object and name are read by
		// position below, and a starred argument holds them.
		p.Reportf(n, "%s called with spread arguments stores or reads names no check sees", at.Attr)
		return
	}
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "__setattr__" {
		// object.__setattr__(x, "__class__", C), x.__setattr__("__class__", C): a re-classing
		// like x.__class__ = C (SBX301).
		for _, a := range c.Args {
			if name, ok := p.ConstString(a); ok && name == "__class__" {
				p.Reportf(n, "__setattr__ with the dunder name %q changes which class's code runs on the object", name)
				return
			}
		}
		obj, args := ast.Expr(at.Value), c.Args
		if len(args) >= 3 {
			obj, args = args[0], args[1:] // object.__setattr__(x, name, v)
		}
		if len(args) >= 2 {
			computedStore(p, n, obj, args[0], args[1], "__setattr__")
		}
		return
	}
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "__getattribute__" {
		arg := 0
		for _, r := range p.Refs(at.Value) {
			if r.Qual == "builtins.object" || r.Qual == "builtins.type" || r.Qual == "builtins.super" {
				arg = 1
			}
		}
		if len(c.Args) > arg {
			obj := at.Value
			if arg == 1 {
				obj = c.Args[0]
			}
			checkName(obj, c.Args[arg], "__getattribute__")
		}
		return
	}
	q, ok := engine.FirstIn(p.Refs(c.Func), attrBuiltins)
	if !ok || len(c.Args) < 2 {
		return
	}
	if (q == "builtins.setattr" || q == "builtins.hasattr") && !namespaceLike(p, p.Refs(c.Args[0])) {
		// setattr(self, key, value) from data and hasattr probes are everyday code: only a dunder
		// name (reaching internals) is reported on ordinary objects.
		// setattr(x, "__class__", C) re-classes the object, as x.__class__ = C does (SBX301).
		if name, ok := p.ConstString(c.Args[1]); ok && (dunderIntro[name] || q == "builtins.setattr" && name == "__class__") {
			p.Reportf(n, "%s with the dunder name %q walks the object graph", short(q), name)
			return
		}
		if q == "builtins.setattr" && len(c.Args) >= 3 {
			computedStore(p, n, c.Args[0], c.Args[1], c.Args[2], "setattr")
		}
		return
	}
	checkName(c.Args[0], c.Args[1], short(q))
}

// computedStore reports a store, by setattr or a __setattr__, whose name is known only at run
// time and whose value may be a class: the name may be "__class__" (from data: json, argv, a
// file), which re-classes the object as x.__class__ = C does (SBX301): the program's own object
// then runs a library class's private methods under names the analysis takes for its own, or a
// library object the program's methods. A name the analysis knows is safe (see
// safeComputedName), the forwarding in a __setattr__ of the name it is given (each store that
// calls it is judged where it is), and a value known not to be a class (data, a display) are
// fine: setattr(self, key, value) over json.load(f).items() or over **kwargs that every call
// passes data.
func computedStore(p *engine.Pass, n ast.Node, obj, name, value ast.Expr, fn string) {
	if _, ok := p.ConstString(name); ok || safeComputedName(p, name, obj) || p.ForwardedSetattrName(name) {
		return
	}
	if libraryState(p, obj) {
		// setattr(Swap, key, "path") with key "_stream" from json.loads: data, but under a
		// private name the library's code of an ancestor reads (redirect_stdout's __enter__
		// then replaces sys.path).
		p.Reportf(n, "%s with a name known only at run time on an object whose library class keeps state may store over the library's private attributes, which its code reads", fn)
		return
	}
	if p.NotClass(value) {
		return
	}
	p.Reportf(n, "%s with a name known only at run time may store a class into __class__, which changes which class's code runs on the object", fn)
}

// libraryState reports whether obj is an object of a library class that keeps state on its
// objects (not an open class that holds only what it is given), or the program's own object or
// class with such a class among its ancestors (or an ancestor not known).
func libraryState(p *engine.Pass, obj ast.Expr) bool {
	if bases, ok := p.LibraryBases(obj); ok {
		for _, b := range bases {
			if !engine.StatelessClass(b) {
				return true
			}
		}
		return false
	} else if p.IsOwn(obj) {
		return true // an ancestor not known
	}
	refs := p.Refs(obj)
	if len(refs) == 0 {
		return true // a parameter, an item: a class of the program's with library state among what it may be
	}
	for _, r := range refs {
		if class, inst, ok := p.TypeOf(r); !ok || inst && !engine.StatelessClass(class) && !p.HoldsOnlyGiven(r) {
			return true
		}
	}
	return false
}

// libraryMethodOnOwn reports Cls.method(own, ...), a library class's method called unbound with
// one of the program's own objects as self: the library's code then stores on the program's
// object under names the program chose (argparse.Namespace.__init__(plan, **{"__class__": C})
// does setattr(plan, "__class__", C)), which no check sees where the program writes them. Only
// the call of a base's method of the same name from the program's method, on its own self
// (Base.__init__(self, ...) in __init__, as super() does), is fine.
func libraryMethodOnOwn(p *engine.Pass, c *ast.Call) bool {
	at, ok := c.Func.(*ast.Attribute)
	if !ok || len(c.Args) == 0 || !p.IsOwn(c.Args[0]) {
		return false
	}
	cls := libraryClassOf(p, at.Value)
	if cls == "" || cls == "builtins.object" || at.Attr == "__setattr__" {
		return false // object's methods store nothing; __setattr__ calls are judged below
	}
	if d, ok := p.EnclosingMethod(); ok && d.Name == at.Attr && d.Args != nil {
		params := append(append([]*ast.Arg(nil), d.Args.Posonlyargs...), d.Args.Args...)
		if nm, isName := c.Args[0].(*ast.Name); isName && len(params) > 0 && params[0].Arg == nm.Id {
			bases, _ := p.LibraryBases(c.Args[0])
			if slices.Contains(bases, cls) {
				return false
			}
		}
	}
	p.Reportf(c, "%s.%s called with the program's own object as self stores on it what the library's code chooses, __class__ among the names", short(cls), at.Attr)
	return true
}

// libraryDunderOnForeign reports Cls.__dunder__(x, ...), a library class's dunder method called
// unbound with a self that is neither the program's own object (libraryMethodOnOwn) nor known to
// be an instance of Cls: Python code of the library then reads that object's attributes as its
// own, private ones among them, and hands them to the other operands
// (argparse.Namespace.__eq__(loop, mirror) compares vars(loop) with vars(mirror), calling the
// program's __eq__ with each of the loop's values). The builtins' methods check their self's
// type; the class-level dunders (__new__, __init_subclass__, ...) take no instance.
func libraryDunderOnForeign(p *engine.Pass, c *ast.Call) bool {
	at, ok := c.Func.(*ast.Attribute)
	if !ok || len(c.Args) == 0 || !engine.IsDunder(at.Attr) || classDunders[at.Attr] || p.IsOwn(c.Args[0]) {
		return false
	}
	cls := libraryClassOf(p, at.Value)
	if cls == "" {
		// Mirror.__eq__(loop, m), Mirror a subclass of argparse.Namespace: the library's method
		// reached through the program's class. type(m).__eq__(loop, m), m.__class__.__eq__: the
		// method of an object's class, whatever it is, with another object as self.
		self := c.Args[0]
		switch {
		case p.LibraryMethodOf(at.Value, at.Attr):
			p.Reportf(c, "%s.%s, inherited from a library class, called with an object that may not be an instance of it as self: the library's code reads that object's attributes, private ones among them, as its own", at.Value.(*ast.Name).Id, at.Attr)
			return true
		case objectClassOf(p, at.Value) != nil && !sameName(objectClassOf(p, at.Value), self):
			p.Reportf(c, "%s of an object's class called with another object as self: the class's code, a library's among them, reads that object's attributes, private ones among them, as its own", at.Attr)
			return true
		case superOfClass(p, at.Value):
			p.Reportf(c, "%s of super() of a class called with an object that may not be its instance as self: the next class's code, a library's among them, reads that object's attributes as its own", at.Attr)
			return true
		}
		return false
	}
	if strings.HasPrefix(cls, "builtins.") {
		return false
	}
	if inst, ok := p.InstanceClass(c.Args[0]); ok && p.Derives(inst, cls) {
		return false
	}
	p.Reportf(c, "%s.%s called with an object that may not be an instance of %s as self: the library's code reads that object's attributes, private ones among them, as its own", short(cls), at.Attr, short(cls))
	return true
}

// superOfClass reports whether e is super(C, K) with K a class (of the program, or type(x),
// x.__class__): its methods are the next classes' functions, unbound.
func superOfClass(p *engine.Pass, e ast.Expr) bool {
	c, ok := e.(*ast.Call)
	if !ok || len(c.Args) != 2 {
		return false
	}
	if _, ok := engine.FirstIn(p.Refs(c.Func), superBuiltin); !ok {
		return false
	}
	return p.ProgramClassName(c.Args[1]) || objectClassOf(p, c.Args[1]) != nil
}

var superBuiltin = engine.NewNameSet("super", "builtins.super")

// objectClassOf is x when e is type(x) (the builtin) or x.__class__, or a name bound once to
// one of those, else nil.
func objectClassOf(p *engine.Pass, e ast.Expr) ast.Expr {
	if nm, ok := e.(*ast.Name); ok {
		binds := p.Bindings(nm.Id)
		if len(binds) == 1 && binds[0].Assigned() && binds[0].Value() != nil {
			if _, again := binds[0].Value().(*ast.Name); !again {
				return objectClassOf(p, binds[0].Value())
			}
		}
		return nil
	}
	switch x := e.(type) {
	case *ast.Attribute:
		if x.Attr == "__class__" {
			return x.Value
		}
	case *ast.Call:
		if len(x.Args) == 1 && len(x.Keywords) == 0 {
			if _, ok := engine.FirstIn(p.Refs(x.Func), typeBuiltin); ok {
				return x.Args[0]
			}
		}
	}
	return nil
}

// sameName reports whether a and b are the same name.
func sameName(a, b ast.Expr) bool {
	x, ok1 := a.(*ast.Name)
	y, ok2 := b.(*ast.Name)
	return ok1 && ok2 && x.Id == y.Id
}

// classData are dunders of classes that hold data, not methods: taken as values they take no self.
var classData = map[string]bool{
	"__members__": true, "__mro__": true, "__bases__": true, "__base__": true, "__dataclass_fields__": true,
	"__dataclass_params__": true, "__match_args__": true, "__orig_bases__": true, "__parameters__": true,
	"__abstractmethods__": true, "__weakref__": true,
}

// classDunders are the dunder methods called on a class, not on an instance.
var classDunders = map[string]bool{
	"__new__": true, "__init_subclass__": true, "__class_getitem__": true, "__subclasshook__": true,
	"__prepare__": true, "__instancecheck__": true, "__subclasscheck__": true, "__subclasses__": true,
}

// libraryClassOf is the canonical name of the library class e may be, or "".
func libraryClassOf(p *engine.Pass, e ast.Expr) string {
	for _, r := range p.Refs(e) {
		if q, inst, ok := p.TypeOf(r); ok && !inst {
			return q
		}
	}
	return ""
}

// dunderMethodValue reports whether at reads a dunder that may be a method, as a value (not the
// base of a further attribute, which the checks of that attribute judge). The object-graph
// dunders are SBX301's, and the data dunders hold no code.
func dunderMethodValue(p *engine.Pass, at *ast.Attribute) bool {
	s := at.Attr
	if len(s) <= 4 || !strings.HasPrefix(s, "__") || !strings.HasSuffix(s, "__") {
		return false
	}
	if _, base := p.Parent().(*ast.Attribute); base {
		return false
	}
	_, graph := dunderIntro[s]
	return !graph && !dataDunders[s]
}

var dataDunders = map[string]bool{
	"__doc__": true, "__name__": true, "__qualname__": true, "__module__": true, "__annotations__": true,
	"__slots__": true, "__class__": true, "__wrapped__": true, "__file__": true, "__version__": true,
}

// namespaceOnOwn reports a library call given as namespace= (or as parse_*'s second argument)
// anything but None or an argparse.Namespace that is not the program's own object, and a dest=
// that is computed or starts with "__": argparse's actions do setattr(namespace, dest, value)
// with the dest and value the program chose (dest="__class__", const=a class), stores no check
// sees where the program writes them; into the program's own object (or a library object) they
// re-class it.
func namespaceOnOwn(p *engine.Pass, c *ast.Call) bool {
	given := []ast.Expr{}
	for _, k := range c.Keywords {
		if k.Arg != nil && *k.Arg == "namespace" {
			given = append(given, k.Value)
		}
	}
	if at, ok := c.Func.(*ast.Attribute); ok && strings.HasPrefix(at.Attr, "parse_") && len(c.Args) >= 2 {
		given = append(given, c.Args[1]) // parse_args(args, namespace)
	}
	if at, ok := c.Func.(*ast.Attribute); ok && strings.HasPrefix(at.Attr, "parse_") && spreadCall(c) && !p.DefinedClassOrFunction(c.Func) {
		// parse_args(*[[], loop]), parse_args(**{"namespace": loop}): the namespace unseen.
		p.Reportf(c, "%s with spread arguments may be given any object as namespace, on which argparse stores the names and values the program's options chose", at.Attr)
		return true
	}
	for _, k := range c.Keywords {
		// add_argument("--x", **{"dest": "__class__", ...}): the dest of a display is judged
		// like a keyword's.
		if d, ok := k.Value.(*ast.Dict); ok && k.Arg == nil && !p.DefinedClassOrFunction(c.Func) {
			for i, key := range d.Keys {
				if key == nil {
					continue
				}
				if name, ok := p.ConstString(key); ok && name == "dest" {
					if v, ok := p.ConstString(d.Values[i]); !ok || strings.HasPrefix(v, "__") {
						p.Reportf(c, "dest= that is a dunder or computed names the attribute argparse stores into with setattr, __class__ among them")
						return true
					}
				}
			}
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil || *k.Arg != "dest" || p.DefinedClassOrFunction(c.Func) {
			continue
		}
		// add_argument(..., dest="__class__"): the action stores under it with setattr.
		if d, ok := p.ConstString(k.Value); !ok || strings.HasPrefix(d, "__") {
			p.Reportf(c, "dest= that is a dunder or computed names the attribute argparse stores into with setattr, __class__ among them")
			return true
		}
	}
	for _, v := range given {
		if c, ok := v.(*ast.Constant); ok {
			if _, none := c.Value.(ast.NoneValue); none {
				continue
			}
		}
		if class, ok := p.InstanceClass(v); ok && class == "argparse.Namespace" && !p.IsOwn(v) {
			continue // a Namespace holds what argparse gives it
		}
		if p.DefinedClassOrFunction(c.Func) {
			return false
		}
		p.Reportf(c, "a library call given an object other than an argparse.Namespace as namespace= stores on it the names and values the program's options chose, __class__ among them")
		return true
	}
	return false
}

// classKeyword reports the name __class__ or __dict__ given as a keyword of a call, as a
// constant key of a dict display or stored under as a constant key of a subscript: library code
// that stores its keywords or a mapping's keys as attributes (email.policy.Policy.clone and the
// policies' constructors with object.__setattr__, argparse.Namespace, Policy.__add__ with
// another object's __dict__) then re-classes the object it makes or is given, or replaces its
// attributes, under a name no check sees where the program writes it.
func classKeyword(p *engine.Pass, n ast.Node) bool {
	var at ast.Node
	var names []string
	switch n := n.(type) {
	case *ast.Call:
		for _, k := range n.Keywords {
			if k.Arg != nil {
				names = append(names, *k.Arg)
			}
		}
		at = n
	case *ast.Dict:
		for _, key := range n.Keys {
			if key == nil {
				continue // **spread: its own display is judged where it is written
			}
			if name, ok := p.ConstString(key); ok {
				names = append(names, name)
			}
		}
		at = n
	case *ast.Subscript:
		if n.Ctx != ast.Store {
			return false
		}
		if name, ok := p.ConstString(n.Slice); ok {
			names = append(names, name)
		}
		at = n
	}
	for _, name := range names {
		if name == "__class__" || name == "__dict__" {
			p.Reportf(at, "the name %s given as a keyword or a mapping's key: code that stores keywords or keys as attributes re-classes an object or replaces its attributes", name)
			return true
		}
	}
	return false
}

// cloneRule is the review's key of email's Policy.clone, judged at its call here.
const cloneRule = "email._policybase._PolicyBase.clone"

// policyClone judges a call of email's Policy.clone (a judged call of the review): it copies its
// self's __dict__ into a new object of its self's class and then stores each keyword there with
// object.__setattr__. Called unbound with another object as self (Policy.clone(loop,
// __class__=C)) it copies that object's private attributes, an event loop's self-pipe socket
// among them, and a keyword __class__ given at run time (**{key: C}) re-classes the copy into
// the program's class, whose methods then read them as their own. Required: a policy as self,
// and keywords by constant names that are not dunders.
func policyClone(p *engine.Pass, c *ast.Call) bool {
	at, ok := c.Func.(*ast.Attribute)
	if !ok || at.Attr != "clone" {
		return false
	}
	judged := false
	for _, r := range p.Refs(c.Func) {
		if rule := p.RuleOf(r); rule != nil && rule.Key == cloneRule {
			judged = true
		}
	}
	if !judged && len(p.Refs(c.Func)) == 0 && !ownMethod(p, at.Value, at.Attr) {
		// An object of unknown class: a policy among what it may be.
		for _, rule := range p.MethodRules(at.Attr) {
			judged = judged || rule.Key == cloneRule
		}
	}
	if !judged {
		return false
	}
	if cls := libraryClassOf(p, at.Value); cls != "" {
		inst, known := "", false
		if len(c.Args) > 0 {
			inst, known = p.InstanceClass(c.Args[0])
		}
		if !known || !p.Derives(inst, "email._policybase._PolicyBase") {
			p.Reportf(c, "%s.clone called with an object that may not be a policy as self copies that object's attributes, private ones among them, into an object its keywords may re-class", short(cls))
			return true
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil || engine.IsDunder(*k.Arg) {
			p.Reportf(c, "clone() with keywords spread from a mapping or a dunder keyword stores names known only at run time with object.__setattr__, __class__ among them")
			return true
		}
	}
	return false
}

// ---- SBX5xx module internals and name resolvers ----

// safeComputedName reports whether a computed attribute name is one the program's own object
// (own) may be asked for: it starts with a constant that starts with a letter (getattr(self,
// "visit_" + kind)), so it names none of the object's private or dunder attributes, and the
// object's public ones are the program's. On any other object a prefix does not help: a
// library object's public names lead to frames ("f_" + x) and processes ("subprocess_" + x).
// Names from a loop over constant public names or dataclass fields are safe on any object but
// a module.
func safeComputedName(p *engine.Pass, e ast.Expr, obj ast.Expr) bool {
	if safeLoopName(p, e) && !getattrOnModule(p) {
		return true
	}
	if names, slots, ok := knownNames(p, e); ok && namesSafeOn(p, obj, names) &&
		(!slots || obj != nil && p.IsOwn(obj) && p.PlainClasses()) {
		// Slot names only on the program's own objects: what self.__slots__ holds at run time
		// is the declaration unless a computed setattr replaced it.
		return true
	}
	if obj != nil && publicLoopName(p, e) && p.IsOwn(obj) && p.PlainClasses() {
		return true // a public name of the program's own object, whose public names are all its own
	}
	if obj == nil || !p.IsOwn(obj) {
		return false
	}
	for i := 0; i < 32 && e != nil; i++ {
		switch x := e.(type) {
		case *ast.BinOp:
			if x.Op != ast.Add {
				return false
			}
			// "visit_" + kind calls kind's __radd__ first when kind's class defines it (and
			// derives from str): only a str operand, or a program whose classes define no
			// __radd__ and make none at run time, keeps the prefix.
			if !knownStr(p, x.Right) && (p.OwnAttr("__radd__") || p.MadeClasses() || p.SetattrOnClasses()) {
				return false
			}
			e = x.Left
			continue
		case *ast.JoinedStr:
			if len(x.Values) == 0 {
				return false
			}
			e = x.Values[0]
			continue
		case *ast.Call:
			if at, ok := x.Func.(*ast.Attribute); ok && at.Attr == "format" {
				e = at.Value
				continue
			}
			return false
		}
		s, ok := p.ConstString(e)
		if !ok || s == "" {
			return false
		}
		c := s[0]
		return (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && prefixSafeOnOwn(p, obj, s)
	}
	return false
}

// knownStr reports whether e is known to give an exact str: a constant, an f-string, str(...),
// or "...".format(...).
func knownStr(p *engine.Pass, e ast.Expr) bool {
	if _, ok := p.ConstString(e); ok {
		return true
	}
	switch x := e.(type) {
	case *ast.JoinedStr:
		return true
	case *ast.Call:
		if at, ok := x.Func.(*ast.Attribute); ok && at.Attr == "format" {
			_, isConst := p.ConstString(at.Value)
			return isConst
		}
		_, ok := engine.FirstIn(p.Refs(x.Func), strBuiltin)
		return ok
	}
	return false
}

// prefixSafeOnOwn reports whether no attribute that obj, one of the program's own objects, gets
// from a library class among its ancestors starts with prefix and is judged, excluded or denied:
// getattr(self, "visit_" + kind) in an ast.NodeVisitor is fine, getattr(self, "disc" + x) in a
// TestLoader is discover.
func prefixSafeOnOwn(p *engine.Pass, obj ast.Expr, prefix string) bool {
	bases, ok := p.LibraryBases(obj)
	if !ok {
		return false
	}
	// self in a mixin's method may be an instance of a subclass with a library base.
	sub, ok := p.SubclassLibraryClasses(obj)
	if !ok {
		return false
	}
	for _, class := range append(bases, sub...) {
		for _, name := range p.ClassAttrNames(class) {
			if !strings.HasPrefix(name, prefix) {
				continue
			}
			if p.ClassAttr(class, name, true).Rule != nil || len(p.DeniedMethodModules(name)) > 0 {
				return false
			}
		}
	}
	return true
}

// getattrOnModule reports whether the current node is getattr-like on a module (including
// builtins), where even plain names reach dangerous attributes.
func getattrOnModule(p *engine.Pass) bool {
	c, ok := p.Node().(*ast.Call)
	return ok && len(c.Args) > 0 && anyModule(p, p.Refs(c.Args[0]))
}

// safeLoopName recognises names that come from iterating what cannot hold a dunder: the .name of
// dataclasses.fields(...) entries (getattr(self, f.name) for f in fields(self)) where no field
// may have a private name, or a loop over constant strings that are neither dunder nor private.
func safeLoopName(p *engine.Pass, e ast.Expr) bool {
	field := false
	if at, ok := e.(*ast.Attribute); ok && at.Attr == "name" {
		if !p.PublicFieldNames() {
			return false
		}
		e, field = at.Value, true
	}
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	binds := p.Bindings(nm.Id)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		if b.Iter() == nil {
			return false
		}
		if field {
			call, ok := b.Iter().(*ast.Call)
			if !ok {
				return false
			}
			isFields := false
			for _, r := range p.RefsAt(call.Func, b.Site()) {
				isFields = isFields || r.Qual == "dataclasses.fields"
			}
			if !isFields {
				return false
			}
			continue
		}
		v, ok := p.FoldAt(b.Iter(), b.Site())
		items, isList := v.List()
		if !ok || !isList {
			return false
		}
		for _, x := range items {
			if s, isStr := x.Str(); !isStr || s == "" || s[0] == '_' {
				return false
			}
		}
	}
	return true
}

// knownNames are the strings a computed name may be: a name guarded by `if name not in NAMES:
// raise` (NAMES a display of constant strings), or a loop variable over X.__slots__ of one of
// the program's own objects whose classes declare constant slots.
func knownNames(p *engine.Pass, e ast.Expr) (names []string, slots, ok bool) {
	nm, isName := e.(*ast.Name)
	if !isName {
		return nil, false, false
	}
	// A str subclass of the program could compare equal to a guarded name and spell another:
	// the guard holds only where the program derives no class from a library class.
	if names, ok := p.GuardedStrings(nm); ok && p.PlainClasses() {
		return names, false, true
	}
	binds := p.Bindings(nm.Id)
	if len(binds) == 0 {
		return nil, false, false
	}
	var out []string
	for _, b := range binds {
		at, ok := b.Iter().(*ast.Attribute)
		if !ok || at.Attr != "__slots__" || !p.IsOwnAt(at.Value, b.Site()) {
			return nil, false, false
		}
		names, ok := p.SlotNames(at.Value)
		if !ok {
			return nil, false, false
		}
		out = append(out, names...)
	}
	return out, true, true
}

// namesSafeOn reports whether getattr(obj, name) is harmless for each of names: public names
// that no denial or exclusion names on any object; on a module, functions and data of its
// reviewed API that reach no capability and have no rule.
func namesSafeOn(p *engine.Pass, obj ast.Expr, names []string) bool {
	var mods []string
	if obj != nil {
		for _, r := range p.Refs(obj) {
			if r.Kind == engine.ModRef {
				mods = append(mods, r.Qual)
			}
		}
	}
	for _, name := range names {
		if name == "" || name[0] == '_' || len(p.DeniedMethodModules(name)) > 0 || len(p.MethodRules(name)) > 0 {
			return false
		}
		for _, mod := range mods {
			mb, known := p.ModuleMember(mod, name)
			q := mod + "." + name
			if !known || mb.Kind != engine.FunctionMember && mb.Kind != engine.DataMember || mb.Rule != nil ||
				len(p.Capabilities(q)) > 0 || p.Denied(q) || p.Named(q) {
				return false
			}
		}
	}
	return true
}

// publicLoopName reports whether e is a name bound only as the target of for statements over
// dir(x) (whose items are plain strings, not a subclass with its own startswith) whose body
// starts with `if e.startswith("_"): continue`: a public name wherever the loop uses it.
func publicLoopName(p *engine.Pass, e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	binds := p.Bindings(nm.Id)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		body := b.LoopBody()
		if len(body) == 0 || !dirCall(p, b) {
			return false
		}
		g, ok := body[0].(*ast.If)
		if !ok || len(g.Orelse) > 0 || len(g.Body) != 1 {
			return false
		}
		if _, ok := g.Body[0].(*ast.Continue); !ok {
			return false
		}
		c, ok := g.Test.(*ast.Call)
		if !ok || len(c.Args) != 1 || len(c.Keywords) > 0 {
			return false
		}
		at, ok := c.Func.(*ast.Attribute)
		if !ok || at.Attr != "startswith" {
			return false
		}
		if v, ok := at.Value.(*ast.Name); !ok || v.Id != nm.Id {
			return false
		}
		if s, ok := p.ConstString(c.Args[0]); !ok || s != "_" {
			return false
		}
		// Used in the loop's body after the guard: after the loop, the name holds the last
		// value, which the guard may have skipped.
		if !within(p.Node(), body[1:]) {
			return false
		}
	}
	return true
}

// within reports whether n lies in the source span of the statements stmts.
func within(n ast.Node, stmts []ast.Stmt) bool {
	l, ok := n.(ast.Located)
	if !ok || len(stmts) == 0 {
		return false
	}
	first, ok1 := stmts[0].(ast.Located)
	last, ok2 := stmts[len(stmts)-1].(ast.Located)
	if !ok1 || !ok2 {
		return false
	}
	at, lo, hi := l.Location(), first.Location(), last.Location()
	after := at.Lineno > lo.Lineno || at.Lineno == lo.Lineno && at.ColOffset >= lo.ColOffset
	before := at.EndLineno < hi.EndLineno || at.EndLineno == hi.EndLineno && at.EndColOffset <= hi.EndColOffset
	return after && before
}

// dirCall reports whether the loop binding b iterates over dir(x), the builtin.
func dirCall(p *engine.Pass, b *engine.Binding) bool {
	c, ok := b.Iter().(*ast.Call)
	if !ok || len(c.Args) != 1 {
		return false
	}
	for _, r := range p.RefsAt(c.Func, b.Site()) {
		if r.Qual == "builtins.dir" {
			return true
		}
	}
	return false
}

// attrCopiers getattr and setattr the names they are given: update_wrapper's assigned= and
// updated=, and wraps's, which returns a partial of update_wrapper.
var attrCopiers = engine.NewNameSet("attribute copiers", "functools.update_wrapper", "functools.wraps")

// copyHookKeywords are the copy hooks copy.copy and deepcopy read from the object itself:
// given as a keyword to code that stores keywords as attributes (types.SimpleNamespace,
// argparse.Namespace), they are the object's hooks, whose plan's slot state copy stores with
// setattr, __class__ among the names. As strings SBX301 reports them.
var copyHookKeywords = map[string]bool{"__getstate__": true, "__reduce__": true, "__reduce_ex__": true}

// copyHookKeyword reports a call given a copy hook as a keyword.
func copyHookKeyword(p *engine.Pass, c *ast.Call) bool {
	for _, k := range c.Keywords {
		if k.Arg != nil && copyHookKeywords[*k.Arg] {
			p.Reportf(c, "the copy hook %s given as a keyword: code that stores keywords as attributes gives the object a hook whose state copy stores with setattr, __class__ among the names", *k.Arg)
			return true
		}
	}
	return false
}

// namespaceStore reports a store into an object's attributes under a name known only at run
// time whose value is not data (see engine.Pass.NotClass): a key of vars(x) or x.__dict__
// (stored, or given to update or setdefault), or of a mapping given as ** to a class the review
// lists as open (types.SimpleNamespace, argparse.Namespace), to logging.makeLogRecord or as a
// logging call's extra=, or a class's namespace given to type() or filled by types.new_class's
// exec_body. The name may be a copy hook ("__reduce_ex__" from json.loads), which
// copy.copy and deepcopy read from the object itself: its plan's slot state is stored with
// setattr on the copy, __class__ among the names, re-classing a library object into the
// program's class. setattr with such a name is judged alike (computedStore). The library's
// stores are judged only where copy's code is imported (copyReachable): their mappings are
// seldom displays (SimpleNamespace(**json_dict)).
func namespaceStore(p *engine.Pass, n ast.Node) bool {
	report := func() bool {
		p.Reportf(n, "a store into an object's attributes under a name known only at run time may give it a copy hook (__reduce_ex__, __getstate__), whose state copy stores with setattr, __class__ among the names")
		return true
	}
	switch n := n.(type) {
	case *ast.Subscript:
		if n.Ctx != ast.Store || !p.NamespaceDict(n.Value) {
			return false
		}
		if _, ok := p.ConstString(n.Slice); ok {
			return false
		}
		if a, ok := p.Parent().(*ast.Assign); ok && p.NotClass(a.Value) {
			return false
		}
		return report()
	case *ast.AugAssign:
		if p.NamespaceDict(n.Target) && !safeMapping(p, n.Value) {
			return report()
		}
	case *ast.Call:
		if at, ok := n.Func.(*ast.Attribute); ok && p.NamespaceDict(at.Value) {
			switch at.Attr {
			case "update", "__ior__":
				for _, a := range n.Args {
					if !safeMapping(p, a) {
						return report()
					}
				}
				for _, k := range n.Keywords {
					if k.Arg == nil && !safeMapping(p, k.Value) {
						return report()
					}
				}
			case "setdefault", "__setitem__":
				if len(n.Args) >= 2 {
					if _, ok := p.ConstString(n.Args[0]); !ok && !p.NotClass(n.Args[1]) {
						return report()
					}
				}
			}
			return false
		}
		if !copyReachable(p) {
			return false // the library's objects get the names (json's object_hook into SimpleNamespace)
		}
		// A metaclass's call (name, bases, ns): type, abc.ABCMeta, type(x) of a class, any
		// object not known called with three arguments: the class's namespace, its instances'
		// hooks, is the program's mapping. Spread arguments may hold one. A metaclass's
		// __new__ takes it fourth; one forwarding its own parameter (super().__new__(mcs,
		// name, bases, ns)) passes the class body's, whose stores are judged where written.
		if p.MayMakeClass(n) {
			nsAt := 2
			if at, ok := n.Func.(*ast.Attribute); ok && at.Attr == "__new__" {
				nsAt = 3
			}
			for i, a := range n.Args {
				if _, star := a.(*ast.Starred); star || i == nsAt && !safeMapping(p, a) && !forwardedParam(p, a) {
					return report()
				}
			}
		}
		for _, r := range p.Refs(n.Func) {
			// types.new_class(name, bases, kwds, exec_body): the class's namespace is filled by
			// the program's function.
			if r.Qual == "types.new_class" && (len(n.Args) >= 4 && !isNone(n.Args[3]) || slices.ContainsFunc(n.Keywords, func(k *ast.Keyword) bool {
				return k.Arg != nil && *k.Arg == "exec_body" && !isNone(k.Value)
			})) {
				return report()
			}
		}
		fills := false
		for _, r := range p.Refs(n.Func) {
			if p.HoldsOnlyGivenClass(r.Qual) || r.Qual == "argparse.Namespace" || r.Qual == "types.SimpleNamespace" {
				fills = true
			}
			if r.Qual == "logging.makeLogRecord" && len(n.Args) > 0 && !safeMapping(p, n.Args[0]) {
				return report()
			}
		}
		for _, k := range n.Keywords {
			if k.Arg == nil && fills && !safeMapping(p, k.Value) || k.Arg != nil && *k.Arg == "extra" && !safeMapping(p, k.Value) {
				return report()
			}
		}
	}
	return false
}

// forwardedParam reports whether e is a name bound only to parameters that is handed on here
// unchanged: no other use of it may change it (a metaclass's __new__ storing into its namespace
// parameter before type.__new__ binds names in the class's namespace the source does not show).
func forwardedParam(p *engine.Pass, e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	return ok && p.ForwardedOnly(nm)
}

// copyingModules are the allowed modules whose code runs copy.copy or copy.deepcopy on objects
// the program gives it (dataclasses.asdict, UserDict.copy, argparse's append actions, weakref's
// dictionaries, email's generator, ElementInclude): where none is imported, no copy reads the
// hooks an object was given.
var copyingModules = []string{"copy", "dataclasses", "collections", "argparse", "weakref", "email", "xml"}

func copyReachable(p *engine.Pass) bool {
	return slices.ContainsFunc(copyingModules, p.Imported)
}

// safeMapping reports whether every key of mapping m that is not a constant has data for its
// value: a display's entries, a comprehension's value, or data as a whole.
func safeMapping(p *engine.Pass, m ast.Expr) bool {
	switch x := m.(type) {
	case *ast.Dict:
		for i, k := range x.Keys {
			if k == nil {
				if !safeMapping(p, x.Values[i]) {
					return false
				}
				continue
			}
			if _, ok := p.ConstString(k); !ok && !p.NotClass(x.Values[i]) {
				return false
			}
		}
		return true
	case *ast.DictComp:
		return p.NotClass(x.Value)
	}
	return p.NotClass(m)
}

// namespaceReads are the methods of an object's attribute dict that store nothing in it.
var namespaceReads = map[string]bool{
	"get": true, "keys": true, "values": true, "items": true, "copy": true, "__contains__": true,
	"__getitem__": true, "__len__": true, "__iter__": true, "pop": true, "popitem": true, "clear": true,
	"__delitem__": true,
}

// namespaceReaders are the functions given an attribute dict that only read it.
var namespaceReaders = map[string]bool{
	"builtins.len": true, "builtins.sorted": true, "builtins.list": true, "builtins.dict": true,
	"builtins.tuple": true, "builtins.set": true, "builtins.print": true, "builtins.repr": true,
	"builtins.str": true, "builtins.iter": true, "builtins.enumerate": true, "builtins.zip": true,
	"builtins.any": true, "builtins.all": true, "builtins.isinstance": true, "builtins.id": true,
	"json.dumps": true, "json.dump": true, "pprint.pprint": true, "pprint.pformat": true,
}

// namespaceEscape reports an object's attribute dict (vars(x), x.__dict__, a name bound to one)
// handed where its keys may be stored unseen: to a function that is not a known reader
// (operator.setitem, dict.update, a function of the program), into a container or a
// collections.ChainMap, a method taken as a value. namespaceStore judges the stores the
// source shows; these take names and values it does not.
func namespaceEscape(p *engine.Pass, n ast.Node) bool {
	e, ok := n.(ast.Expr)
	if !ok {
		return false
	}
	switch x := e.(type) {
	case *ast.Name:
		if x.Ctx != ast.Load {
			return false
		}
	case *ast.Attribute:
		if x.Ctx != ast.Load || x.Attr != "__dict__" || !p.OwnNamespace(x.Value) && !holdsOnlyGiven(p, x.Value) {
			return false // SBX301 reports the dict of another object
		}
	case *ast.Call:
		if len(x.Args) != 1 || !p.OwnNamespace(x.Args[0]) && !holdsOnlyGiven(p, x.Args[0]) {
			return false // SBX402 reports vars() of another object
		}
	default:
		return false
	}
	if !p.NamespaceDict(e) {
		return false
	}
	switch parent := p.Parent().(type) {
	case *ast.Subscript:
		if parent.Value == e {
			return false // a key read, or a store namespaceStore judges
		}
	case *ast.Attribute:
		if parent.Value != e {
			return false
		}
		if c, isCall := p.Ancestor(2).(*ast.Call); isCall && c.Func == ast.Expr(parent) {
			switch {
			case namespaceReads[parent.Attr], parent.Attr == "update", parent.Attr == "setdefault",
				parent.Attr == "__setitem__", parent.Attr == "__ior__":
				return false // judged by namespaceStore
			}
		} else if namespaceReads[parent.Attr] {
			return false
		}
	case *ast.Assign:
		if parent.Value == e && len(parent.Targets) == 1 {
			if _, isName := parent.Targets[0].(*ast.Name); isName {
				return false // an alias: its uses are judged
			}
		}
	case *ast.AugAssign:
		return false // judged by namespaceStore
	case *ast.For, *ast.Comprehension, *ast.Compare, *ast.ExprStmt, *ast.FormattedValue, *ast.Starred, *ast.Keyword:
		return false // iterated, compared, spread (copied); returned, it is handed on
	case *ast.Call:
		if parent.Func == e {
			return false
		}
		if at, isAttr := parent.Func.(*ast.Attribute); isAttr && at.Attr == "update" && !isBuiltinsName(p, at.Value) {
			return false // other.update(vars(x)) copies from it
		}
		for _, k := range parent.Keywords {
			if k.Arg == nil && k.Value == e {
				return false // **vars(x): a copy
			}
		}
		if slices.ContainsFunc(p.Refs(parent.Func), func(r engine.Ref) bool { return namespaceReaders[r.Qual] }) {
			return false
		}
	case *ast.Dict:
		for i, k := range parent.Keys {
			if k == nil && parent.Values[i] == e {
				return false // {**vars(x)}: a copy
			}
		}
	}
	p.Reportf(n, "an object's attribute dict handed on: code the analysis does not see may store into it under names known only at run time, a copy hook (__reduce_ex__) among them")
	return true
}

// isBuiltinsName reports whether e names a builtin class (dict.update(vars(x), m) stores into
// its first argument).
func isBuiltinsName(p *engine.Pass, e ast.Expr) bool {
	return slices.ContainsFunc(p.Refs(e), func(r engine.Ref) bool { return strings.HasPrefix(r.Qual, "builtins.") })
}

// attrHookCalls are the attribute hooks whose calls the checks judge by their arguments'
// positions (object.__setattr__(x, name, v), x.__getattribute__(name)).
var attrHookCalls = map[string]bool{"__setattr__": true, "__delattr__": true, "__getattribute__": true, "__getattr__": true}
