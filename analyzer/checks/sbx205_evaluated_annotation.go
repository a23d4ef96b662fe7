package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx205 = &engine.Check{
	ID: "SBX205", Name: "evaluated-annotation", Capability: "dynamic_code", Severity: "critical", CWE: 95,
	Doc:     "annotations that become code: a store into __annotations__ anywhere, or the annotations dict loaded and handed on to anything but its reads (an alias, getattr, dict.update or operator.setitem), or, where dataclasses or an annotation evaluator is named, a namespace of the program's own object read by value (vars(cls).values(), a computed key, a copy: dataclasses paste its keys into the source of the methods they exec; the evaluators evaluate its values), dataclasses.dataclass called on a class made at run time; where dataclasses or an annotation evaluator is named, a computed setattr on a class, type() or another metaclass (abc.ABCMeta) with a namespace built at run time (not a dict display with constant keys), types.new_class with a body callback; where an annotation evaluator is named (typing.get_type_hints, functools.singledispatch), a computed setattr or __setattr__ on anything but the program's own instances (a function's __annotations__), a string annotation that is not a plain type (a call, an operator, a function or module named where it is written), an annotation that is not a type expression (a name bound to anything but a class statement, an import or a type alias: a string built at run time, which get_type_hints evaluates; a library object that is not a class or a typing form, or an attribute of one: os.environ[\"K\"]; a dunder name: __doc__, the docstring; an attribute of the program's class, a class a decorator of the program's replaces, a subscript or | of the program's class where it defines __class_getitem__, __getitem__, __or__ or __ror__, a subscript of the program's class with a library base or metaclass beyond builtins, Generic, Protocol, ABC, NamedTuple and TypedDict, or of a library class whose metaclass is not type or abc.ABCMeta: an Enum's member, a str), a class statement whose base is not a class statement or a library class (typing.NamedTuple(\"N\", fields), make_dataclass: get_type_hints reads the bases' annotations), a store into __module__ or the module's __name__ (which choose the namespace), or into __wrapped__, __globals__ or __builtins__ (get_type_hints follows a function's __wrapped__ to the __globals__ it evaluates in), a name in a string annotation (or in a string a name an annotation uses is bound to) that the program may store as an attribute outside a class body (Plan.int = v, setattr, type.__setattr__, cls.int in a decorator or hook: the evaluators read the class's own namespace too), every annotation under from __future__ import annotations judged as a string annotation, a name in a string annotation the program does not bind (no builtin, no star import: found in a namespace the source does not show), __setattr__ named by a string, functools.wraps or update_wrapper of anything but a def of the program, and typing.get_type_hints of anything but the program's own classes and functions as their statements make them (decorated only by the library's decorators that return them, no metaclass of the program's, a method its class body binds only with def statements and no store replaces), or with namespaces of its own, and the same of what a singledispatch function's register evaluates (one argument that is not a class; a def below @f.register through a decorator of the program's that returns anything but a def it makes with functools.wraps; register used as a value or named by a string); where dataclasses is named and a class of the program may derive from str (whose objects choose their repr), field names that may be such objects: make_dataclass with names other than constants, a store into the name of an object the program does not define (a Field), a change of __dataclass_fields__",
	Hint:    "write annotations in the class body, as plain types (\"Node\", \"list[int] | None\"); ask get_type_hints about your own classes",
	Message: "string annotation %q is not a plain type: typing.get_type_hints and functools.singledispatch evaluate it as Python (%s)",
	// Stores into __annotations__ and __module__ attributes and class-body names are facts of the
	// first walk (Pass.AnnotationStores), read at the module node.
	Nodes: []engine.NodeKind{engine.ModuleNode, engine.CallNode, engine.SubscriptNode, engine.DictNode, engine.AttributeNode},
	// Subscript stores into any dictionary, dataclass(...)(cls), and x.name = v on any object.
	Unresolved: []engine.NodeKind{engine.SubscriptNode, engine.CallNode, engine.AttributeNode},
	Run:        runSBX205,
}

func runSBX205(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Module:
		for _, st := range p.AnnotationStores() {
			switch st := st.(type) {
			case *ast.Attribute:
				if p.AnnotationsHanded(st) {
					p.Reportf(st, "the annotations dict handed on, where it may be changed, %s", annotationWhy(st.Attr))
				} else if annotationDunder(p, st.Attr) {
					p.Reportf(st, "assignment to %s %s", st.Attr, annotationWhy(st.Attr))
				}
			case *ast.Name:
				if p.AnnotationsHanded(st) {
					p.Reportf(st, "the annotations dict handed on, where it may be changed, %s", annotationWhy(st.Id))
				} else if annotationDunder(p, st.Id) || st.Id == "__name__" && p.EvaluatesAnnotations() {
					// A module's __name__ is the __module__ of the classes its statements make.
					p.Reportf(st, "a store into %s %s", st.Id, annotationWhy(st.Id))
				}
			}
		}
		for _, d := range p.AnnotationDefs() {
			name := defName(d)
			switch {
			case name == "__prepare__" && readsAnnotations(p):
				p.Reportf(d, "a metaclass's __prepare__ chooses the namespace the class body's annotations are stored into, which dataclasses and the annotation evaluators read")
			case annotationDunder(p, name):
				p.Reportf(d, "a method named %s %s", name, annotationWhy(name))
			}
		}
		if !p.EvaluatesAnnotations() {
			return
		}
		// What an annotation evaluates to is evaluated again when it is a string, or holds one
		// (List[hint]): a name bound to a string built at run time is code the source does not
		// show. Required: an annotation of classes, names bound to them and subscripts of those.
		// get_type_hints of a class reads the annotations of its bases too: a base made at run
		// time (typing.NamedTuple("N", [("x", hint)]), make_dataclass) holds annotations the
		// source does not show.
		for _, d := range registeredDefs(p, n) {
			p.Reportf(d, "a def registered with a singledispatch function's register through a decorator of the program's: register evaluates the string annotations of what the decorator returns, with typing.get_type_hints")
		}
		for _, cb := range unseenBases(p, n) {
			p.Reportf(cb, "a class whose base is not a class statement or a library class: typing.get_type_hints reads the base's annotations, which the source does not show")
		}
		for _, a := range p.AnnotationExprs() {
			if why := notATypeValue(p, a.Expr, a.Site, 0); why != "" {
				p.Reportf(a.Expr, "an annotation that may evaluate to a string built at run time (%s): typing.get_type_hints evaluates it as Python", why)
			}
		}
		// from __future__ import annotations makes every annotation a string, evaluated where
		// get_type_hints looks: its names are judged as a string annotation's are (a store on
		// the class after its body, a name the program does not bind).
		if postponedAnnotations(n) {
			for _, a := range p.AnnotationExprs() {
				if why := notAType(p, a.Expr, a.Site, 0); why != "" {
					p.Reportf(a.Expr, "an annotation, a string under from __future__ import annotations, that is not a plain type where typing.get_type_hints evaluates it (%s)", why)
				}
			}
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
		annotationCall(p, n)
	case *ast.Attribute:
		fieldNameStore(p, n)
		registerValue(p, n)
		if n.Attr == "__dict__" && n.Ctx == ast.Load {
			namespaceValues(p, n)
		}
	case *ast.Dict:
		for _, k := range n.Keys {
			var s string
			switch k := k.(type) {
			case nil:
				continue // **mapping
			case *ast.Constant:
				s, _ = k.Value.(string) // most keys: no folding needed
			default:
				s, _ = p.ConstString(k)
			}
			if annotationDunder(p, s) {
				p.Reportf(k, "a namespace with the key %s %s", s, annotationWhy(s))
				return
			}
		}
	case *ast.Subscript:
		// ns["__annotations__"] = v, and ns["__annotations__"]["k"] = v or .update(...): a
		// namespace's annotations changed, in a metaclass's __new__ for one.
		k, ok := p.ConstString(n.Slice)
		if !ok || !annotationDunder(p, k) {
			return
		}
		switch {
		case n.Ctx != ast.Load || changedInPlace(p, n):
			p.Reportf(n, "a store into the key %s %s", k, annotationWhy(k))
		case k == "__annotations__" && !engine.AnnotationsRead(p.Parent(), n):
			p.Reportf(n, "the annotations dict handed on, where it may be changed, %s", annotationWhy(k))
		}
	}
}

// classNamespaceBuilt reports whether c may make a class (type, abc.ABCMeta, another metaclass,
// an object not known with three arguments: MayMakeClass) with a namespace other than a dict
// display with constant keys, where dataclasses or an annotation evaluator is named: a computed
// key may be __annotations__. A metaclass's __new__ takes the namespace fourth, and one
// forwarding its own parameter passes the class body's.
func classNamespaceBuilt(p *engine.Pass, c *ast.Call) bool {
	if !readsAnnotations(p) || !p.MayMakeClass(c) {
		return false
	}
	nsAt := 2
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "__new__" {
		nsAt = 3
	}
	for i, a := range c.Args {
		if _, star := a.(*ast.Starred); star {
			return true
		}
		if i != nsAt || forwardedParam(p, a) {
			continue
		}
		var d *ast.Dict
		switch x := a.(type) {
		case *ast.Dict:
			d = x
		case *ast.List, *ast.Tuple, *ast.Set, *ast.Constant, *ast.ListComp, *ast.SetComp, *ast.GeneratorExp:
			continue // not a mapping: no namespace (dataclasses._create_fn's body lines)
		default:
			return true
		}
		for _, k := range d.Keys {
			if k == nil {
				return true
			}
			if _, ok := p.ConstString(k); !ok {
				return true
			}
		}
	}
	return false
}

// changedInPlace reports whether the value of the current node n is changed where it is read:
// an item stored into it, or a mutating method called on it.
func changedInPlace(p *engine.Pass, n ast.Node) bool {
	switch parent := p.Parent().(type) {
	case *ast.Subscript:
		return parent.Ctx != ast.Load && ast.Node(parent.Value) == n
	case *ast.Attribute:
		switch parent.Attr {
		case "update", "setdefault", "__setitem__", "clear", "pop", "popitem", "__delitem__", "__ior__":
			return true
		}
	}
	return false
}

// namespaceValues reports, where dataclasses or an annotation evaluator is named, the namespace
// ns (vars(x), x.__dict__ of the program's own object) used for more than its keys and items under constant names: a class's
// namespace holds its __annotations__ dict, which .values(), .items(), a computed key or a copy
// hand out to be changed.
func namespaceValues(p *engine.Pass, ns ast.Expr) {
	if !readsAnnotations(p) || namespaceKeysRead(p, ns) {
		return
	}
	// vars() and __dict__ of an object the program does not define are reported by SBX402 and
	// SBX301; the program's own classes pass those.
	var obj ast.Expr
	switch x := ns.(type) {
	case *ast.Call:
		obj = x.Args[0]
	case *ast.Attribute:
		obj = x.Value
	}
	if !p.IsOwn(obj) {
		return
	}
	p.Reportf(ns, "a namespace read by value (values, items, a computed key, handed on) gives a class's __annotations__ dict, %s", annotationWhy("__annotations__"))
}

// namespaceKeysRead reports whether the namespace ns, the current node, is used only for its keys
// or for an item under a constant name other than __annotations__.
func namespaceKeysRead(p *engine.Pass, ns ast.Expr) bool {
	constKey := func(e ast.Expr) bool {
		k, ok := p.ConstString(e)
		return ok && k != "__annotations__"
	}
	switch parent := p.Parent().(type) {
	case *ast.Subscript:
		return ast.Node(parent.Value) != ast.Node(ns) || constKey(parent.Slice)
	case *ast.Attribute:
		switch parent.Attr {
		case "keys", "__contains__", "__len__":
			return true
		case "get", "pop", "setdefault", "__getitem__":
			c, ok := p.Ancestor(2).(*ast.Call)
			return ok && ast.Node(c.Func) == ast.Node(parent) && len(c.Args) > 0 && constKey(c.Args[0])
		}
		return false
	case *ast.For:
		return ast.Node(parent.Iter) == ast.Node(ns) || ast.Node(parent.Target) == ast.Node(ns)
	case *ast.Comprehension:
		return ast.Node(parent.Iter) == ast.Node(ns) || ast.Node(parent.Target) == ast.Node(ns)
	case *ast.Compare:
		for i, c := range parent.Comparators {
			if ast.Node(c) == ast.Node(ns) {
				return parent.Ops[i] == ast.In || parent.Ops[i] == ast.NotIn
			}
		}
		return false
	case *ast.ExprStmt:
		return true
	case *ast.Call:
		for _, r := range p.Refs(parent.Func) {
			if r.Qual == "builtins.len" || r.Qual == "builtins.sorted" || r.Qual == "builtins.list" || r.Qual == "builtins.set" {
				return true // the keys
			}
		}
	}
	return false
}

// annotationCall judges the calls that choose what is evaluated: get_type_hints, dictionaries with
// the keys, setattr.
func annotationCall(p *engine.Pass, c *ast.Call) {
	for _, k := range c.Keywords {
		// SimpleNamespace(__annotations__=...), type(..., __module__=...): any call.
		if k.Arg != nil && annotationDunder(p, *k.Arg) {
			p.Reportf(c, "the keyword %s %s", *k.Arg, annotationWhy(*k.Arg))
			return
		}
	}
	if nm, ok := c.Func.(*ast.Name); ok && nm.Id == "vars" && len(c.Args) == 1 {
		for _, r := range p.Refs(c.Func) {
			if r.Qual == "builtins.vars" {
				namespaceValues(p, c)
				break
			}
		}
	}
	// getattr(cls, "__annotations__"), vars(cls).get("__annotations__"), attrgetter(...): a call
	// naming the annotations dict whose result is handed on may give the dict to what changes it.
	for _, a := range c.Args {
		if s, ok := p.ConstString(a); ok && s == "__annotations__" && !engine.AnnotationsRead(p.Parent(), c) {
			p.Reportf(c, "the annotations dict handed on, where it may be changed, %s", annotationWhy(s))
			return
		}
	}
	// getattr(type, "__setattr__")(Plan, "int", hint), attrgetter, methodcaller: type.__setattr__
	// reached by a name (constant or folded) stores names the source does not show into a class's
	// namespace, which the evaluators read.
	if p.EvaluatesAnnotations() {
		for _, a := range c.Args {
			if s, ok := p.ConstString(a); ok && (s == "__setattr__" || s == "setattr") {
				p.Reportf(c, "%s named by a string stores attributes whose names the source does not show, into a class's namespace among others, where the annotation evaluators look names up", s)
				return
			}
		}
	}
	// getattr(show, "register"), attrgetter("register"), methodcaller("register", obj): register
	// reached by name, whose argument is not seen where it is called.
	if p.EvaluatesAnnotations() {
		for _, r := range p.Refs(c.Func) {
			if r.Qual != "builtins.getattr" && r.Qual != "operator.attrgetter" && r.Qual != "operator.methodcaller" {
				continue
			}
			for _, a := range c.Args {
				if s, ok := p.ConstString(a); ok && (s == "register" || strings.HasSuffix(s, ".register")) {
					p.Reportf(c, "register named by a string: a singledispatch function's register evaluates the string annotations of what it is given, with typing.get_type_hints, where the source does not show the call")
					return
				}
			}
		}
	}
	// show.register(obj): functools.singledispatch's register, given one argument that is not a
	// class, evaluates its string annotations with get_type_hints, as a target of get_type_hints.
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "register" && len(c.Args) == 1 && len(c.Keywords) == 0 &&
		p.EvaluatesAnnotations() && dispatchReceiver(p, at.Value) {
		if !dispatchType(p, c.Args[0]) && (!p.DefinedClassOrFunction(c.Args[0]) || !plainHintsTarget(p, c.Args[0], p.Site(), 0)) {
			p.Reportf(c, "register of a singledispatch function evaluates the string annotations of an object that is not one of the program's classes or functions as their statements make them, with typing.get_type_hints")
			return
		}
	}
	// dataclass(order=True)(cls): the decorator a dataclass call with options returns, applied.
	if inner, ok := c.Func.(*ast.Call); ok && len(c.Args) == 1 && len(inner.Args) == 0 {
		for _, r := range p.Refs(inner.Func) {
			if r.Qual == "dataclasses.dataclass" && !ownClass(p, c.Args[0]) {
				p.Reportf(c, "dataclasses.dataclass of a class made at run time: its __annotations__ keys are pasted into the code dataclasses exec")
				return
			}
		}
	}
	if at, ok := c.Func.(*ast.Attribute); ok && (at.Attr == "__setattr__" || at.Attr == "__delattr__") {
		// object.__setattr__(run, name, v), run.__setattr__(name, v): a setattr.
		obj, args := ast.Expr(at.Value), c.Args
		if len(args) >= 3 || at.Attr == "__delattr__" && len(args) == 2 {
			obj, args = args[0], args[1:]
		}
		if len(args) > 0 {
			computedAnnotationStore(p, c, obj, args[0])
		}
		return
	}
	if classNamespaceBuilt(p, c) {
		p.Reportf(c, "type() or another metaclass called with a namespace built at run time may give the class __annotations__, which dataclasses and the annotation evaluators read")
		return
	}
	for _, r := range p.Refs(c.Func) {
		switch {
		case r.Qual == "typing.get_type_hints":
			if !ownHintsTarget(p, c) {
				p.Reportf(c, "typing.get_type_hints evaluates the string annotations of an object that is not one of the program's classes or functions, or in namespaces of its own")
			}
			return
		case (r.Qual == "functools.update_wrapper" || r.Qual == "functools.wraps") && p.EvaluatesAnnotations():
			// They copy __annotations__ and __module__ from the wrapped object to the wrapper.
			w := argOrKeyword(c, 0, "wrapped")
			if r.Qual == "functools.update_wrapper" {
				w = argOrKeyword(c, 1, "wrapped")
			}
			if w != nil && !p.DefinedClassOrFunction(w) {
				p.Reportf(c, "%s copies the annotations of an object that is not one of the program's functions onto a function the annotation evaluators may evaluate", short(r.Qual))
			} else if w != nil && (!plainHintsTarget(p, w, p.Site(), 0) || classStatement(p, w)) {
				// The wrapper's __wrapped__ is w, whose __globals__ typing.get_type_hints
				// evaluates the wrapper's string annotations in: a def's are its module's; a
				// class's, or an object a decorator returns, are what a __getattr__ answers.
				p.Reportf(c, "%s makes the wrapper's __wrapped__ an object that is not a def of the program, whose __globals__ typing.get_type_hints evaluates the wrapper's string annotations in", short(r.Qual))
			}
			return
		case setDelBuiltins.Has(r.Qual) && len(c.Args) >= 2:
			computedAnnotationStore(p, c, c.Args[0], c.Args[1])
			if s, ok := p.ConstString(c.Args[1]); ok && s == "name" && p.NamesDataclass() && !p.IsOwn(c.Args[0]) && p.StrSubclasses() {
				p.Reportf(c, "setattr of name on an object the program does not define, in a program with a str subclass: a dataclasses.Field's name is pasted into the code dataclasses exec, as its repr")
			}
			return
		case r.Qual == "dataclasses.make_dataclass":
			if p.StrSubclasses() && !constantFieldNames(p, argOrKeyword(c, 1, "fields")) {
				p.Reportf(c, "dataclasses.make_dataclass with field names that are not constant strings, in a program with a str subclass: dataclasses paste each name, and its repr, into the code they exec")
			}
			return
		case r.Qual == "dataclasses.dataclass" && len(c.Args) == 1:
			// dataclass(cls) called: cls must be a class statement, whose annotations are written.
			if !ownClass(p, c.Args[0]) {
				p.Reportf(c, "dataclasses.dataclass of a class made at run time: its __annotations__ keys are pasted into the code dataclasses exec")
			}
			return
		case r.Qual == "types.new_class" && len(c.Args)+len(c.Keywords) >= 4 && readsAnnotations(p):
			p.Reportf(c, "types.new_class with a body callback may give the class __annotations__, which dataclasses and the annotation evaluators read")
			return
		}
	}
}

// computedAnnotationStore judges a setattr-like store of the attribute name into obj: a constant
// annotation dunder; a computed name on a class where annotations are read; and, where an
// evaluator is named, a computed name on anything but the program's own instances:
// setattr(run, NAME, {"job": "..."}) stores a dict of strings (data) into a function's
// __annotations__, which get_type_hints evaluates.
func computedAnnotationStore(p *engine.Pass, c *ast.Call, obj, name ast.Expr) {
	if s, ok := p.ConstString(name); ok {
		if annotationDunder(p, s) {
			p.Reportf(c, "setting %s %s", s, annotationWhy(s))
		}
	} else if readsAnnotations(p) && (mayBeClass(p, obj) || ownClass(p, obj)) {
		p.Reportf(c, "setattr on a class with a computed name may set __annotations__, which dataclasses and the annotation evaluators read")
	} else if p.EvaluatesAnnotations() && (p.DefinedClassOrFunction(obj) || !p.IsOwn(obj)) {
		p.Reportf(c, "setattr with a computed name on what may be a function or class may set __annotations__, which the annotation evaluators evaluate")
	}
}

func defName(d ast.Node) string {
	switch d := d.(type) {
	case *ast.FunctionDef:
		return d.Name
	case *ast.AsyncFunctionDef:
		return d.Name
	}
	return ""
}

// readsAnnotations reports whether the program names something that reads classes' annotations as
// code: dataclasses (the field names) or an annotation evaluator (the values).
func readsAnnotations(p *engine.Pass) bool {
	return p.EvaluatesAnnotations() || p.NamesDataclass()
}

// annotationDunder reports whether name chooses what annotations are or where they are evaluated:
// __annotations__ always (dataclasses read it too); __module__, __wrapped__, __globals__ and
// __builtins__ where an evaluator is named (engine.EvalDunder).
func annotationDunder(p *engine.Pass, name string) bool {
	return name == "__annotations__" || engine.EvalDunder(name) && p.EvaluatesAnnotations()
}

func annotationWhy(name string) string {
	switch name {
	case "__annotations__":
		return "makes annotations the source does not show: dataclasses paste their names into the code they exec, and typing.get_type_hints evaluates their values"
	case "__wrapped__":
		return "chooses the object whose __globals__ typing.get_type_hints evaluates a function's string annotations in (it follows __wrapped__)"
	case "__globals__":
		return "chooses the namespace typing.get_type_hints evaluates string annotations in (the __globals__ of the object __wrapped__ leads to)"
	case "__builtins__":
		return "chooses the builtins typing.get_type_hints evaluates string annotations with (a class's namespace is its globals)"
	}
	return "chooses the module whose namespace typing.get_type_hints evaluates string annotations in"
}

// ownClass reports whether e is a class of the program (a name bound to a class statement, cls).
func ownClass(p *engine.Pass, e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	if !ok || !p.IsOwn(nm) {
		return false
	}
	for _, b := range p.Bindings(nm.Id) {
		if b.IsFunctionDef() || b.Assigned() {
			return false
		}
	}
	return true
}

// ownHintsTarget reports whether get_type_hints(x) asks about one of the program's own classes or
// functions, with no namespaces of its own: their annotations are judged where they are written.
// x may be a name bound to a class or def, a method of one of the program's classes, a loop
// variable over a display of those, or a parameter every call of whose function passes one.
func ownHintsTarget(p *engine.Pass, c *ast.Call) bool {
	if len(c.Args) != 1 {
		return false
	}
	for _, k := range c.Keywords {
		if k.Arg == nil || *k.Arg != "include_extras" {
			return false
		}
	}
	return p.DefinedClassOrFunction(c.Args[0]) && plainHintsTarget(p, c.Args[0], p.Site(), 0)
}

// plainHintsTarget reports whether e, evaluated at site, is what a def or class statement of the
// program makes: typing.get_type_hints of anything else reads the object's __annotations__,
// __wrapped__ and __globals__, which a __getattr__ of the program's answers (a decorator of the
// program's returning its own object in place of the def; a method replaced by a store on the
// class). Each statement binding a name must be decorated only by library decorators that
// return what they decorate, or a wrapper of it (hintsDecorators), and a class must have no
// metaclass of the program's; a loop's names are judged by the display's items; a method named
// by attribute of the program's class must be no name the program stores as an attribute.
func plainHintsTarget(p *engine.Pass, e ast.Expr, site engine.Site, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := e.(type) {
	case *ast.Name:
		for _, b := range p.BindingsAt(x.Id, site) {
			switch {
			case b.IsFunctionDef() || b.IsClassDef():
				if !hintsDecorated(p, b.Decorators(), b.Site()) {
					return false
				}
				if cd := b.ClassDef(); cd != nil && p.OwnMetaclass(cd) {
					return false
				}
			case b.Iter() != nil:
				vals, vs, ok := p.LoopValues(b)
				if !ok {
					return false
				}
				for _, v := range vals {
					if !plainHintsTarget(p, v, vs, depth+1) {
						return false
					}
				}
			case b.IsParam():
				// A parameter every call passes a def or class to (DefinedClassOrFunction):
				// each argument is judged; a decorator's, the def it decorates, is what its
				// statement makes, or a library decorator's wrapper of it, when the decorators
				// below the function's own are the library's (hintsDecorated).
				args, ok := p.Arguments(b)
				if !ok {
					return false
				}
				for _, a := range args {
					if a.Expr() == nil {
						if !decoratedPlainly(p, p.ParamFunction(b), a.DecoratedList(), a.Site()) {
							return false
						}
						continue
					}
					if !plainHintsTarget(p, a.Expr(), a.Site(), depth+1) {
						return false
					}
				}
			default:
				return false
			}
		}
		return true
	case *ast.Attribute:
		if p.AttrStored(x.Attr) {
			return false
		}
		nm, ok := x.Value.(*ast.Name)
		if !ok {
			return false
		}
		for _, b := range p.BindingsAt(nm.Id, site) {
			cd := b.ClassDef()
			if cd == nil || !bodyBindsOnlyDefs(cd, x.Attr) {
				return false
			}
			for _, st := range cd.Body {
				var decos []ast.Expr
				switch d := st.(type) {
				case *ast.FunctionDef:
					if d.Name == x.Attr {
						decos = d.DecoratorList
					}
				case *ast.AsyncFunctionDef:
					if d.Name == x.Attr {
						decos = d.DecoratorList
					}
				case *ast.ClassDef:
					if d.Name == x.Attr {
						decos = d.DecoratorList
					}
				}
				if !hintsDecorated(p, decos, p.ClassSite(cd)) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// decoratedPlainly reports whether decorator fn, one of decos (evaluated at site), is given
// what the statement makes or a library decorator's wrapper of it: every decorator below fn's
// (applied before it) is one of hintsDecorated.
func decoratedPlainly(p *engine.Pass, fn *ast.FunctionDef, decos []ast.Expr, site engine.Site) bool {
	if fn == nil {
		return false
	}
	at := -1
	for i, d := range decos {
		if c, ok := d.(*ast.Call); ok {
			d = c.Func
		}
		if nm, ok := d.(*ast.Name); ok && nm.Id == fn.Name {
			at = i
		}
	}
	return at >= 0 && hintsDecorated(p, decos[at+1:], site)
}

// postponedAnnotations reports whether mod has from __future__ import annotations, which keeps
// every annotation as its source string (PEP 563).
func postponedAnnotations(mod *ast.Module) bool {
	for _, st := range mod.Body {
		im, ok := st.(*ast.ImportFrom)
		if !ok || im.Module == nil || *im.Module != "__future__" {
			continue
		}
		for _, a := range im.Names {
			if a.Name == "annotations" {
				return true
			}
		}
	}
	return false
}

// registerValue reports, where an evaluator is named, x.register of what may be a singledispatch
// function used other than called or as a def's decorator (reg = show.register; map(...)): what
// it is given is not seen where register evaluates its string annotations.
func registerValue(p *engine.Pass, at *ast.Attribute) {
	if at.Attr != "register" || at.Ctx != ast.Load || !p.EvaluatesAnnotations() {
		return
	}
	switch parent := p.Parent().(type) {
	case *ast.Call:
		if ast.Node(parent.Func) == ast.Node(at) {
			return // judged as a call (annotationCall)
		}
	case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
		return // a decorator (registeredDefs)
	}
	if dispatchReceiver(p, at.Value) {
		p.Reportf(at, "register of what may be a singledispatch function used as a value: it evaluates the string annotations of what it is given, with typing.get_type_hints, where the source does not show the call")
	}
}

// dispatchReceiver reports whether e, the object whose register is called, may be a function
// functools.singledispatch made: anything but a library object (atexit, codecs, an abc class)
// whose refs name no singledispatch.
func dispatchReceiver(p *engine.Pass, e ast.Expr) bool {
	refs := p.Refs(e)
	if len(refs) == 0 {
		return true
	}
	for _, r := range refs {
		if r.Kind != engine.ModRef && r.Kind != engine.ObjRef || strings.Contains(r.Qual, "singledispatch") {
			return true
		}
	}
	return false
}

// registeredDefs returns the decorators x.register (no call) of the program's defs and classes
// in mod that a decorator of the program's is applied before (below it): what it is given is
// what that decorator returns, whose annotations register evaluates.
func registeredDefs(p *engine.Pass, mod *ast.Module) []ast.Expr {
	var out []ast.Expr
	stack := []ast.Node{mod}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var decos []ast.Expr
		switch d := n.(type) {
		case *ast.FunctionDef:
			decos = d.DecoratorList
		case *ast.AsyncFunctionDef:
			decos = d.DecoratorList
		}
		for i, d := range decos {
			at, ok := d.(*ast.Attribute)
			if !ok || at.Attr != "register" {
				continue
			}
			if site, ok := p.DecoratorSite(n); ok && !registrable(p, decos[i+1:], site) {
				out = append(out, d)
			}
		}
		stack = ast.AppendChildren(stack, n)
	}
	return out
}

// dispatchType reports whether e, register's one argument, is a class register dispatches on
// (and so returns a decorator, evaluating nothing): a library class, or a class statement of the
// program as it makes it.
func dispatchType(p *engine.Pass, e ast.Expr) bool {
	if classStatement(p, e) {
		return plainHintsTarget(p, e, p.Site(), 0)
	}
	refs := p.Refs(e)
	for _, r := range refs {
		if _, inst, ok := p.TypeOf(r); !ok || inst {
			if !(r.Kind == engine.ObjRef && strings.HasPrefix(r.Qual, "builtins.") && p.IsBuiltin(strings.TrimPrefix(r.Qual, "builtins."))) {
				return false
			}
		}
	}
	return len(refs) > 0
}

// registrable reports whether decos, the decorators applied to a def before a register
// decorator, give register the def or a wrapper of it: the library's (hintsDecorated), or the
// program's that return only a def of their own made by functools.wraps (whose __wrapped__ and
// __annotations__ are what it wraps).
func registrable(p *engine.Pass, decos []ast.Expr, site engine.Site) bool {
	for _, d := range decos {
		if hintsDecorated(p, []ast.Expr{d}, site) {
			continue
		}
		nm, ok := d.(*ast.Name)
		if !ok {
			return false
		}
		binds := p.BindingsAt(nm.Id, site)
		if len(binds) == 0 {
			return false
		}
		for _, b := range binds {
			fn := b.FunctionDef()
			if fn == nil || len(fn.DecoratorList) > 0 || !returnsWrapper(p, fn) {
				return false
			}
		}
	}
	return true
}

// returnsWrapper reports whether every return of fn (outside its nested defs) gives a name a def
// in fn's body binds, decorated only by functools.wraps(...).
func returnsWrapper(p *engine.Pass, fn *ast.FunctionDef) bool {
	wrappers := map[string]bool{}
	for _, st := range fn.Body {
		d, ok := st.(*ast.FunctionDef)
		if !ok || len(d.DecoratorList) != 1 {
			continue
		}
		c, ok := d.DecoratorList[0].(*ast.Call)
		if !ok {
			continue
		}
		for _, r := range p.Refs(c.Func) {
			if r.Qual == "functools.wraps" {
				wrappers[d.Name] = true
			}
		}
	}
	returns := 0
	stack := []ast.Node{}
	for _, st := range fn.Body {
		stack = append(stack, st)
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
			continue
		case *ast.Return:
			nm, ok := x.Value.(*ast.Name)
			if !ok || !wrappers[nm.Id] {
				return false
			}
			returns++
		case *ast.Yield, *ast.YieldFrom:
			return false
		}
		stack = ast.AppendChildren(stack, n)
	}
	// A name rebound elsewhere in fn is not the def.
	for name := range wrappers {
		count := 0
		for _, st := range fn.Body {
			if d, ok := st.(*ast.FunctionDef); ok && d.Name == name {
				count++
			}
		}
		if count != 1 {
			return false
		}
	}
	return returns > 0
}

// classStatement reports whether e is a name a class statement of the program binds.
func classStatement(p *engine.Pass, e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	for _, b := range p.Bindings(nm.Id) {
		if b.IsClassDef() {
			return true
		}
	}
	return false
}

// bodyBindsOnlyDefs reports whether the body of class statement cd binds name, and only with def
// or class statements: an assignment (run = Box()), an import, a loop's or with's target binds
// an object whose __annotations__ and __globals__ its class's __getattr__ may answer.
func bodyBindsOnlyDefs(cd *ast.ClassDef, name string) bool {
	defs := 0
	stack := make([]ast.Node, 0, len(cd.Body))
	for _, st := range cd.Body {
		stack = append(stack, st)
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := n.(type) {
		case *ast.FunctionDef:
			if x.Name == name {
				defs++
			}
			continue // its body is another scope (its decorators bind nothing)
		case *ast.AsyncFunctionDef:
			if x.Name == name {
				defs++
			}
			continue
		case *ast.ClassDef:
			if x.Name == name {
				defs++
			}
			continue
		case *ast.Lambda:
			continue
		case *ast.Name:
			if x.Id == name && x.Ctx != ast.Load {
				return false
			}
		case *ast.Alias:
			bound := x.Name
			if x.Asname != nil {
				bound = *x.Asname
			}
			if bound == name || strings.HasPrefix(bound, name+".") {
				return false
			}
		}
		stack = ast.AppendChildren(stack, n)
	}
	return defs > 0
}

// hintsDecorated reports whether every decorator in decos, evaluated at site, is one of
// hintsDecorators or classDecorators, or a call of one (lru_cache(maxsize=8)).
func hintsDecorated(p *engine.Pass, decos []ast.Expr, site engine.Site) bool {
	return decoratedOnlyBy(p, decos, site, func(qual string) bool { return classDecorators.Has(qual) || hintsDecorators[qual] })
}

// decoratedOnlyBy reports whether every decorator in decos, evaluated at site, or the callee of a
// decorator that is a call, refers only to names that known accepts.
func decoratedOnlyBy(p *engine.Pass, decos []ast.Expr, site engine.Site, known func(qual string) bool) bool {
	for _, d := range decos {
		if c, ok := d.(*ast.Call); ok {
			d = c.Func
		}
		refs := p.RefsAt(d, site)
		if len(refs) == 0 {
			return false
		}
		for _, r := range refs {
			if !known(r.Qual) {
				return false
			}
		}
	}
	return true
}

// hintsDecorators are the library decorators of a def that return it, or a wrapper whose
// __wrapped__ is it and whose __annotations__ are its own.
var hintsDecorators = map[string]bool{"builtins.staticmethod": true, "builtins.classmethod": true,
	"functools.lru_cache": true, "functools.cache": true, "functools.singledispatch": true,
	"typing.overload": true, "typing.no_type_check": true, "abc.abstractmethod": true,
	"contextlib.contextmanager": true, "typing_extensions.overload": true}

// notAType says why e, an expression from a string annotation evaluated at site, is not a plain
// type, or "" when it is one: names and attribute paths that denote classes, subscripts of them,
// unions with |, and the constants Literal takes.
func notAType(p *engine.Pass, e ast.Expr, site engine.Site, depth int) string {
	if depth > 16 {
		return "nested too deeply"
	}
	switch x := e.(type) {
	case *ast.Name, *ast.Attribute:
		if why := storedName(p, x); why != "" {
			return why
		}
		if why := unboundName(p, x, site); why != "" {
			return why
		}
		return notATypeName(p, x, site)
	case *ast.Subscript:
		if why := subscriptHead(p, x, site, depth, notAType); why != "" {
			return why
		}
		if isLiteralType(p, x.Value, site) {
			return notALiteral(p, x.Slice, site, depth+1)
		}
		return notAType(p, x.Slice, site, depth+1)
	case *ast.Tuple, *ast.List, *ast.BinOp:
		return typeParts(p, x, site, depth, notAType)
	case *ast.Constant:
		// A string in a type (List['Node']) is a forward reference, which the evaluators
		// evaluate in turn: it is judged like the annotation. One that is not an expression
		// raises SyntaxError before anything runs. (Literal's values are not evaluated:
		// notALiteral.)
		if str, ok := x.Value.(string); ok {
			if e, ok := engine.ParseExpression(str); ok {
				return notAType(p, e, site, depth+1)
			}
		}
		return "" // None, ...
	case *ast.Call:
		return "a call"
	}
	return "an expression"
}

// subscriptHead judges what a subscript in a type subscripts, with judge: a type, whose class
// (the program's, or the library's by its metaclass) answers no subscript with a value the program
// chose.
func subscriptHead(p *engine.Pass, x *ast.Subscript, site engine.Site, depth int, judge func(*engine.Pass, ast.Expr, engine.Site, int) string) string {
	if why := judge(p, x.Value, site, depth+1); why != "" {
		return why
	}
	if why := ownTypeOperand(p, x.Value, site, true); why != "" {
		return why
	}
	return libraryMetaOperand(p, x.Value, site)
}

// typeParts judges the parts of a tuple, a list or a union with | of types, in order, with judge;
// any other operator is not a type.
func typeParts(p *engine.Pass, e ast.Expr, site engine.Site, depth int, judge func(*engine.Pass, ast.Expr, engine.Site, int) string) string {
	var parts []ast.Expr
	switch x := e.(type) {
	case *ast.Tuple:
		parts = x.Elts
	case *ast.List:
		parts = x.Elts
	case *ast.BinOp:
		if x.Op != ast.BitOr {
			return "an operator"
		}
		if why := judge(p, x.Left, site, depth+1); why != "" {
			return why
		}
		if why := ownTypeOperands(p, x, site); why != "" {
			return why
		}
		return judge(p, x.Right, site, depth+1)
	}
	for _, el := range parts {
		if why := judge(p, el, site, depth+1); why != "" {
			return why
		}
	}
	return ""
}

// notATypeValue says why e, an annotation written as an expression evaluated at site, may not be
// a type, or "" when it is one: the names and attribute paths notATypeName admits, subscripts of
// them (Literal's and Annotated's values are not evaluated), unions with |, tuples and lists of
// them, None, and the calls that make type variables and new types. A string constant in it is
// an annotation string, judged as one (AnnotationStrings).
func notATypeValue(p *engine.Pass, e ast.Expr, site engine.Site, depth int) string {
	return typeValue{evalSite: site}.judge(p, e, site, depth)
}

// typeValue judges an annotation written as an expression, or the value of a name it uses,
// which is evaluated where the annotation is: evalSite. A string the evaluators take from it is
// evaluated there too, not where the value is written.
type typeValue struct {
	evalSite engine.Site
	// bound is set for the value of a name: a string in it (T = "Plan.hint", List["int"]) is
	// not among the annotation strings SBX205 judges, but get_type_hints evaluates it all the
	// same, in the namespaces of the class or function annotated.
	bound bool
}

// judge is notATypeValue of e, written at site.
func (t typeValue) judge(p *engine.Pass, e ast.Expr, site engine.Site, depth int) string {
	if depth > 16 {
		return "nested too deeply"
	}
	switch x := e.(type) {
	case *ast.Name, *ast.Attribute:
		return notATypeNameD(p, x, site, t.evalSite, depth)
	case *ast.Subscript:
		if why := subscriptHead(p, x, site, depth, t.judge); why != "" {
			return why
		}
		if isLiteralType(p, x.Value, site) {
			return ""
		}
		if isAnnotatedType(p, x.Value, site) {
			if tup, ok := x.Slice.(*ast.Tuple); ok && len(tup.Elts) > 0 {
				return t.judge(p, tup.Elts[0], site, depth+1)
			}
		}
		return t.judge(p, x.Slice, site, depth+1)
	case *ast.Tuple, *ast.List, *ast.BinOp:
		return typeParts(p, x, site, depth, t.judge)
	case *ast.Constant:
		// None, ..., a string: in the annotation, one of AnnotationStrings; in the value of a
		// name, judged here as the string annotation it becomes, where it is evaluated.
		if str, ok := x.Value.(string); ok && t.bound {
			if e, ok := engine.ParseExpression(str); ok {
				return notAType(p, e, t.evalSite, depth+1)
			}
		}
		return ""
	case *ast.Call:
		for _, r := range p.RefsAt(x.Func, site) {
			if typeMakers.Has(r.Qual) {
				return ""
			}
		}
		return "a call"
	}
	return "an expression"
}

// ownTypeOperand says why e, the class subscripted or an operand of | in an annotation, may not
// give a type, or "": a class of the program in a program that defines __class_getitem__ or a
// __getitem__, __or__ or __ror__ a metaclass may have answers with the program's code, a string
// built at run time among what it may return.
func ownTypeOperand(p *engine.Pass, e ast.Expr, site engine.Site, subscript bool) string {
	nm, ok := e.(*ast.Name)
	if !ok {
		return ""
	}
	own := p.OwnAttr("__class_getitem__") || p.OwnAttr("__getitem__") || p.OwnAttr("__or__") || p.OwnAttr("__ror__")
	for _, b := range p.BindingsAt(nm.Id, site) {
		if !b.IsClassDef() {
			continue
		}
		if own {
			return "the program's class " + nm.Id + ", whose __class_getitem__ or metaclass may answer the operator"
		}
		// Hint["X"] of a str Enum is its member, a str: a library metaclass answers. (The
		// library's metaclasses leave | to type: a Union.)
		if subscript && !p.PlainMetaclass(b.ClassDef()) {
			return "the program's class " + nm.Id + ", whose library base or metaclass may answer the operator"
		}
	}
	return ""
}

// libraryMetaOperand says why e, a library class subscripted in an annotation, may not give a
// type, or "": a class whose metaclass is not type or abc.ABCMeta
// answers with its own code: enum.FlagBoundary["KEEP"] is a member, the str "keep", which
// get_type_hints evaluates in the program's namespace.
func libraryMetaOperand(p *engine.Pass, e ast.Expr, site engine.Site) string {
	for _, r := range p.RefsAt(e, site) {
		class, inst, ok := p.TypeOf(r)
		if !ok || inst {
			continue
		}
		switch m := p.Metaclass(class); m {
		case "builtins.type", "abc.ABCMeta":
		default:
			return "the library class " + short(r.Qual) + ", whose metaclass " + m + " answers the operator"
		}
	}
	return ""
}

// ownTypeOperands is ownTypeOperand of both operands of x, a |.
func ownTypeOperands(p *engine.Pass, x *ast.BinOp, site engine.Site) string {
	if why := ownTypeOperand(p, x.Left, site, false); why != "" {
		return why
	}
	return ownTypeOperand(p, x.Right, site, false)
}

// libraryDecorators reports whether every decorator in decos, evaluated at site, is one of the
// class decorators that return the class they are given (classDecorators), or a call of one
// (dataclass(frozen=True)): a decorator of the program, or a library object calling one
// (functools.partial(f)), may return anything in place of the class.
func libraryDecorators(p *engine.Pass, decos []ast.Expr, site engine.Site) bool {
	return decoratedOnlyBy(p, decos, site, classDecorators.Has)
}

// classDecorators return the class they decorate.
var classDecorators = engine.NewNameSet("class decorators", "dataclasses.dataclass",
	"functools.total_ordering", "typing.final", "typing.runtime_checkable", "typing.dataclass_transform",
	"enum.unique", "enum.verify", "enum.global_enum_repr", "typing_extensions.final",
	"typing_extensions.runtime_checkable")

// unseenBases returns the bases of the program's class statements (in mod) that are not seen to
// be class statements or library classes: a name bound otherwise (an assignment of a call), a
// call, an attribute of anything but an imported module.
func unseenBases(p *engine.Pass, mod *ast.Module) []ast.Expr {
	var out []ast.Expr
	stack := []ast.Node{mod}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cd, ok := n.(*ast.ClassDef); ok {
			for _, b := range cd.Bases {
				if !seenBase(p, b, cd) {
					out = append(out, b)
				}
			}
		}
		stack = ast.AppendChildren(stack, n)
	}
	return out
}

// seenBase reports whether base b of class statement cd is a class statement of the program or
// a class of the library (a subscript of one: Generic[T]).
func seenBase(p *engine.Pass, b ast.Expr, cd *ast.ClassDef) bool {
	if sub, ok := b.(*ast.Subscript); ok {
		b = sub.Value
	}
	root := chainRoot(b)
	nm, ok := root.(*ast.Name)
	if !ok {
		return false
	}
	binds := p.BindingsAt(nm.Id, p.ClassSite(cd))
	for _, bd := range binds {
		switch {
		case bd.IsImport():
		case bd.IsClassDef() && root == b && libraryDecorators(p, bd.ClassDef().DecoratorList, bd.Site()):
		default:
			return false
		}
	}
	if len(binds) == 0 {
		return len(p.RefsAt(b, p.ClassSite(cd))) > 0 // a builtin class (object, dict, Exception)
	}
	return true
}

// typeMakers make objects get_type_hints takes as they are: type variables and new types, whose
// bounds and supertypes it does not evaluate.
var typeMakers = engine.NewNameSet("type makers", "typing.TypeVar", "typing.NewType", "typing.ParamSpec",
	"typing.TypeVarTuple", "typing_extensions.TypeVar", "typing_extensions.NewType",
	"typing_extensions.ParamSpec", "typing_extensions.TypeVarTuple")

// isAnnotatedType reports whether e is typing.Annotated, whose arguments after the first are
// values get_type_hints does not evaluate.
func isAnnotatedType(p *engine.Pass, e ast.Expr, site engine.Site) bool {
	for _, r := range p.RefsAt(e, site) {
		if r.Qual == "typing.Annotated" || r.Qual == "typing_extensions.Annotated" {
			return true
		}
	}
	return false
}

// isLiteralType reports whether e, in a string annotation evaluated at site, is typing.Literal,
// whose arguments are values, not types.
func isLiteralType(p *engine.Pass, e ast.Expr, site engine.Site) bool {
	for _, r := range p.RefsAt(e, site) {
		if r.Qual == "typing.Literal" || r.Qual == "typing_extensions.Literal" {
			return true
		}
	}
	return false
}

// notALiteral is notAType for the arguments of Literal: constants, strings included, are values.
func notALiteral(p *engine.Pass, e ast.Expr, site engine.Site, depth int) string {
	switch x := e.(type) {
	case *ast.Constant:
		return ""
	case *ast.Tuple:
		for _, el := range x.Elts {
			if why := notALiteral(p, el, site, depth+1); why != "" {
				return why
			}
		}
		return ""
	}
	return notAType(p, e, site, depth)
}

// notATypeName judges a name or attribute path of a string annotation, resolved where the
// annotation is: a module, a function, a private or dunder step is not a type.
func notATypeName(p *engine.Pass, e ast.Expr, site engine.Site) string {
	return notATypeNameD(p, e, site, site, 0)
}

// storedName says why the name a string annotation's name or attribute path e starts with may
// not be what the source binds it to, or "": the evaluators look a class's string annotations up
// in the class's own namespace as well as the module's (typing.get_type_hints: the module's
// first, then the class's, then builtins; inspect.get_annotations: the class's first), and a
// store on the class outside its body binds a name there (Plan.int = hint after the class, cls.int
// in a decorator, an __init_subclass__ or __set_name__ hook or a metaclass, __class__.int in a
// method, setattr or type.__setattr__ with the name), which shadows a builtin or a module's name:
// the evaluator evaluates the string it finds there in turn. The store's object is not judged: a
// class reaches it in too many forms (cls, type(self), a decorator's parameter, an unbound
// method's self).
func storedName(p *engine.Pass, e ast.Expr) string {
	nm, ok := chainRoot(e).(*ast.Name)
	if !ok || !p.AttrStored(nm.Id) {
		return ""
	}
	return "the name " + nm.Id + ", which the program may store as an attribute: on a class, that binds it in the namespace the evaluators look it up in"
}

// unboundName says why the name a string annotation's name or attribute path e starts with is
// not known, or "": a name the program does not bind, that is no builtin and no name a star
// import gives, would raise NameError where the source has it evaluated; evaluated, it is found
// in a namespace the source does not show (a module a class's __module__ names, a class's or
// builtins' namespace changed at run time), holding what the analysis cannot judge.
func unboundName(p *engine.Pass, e ast.Expr, site engine.Site) string {
	nm, ok := chainRoot(e).(*ast.Name)
	if !ok || len(p.BindingsAt(nm.Id, site)) > 0 || len(p.RefsAt(nm, site)) > 0 {
		return ""
	}
	return "the name " + nm.Id + ", which the program does not bind: the evaluators find it in a namespace the source does not show"
}

// notATypeNameD is notATypeName of e written at site, for an annotation evaluated at evalSite.
func notATypeNameD(p *engine.Pass, e ast.Expr, site, evalSite engine.Site, depth int) string {
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
	if engine.IsDunder(nm.Id) {
		// __doc__, __name__, __qualname__, __module__: strings the module or class body holds
		// without a binding in the source (a docstring), evaluated again as names.
		return "the name " + nm.Id + ", a string the module or class holds"
	}
	for _, b := range p.BindingsAt(nm.Id, site) {
		if b.IsFunctionDef() {
			return "the function " + nm.Id
		}
		// A name of the program holds a type only when it is bound to one: a class statement,
		// an import, or an assignment of a type (an alias, T = List[int]). Any other binding
		// (a string built at run time, a parameter, a loop's target) may hold a string that
		// get_type_hints evaluates.
		switch {
		case b.IsClassDef() && root != e:
			// Holder.hint: a class's attribute may hold any value, a string among them.
			return "an attribute of the class " + nm.Id
		case b.IsClassDef() && !libraryDecorators(p, b.ClassDef().DecoratorList, b.Site()):
			// A decorator of the program's returns what it likes in place of the class.
			return "the class " + nm.Id + ", bound to what its decorator returns"
		case b.IsClassDef() && p.OwnMetaclass(b.ClassDef()):
			// class keep(metaclass=f): the name holds what f returns, a string as well as a class.
			return "the class " + nm.Id + ", bound to what its metaclass returns"
		case b.IsClassDef(), b.IsImport(), b.IsDel():
		case b.Assigned():
			if why := (typeValue{evalSite: evalSite, bound: true}).judge(p, b.Value(), b.Site(), depth+2); why != "" {
				return "the name " + nm.Id + ", bound to " + why
			}
		default:
			return "the name " + nm.Id + ", which may hold a string"
		}
	}
	for _, r := range p.RefsAt(e, site) {
		switch r.Kind {
		case engine.ModRef, engine.DictRef, engine.ModulesRef, engine.GlobalsRef:
			return "the module " + r.Qual
		case engine.ObjRef:
			mod, attr := moduleOf(r.Qual)
			mb, known := p.ModuleMember(mod, attr)
			switch {
			case mb.Kind == engine.FunctionMember:
				return "the function " + short(r.Qual)
			case known && !libraryType(mb):
				// os.environ, a library string: an object, not a type, which may hold or
				// give (os.environ["K"]) a string the program chose.
				return "the library's " + short(r.Qual) + ", not a type"
			case !known && mod != "":
				// string.Template.delimiter: an attribute of a library object or class.
				pm, pa := moduleOf(mod)
				if _, ok := p.ModuleMember(pm, pa); ok {
					return "an attribute of the library's " + short(mod)
				}
			}
		}
	}
	return ""
}

// libraryType reports whether mb, a module attribute an annotation names, is a type: a class, or
// one of typing's special forms and type variables (Optional, List, Callable, AnyStr).
func libraryType(mb engine.Member) bool {
	switch mb.Kind {
	case engine.ClassMember:
		return true
	case engine.DataMember:
		return typeForms(mb.Target)
	}
	return false
}

// typeForms are the classes of the library's objects that are types in an annotation.
func typeForms(class string) bool {
	switch class {
	case "typing.TypeVar", "typing._CallableType", "typing._LiteralSpecialForm", "typing._SpecialForm",
		"typing._SpecialGenericAlias", "typing._TupleType", "typing.ParamSpec", "typing.TypeVarTuple",
		"typing._GenericAlias", "types.GenericAlias", "typing.NewType", "builtins.NoneType":
		return true
	}
	return false
}

// constantFieldNames reports whether fields, make_dataclass's second argument, is a display whose
// every item is a constant name or a tuple or list starting with one (or there are no fields).
func constantFieldNames(p *engine.Pass, fields ast.Expr) bool {
	var elts []ast.Expr
	switch f := fields.(type) {
	case nil:
		return true
	case *ast.List:
		elts = f.Elts
	case *ast.Tuple:
		elts = f.Elts
	default:
		return false
	}
	for _, e := range elts {
		switch item := e.(type) {
		case *ast.Tuple:
			if len(item.Elts) == 0 {
				return false
			}
			e = item.Elts[0]
		case *ast.List:
			if len(item.Elts) == 0 {
				return false
			}
			e = item.Elts[0]
		}
		if _, ok := p.ConstString(e); !ok {
			return false
		}
	}
	return true
}

// fieldNameStore reports, in a program that names dataclasses and may derive a class from str, a
// store into the name of an object it does not define (a dataclasses.Field: a base dataclass's
// fields are inherited by name) and a change of a class's __dataclass_fields__: dataclasses paste
// the field names of a subclass, inherited ones too, into the code they exec, and an object of a
// str subclass chooses what its repr pastes.
func fieldNameStore(p *engine.Pass, at *ast.Attribute) {
	if at.Attr != "name" && at.Attr != "__dataclass_fields__" {
		return
	}
	if at.Ctx == ast.Load && (at.Attr == "name" || !changedInPlace(p, at)) {
		return
	}
	if !p.NamesDataclass() || at.Attr == "name" && p.IsOwn(at.Value) || !p.StrSubclasses() {
		return
	}
	p.Reportf(at, "a store into %s in a program with a str subclass: dataclasses paste field names into the code they exec, as their repr", at.Attr)
}

// chainRoot is the expression an attribute chain starts from: a in a.b.c, e itself when it is no
// attribute.
func chainRoot(e ast.Expr) ast.Expr {
	for {
		at, ok := e.(*ast.Attribute)
		if !ok {
			return e
		}
		e = at.Value
	}
}
