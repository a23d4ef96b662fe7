package engine

import (
	"slices"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

// The program's own objects: its classes and functions, the instances of its classes, and the
// self and cls of its methods. Their private and dunder attributes are the program's business;
// those of every other object are the interpreter's and the standard library's (SBX305).

// ownFacts are collected by the first walk.
type ownFacts struct {
	// selfArgs are the first parameters of the functions defined in the program's class bodies
	// (not staticmethods), self and cls, with their class.
	selfArgs map[*ast.Arg]*ast.ClassDef
	// selfDecorated are the decorators of the functions whose first parameters selfArgs holds,
	// for those that have any, and where they are evaluated.
	selfDecorated map[*ast.Arg]decorated
	// classAttrs are the attribute names each class of the program defines: bound in its body,
	// or assigned on self in its methods.
	classAttrs map[classAttr]bool
	// classSite is where each class statement is evaluated (its bases).
	classSite map[*ast.ClassDef]Site
	// classBinds are the names bound directly in class bodies (assignments, defs, classes,
	// imports, loop, with, except and match targets), with the node that binds each.
	classBinds []ClassBinding
	// annotated are the parameters with an annotation, with where the annotation is evaluated.
	annotated map[*ast.Arg]Site
	// attrs are the attribute names the program defines: assigned on any object, or bound in a
	// class body (methods, class attributes).
	attrs map[string]bool
	// annStrings are the strings in annotations.
	annStrings []AnnotationString
	// annExprs are the annotations themselves.
	annExprs []AnnotationExpr
	// annStores are the stores into __annotations__ and __module__: attributes assigned,
	// deleted or changed in place, and names bound in class bodies.
	annStores []ast.Node
	// annHanded are those of annStores that are the __annotations__ dict loaded and handed on
	// (AnnotationsRead).
	annHanded []ast.Node
	// annDefs are the methods named __annotations__, __module__ or __prepare__.
	annDefs []ast.Node
	// subclassOf caches OwnSubclassOf.
	subclassOf map[string]bool
	// libBases caches classLibraryBases: OwnNamespace and its kind ask it of every class of the
	// program derived from the one in question, at each question.
	libBases map[*ast.ClassDef]libBases
	// ownNS caches OwnNamespace's answer per class, derives derivesFrom's per pair.
	ownNS   map[*ast.ClassDef]bool
	derives map[[2]*ast.ClassDef]bool
	// subs, deep and subsDone are the index subclasses builds: per class the classes derived from
	// it, and the classes too deep to follow (derived from every class).
	subs     map[*ast.ClassDef][]*ast.ClassDef
	deep     []*ast.ClassDef
	subsDone bool
	// height caches classHeight, ownMeta OwnMetaclass.
	height  map[*ast.ClassDef]int
	ownMeta map[*ast.ClassDef]bool
	metaH   map[*ast.ClassDef]int // metaHeight
	// mutated caches mutatedName.
	mutated map[string]bool
	// nsReads caches readsNamespaces: 0 not asked, 1 no, 2 yes.
	nsReads int8
	// loopElems are the names of loops' tuple targets, with what the loop iterates over.
	loopElems map[*ast.Name]loopElem
	// foreignSelf are the classes whose methods may be called with an object that is not the
	// program's own as self (foreignSelves), once foreignDone is set.
	foreignSelf map[*ast.ClassDef]bool
	// foreignSelfCalled are those of foreignSelf whose methods may be called with an object
	// that is not the program's instance (not counting instances given to update_wrapper).
	foreignSelfCalled map[*ast.ClassDef]bool
	foreignDone       bool
	// clsArgs are the first parameters of classmethods (and __new__, __init_subclass__,
	// __class_getitem__): a class of the program, or one derived from it.
	clsArgs map[*ast.Arg]*ast.ClassDef
	// slotsStored is set when the program assigns an attribute named __slots__.
	slotsStored bool
	// matchArgsNamed: the string "__match_args__" is in the source (setattr, a namespace key).
	matchArgsNamed bool
	// stored are the attribute names the program assigns or deletes on any object (x.name = v,
	// setattr(x, "name", v)); storesAny is set when it may store names it does not show
	// (__setattr__ or setattr with a computed name, or as a value).
	stored    map[string]bool
	storesAny bool
	// outerNames are the names global and nonlocal statements declare, once outerDone is set.
	outerNames map[string]bool
	outerDone  bool
	// returned caches returnedClass ("" for none).
	returned map[*ast.FunctionDef]string
	// slots, slotsOK and plain cache SlotNames and PlainClasses once classesDone is set.
	slots       []string
	slotsOK     bool
	plain       bool
	classesDone bool
	// rewrapped are the bindings whose objects functools.update_wrapper (or the function
	// functools.wraps returns) is given as the wrapper, filled once per pass.
	rewrapped  map[*Binding]bool
	rewrapDone bool
	// made caches MadeClasses once classesDone is set.
	made bool
	// rewrapClasses are the program's classes whose instances are given as the wrapper;
	// rewrapAny is set when a wrapper's class is not known (any class may be).
	rewrapClasses []*ast.ClassDef
	rewrapAny     bool
	// rewrapEscapes is set when update_wrapper or wraps is used as a value: no instance is own.
	rewrapEscapes bool
}

// decorated are a def's decorators and where they are evaluated.
type decorated struct {
	decorators []ast.Expr
	site       Site
}

type classAttr struct {
	class *ast.ClassDef
	name  string
}

type loopElem struct {
	iter  ast.Expr
	index int
	site  Site
}

func (o *ownFacts) reset() {
	clear(o.libBases)
	clear(o.ownNS)
	clear(o.derives)
	clear(o.subs)
	clear(o.height)
	clear(o.ownMeta)
	clear(o.metaH)
	o.deep, o.subsDone = o.deep[:0], false
	clear(o.selfArgs)
	clear(o.selfDecorated)
	clear(o.classAttrs)
	clear(o.classSite)
	clear(o.classBinds)
	o.classBinds = o.classBinds[:0]
	clear(o.annotated)
	clear(o.attrs)
	clear(o.annStrings)
	clear(o.annExprs)
	clear(o.subclassOf)
	clear(o.mutated)
	clear(o.loopElems)
	clear(o.foreignSelf)
	clear(o.clsArgs)
	o.foreignDone = false
	clear(o.rewrapped)
	o.rewrapDone = false
	o.rewrapClasses, o.rewrapAny, o.rewrapEscapes = o.rewrapClasses[:0], false, false
	o.slotsStored, o.matchArgsNamed = false, false
	clear(o.stored)
	o.storesAny = false
	clear(o.outerNames)
	o.outerDone = false
	clear(o.returned)
	o.slots, o.slotsOK, o.plain, o.classesDone = o.slots[:0], false, false, false
	o.made = false
	o.nsReads = 0
	o.annStrings = o.annStrings[:0]
	o.annExprs = o.annExprs[:0]
	clear(o.annStores)
	o.annStores = o.annStores[:0]
	clear(o.annHanded)
	o.annHanded = o.annHanded[:0]
	clear(o.annDefs)
	o.annDefs = o.annDefs[:0]
}

// noteDef records a def: its name when it is bound in a class body, and its self parameter.
func (c *collector) noteDef(f *frame, name string, args *ast.Arguments, decorators []ast.Expr) {
	o := &c.p.own
	c.noteClassBinding(f, name)
	if f.sc.kind == scClass && (EvalDunder(name) || name == "__prepare__") {
		o.annDefs = append(o.annDefs, f.n)
	}
	if f.sc.kind == scClass {
		cls, _ := f.sc.def.(*ast.ClassDef)
		static := false
		for _, d := range decorators {
			if n, ok := d.(*ast.Name); ok && n.Id == "staticmethod" {
				static = true
			}
		}
		if args != nil && !static && cls != nil {
			var first *ast.Arg
			switch {
			case len(args.Posonlyargs) > 0:
				first = args.Posonlyargs[0]
			case len(args.Args) > 0:
				first = args.Args[0]
			}
			if first != nil {
				o.selfArgs[first] = cls
				if len(decorators) > 0 {
					if o.selfDecorated == nil {
						o.selfDecorated = map[*ast.Arg]decorated{}
					}
					o.selfDecorated[first] = decorated{decorators, Site{f.sc, f.idx}}
				}
				classArg := name == "__new__" || name == "__init_subclass__" || name == "__class_getitem__"
				for _, d := range decorators {
					if n, ok := d.(*ast.Name); ok && n.Id == "classmethod" {
						classArg = true
					}
				}
				if classArg {
					o.clsArgs[first] = cls
				}
			}
		}
	}
	if args == nil {
		return
	}
	for _, list := range [][]*ast.Arg{args.Posonlyargs, args.Args, args.Kwonlyargs} {
		for _, a := range list {
			if a != nil && a.Annotation != nil {
				o.annotated[a] = Site{f.sc, f.idx}
			}
		}
	}
}

// OwnAttr reports whether the program defines attribute name: assigns it on some object or binds
// it in a class body.
func (p *Pass) OwnAttr(name string) bool { return p.own.attrs[name] }

// EvalDunder reports whether name is an attribute that chooses what the annotation evaluators
// evaluate or in which namespaces: __annotations__ and __module__ (a class's module), and, for
// an object that is not a class, __wrapped__ (typing.get_type_hints follows it to the object
// whose __globals__ it evaluates in) and __globals__; __builtins__ in a namespace is the builtins
// the evaluation sees (a class's namespace is get_type_hints' globals).
func EvalDunder(name string) bool {
	switch name {
	case "__annotations__", "__module__", "__wrapped__", "__globals__", "__builtins__":
		return true
	}
	return false
}

// AttrStored reports whether the program may store an attribute called name on an object
// outside the class body that defines it: an assignment or deletion (x.name = v, cls.name = v in
// a decorator, a hook or a metaclass, __class__.name = v), setattr or __setattr__ with that
// constant name (type.__setattr__(cls, "name", v)), or names it does not show (a computed name,
// setattr as a value, functools.update_wrapper, a namespace= keyword). Any of these may bind
// name in a class's own namespace, which typing.get_type_hints consults for the names of the
// class's string annotations.
func (p *Pass) AttrStored(name string) bool { return p.own.storesAny || p.own.stored[name] }

// IsOwn reports whether e, at the current node's site, is one of the program's own objects: a
// class or function it defines, an instance of one of its classes, self or cls in one of its
// methods, super() there, or the class of such an object (type(self), self.__class__).
func (p *Pass) IsOwn(e ast.Expr) bool { return p.isOwn(e, p.Site(), 0) }

// IsOwnAt is IsOwn for e evaluated at s.
func (p *Pass) IsOwnAt(e ast.Expr, s Site) bool { return p.isOwn(e, s, 0) }

func (p *Pass) isOwn(e ast.Expr, s Site, depth int) bool {
	if depth > 6 || p.budget <= 0 {
		return false
	}
	p.budget--
	switch e := e.(type) {
	case *ast.Name:
		binds, builtin, stars := p.lookup(e.Id, s.sc, s.idx)
		if builtin && p.a.mods.builtin[e.Id] || len(binds) == 0 || p.starMayBind(stars, e.Id) {
			return false
		}
		for _, b := range binds {
			if !p.ownBinding(b, depth) {
				return false
			}
		}
		return true
	case *ast.Call:
		switch f := e.Func.(type) {
		case *ast.Name:
			if f.Id == "super" && p.isBuiltinName(f, s) {
				// super() in a method of the program's class; super(T, x) may name any class.
				return len(e.Args) == 0 && p.enclosingClass(s) != nil
			}
			if f.Id == "type" && len(e.Args) == 1 && p.isBuiltinName(f, s) {
				return p.isOwn(e.Args[0], s, depth+1)
			}
			return p.ownClass(f, s) && p.makesInstance(f, s)
		case *ast.Attribute:
			// cls.create(...) and the like are not known to return own objects; Own.Nested() is.
			return false
		}
	case *ast.Attribute:
		if e.Attr == "__class__" {
			return p.isOwn(e.Value, s, depth+1)
		}
	}
	return false
}

// ownBinding reports whether binding b gives its name one of the program's own objects.
func (p *Pass) ownBinding(b *Binding, depth int) bool {
	if p.rewrapped(b) || b.kind == bAssign && p.own.rewrapEscapes {
		return false
	}
	switch b.kind {
	case bDef:
		// A decorator may bind the def's name to any object, a library object among them.
		if fd, ok := b.node.(*ast.FunctionDef); ok && !p.plainDecorators(fd.DecoratorList, Site{b.scope, b.at}) {
			return false
		}
		if fd, ok := b.node.(*ast.AsyncFunctionDef); ok && !p.plainDecorators(fd.DecoratorList, Site{b.scope, b.at}) {
			return false
		}
		if cd, ok := b.node.(*ast.ClassDef); ok && !p.keptClass(cd, Site{b.scope, b.at}) {
			return false
		}
		return true
	case bAssign:
		return p.isOwn(b.value, Site{b.scope, b.idx}, depth+1)
	case bUnknown:
		a, ok := b.node.(*ast.Arg)
		if !ok {
			return false
		}
		if cls := p.selfClass(a); cls != nil {
			return !p.mayGetForeignSelf(cls)
		}
		if p.own.selfArgs[a] != nil {
			return false // a method whose decorator may pass another first argument
		}
		if site, ok := p.own.annotated[a]; ok {
			// An annotation is not checked when the function is called: the parameter is the
			// program's object only when every call is seen and passes one.
			return p.ownAnnotation(a.Annotation, site, depth) && p.ownArguments(a, depth)
		}
	}
	return false
}

// ownArguments reports whether every call of the def whose parameter a is, all of them seen
// (argumentsOf), passes one of the program's own objects for it.
func (p *Pass) ownArguments(a *ast.Arg, depth int) bool {
	args, ok := p.argumentsOf(a)
	if !ok {
		return false
	}
	for _, x := range args {
		if x.e == nil || !p.isOwn(x.e, x.site, depth+1) {
			return false
		}
	}
	return true
}

// ownAnnotation reports whether an annotation names one of the program's classes ("Node" as a
// string too, or Node | None).
func (p *Pass) ownAnnotation(e ast.Expr, s Site, depth int) bool {
	switch e := e.(type) {
	case *ast.Name:
		return p.ownClass(e, s)
	case *ast.Constant:
		if str, ok := e.Value.(string); ok && isIdent(str) {
			return p.ownClass(&ast.Name{Id: str, Ctx: ast.Load}, s)
		}
	case *ast.BinOp:
		if e.Op == ast.BitOr {
			return p.ownAnnotation(e.Left, s, depth) && p.ownAnnotationOrNone(e.Right, s, depth) ||
				p.ownAnnotationOrNone(e.Left, s, depth) && p.ownAnnotation(e.Right, s, depth)
		}
	}
	return false
}

func (p *Pass) ownAnnotationOrNone(e ast.Expr, s Site, depth int) bool {
	if c, ok := e.(*ast.Constant); ok {
		if _, none := c.Value.(ast.NoneValue); none {
			return true
		}
	}
	return p.ownAnnotation(e, s, depth)
}

// ownClass reports whether name is bound only to classes the program defines.
func (p *Pass) ownClass(name *ast.Name, s Site) bool {
	binds, builtin, stars := p.lookup(name.Id, s.sc, s.idx)
	if builtin && p.a.mods.builtin[name.Id] || len(binds) == 0 || p.starMayBind(stars, name.Id) {
		return false
	}
	for _, b := range binds {
		if c, ok := b.node.(*ast.ClassDef); b.kind != bDef || !ok || !p.keptClass(c, Site{b.scope, b.at}) {
			return false
		}
	}
	return true
}

// makesInstance reports whether calling name, bound only to classes of the program (ownClass),
// gives an instance of the class: not when a __new__ of the class or of an own ancestor (bound
// in a class body, or stored on an object anywhere) may return any object, a library object
// among them, nor when the metaclass's __call__ may (a metaclass of the program that binds
// __call__, or any but type and abc.ABCMeta; also one an own ancestor names).
func (p *Pass) makesInstance(name *ast.Name, s Site) bool {
	if p.own.stored["__new__"] || p.own.stored["__call__"] {
		return false
	}
	binds, _, _ := p.lookup(name.Id, s.sc, s.idx)
	for _, b := range binds {
		c, ok := b.node.(*ast.ClassDef)
		if !ok || p.classDefines(c, "__new__", 0) || p.ownAncestryMetaclassMayAnswer(c, "__call__") {
			return false
		}
	}
	return true
}

// starMayBind reports whether a star import of one of the modules stars (those of the module
// scope, which lookup returns when a name is looked up there) may bind name, over the
// program's own binding of it wherever the import runs later: the module's API has the
// attribute, or the module is not one the tables know.
func (p *Pass) starMayBind(stars []string, name string) bool {
	for _, m := range stars {
		mb, known := p.a.api.member(m, name)
		if !known || mb.Kind != NoMember {
			return true
		}
		if _, ok := p.a.mods.moduleAttr(m, name); ok {
			return true
		}
	}
	return false
}

// isBuiltinName reports whether name, used at s, is the builtin of that name.
func (p *Pass) isBuiltinName(name *ast.Name, s Site) bool {
	binds, builtin, _ := p.lookup(name.Id, s.sc, s.idx)
	return builtin && len(binds) == 0
}

func isIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// AnnotationString is a string in an annotation: typing.get_type_hints and
// functools.singledispatch evaluate it as Python where the annotation is.
type AnnotationString struct {
	Node  *ast.Constant
	Value string
	Site  Site // where the annotation is evaluated
}

// AnnotationStrings are the strings of the program's annotations (parameters, returns, annotated
// assignments), in source order.
func (p *Pass) AnnotationStrings() []AnnotationString { return p.own.annStrings }

// AnnotationExpr is an annotation of the program (a parameter's, a return's, an annotated
// assignment's) and where it is evaluated. What it evaluates to is what typing.get_type_hints
// reads: a string there, or in a subscript of it, is evaluated in turn.
type AnnotationExpr struct {
	Expr ast.Expr
	Site Site
}

// AnnotationExprs are the program's annotations, in source order.
func (p *Pass) AnnotationExprs() []AnnotationExpr { return p.own.annExprs }

// noteAnnotation records annotation e and its strings, evaluated in f's scope.
func (c *collector) noteAnnotation(e ast.Expr, f *frame) {
	if e == nil {
		return
	}
	c.p.own.annExprs = append(c.p.own.annExprs, AnnotationExpr{e, Site{f.sc, f.idx}})
	switch e.(type) {
	case *ast.Name, *ast.Attribute:
		return // most annotations: no string in them
	}
	// On the pass's annotation stack, which annotationStrings (pass 2) uses too: no allocation
	// per annotation.
	// Every node, without a bound of its own: SBX205 judges each string recorded here, and one
	// left out (after 512 nodes, as it was) went unjudged. The walk is linear in the annotation.
	stack := append(c.p.annStack[:0], ast.Node(e))
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if k, ok := n.(*ast.Constant); ok {
			if s, ok := k.Value.(string); ok {
				c.p.own.annStrings = append(c.p.own.annStrings, AnnotationString{k, s, Site{f.sc, f.idx}})
			}
			continue
		}
		stack = ast.AppendChildren(stack, n)
	}
	c.p.annStack = stack[:0]
}

// ParseExpression parses code as one Python expression, as an evaluator of strings would.
func ParseExpression(code string) (ast.Expr, bool) {
	mod := nameModule(code)
	if mod == nil {
		var err error
		if mod, err = parser.Parse([]byte(code), "<string>"); err != nil {
			return nil, false
		}
	}
	if len(mod.Body) != 1 {
		return nil, false
	}
	st, ok := mod.Body[0].(*ast.ExprStmt)
	if !ok {
		return nil, false
	}
	return st.Value, true
}

// DefinedClassOrFunction reports whether e, at the current node's site, is one of the classes or
// functions the program defines with a class or def statement (not an instance, not an object
// made at run time): a name bound only to such statements, a method or nested class of one of its
// classes, a loop variable over a display of those, or a parameter of a function that every call
// in the program passes one of those to.
func (p *Pass) DefinedClassOrFunction(e ast.Expr) bool {
	return p.definedDef(e, p.Site(), 0)
}

func (p *Pass) definedDef(e ast.Expr, s Site, depth int) bool {
	if depth > 4 || p.budget <= 0 {
		return false
	}
	p.budget--
	switch e := e.(type) {
	case *ast.Name:
		binds, builtin, _ := p.lookup(e.Id, s.sc, s.idx)
		if builtin && p.a.mods.builtin[e.Id] || len(binds) == 0 {
			return false
		}
		for _, b := range binds {
			switch {
			case b.kind == bDef:
			case b.kind == bUnknown && (b.iter != nil || b.elemIter != nil):
				vals, site, ok := p.LoopValues(b)
				if !ok {
					return false
				}
				for _, v := range vals {
					if !p.definedDef(v, site, depth+1) {
						return false
					}
				}
			case b.kind == bUnknown:
				a, ok := b.node.(*ast.Arg)
				if !ok || !p.definedArgument(a, depth+1) {
					return false
				}
			default:
				return false
			}
		}
		return true
	case *ast.Attribute:
		nm, ok := e.Value.(*ast.Name)
		return ok && p.ownAttrOfClass(nm, s) && p.own.attrs[e.Attr] && !IsPrivate(e.Attr) && !IsDunder(e.Attr)
	}
	return false
}

// ownAttrOfClass reports whether name is bound only to class statements of the program.
func (p *Pass) ownAttrOfClass(name *ast.Name, s Site) bool { return p.ownClass(name, s) }

// definedArgument reports whether every call of the function whose parameter a is passes, for a,
// a defined class or function; the function must be called by its name only (not passed, not a
// method), and no call may spread arguments.
func (p *Pass) definedArgument(a *ast.Arg, depth int) bool {
	args, ok := p.argumentsOf(a)
	if !ok {
		return false
	}
	for _, x := range args {
		// A decorator's argument is the def or class it decorates: defined.
		if x.e != nil && !p.definedDef(x.e, x.site, depth) {
			return false
		}
	}
	return true
}

// Argument is an expression passed for a parameter, and where it is evaluated. E is nil when the
// function is applied with @ to a def or class of the program (which is then the argument).
type Argument struct {
	e    ast.Expr
	site Site
	// decorated is the def or class the function decorates, when e is nil.
	decorated ast.Node
}

// Expr is the argument passed, or nil for a def or class the function decorates.
func (x Argument) Expr() ast.Expr { return x.e }

// DecoratorSite is where the decorators of def or class statement n are evaluated: the scope the
// statement is in.
func (p *Pass) DecoratorSite(n ast.Node) (Site, bool) {
	for i := range p.frames {
		if f := &p.frames[i]; sameNode(f.n, n) {
			return Site{f.sc, f.idx}, true
		}
	}
	return Site{}, false
}

// ParamFunction is the def whose parameter b binds, or nil.
func (p *Pass) ParamFunction(b *Binding) *ast.FunctionDef {
	a, ok := b.node.(*ast.Arg)
	if !ok || b.kind != bUnknown {
		return nil
	}
	fn, _, _, ok := p.paramOf(a)
	if !ok {
		return nil
	}
	return fn
}

// DecoratedList is the decorators of the def or class the function decorates, when Expr is nil.
func (x Argument) DecoratedList() []ast.Expr { return decoratorsOf(x.decorated) }

// decoratorsOf is the decorator list of a def or class statement, nil for any other node.
func decoratorsOf(n ast.Node) []ast.Expr {
	switch d := n.(type) {
	case *ast.FunctionDef:
		return d.DecoratorList
	case *ast.AsyncFunctionDef:
		return d.DecoratorList
	case *ast.ClassDef:
		return d.DecoratorList
	}
	return nil
}

// Site is where the argument is evaluated.
func (x Argument) Site() Site { return x.site }

// Arguments are the arguments every call in the program passes for the parameter b binds (a
// positional parameter of a def outside class bodies), when all the function's uses are calls
// by its name (or, for the first parameter, its application with @), none of which spreads its
// arguments; ok is false otherwise.
func (p *Pass) Arguments(b *Binding) ([]Argument, bool) {
	a, isArg := b.node.(*ast.Arg)
	if !isArg || b.kind != bUnknown {
		return nil, false
	}
	return p.argumentsOf(a)
}

func (p *Pass) argumentsOf(a *ast.Arg) ([]Argument, bool) {
	// Asked again for the same parameter (every value stored from it, every check that follows
	// it), the answer is the first one's: each scan is charged to the budget, and argparse.py ran
	// out of it asking for the same parameters.
	if ans, ok := p.argsMemo[a]; ok {
		return ans.args, ans.ok
	}
	args, ok := p.scanArguments(a)
	if p.argsMemo == nil {
		p.argsMemo = map[*ast.Arg]argsAnswer{}
	}
	p.argsMemo[a] = argsAnswer{args, ok}
	return args, ok
}

// argsAnswer is an answer of argumentsOf.
type argsAnswer struct {
	args []Argument
	ok   bool
}

func (p *Pass) scanArguments(a *ast.Arg) ([]Argument, bool) {
	fn, pos, at, ok := p.paramOf(a)
	if !ok {
		return nil, false
	}
	// A decorator receives the def itself, with no load of its name, and may call it with
	// anything (or keep it and call it later): the calls by name are then not all its calls,
	// unless every decorator is one known to leave the function alone.
	if !p.uncallingDecorators(fn.DecoratorList, at) {
		return nil, false
	}
	// The loads of the function's name, from an index of every name's loads made once per
	// analysis; each question is charged to the work budget for what it reads, so that many
	// cannot make the analysis quadratic. Out of budget, the answer is no (a finding).
	loads := p.loadsOf(fn.Name)
	if p.budget < 2*len(loads)+1 {
		return nil, false
	}
	p.budget -= 2*len(loads) + 1
	var out []Argument
	for _, i := range loads {
		f := &p.frames[i]
		nm := f.n.(*ast.Name)
		binds, _, _ := p.lookup(nm.Id, f.sc, f.idx)
		mine := false
		for _, b := range binds {
			mine = mine || b.node == ast.Node(fn)
		}
		if !mine {
			continue
		}
		if pos == 0 && decorates(p.parentOf(f), nm) {
			out = append(out, Argument{nil, Site{f.sc, f.idx}, p.parentOf(f)})
			continue
		}
		call, ok := p.parentOf(f).(*ast.Call)
		if !ok || !sameNode(call.Func, nm) {
			return nil, false // the function is used as a value: its calls are not all seen
		}
		arg := callArg(call, pos, a.Arg)
		if arg == nil {
			return nil, false
		}
		out = append(out, Argument{arg, Site{f.sc, f.idx}, nil})
	}
	return out, len(out) > 0
}

// loadsOf are the indexes in p.frames of the loads of a name, in walk order. The index of every
// name is made at the first question (one scan of the frames, charged to the work budget).
func (p *Pass) loadsOf(name string) []int32 {
	if p.nameLoads == nil {
		p.nameLoads = map[string][]int32{}
		p.budget -= len(p.frames)
		for i := range p.frames {
			if nm, ok := p.frames[i].n.(*ast.Name); ok && nm.Ctx == ast.Load {
				p.nameLoads[nm.Id] = append(p.nameLoads[nm.Id], int32(i))
			}
		}
	}
	return p.nameLoads[name]
}

func (p *Pass) parentOf(f *frame) ast.Node {
	if f.parent < 0 {
		return nil
	}
	return p.frames[f.parent].n
}

// paramOf finds the function (a def outside class bodies) whose positional parameter a is, and
// its position.
func (p *Pass) paramOf(a *ast.Arg) (*ast.FunctionDef, int, Site, bool) {
	for i := range p.frames {
		fn, ok := p.frames[i].n.(*ast.FunctionDef)
		if !ok || fn.Args == nil || p.frames[i].sc.kind == scClass {
			continue
		}
		params := append(append([]*ast.Arg(nil), fn.Args.Posonlyargs...), fn.Args.Args...)
		for j, x := range params {
			if x == a {
				return fn, j, Site{p.frames[i].sc, p.frames[i].idx}, true
			}
		}
	}
	return nil, 0, Site{}, false
}

// callArg is the argument a call passes for the parameter at position pos named name, or nil
// when it passes none or spreads its arguments.
func callArg(c *ast.Call, pos int, name string) ast.Expr {
	for _, x := range c.Args {
		if _, ok := x.(*ast.Starred); ok {
			return nil
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return nil
		}
	}
	if pos < len(c.Args) {
		return c.Args[pos]
	}
	for _, k := range c.Keywords {
		if *k.Arg == name {
			return k.Value
		}
	}
	return nil
}

// OwnSubclassOf reports whether the program defines a class with qual (a class of a module, as
// resolution names it: "string.Formatter") among its bases.
func (p *Pass) OwnSubclassOf(qual string) bool {
	if v, ok := p.own.subclassOf[qual]; ok {
		return v
	}
	p.budget -= len(p.frames) // once per name: the answer is kept
	found := false
	for i := range p.frames {
		cd, ok := p.frames[i].n.(*ast.ClassDef)
		if !ok {
			continue
		}
		for _, b := range cd.Bases {
			for _, r := range p.resolve(b, p.frames[i].sc, p.frames[i].idx) {
				found = found || r.Qual == qual
			}
		}
	}
	p.own.subclassOf[qual] = found
	return found
}

// noteLoop records, for a loop whose target is a tuple of names, each name's position.
func (c *collector) noteLoop(target, iter ast.Expr, f *frame) {
	var elts []ast.Expr
	switch t := target.(type) {
	case *ast.Tuple:
		elts = t.Elts
	case *ast.List:
		elts = t.Elts
	default:
		return
	}
	for i, el := range elts {
		if nm, ok := el.(*ast.Name); ok {
			c.p.own.loopElems[nm] = loopElem{iter, i, Site{f.sc, f.idx}}
		}
	}
}

// LoopValues are the expressions a loop variable takes, when the loop iterates over a display
// (a list, tuple, set or dict written in the program, directly or through a name bound once to
// it and never changed in place), or over a dict display's keys(), values() or items(): for
// name, fn in {"a": f, "b": g}.items() gives fn the values f and g. They are evaluated at site.
func (p *Pass) LoopValues(b *Binding) (vals []ast.Expr, site Site, ok bool) {
	it, index := b.iter, -1
	if it == nil {
		it, index = b.elemIter, b.elemIndex
	}
	if it == nil {
		return nil, Site{}, false
	}
	site = Site{b.scope, b.idx}
	view := ""
	if c, isCall := it.(*ast.Call); isCall {
		at, isAttr := c.Func.(*ast.Attribute)
		if !isAttr || len(c.Args) != 0 || (at.Attr != "items" && at.Attr != "values" && at.Attr != "keys") {
			return nil, Site{}, false
		}
		it, view = at.Value, at.Attr
	}
	if nm, isName := it.(*ast.Name); isName {
		binds, _, _ := p.lookup(nm.Id, site.sc, site.idx)
		if len(binds) != 1 || binds[0].kind != bAssign || p.mutatedName(nm.Id) {
			return nil, Site{}, false
		}
		it, site = binds[0].value, Site{binds[0].scope, binds[0].idx}
	}
	var elts []ast.Expr
	switch d := it.(type) {
	case *ast.List:
		elts = d.Elts
	case *ast.Tuple:
		elts = d.Elts
	case *ast.Set:
		elts = d.Elts
	case *ast.Dict:
		switch {
		case view == "values":
			elts = d.Values
		case view == "items" && index == 1:
			elts, index = d.Values, -1
		case view == "items" && index == 0:
			elts, index = d.Keys, -1
		case view == "keys", view == "":
			elts = d.Keys
		default:
			return nil, Site{}, false
		}
		for _, k := range d.Keys {
			if k == nil {
				return nil, Site{}, false // **mapping
			}
		}
		view = ""
	default:
		return nil, Site{}, false
	}
	if view != "" || len(elts) == 0 {
		return nil, Site{}, false
	}
	for _, el := range elts {
		if _, starred := el.(*ast.Starred); starred {
			return nil, Site{}, false
		}
		if index < 0 {
			vals = append(vals, el)
			continue
		}
		var inner []ast.Expr
		switch t := el.(type) {
		case *ast.Tuple:
			inner = t.Elts
		case *ast.List:
			inner = t.Elts
		}
		if index >= len(inner) {
			return nil, Site{}, false
		}
		vals = append(vals, inner[index])
	}
	return vals, site, true
}

// noteClassBinding records a name bound in f's scope when that is a class body: an attribute the
// class defines.
func (c *collector) noteClassBinding(f *frame, name string) {
	if f.sc.kind != scClass {
		return
	}
	c.p.own.attrs[name] = true
	if cls, ok := f.sc.def.(*ast.ClassDef); ok {
		c.p.own.classAttrs[classAttr{cls, name}] = true
	}
}

// ClassBinding is a name bound directly in the body of one of the program's classes.
type ClassBinding struct {
	Class *ast.ClassDef
	Name  string
	Node  ast.Node // the statement or target that binds it
}

// ClassBindings are the names bound directly in the program's class bodies, in walk order.
func (p *Pass) ClassBindings() []ClassBinding { return p.own.classBinds }

// noteStore records an attribute assigned, deleted or changed in place: a name the program
// defines, and one of the class whose self or cls it is assigned on.
func (c *collector) noteStore(f *frame, at *ast.Attribute) {
	c.p.own.attrs[at.Attr] = true
	if c.p.own.stored == nil {
		c.p.own.stored = map[string]bool{}
	}
	c.p.own.stored[at.Attr] = true
	if at.Attr == "__slots__" {
		c.p.own.slotsStored = true
	}
	nm, ok := at.Value.(*ast.Name)
	if !ok {
		return
	}
	binds, _, _ := c.p.lookup(nm.Id, f.sc, f.idx)
	for _, b := range binds {
		if a, ok := b.node.(*ast.Arg); ok && b.kind == bUnknown {
			if cls := c.p.own.selfArgs[a]; cls != nil {
				c.p.own.classAttrs[classAttr{cls, at.Attr}] = true
			}
		}
	}
}

// OwnDefines reports whether the attribute name of obj, one of the program's own objects at the
// current site, is the program's: defined by obj's class (in its body, or on self in its
// methods) or by one of its own ancestors; or, for a class with no library class among its
// ancestors, defined by the program anywhere. super() asks its ancestors only. A name none of
// these define is inherited from a library class (self._get_module_from_name in a TestLoader
// subclass), or is not the program's to know.
func (p *Pass) OwnDefines(obj ast.Expr, name string) bool {
	s := p.Site()
	cls, viaSuper := p.ownClassOf(obj, s, 0)
	if cls == nil {
		return p.own.attrs[name] // an own function, type(self)...: nothing of a library's
	}
	if IsPrivate(name) && (p.libraryMayHave(cls, name, 0) || p.subclassLibraryMayHave(cls, name)) {
		// A library ancestor may set it on the object, over what the class declares; or, the
		// object being an instance of a subclass, a library class the subclass lists before
		// cls answers it first (class L(TestLoader, Mixin): self in Mixin's methods).
		return false
	}
	if viaSuper {
		for _, b := range p.ownBases(cls) {
			if p.classDefines(b, name, 0) {
				return true
			}
		}
	} else if p.classDefines(cls, name, 0) {
		return true
	}
	return !p.foreignAncestor(cls, 0) && p.own.attrs[name] && !viaSuper
}

// ownClassOf is the class of the program obj is self or cls of, an instance of, or the class
// itself; viaSuper for super().
func (p *Pass) ownClassOf(obj ast.Expr, s Site, depth int) (*ast.ClassDef, bool) {
	if depth > 4 {
		return nil, false
	}
	switch e := obj.(type) {
	case *ast.Name:
		binds, _, stars := p.lookup(e.Id, s.sc, s.idx)
		if p.starMayBind(stars, e.Id) {
			return nil, false
		}
		var cls *ast.ClassDef
		for _, b := range binds {
			var c *ast.ClassDef
			switch {
			case b.kind == bDef:
				c, _ = b.node.(*ast.ClassDef)
				if c != nil && !p.keptClass(c, Site{b.scope, b.at}) {
					c = nil
				}
			case b.kind == bUnknown:
				if a, ok := b.node.(*ast.Arg); ok {
					c = p.selfClass(a)
					if c != nil && p.mayGetForeignSelf(c) {
						c = nil
					}
				}
			case b.kind == bAssign:
				c, _ = p.ownClassOf(b.value, Site{b.scope, b.idx}, depth+1)
			}
			if c == nil || cls != nil && c != cls {
				return nil, false
			}
			cls = c
		}
		return cls, false
	case *ast.Call:
		if f, ok := e.Func.(*ast.Name); ok {
			if f.Id == "super" && p.isBuiltinName(f, s) && len(e.Args) == 0 {
				return p.enclosingClass(s), true
			}
			if p.ownClass(f, s) && p.makesInstance(f, s) {
				c, _ := p.ownClassOf(f, s, depth+1)
				return c, false
			}
		}
	}
	return nil, false
}

// enclosingClass is the class whose method encloses site s.
func (p *Pass) enclosingClass(s Site) *ast.ClassDef {
	for sc := s.sc; sc != nil; sc = sc.parent {
		if sc.kind == scFunction && sc.parent != nil && sc.parent.kind == scClass {
			c, _ := sc.parent.def.(*ast.ClassDef)
			return c
		}
	}
	return nil
}

// baseClass is the class of the program a base expression of a class statement names: a name
// bound only to class statements, directly or through names assigned one. Any other base (a
// call, a subscript, an object) may have __mro_entries__ and put any class in its place.
func (p *Pass) baseClass(b ast.Expr, s Site, depth int) *ast.ClassDef {
	nm, ok := b.(*ast.Name)
	if !ok || depth > 4 {
		return nil
	}
	binds, _, stars := p.lookup(nm.Id, s.sc, s.idx)
	if p.starMayBind(stars, nm.Id) {
		return nil
	}
	var cls *ast.ClassDef
	for _, bd := range binds {
		var c *ast.ClassDef
		switch bd.kind {
		case bDef:
			c, _ = bd.node.(*ast.ClassDef)
			if c != nil && !p.keptClass(c, Site{bd.scope, bd.at}) {
				c = nil
			}
		case bAssign:
			c = p.baseClass(bd.value, Site{bd.scope, bd.idx}, depth+1)
		}
		if c == nil || cls != nil && c != cls {
			return nil
		}
		cls = c
	}
	return cls
}

// ancestorStep charges a class an ancestor walk visits, and the lookups of its bases, to the work
// budget, and reports whether budget was left. The walks go eight deep, most without remembering
// what they visited, and some run once per class of the program for each question (OwnNamespace):
// uncharged, 150 classes of 21 bases each with vars(self) in a method took 1.9 s of CPU in 16 KB
// (findings/71). Out of budget the analysis is incomplete and refused (exhausted), whatever the
// walk answers.
func (p *Pass) ancestorStep(c *ast.ClassDef) bool {
	p.budget--
	if p.budget < 0 {
		p.exhausted = true
		return false
	}
	return true
}

// ownBases are the bases of cls that are classes of the program.
func (p *Pass) ownBases(cls *ast.ClassDef) []*ast.ClassDef {
	var out []*ast.ClassDef
	site := p.own.classSite[cls]
	for _, b := range cls.Bases {
		if c := p.baseClass(b, site, 1); c != nil && c != cls {
			out = append(out, c)
		}
	}
	return out
}

// classDefines reports whether cls or one of its own ancestors defines name.
func (p *Pass) classDefines(cls *ast.ClassDef, name string, depth int) bool {
	if p.own.classAttrs[classAttr{cls, name}] {
		return true
	}
	if depth > 8 || !p.ancestorStep(cls) {
		return false
	}
	for _, b := range p.ownBases(cls) {
		if p.classDefines(b, name, depth+1) {
			return true
		}
	}
	return false
}

// foreignAncestor reports whether cls has among its ancestors a class that is not the program's
// (object and the metaclass keyword aside).
func (p *Pass) foreignAncestor(cls *ast.ClassDef, depth int) bool {
	if depth > 8 || !p.ancestorStep(cls) {
		return true
	}
	site := p.own.classSite[cls]
	for _, b := range cls.Bases {
		if nm, ok := b.(*ast.Name); ok && nm.Id == "object" && p.isBuiltinName(nm, site) {
			continue
		}
		c := p.baseClass(b, site, 1)
		if c == nil || c == cls || p.foreignAncestor(c, depth+1) {
			return true
		}
	}
	return false
}

// mutatedName reports whether the program may change the value of a variable called name in
// place anywhere (mayMutate): asked only of names bound to a list display, found by one scan of
// the nodes per name, charged to the work budget.
func (p *Pass) mutatedName(name string) bool {
	if v, ok := p.own.mutated[name]; ok {
		return v
	}
	p.budget -= len(p.frames)
	found := p.budget < 0
	for i := 0; i < len(p.frames) && !found; i++ {
		f := &p.frames[i]
		if nm, ok := f.n.(*ast.Name); ok && nm.Id == name && nm.Ctx == ast.Load {
			s := Site{f.sc, f.idx}
			var grand ast.Node
			if f.parent >= 0 {
				grand = p.parentOf(&p.frames[f.parent])
			}
			found = mayMutate(nm, p.parentOf(f), grand, func(fn *ast.Name) bool { return p.isBuiltinName(fn, s) },
				func(e ast.Expr) bool { return p.inert(e, s, 0) })
		}
	}
	p.own.mutated[name] = found
	return found
}

// ForwardedOnly reports whether nm, a load at the current site of a variable bound only to
// parameters, is the one use of that variable that may change its value: every other load of
// it only reads it (mayMutate). A metaclass's __new__ that forwards its namespace parameter to
// type.__new__ passes the class body's namespace, unless it first stores into it (ns["int"] =
// hint, ns.update(...), handed to other code), which binds names in the class's namespace.
func (p *Pass) ForwardedOnly(nm *ast.Name) bool {
	binds, _, _ := p.lookup(nm.Id, p.cur.sc, p.cur.idx)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		if !b.IsParam() {
			return false
		}
	}
	p.budget -= len(p.frames)
	if p.budget < 0 {
		return false
	}
	for i := range p.frames {
		f := &p.frames[i]
		n, ok := f.n.(*ast.Name)
		if !ok || n.Id != nm.Id || sameNode(n, nm) {
			continue
		}
		at, _, _ := p.lookup(n.Id, f.sc, f.idx)
		if !slices.ContainsFunc(at, func(b *Binding) bool { return slices.Contains(binds, b) }) {
			continue // another variable of the same name
		}
		if n.Ctx != ast.Load {
			return false
		}
		s := Site{f.sc, f.idx}
		var grand ast.Node
		if f.parent >= 0 {
			grand = p.parentOf(&p.frames[f.parent])
		}
		if mayMutate(n, p.parentOf(f), grand, func(fn *ast.Name) bool { return p.isBuiltinName(fn, s) },
			func(e ast.Expr) bool { return p.inert(e, s, 0) }) {
			return false
		}
	}
	return true
}

// inert reports whether e, at s, is an object no code of the program runs for: a constant, an
// f-string, a display of inert items, arithmetic on inert operands, a name bound only to inert
// values, a builtin, or a class of the reviewed API named through an import. Handed another
// object by an operation (a comparison, +, isinstance), it runs only the interpreter's and the
// library's special methods.
func (p *Pass) inert(e ast.Expr, s Site, depth int) bool {
	if depth > 4 || p.budget <= 0 {
		return false
	}
	p.budget--
	switch x := e.(type) {
	case *ast.Constant, *ast.JoinedStr:
		return true
	case *ast.Tuple:
		return p.inertAll(x.Elts, s, depth)
	case *ast.List:
		return p.inertAll(x.Elts, s, depth)
	case *ast.Set:
		return p.inertAll(x.Elts, s, depth)
	case *ast.Dict:
		for _, k := range x.Keys {
			if k == nil {
				return false // **mapping
			}
		}
		return p.inertAll(x.Keys, s, depth) && p.inertAll(x.Values, s, depth)
	case *ast.UnaryOp:
		return p.inert(x.Operand, s, depth+1)
	case *ast.BinOp:
		return p.inert(x.Left, s, depth+1) && p.inert(x.Right, s, depth+1)
	case *ast.Name:
		binds, builtin, _ := p.lookup(x.Id, s.sc, s.idx)
		if len(binds) == 0 {
			return builtin && p.a.mods.builtin[x.Id]
		}
		for _, b := range binds {
			switch {
			case b.kind == bAssign && b.value != nil:
				if !p.inert(b.value, Site{b.scope, b.idx}, depth+1) {
					return false
				}
			case b.kind == bImport:
				if !p.libraryClassRef(b.ref) {
					return false
				}
			default:
				return false
			}
		}
		return true
	case *ast.Attribute:
		// collections.abc.Sequence: an attribute chain on an imported module.
		base := x.Value
		for {
			at, ok := base.(*ast.Attribute)
			if !ok {
				break
			}
			base = at.Value
		}
		nm, ok := base.(*ast.Name)
		if !ok {
			return false
		}
		binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
		for _, b := range binds {
			if b.kind != bImport || b.ref.Kind != ModRef {
				return false
			}
		}
		refs := p.resolve(x, s.sc, s.idx)
		for _, r := range refs {
			if !p.libraryClassRef(r) {
				return false
			}
		}
		return len(binds) > 0 && len(refs) > 0
	}
	return false
}

func (p *Pass) inertAll(es []ast.Expr, s Site, depth int) bool {
	for _, x := range es {
		if _, star := x.(*ast.Starred); star || !p.inert(x, s, depth+1) {
			return false
		}
	}
	return true
}

// libraryClassRef reports whether r is a class of the reviewed API (not an object of one), whose
// metaclass is the library's.
func (p *Pass) libraryClassRef(r Ref) bool {
	_, inst, ok := p.TypeOf(r)
	return ok && !inst
}

// AnnotationStores are the program's stores into __annotations__ and __module__ (the attribute
// assigned, deleted or changed in place: x.__annotations__["k"] = v, .update(...); or the name
// bound in a class body), in walk order.
func (p *Pass) AnnotationStores() []ast.Node { return p.own.annStores }

// AnnotationsHanded reports whether n, one of AnnotationStores, is the __annotations__ dict
// loaded and handed on to what may change it, not changed in place.
func (p *Pass) AnnotationsHanded(n ast.Node) bool {
	for _, h := range p.own.annHanded {
		if h == n {
			return true
		}
	}
	return false
}

// noteAnnotationStore records n, the attribute or name __annotations__ (or the attribute
// __module__), when it is assigned, deleted, or changed in place through its parent.
func (c *collector) noteAnnotationStore(n ast.Expr, name string, ctx ast.ExprContext, parent ast.Node) {
	store := ctx != ast.Load
	switch p := parent.(type) {
	case *ast.Subscript:
		store = store || p.Ctx != ast.Load && ast.Node(p.Value) == ast.Node(n)
	case *ast.Attribute:
		switch p.Attr {
		case "update", "setdefault", "__setitem__", "clear", "pop", "popitem", "__delitem__", "__ior__":
			store = true
		}
	}
	// The annotations dict itself, loaded and handed on (an alias, a walrus, dict.update's or
	// operator.setitem's argument), is changed where the source does not name it: only reads of
	// it are not stores.
	if store {
		c.p.own.annStores = append(c.p.own.annStores, ast.Node(n))
	} else if name == "__annotations__" && !AnnotationsRead(parent, n) {
		c.p.own.annStores = append(c.p.own.annStores, ast.Node(n))
		c.p.own.annHanded = append(c.p.own.annHanded, ast.Node(n))
	}
}

// AnnotationsRead reports whether parent only reads n, an annotations dict loaded (the attribute
// or name __annotations__, getattr of it, a namespace's item): an item or an attribute that reads
// (ann["k"], ann.items()), an iteration, an expression statement (not a comparison: the other operand's
// __eq__ or __contains__ gets the dict). Anything else
// may hand the dict to code that changes it.
func AnnotationsRead(parent ast.Node, n ast.Node) bool {
	switch p := parent.(type) {
	case *ast.Subscript:
		return p.Ctx == ast.Load && ast.Node(p.Value) == n
	case *ast.Attribute:
		switch p.Attr {
		case "items", "keys", "values", "get", "copy", "__contains__", "__len__", "__getitem__":
			return true
		}
		return false
	case *ast.For:
		return ast.Node(p.Iter) == n
	case *ast.AsyncFor:
		return ast.Node(p.Iter) == n
	case *ast.Comprehension:
		return ast.Node(p.Iter) == n
	case *ast.ExprStmt:
		return true
	}
	return false
}

// decorates reports whether the name nm is one of the decorators of parent, a def or class.
func decorates(parent ast.Node, nm *ast.Name) bool {
	for _, x := range decoratorsOf(parent) {
		if sameNode(x, nm) {
			return true
		}
	}
	return false
}

// AnnotationDefs are the program's methods named __annotations__ or __module__ (a property in
// place of the dict), and __prepare__ (a metaclass's namespace, which the class body's annotations
// are stored into).
func (p *Pass) AnnotationDefs() []ast.Node { return p.own.annDefs }

// LibraryBases are the classes of the reviewed API among the ancestors of the class of obj (one
// of the program's own objects), by canonical name; ok is false when obj's class is not known
// (then its ancestors are not either).
func (p *Pass) LibraryBases(obj ast.Expr) (classes []string, ok bool) {
	s := p.Site()
	cls, _ := p.ownClassOf(obj, s, 0)
	if cls == nil {
		if nm, isName := obj.(*ast.Name); isName {
			binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
			for _, b := range binds {
				if !b.IsFunctionDef() {
					return nil, false
				}
			}
			return nil, len(binds) > 0 // a function of the program: no bases
		}
		return nil, false
	}
	return p.classLibraryBases(cls)
}

// libBases is an answer of classLibraryBases.
type libBases struct {
	classes []string
	ok      bool
}

// classLibraryBases are the library classes among the ancestors of the program's class cls; ok
// is false when an ancestor is not known. The answer is kept: an ancestor walk per class per
// question made OwnNamespace cost classes x questions x ancestors x bases (findings/71).
func (p *Pass) classLibraryBases(cls *ast.ClassDef) ([]string, bool) {
	if m, hit := p.own.libBases[cls]; hit {
		return m.classes, m.ok
	}
	classes, ok := p.classLibraryBases1(cls)
	classes = slices.Clip(classes) // a caller's append copies
	if p.own.libBases == nil {
		p.own.libBases = map[*ast.ClassDef]libBases{}
	}
	p.own.libBases[cls] = libBases{classes, ok}
	return classes, ok
}

func (p *Pass) classLibraryBases1(cls *ast.ClassDef) ([]string, bool) {
	// From its bases' answers, each kept: a walk of each class's ancestors cost classes x
	// ancestors x bases (findings/71). An ancestry of nine own classes or more (or a cycle) is
	// too deep to follow, as the walk's bound was.
	if p.classHeight(cls) >= 9 || !p.ancestorStep(cls) {
		return nil, false
	}
	var classes []string
	add := func(class string) {
		if !slices.Contains(classes, class) {
			classes = append(classes, class)
		}
	}
	site := p.own.classSite[cls]
	for _, b := range cls.Bases {
		if oc := p.baseClass(b, site, 1); oc != nil {
			if oc == cls {
				continue
			}
			bs, ok := p.classLibraryBases(oc)
			if !ok {
				return nil, false
			}
			for _, class := range bs {
				add(class)
			}
			continue
		}
		known := false
		for _, r := range p.resolve(b, site.sc, site.idx) {
			if class, inst, ok := p.TypeOf(r); ok && !inst {
				add(class)
				known = true
			}
		}
		if nm, isName := b.(*ast.Name); isName && nm.Id == "object" {
			known = true
		}
		if !known {
			return nil, false // a base the analysis does not know: anything may come from it
		}
	}
	return classes, true
}

// classHeight is the longest chain of the program's own bases above c, up to 9 (a cycle is 9).
func (p *Pass) classHeight(c *ast.ClassDef) int {
	o := &p.own
	if v, ok := o.height[c]; ok {
		return v // a cycle meets its own mark: 9
	}
	if o.height == nil {
		o.height = map[*ast.ClassDef]int{}
	}
	o.height[c] = 9
	if !p.ancestorStep(c) {
		return 9
	}
	v := 0
	for _, b := range p.ownBases(c) {
		if v = max(v, p.classHeight(b)+1); v >= 9 {
			v = 9
			break
		}
	}
	o.height[c] = v
	return v
}

// SubclassLibraryClasses are the library classes among the ancestors of the classes of the
// program derived from obj's class (self in a mixin's methods may be an instance of one); ok is
// false when one of those has an ancestor the analysis does not know.
func (p *Pass) SubclassLibraryClasses(obj ast.Expr) (classes []string, ok bool) {
	cls, _ := p.ownClassOf(obj, p.Site(), 0)
	if cls == nil {
		return nil, true
	}
	for _, c := range p.subclasses(cls) {
		bases, ok := p.classLibraryBases(c)
		if !ok {
			return nil, false
		}
		for _, b := range bases {
			if !slices.Contains(classes, b) {
				classes = append(classes, b)
			}
		}
	}
	slices.Sort(classes) // map order: the same answer every run
	return classes, true
}

// SubclassLibraryBases reports whether obj, one of the program's own objects, may be an instance
// of a class of the program derived from its class that has a library class (or an unknown
// class) among its ancestors: self in a mixin's methods is an instance of any subclass, whose
// method resolution order may put the library class's attributes, public ones among them,
// before the mixin's (class Loop(asyncio.SelectorEventLoop, Mixin)).
func (p *Pass) SubclassLibraryBases(obj ast.Expr) bool {
	cls, _ := p.ownClassOf(obj, p.Site(), 0)
	if cls == nil {
		return false
	}
	for _, c := range p.subclasses(cls) {
		if bases, ok := p.classLibraryBases(c); !ok || len(bases) > 0 {
			return true
		}
	}
	return false
}

// OwnNamespace reports whether the namespace of e (vars(e), e.__dict__), one of the program's own
// objects, holds only what the program put there: no library class among the ancestors of its
// class, or of a class of the program derived from it (self may be an instance of one), may have
// set attributes on it, other than the stateless ones (builtins, typing.Generic, abc.ABC). A
// subclass of asyncio.SelectorEventLoop holds the loop's self-pipe socket, _ssock, in its dict.
func (p *Pass) OwnNamespace(e ast.Expr) bool {
	if !p.IsOwn(e) {
		return false
	}
	cls, _ := p.ownClassOf(e, p.Site(), 0)
	if cls == nil {
		return true // a function of the program, or its class
	}
	if v, hit := p.own.ownNS[cls]; hit {
		return v
	}
	v := p.ownNamespace(cls)
	if p.own.ownNS == nil {
		p.own.ownNS = map[*ast.ClassDef]bool{}
	}
	p.own.ownNS[cls] = v
	return v
}

func (p *Pass) ownNamespace(cls *ast.ClassDef) bool {
	for i, subs := -1, p.subclasses(cls); i < len(subs); i++ {
		c := cls
		if i >= 0 {
			c = subs[i]
		}
		bases, ok := p.classLibraryBases(c)
		if !ok {
			return false
		}
		for _, b := range bases {
			if !stateless(b) {
				return false
			}
		}
	}
	return true
}

// ClassAttrNames are the attributes class (a canonical name) and its instances have: dir(C)'s,
// then those its methods assign.
func (p *Pass) ClassAttrNames(class string) []string {
	c := p.a.api.classes[class]
	if c == nil {
		return nil
	}
	out := make([]string, 0, len(c.dir)+len(c.inst))
	out = append(append(out, c.dir...), c.inst...)
	return out
}

// ArgumentMutated reports whether the value c passes as its positional argument i may be changed
// in place by the function called: false only when c calls, by name, a def of the program (not a
// method) whose parameter at that position is a plain positional one and no variable of that
// name is changed in place anywhere in the program (mayMutate: item stores, list methods, passed
// on to other functions).
func (p *Pass) ArgumentMutated(c *ast.Call, i int) bool {
	nm, ok := c.Func.(*ast.Name)
	if !ok || i >= len(c.Args) {
		return true
	}
	for _, x := range c.Args[:i+1] {
		if _, ok := x.(*ast.Starred); ok {
			return true
		}
	}
	binds, _, _ := p.lookup(nm.Id, p.cur.sc, p.cur.idx)
	if len(binds) == 0 {
		return true
	}
	for _, b := range binds {
		fn, ok := b.node.(*ast.FunctionDef)
		if !ok || b.kind != bDef || fn.Args == nil || len(fn.DecoratorList) > 0 {
			return true // a decorator may bind the name to any other function
		}
		params := append(append([]*ast.Arg(nil), fn.Args.Posonlyargs...), fn.Args.Args...)
		if i >= len(params) || p.mutatedName(params[i].Arg) {
			return true
		}
	}
	return false
}

// libraryMayHave reports whether a library class among the ancestors of cls may have the private
// attribute name (the standard library has a private attribute of that name somewhere, or an
// ancestor is not known): then the object's attribute of that name may be the library's, set
// over the one the class declares. Builtin types (object, Exception, dict) have no private
// attributes.
func (p *Pass) libraryMayHave(cls *ast.ClassDef, name string, depth int) bool {
	if depth > 8 || !p.ancestorStep(cls) {
		return true
	}
	site := p.own.classSite[cls]
	for _, b := range cls.Bases {
		if sub, ok := b.(*ast.Subscript); ok {
			if p.baseClass(sub.Value, site, 1) != nil {
				return true // Own[K]: whatever the program's __class_getitem__ returns
			}
			b = sub.Value // Generic[K, T]
		}
		if c := p.baseClass(b, site, 1); c != nil {
			if c != cls && p.libraryMayHave(c, name, depth+1) {
				return true
			}
			continue
		}
		known := false
		for _, r := range p.resolve(b, site.sc, site.idx) {
			if class, inst, ok := p.TypeOf(r); ok && !inst {
				known = true
				if !stateless(class) && (name == "" || p.StdlibPrivate(name)) {
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

// LibraryMayHave reports whether a library class among the ancestors of the program's class
// cls, or of a class of the program derived from it, may have the private attribute name (an
// ancestor not known may have any): the library's code then reads that attribute of the
// object, whatever the class binds under the name. name "" asks whether such an ancestor may
// keep any private state on the object (a class that is not one of the stateless ones).
func (p *Pass) LibraryMayHave(cls *ast.ClassDef, name string) bool {
	return p.libraryMayHave(cls, name, 0) || p.subclassLibraryMayHave(cls, name)
}

// StatelessClass reports whether instances of the library class get no private attributes
// from it (see stateless).
func StatelessClass(class string) bool { return stateless(class) }

// MayBecomeBase reports whether the program's class cls is used as a value where the analysis
// does not see what is made of it (mayGetForeignSelf): a base of a class type() or a starred
// base list makes, whose library ancestors the analysis does not know.
func (p *Pass) MayBecomeBase(cls *ast.ClassDef) bool { return p.mayGetForeignSelf(cls) }

// ProgramClasses are the program's class statements, in source order.
func (p *Pass) ProgramClasses() []*ast.ClassDef {
	out := make([]*ast.ClassDef, 0, len(p.own.classSite))
	for c := range p.own.classSite {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *ast.ClassDef) int {
		if a.Lineno != b.Lineno {
			return a.Lineno - b.Lineno
		}
		return a.ColOffset - b.ColOffset
	})
	return out
}

// subclassLibraryMayHave reports whether a class of the program derived from cls may have the
// private name from a library ancestor of its own: self in cls's methods may be its instance,
// whose method resolution order may put that library class before cls.
func (p *Pass) subclassLibraryMayHave(cls *ast.ClassDef, name string) bool {
	for _, c := range p.subclasses(cls) {
		if p.libraryMayHave(c, name, 0) {
			return true
		}
	}
	return false
}

// subclasses are the classes of the program derived from cls (derivesFrom(c, cls, 0), cls
// aside), in no order. Every question about a class's subclasses (OwnNamespace, a private
// attribute's, SubclassLibraryClasses) asked derivesFrom of every class of the program, an
// ancestor walk eight deep each: classes x questions x ancestors x bases (findings/71). The
// index is built once, at the first question, for the cost of each class's ancestors, charged
// to the work budget (ancestorStep).
func (p *Pass) subclasses(cls *ast.ClassDef) []*ast.ClassDef {
	o := &p.own
	if !o.subsDone {
		o.subsDone = true
		if o.subs == nil {
			o.subs = map[*ast.ClassDef][]*ast.ClassDef{}
		}
		var stack []*ast.ClassDef
		for c := range o.classSite {
			if p.classHeight(c) >= 9 { // derivesFrom answers yes for it, whatever the base
				o.deep = append(o.deep, c)
				continue
			}
			seen := map[*ast.ClassDef]bool{c: true}
			stack = append(stack[:0], c)
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if !p.ancestorStep(x) {
					break
				}
				for _, b := range p.ownBases(x) {
					if !seen[b] {
						seen[b] = true
						o.subs[b] = append(o.subs[b], c)
						stack = append(stack, b)
					}
				}
			}
		}
	}
	// Each question pays for the classes it will visit, as it paid for every class of the
	// program before the index: classes too deep to follow are among every class's subclasses.
	out := o.subs[cls]
	if len(o.deep) > 0 {
		out = slices.Clip(out)
		for _, c := range o.deep {
			if c != cls { // never in subs: only the classes not too deep are indexed
				out = append(out, c)
			}
		}
	}
	if p.budget -= len(out); p.budget < 0 {
		p.exhausted = true
		return nil
	}
	return out
}

// stateless reports whether instances of the library class get no private attributes from it:
// the builtin types (implemented in C, object and Exception among them) and the typing and abc
// markers, which define no instance state.
func stateless(class string) bool {
	switch class {
	case "typing.Generic", "typing.Protocol", "abc.ABC":
		return true
	}
	return strings.HasPrefix(class, "builtins.")
}

// mayGetForeignSelf reports whether a method of cls may be called with an object that is not the
// program's own as self: one of cls's methods (or of a class of the program derived from it) is
// taken from a class of the program (Own.method) other than to be called with one of
// the program's own objects first, or such a class is used as a value (its methods are then
// reached where the analysis does not see it).
func (p *Pass) mayGetForeignSelf(cls *ast.ClassDef) bool {
	if !p.own.foreignDone {
		p.own.foreignDone = true
		p.foreignSelves()
	}
	return p.own.foreignSelf[cls]
}

// foreignSelves fills own.foreignSelf with one scan of the nodes, charged to the work budget.
func (p *Pass) foreignSelves() {
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		if x, ok := p.ownClassValue(f); ok {
			// type(own) or own.__class__ used as a value (stored, passed, returned) is one of
			// the program's classes used as a value: any class of the program, as it may be a
			// subclass's object. Its method read as an attribute is dynamicClassMethod's.
			if _, isAttr := p.parentOf(f).(*ast.Attribute); !isAttr && !p.harmlessClassUse(f, x, nil) {
				for c := range p.own.classSite {
					p.markForeignSelf(c)
				}
			}
		}
		if at, ok := f.n.(*ast.Attribute); ok && at.Ctx == ast.Load {
			p.dynamicClassMethod(f, at)
			continue
		}
		nm, ok := f.n.(*ast.Name)
		if !ok || nm.Ctx != ast.Load {
			continue
		}
		binds, _, _ := p.lookup(nm.Id, f.sc, f.idx)
		var cls *ast.ClassDef
		for _, b := range binds {
			if c, isClass := b.node.(*ast.ClassDef); isClass && b.kind == bDef {
				cls = c
			}
		}
		if cls == nil {
			// A method's function taken by its bare name in the class body (views = {"reader":
			// reader}, reader(x)) is called with whatever the program passes as self.
			// Only the class body sees the class's names.
			if f.sc.kind != scClass {
				continue // tested first: most loads are not in a class body, and it spares the lookup
			}
			y := f.sc.syms[nm.Id]
			if y == nil {
				continue
			}
			for _, b := range y.binds {
				if b.kind != bDef {
					continue
				}
				switch b.node.(type) {
				case *ast.FunctionDef, *ast.AsyncFunctionDef:
				default:
					continue
				}
				if at, isAttr := p.parentOf(f).(*ast.Attribute); isAttr && (at.Attr == "setter" || at.Attr == "getter" || at.Attr == "deleter") {
					continue // @prop.setter: the property's next function, whose self is the instance
				}
				if c, isClass := f.sc.def.(*ast.ClassDef); isClass {
					p.markForeignSelf(c)
				}
			}
			continue
		}
		if p.harmlessClassUse(f, nm, cls) {
			continue
		}
		p.markForeignSelf(cls)
	}
	p.own.foreignSelfCalled = map[*ast.ClassDef]bool{}
	for c := range p.own.foreignSelf {
		p.own.foreignSelfCalled[c] = true
	}
	// An instance given to functools.update_wrapper as the wrapper gets the wrapped object's
	// __dict__: its methods' self then holds a library object's private attributes.
	if !p.own.rewrapDone {
		p.own.rewrapDone = true
		p.rewraps()
	}
	for _, c := range p.own.rewrapClasses {
		p.markForeignSelf(c)
	}
	if p.own.rewrapAny {
		for c := range p.own.classSite {
			p.markForeignSelf(c)
		}
	}
}

// plainDunder are the dunder attributes of a class that hand out none of its functions.
var plainDunder = map[string]bool{"__name__": true, "__qualname__": true, "__doc__": true, "__module__": true}

// calledWithOwn reports whether at, the attribute whose object is the node of frame f, is called
// with one of the program's own objects first.
func (p *Pass) calledWithOwn(f *frame, at *ast.Attribute) bool {
	if f.parent < 0 {
		return false
	}
	call, isCall := p.parentOf(&p.frames[f.parent]).(*ast.Call)
	return isCall && sameNode(call.Func, at) && len(call.Args) > 0 && p.isOwn(call.Args[0], Site{f.sc, f.idx}, 0)
}

// harmlessClassUse reports whether x, the node of frame f, a class of the program cls (or
// type(own)/own.__class__ of its objects), is used where its methods' self is the instance:
// called for an instance, a base, compared, an annotation, a method called with one of the
// program's own objects first.
func (p *Pass) harmlessClassUse(f *frame, x ast.Expr, cls *ast.ClassDef) bool {
	switch parent := p.parentOf(f).(type) {
	case *ast.Call:
		if sameNode(parent.Func, x) {
			return true // an instance
		}
		if fn, isName := parent.Func.(*ast.Name); isName && (fn.Id == "isinstance" || fn.Id == "issubclass") {
			return true
		}
		if fn, isName := parent.Func.(*ast.Name); isName && fn.Id == "super" && p.superOfInstance(parent, Site{f.sc, f.idx}) {
			return true // super(C, self): its methods are bound to self
		}
	case *ast.ClassDef:
		return true // a base: its methods' self is the subclass's instance
	case *ast.Attribute:
		if cls == nil {
			return false
		}
		if !p.methodOf(cls, parent.Attr, 0) && !(IsDunder(parent.Attr) && !plainDunder[parent.Attr]) {
			return true // an attribute that is not a method: no self
		}
		if p.calledWithOwn(f, parent) {
			return true // Own.method(own_object, ...)
		}
	case *ast.Compare, *ast.Arg, *ast.FunctionDef, *ast.AsyncFunctionDef:
		return true // compared; an annotation or a decorator (called with the def)
	case *ast.AnnAssign:
		if !sameNode(parent.Value, x) {
			return true // the annotation
		}
	case *ast.BinOp:
		if parent.Op == ast.BitOr {
			return true // C | None
		}
	case *ast.Subscript:
		if sameNode(parent.Value, x) && f.parent >= 0 && p.aliasUse(parent, p.parentOf(&p.frames[f.parent])) {
			return true // C[int]: an annotation, or a generic alias called for an instance
		}
	}
	return false
}

// ownClassValue is the node of f when it is type(x) or x.__class__ of one of the program's own
// objects x: a class of the program known only at run time.
func (p *Pass) ownClassValue(f *frame) (ast.Expr, bool) {
	s := Site{f.sc, f.idx}
	switch v := f.n.(type) {
	case *ast.Call:
		if fn, ok := v.Func.(*ast.Name); ok && fn.Id == "type" && len(v.Args) == 1 && p.isBuiltinName(fn, s) {
			return v, p.isOwn(v.Args[0], s, 0)
		}
	case *ast.Attribute:
		if v.Attr == "__class__" && v.Ctx == ast.Load {
			return v, p.isOwn(v.Value, s, 0)
		}
	}
	return nil, false
}

// dynamicClassMethod marks the classes whose method at names when at's object is a class of the
// program known only at run time: type(x) or x.__class__ of one of its objects, or cls in a
// classmethod (any class derived from it). Every class of the program defining that method is
// marked, unless the method is called with one of the program's own objects first.
func (p *Pass) dynamicClassMethod(f *frame, at *ast.Attribute) {
	s := Site{f.sc, f.idx}
	dynamic := false
	switch v := at.Value.(type) {
	case *ast.Call:
		if fn, ok := v.Func.(*ast.Name); ok && fn.Id == "type" && len(v.Args) == 1 && p.isBuiltinName(fn, s) {
			dynamic = p.isOwn(v.Args[0], s, 0)
		}
	case *ast.Attribute:
		dynamic = v.Attr == "__class__" && p.isOwn(v.Value, s, 0)
	case *ast.Name:
		binds, _, _ := p.lookup(v.Id, s.sc, s.idx)
		for _, b := range binds {
			if a, ok := b.node.(*ast.Arg); ok && b.kind == bUnknown && p.own.clsArgs[a] != nil {
				dynamic = true
			}
		}
	}
	if !dynamic {
		return
	}
	// type(self).__dict__ is not followed here (dict(type(self).__dict__) is everyday code): a
	// function taken from it and called with a library object is not seen.
	if call, ok := p.parentOf(f).(*ast.Call); ok && sameNode(call.Func, at) && len(call.Args) > 0 && p.isOwn(call.Args[0], s, 0) {
		return
	}
	for c := range p.own.classSite {
		if p.methodOf(c, at.Attr, 0) {
			p.markForeignSelf(c)
		}
	}
}

// aliasUse reports whether the generic alias sub (C[int]), whose parent is parent, is an
// annotation or called for an instance: a generic alias forwards attribute reads to its class.
func (p *Pass) aliasUse(sub *ast.Subscript, parent ast.Node) bool {
	switch g := parent.(type) {
	case *ast.Call:
		return sameNode(g.Func, sub)
	case *ast.AnnAssign:
		return !sameNode(g.Value, sub)
	case *ast.Arg, *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Subscript, *ast.Tuple:
		return true
	case *ast.BinOp:
		return g.Op == ast.BitOr
	}
	return false
}

// superOfInstance reports whether super call c is super(C, self) with self the first argument of a
// method of the program's class: the methods it hands out are bound to self. super(C, C) (or any
// other second argument) hands out the plain functions, which take any object as self.
func (p *Pass) superOfInstance(c *ast.Call, s Site) bool {
	if len(c.Args) != 2 || len(c.Keywords) != 0 {
		return false
	}
	nm, ok := c.Args[1].(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		a, isArg := b.node.(*ast.Arg)
		if !isArg || b.kind != bUnknown || p.own.selfArgs[a] == nil {
			return false
		}
	}
	return true
}

// markForeignSelf marks cls and all its own ancestors, whose methods it may reach. No depth bound:
// a class is marked before its bases, so each is visited once. (At most 8 levels deep, as it
// was, the methods of the tenth ancestor kept trusting self with a library object as self.)
func (p *Pass) markForeignSelf(cls *ast.ClassDef) {
	if p.own.foreignSelf[cls] {
		return
	}
	p.own.foreignSelf[cls] = true
	for _, b := range p.ownBases(cls) {
		p.markForeignSelf(b)
	}
}

// methodOf reports whether cls or one of its own ancestors defines name in its body as a function
// that is not a staticmethod or classmethod, or binds it to anything else (an attribute of the
// class that may be a function).
func (p *Pass) methodOf(cls *ast.ClassDef, name string, depth int) bool {
	if depth > 8 || !p.ancestorStep(cls) {
		return true
	}
	for _, st := range cls.Body {
		var decorators []ast.Expr
		switch d := st.(type) {
		case *ast.FunctionDef:
			if d.Name != name {
				continue
			}
			decorators = d.DecoratorList
		case *ast.AsyncFunctionDef:
			if d.Name != name {
				continue
			}
			decorators = d.DecoratorList
		default:
			continue
		}
		plain := true
		for _, x := range decorators {
			if n, ok := x.(*ast.Name); ok && (n.Id == "staticmethod" || n.Id == "classmethod") {
				plain = false
			}
		}
		return plain
	}
	for _, st := range cls.Body {
		var targets []ast.Expr
		var value ast.Expr
		switch a := st.(type) {
		case *ast.Assign:
			targets, value = a.Targets, a.Value
		case *ast.AnnAssign:
			targets, value = []ast.Expr{a.Target}, a.Value
		default:
			continue
		}
		for _, t := range targets {
			if nm, ok := t.(*ast.Name); ok && nm.Id == name {
				switch value.(type) {
				case nil, *ast.Constant, *ast.Dict, *ast.List, *ast.Tuple, *ast.Set, *ast.JoinedStr,
					*ast.DictComp, *ast.ListComp, *ast.SetComp:
					// data, not a function
				default:
					return true // bound in the body some other way (m = f)
				}
			}
		}
	}
	for _, b := range p.ownBases(cls) {
		if p.methodOf(b, name, depth+1) {
			return true
		}
	}
	return false
}

// GuardedStrings are the strings the name nm may hold at the current node when a statement
// before the current one, at the top level of the same function (or module) body, is
// `if nm not in C: raise ...` (or return) with C a name bound once to a display of constant
// strings that nothing changes, and every binding of nm in that scope comes before the guard.
func (p *Pass) GuardedStrings(nm *ast.Name) ([]string, bool) {
	sc, idx := p.cur.sc, p.cur.idx
	var body []ast.Stmt
	switch d := sc.def.(type) {
	case nil:
		if sc.kind != scModule || p.mod == nil {
			return nil, false
		}
		body = p.mod.Body
	case *ast.FunctionDef:
		body = d.Body
	case *ast.AsyncFunctionDef:
		body = d.Body
	default:
		return nil, false
	}
	sym := sc.syms[nm.Id]
	if sym == nil || sym.global || sym.nonlocal || p.declaredOuter(nm.Id) {
		return nil, false
	}
	for i := 0; i < idx && i < len(body); i++ {
		g, ok := body[i].(*ast.If)
		if !ok || len(g.Orelse) > 0 || len(g.Body) == 0 {
			continue
		}
		switch g.Body[len(g.Body)-1].(type) {
		case *ast.Raise, *ast.Return:
		default:
			continue
		}
		cmp, ok := g.Test.(*ast.Compare)
		if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.NotIn {
			continue
		}
		left, ok := cmp.Left.(*ast.Name)
		if !ok || left.Id != nm.Id {
			continue
		}
		for _, b := range sym.binds {
			if _, param := b.node.(*ast.Arg); param && b.kind == bUnknown {
				continue // bound before the body runs
			}
			if b.at >= i || b.kind == bDel {
				return nil, false
			}
		}
		return p.constStrings(cmp.Comparators[0], Site{sc, i})
	}
	return nil, false
}

// declaredOuter reports whether a global or nonlocal statement anywhere names name: a function
// defined before a guard may then rebind the guarded name after it (one scan of the nodes,
// charged to the budget).
func (p *Pass) declaredOuter(name string) bool {
	if !p.own.outerDone {
		p.own.outerDone = true
		p.budget -= len(p.frames)
		for i := range p.frames {
			switch d := p.frames[i].n.(type) {
			case *ast.Global:
				for _, n := range d.Names {
					p.own.outerNames[n] = true
				}
			case *ast.Nonlocal:
				for _, n := range d.Names {
					p.own.outerNames[n] = true
				}
			}
		}
	}
	return p.own.outerNames[name]
}

// constStrings are the strings of e, a name bound once to a set, list or tuple display of
// constant strings that the program never changes in place.
func (p *Pass) constStrings(e ast.Expr, s Site) ([]string, bool) {
	nm, ok := e.(*ast.Name)
	if !ok {
		return nil, false
	}
	binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
	if len(binds) != 1 || binds[0].kind != bAssign || p.mutatedName(nm.Id) {
		return nil, false
	}
	var elts []ast.Expr
	switch v := binds[0].value.(type) {
	case *ast.Set:
		elts = v.Elts
	case *ast.List:
		elts = v.Elts
	case *ast.Tuple:
		elts = v.Elts
	default:
		return nil, false
	}
	out := make([]string, 0, len(elts))
	for _, x := range elts {
		k, ok := x.(*ast.Constant)
		if !ok {
			return nil, false
		}
		str, ok := k.Value.(string)
		if !ok {
			return nil, false
		}
		out = append(out, str)
	}
	return out, true
}

// SlotNames are the names every class of the program declares in __slots__, when each such
// declaration is a display of constant strings: what obj.__slots__ may hold for obj, one of the
// program's own objects whose class has no library ancestor.
func (p *Pass) SlotNames(obj ast.Expr) ([]string, bool) {
	if p.own.slotsStored {
		return nil, false // C.__slots__ = ...: no longer what the class declared
	}
	if p.dictWrites() {
		return nil, false // vars(self)["__sl" + "ots__"] = ...: the object's own __slots__
	}
	if bases, ok := p.LibraryBases(obj); !ok || len(bases) > 0 {
		return nil, false
	}
	p.classFacts()
	if !p.own.slotsOK {
		return p.own.slots, false
	}
	if p.own.made || p.own.attrs["__getattribute__"] {
		return nil, false
	}
	// obj.__slots__ is the class attribute only while obj has no dict of its own, which code
	// the analysis does not see (argparse.Namespace.__init__(obj, **kw)) may fill, and its
	// class has the attribute (else __getattr__ answers): every class obj may be an instance
	// of declares slots, without __dict__.
	cls := p.ownInstanceClass(obj, p.Site(), 0)
	if cls == nil || !p.slottedFamily(cls) {
		return nil, false
	}
	return p.own.slots, true
}

// ownInstanceClass is the class of the program obj is an instance of: self in one of its
// methods (not cls), or a name bound only to calls of it.
func (p *Pass) ownInstanceClass(obj ast.Expr, s Site, depth int) *ast.ClassDef {
	nm, ok := obj.(*ast.Name)
	if !ok || depth > 4 {
		return nil
	}
	binds, _, stars := p.lookup(nm.Id, s.sc, s.idx)
	if p.starMayBind(stars, nm.Id) {
		return nil
	}
	var cls *ast.ClassDef
	for _, b := range binds {
		var c *ast.ClassDef
		switch b.kind {
		case bUnknown:
			if a, isArg := b.node.(*ast.Arg); isArg && p.own.clsArgs[a] == nil && p.selfClass(a) != nil && !p.mayGetForeignSelf(p.own.selfArgs[a]) {
				c = p.own.selfArgs[a]
			}
		case bAssign:
			if call, isCall := b.value.(*ast.Call); isCall {
				if f, isName := call.Func.(*ast.Name); isName && p.ownClass(f, Site{b.scope, b.idx}) && p.makesInstance(f, Site{b.scope, b.idx}) {
					c, _ = p.ownClassOf(f, Site{b.scope, b.idx}, depth+1)
				}
			}
		}
		if c == nil || cls != nil && c != cls {
			return nil
		}
		cls = c
	}
	return cls
}

// slottedFamily reports whether cls, its ancestors and every class of the program derived from
// it declare __slots__ without __dict__ and have no library ancestor: their instances have no
// dict.
func (p *Pass) slottedFamily(cls *ast.ClassDef) bool {
	for c := range p.own.classSite {
		if (c == cls || p.derivesFrom(c, cls, 0) || p.derivesFrom(cls, c, 0)) && (!declaresSlots(c) || p.foreignAncestor(c, 0)) {
			return false
		}
		if !p.knownBases(c) {
			return false // class S(pick()): may derive from cls
		}
	}
	return true
}

// knownBases reports whether every base of c is a class of the program, object, or a class of
// the reviewed API.
func (p *Pass) knownBases(c *ast.ClassDef) bool {
	site := p.own.classSite[c]
	for _, b := range c.Bases {
		if sub, ok := b.(*ast.Subscript); ok {
			if p.baseClass(sub.Value, site, 1) != nil {
				return false // Own[T]: whatever the program's __class_getitem__ returns
			}
			b = sub.Value // Generic[T]
		}
		if oc := p.baseClass(b, site, 1); oc != nil {
			continue
		}
		known := false
		for _, r := range p.resolve(b, site.sc, site.idx) {
			if _, inst, ok := p.TypeOf(r); ok && !inst || r.Qual == "builtins.object" {
				known = true
			}
		}
		if !known {
			return false
		}
	}
	return true
}

// derivesFrom reports whether c has base among its own ancestors.
func (p *Pass) derivesFrom(c, base *ast.ClassDef, depth int) bool {
	if depth == 0 {
		// Kept: the questions about a class (OwnNamespace, subclassLibraryMayHave) ask it of
		// every class of the program, at every attribute or vars() they judge.
		k := [2]*ast.ClassDef{c, base}
		if v, hit := p.own.derives[k]; hit {
			return v
		}
		v := p.derivesFrom1(c, base, 0)
		if p.own.derives == nil {
			p.own.derives = map[[2]*ast.ClassDef]bool{}
		}
		p.own.derives[k] = v
		return v
	}
	return p.derivesFrom1(c, base, depth)
}

func (p *Pass) derivesFrom1(c, base *ast.ClassDef, depth int) bool {
	if depth > 8 || !p.ancestorStep(c) {
		return true
	}
	for _, b := range p.ownBases(c) {
		if b == base || b != c && p.derivesFrom(b, base, depth+1) {
			return true
		}
	}
	return false
}

// declaresSlots reports whether class body c binds __slots__ to a display of constant strings
// without "__dict__".
func declaresSlots(c *ast.ClassDef) bool {
	found := false
	for _, st := range c.Body {
		a, ok := st.(*ast.Assign)
		if !ok || len(a.Targets) != 1 {
			continue
		}
		if nm, ok := a.Targets[0].(*ast.Name); !ok || nm.Id != "__slots__" {
			continue
		}
		elts, ok := slotsElements(a.Value)
		if !ok {
			return false
		}
		for _, x := range elts {
			k, ok := x.(*ast.Constant)
			if !ok {
				return false
			}
			if str, isStr := k.Value.(string); !isStr || str == "__dict__" {
				return false
			}
		}
		found = true
	}
	return found
}

// slotsElements are the elements of a __slots__ value written as a tuple or list display or as one
// constant; ok is false for any other form.
func slotsElements(v ast.Expr) (elts []ast.Expr, ok bool) {
	switch v := v.(type) {
	case *ast.Tuple:
		return v.Elts, true
	case *ast.List:
		return v.Elts, true
	case *ast.Constant:
		return []ast.Expr{v}, true
	}
	return nil, false
}

// classFacts computes, once per pass, the slot names of every class of the program and whether
// any class has a library ancestor.
func (p *Pass) classFacts() {
	if p.own.classesDone {
		return
	}
	p.own.classesDone = true
	p.own.plain, p.own.slotsOK = true, true
	p.own.made = p.madeClasses()
	if p.own.made {
		p.own.plain = false // a class made by type(name, bases, ns) may derive from any class
	}
	if p.own.attrs["__mro_entries__"] || p.own.attrs["__class_getitem__"] {
		p.own.plain = false // an object of the program's may stand in a class's bases for any class
	}
	for cls := range p.own.classSite {
		if p.foreignAncestor(cls, 0) {
			p.own.plain = false
		}
		for _, st := range cls.Body {
			a, ok := st.(*ast.Assign)
			if !ok {
				continue
			}
			for _, t := range a.Targets {
				if nm, ok := t.(*ast.Name); !ok || nm.Id != "__slots__" {
					continue
				}
				var elts []ast.Expr
				switch v := a.Value.(type) {
				case *ast.Tuple:
					elts = v.Elts
				case *ast.List:
					elts = v.Elts
				case *ast.Constant:
					elts = []ast.Expr{v}
				default:
					p.own.slotsOK = false
				}
				for _, x := range elts {
					k, ok := x.(*ast.Constant)
					str, isStr := "", false
					if ok {
						str, isStr = k.Value.(string)
					}
					if !isStr {
						p.own.slotsOK = false
						continue
					}
					p.own.slots = append(p.own.slots, str)
				}
			}
		}
	}
}

// MadeClasses reports whether the program makes classes at run time (type() with three
// arguments, types.new_class), whose bases and attributes are not known.
func (p *Pass) MadeClasses() bool {
	p.classFacts()
	return p.own.made
}

// PlainClasses reports whether no class of the program has a library class among its ancestors
// (object aside): then every public attribute of the program's own objects is the program's.
func (p *Pass) PlainClasses() bool {
	p.classFacts()
	return p.own.plain
}

// InstanceClass is the reviewed class e is an object of, where resolution does not say but the
// program's own functions do: a name bound once to such a value, a call of a def of the program
// whose every return gives an object of one class (build_parser() returning the
// ArgumentParser it made), and a method of such an object whose result's class the review gives
// (build_parser().parse_args(...) is an argparse.Namespace).
func (p *Pass) InstanceClass(e ast.Expr) (string, bool) {
	return p.instanceClass(e, p.Site(), 0)
}

func (p *Pass) instanceClass(e ast.Expr, s Site, depth int) (string, bool) {
	if depth > 4 || p.budget <= 0 {
		return "", false
	}
	p.budget--
	for _, r := range p.resolve(e, s.sc, s.idx) {
		if class, inst, ok := p.TypeOf(r); ok && inst {
			return class, true
		}
	}
	switch x := e.(type) {
	case *ast.Name:
		binds, _, _ := p.lookup(x.Id, s.sc, s.idx)
		if len(binds) != 1 || binds[0].kind != bAssign {
			return "", false
		}
		return p.instanceClass(binds[0].value, Site{binds[0].scope, binds[0].idx}, depth+1)
	case *ast.Call:
		if at, ok := x.Func.(*ast.Attribute); ok {
			class, ok := p.instanceClass(at.Value, s, depth+1)
			if !ok {
				return "", false
			}
			c := p.a.api.returns[class+"."+at.Attr]
			if c != "" && p.patchedClass(class) {
				return "", false
			}
			return c, c != ""
		}
		nm, ok := x.Func.(*ast.Name)
		if !ok {
			return "", false
		}
		binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
		if len(binds) != 1 || binds[0].kind != bDef {
			return "", false
		}
		fn, ok := binds[0].node.(*ast.FunctionDef)
		if !ok {
			return "", false
		}
		return p.returnedClass(fn, depth)
	}
	return "", false
}

// returnedClass is the one reviewed class of what every return statement of fn gives (one scan
// of the nodes, charged to the budget); none when fn may end without a return, yields, or
// returns objects of several classes or of unknown class.
func (p *Pass) returnedClass(fn *ast.FunctionDef, depth int) (string, bool) {
	if c, ok := p.own.returned[fn]; ok {
		return c, c != ""
	}
	p.own.returned[fn] = "" // while it is computed: a recursive function returns nothing known
	c, ok := p.returnedClassOf(fn, depth)
	if ok {
		p.own.returned[fn] = c
	}
	return c, ok
}

func (p *Pass) returnedClassOf(fn *ast.FunctionDef, depth int) (string, bool) {
	if len(fn.Body) == 0 || len(fn.DecoratorList) > 0 {
		return "", false // a decorator may bind the name to any other function
	}
	if _, ok := fn.Body[len(fn.Body)-1].(*ast.Return); !ok {
		return "", false // it may fall off its end: None
	}
	p.budget -= len(p.frames)
	if p.budget <= 0 {
		return "", false
	}
	class := ""
	for i := range p.frames {
		f := &p.frames[i]
		if f.sc == nil || f.sc.def != ast.Node(fn) {
			continue
		}
		var value ast.Expr
		switch r := f.n.(type) {
		case *ast.Return:
			value = r.Value
			if value == nil {
				return "", false
			}
		case *ast.Yield, *ast.YieldFrom:
			return "", false
		default:
			continue
		}
		c, ok := p.instanceClass(value, Site{f.sc, f.idx}, depth+1)
		if !ok || class != "" && c != class {
			return "", false
		}
		class = c
	}
	return class, class != ""
}

// noteSlots records the constant names a class body's __slots__ declares as names the class
// defines: its instances' attributes of those names are its own.
func (c *collector) noteSlots(f *frame, n *ast.Assign) {
	cls, ok := f.sc.def.(*ast.ClassDef)
	if f.sc.kind != scClass || !ok || len(n.Targets) != 1 {
		return
	}
	if nm, ok := n.Targets[0].(*ast.Name); !ok || nm.Id != "__slots__" {
		return
	}
	elts, _ := slotsElements(n.Value)
	for _, x := range elts {
		if k, ok := x.(*ast.Constant); ok {
			if name, ok := k.Value.(string); ok {
				c.p.own.attrs[name] = true
				c.p.own.classAttrs[classAttr{cls, name}] = true
			}
		}
	}
}

// noteSetattr records setattr(self, "name", v) and object.__setattr__(self, "name", v) in a
// method: an attribute the class of self defines, like self.name = v.
func (c *collector) noteSetattr(f *frame, n *ast.Call) {
	if len(n.Args) < 3 {
		return
	}
	switch fn := n.Func.(type) {
	case *ast.Name:
		if fn.Id != "setattr" {
			return
		}
	case *ast.Attribute:
		if v, ok := fn.Value.(*ast.Name); !ok || v.Id != "object" || fn.Attr != "__setattr__" {
			return
		}
	default:
		return
	}
	k, ok := n.Args[1].(*ast.Constant)
	if !ok {
		return
	}
	name, ok := k.Value.(string)
	if !ok {
		return
	}
	if at, ok := n.Args[0].(*ast.Name); ok {
		c.noteStore(f, &ast.Attribute{Value: at, Attr: name, Ctx: ast.Store})
	}
}

// rewrapped reports whether the object of binding b may be handed to functools.update_wrapper as
// the wrapper (or to the function functools.wraps returns): that copies the wrapped object's
// __dict__, a library object's private attributes among it, into the program's object.
func (p *Pass) rewrapped(b *Binding) bool {
	if !p.own.rewrapDone {
		p.own.rewrapDone = true
		p.rewraps()
	}
	return p.own.rewrapped[b]
}

// rewraps fills own.rewrapped with one scan of the nodes, charged to the work budget. Every name
// in the wrapper expression is marked, and the names their values come from (r = q;
// update_wrapper(r, x) re-homes q's object too).
func (p *Pass) rewraps() {
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		s := Site{f.sc, f.idx}
		if x, isExpr := f.n.(ast.Expr); isExpr && p.rewrapValue(f, x, s) {
			// update_wrapper or wraps used as a value (partial(update_wrapper, q), map(...)):
			// any object may be the wrapper.
			p.own.rewrapAny, p.own.rewrapEscapes = true, true
		}
		c, ok := f.n.(*ast.Call)
		if !ok {
			continue
		}
		var wrapper ast.Expr
		if p.namesQual(c.Func, s, "functools.update_wrapper") {
			if len(c.Args) > 0 {
				wrapper = c.Args[0]
			}
			for _, k := range c.Keywords {
				if k.Arg != nil && *k.Arg == "wrapper" {
					wrapper = k.Value
				}
			}
		} else if inner, isCall := c.Func.(*ast.Call); isCall && len(c.Args) > 0 && p.namesQual(inner.Func, s, "functools.wraps") {
			wrapper = c.Args[0]
		}
		if wrapper != nil {
			p.markRewrapped(wrapper, s)
			if !p.functionValue(wrapper, s) {
				if cls, _ := p.ownClassOf(wrapper, s, 0); cls != nil {
					p.own.rewrapClasses = append(p.own.rewrapClasses, cls)
				} else {
					p.own.rewrapAny = true
				}
			}
		}
	}
}

// markRewrapped marks the bindings of the names in e, and of the names their values come from,
// as rewrapped. No depth bound: a binding is marked before its value is followed, so each is
// followed once. (At most 8 assignments deep, as it was, the start of a longer chain was left
// out; ownClassOf's own bound, which makes every class's self foreign, hid it.)
func (p *Pass) markRewrapped(e ast.Expr, s Site) {
	ast.Walk(e, func(n, _ ast.Node) bool {
		nm, ok := n.(*ast.Name)
		if !ok {
			return true
		}
		binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
		for _, b := range binds {
			if p.own.rewrapped[b] {
				continue
			}
			if p.own.rewrapped == nil {
				p.own.rewrapped = map[*Binding]bool{}
			}
			p.own.rewrapped[b] = true
			if b.kind == bAssign && b.value != nil {
				p.markRewrapped(b.value, Site{b.scope, b.idx})
			}
		}
		return true
	})
}

// namesQual reports whether e at s refers to qual.
// resolvesIn reports whether e at s may be one of the objects named by quals.
func (p *Pass) resolvesIn(e ast.Expr, s Site, quals map[string]bool) bool {
	for _, r := range p.resolve(e, s.sc, s.idx) {
		if quals[r.Qual] {
			return true
		}
	}
	return false
}

func (p *Pass) namesQual(e ast.Expr, s Site, qual string) bool {
	for _, r := range p.resolve(e, s.sc, s.idx) {
		if r.Qual == qual {
			return true
		}
	}
	return false
}

// functionValue reports whether e at s is a name bound only by defs of functions.
func (p *Pass) functionValue(e ast.Expr, s Site) bool {
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
	for _, b := range binds {
		switch b.node.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef:
		default:
			return false
		}
		if b.kind != bDef {
			return false
		}
	}
	return len(binds) > 0
}

// plainDecoratorQuals are the decorators that leave the program's function its own: the method
// kinds and the markers that return the function itself.
var plainDecoratorQuals = map[string]bool{
	"builtins.staticmethod": true, "builtins.classmethod": true, "builtins.property": true,
	"abc.abstractmethod": true, "typing.overload": true, "typing.final": true,
	"typing.override": true, "typing_extensions.override": true,
}

// selfClass is the class whose instance the first parameter a of a method is: none when a is
// not one, or when a decorator of the method may call the function with another first argument
// (a staticmethod however it is spelt: static = staticmethod, a function of the program
// returning one).
func (p *Pass) selfClass(a *ast.Arg) *ast.ClassDef {
	cls := p.own.selfArgs[a]
	if cls == nil {
		return nil
	}
	if d, ok := p.own.selfDecorated[a]; ok && !p.selfPreservingDecorators(d.decorators, d.site) {
		return nil
	}
	return cls
}

// selfPreservingDecorators are the decorators that leave a method called with its instance
// first: the method kinds but staticmethod, the markers, a property's setter, getter or
// deleter, the library's caches and context managers, and functools.wraps(...).
var selfPreservingDecoratorQuals = map[string]bool{
	"builtins.classmethod": true, "builtins.property": true,
	"abc.abstractmethod": true, "typing.overload": true, "typing.final": true,
	"typing.override": true, "typing_extensions.override": true,
	"functools.lru_cache": true, "functools.cache": true, "functools.cached_property": true,
	"contextlib.contextmanager": true, "contextlib.asynccontextmanager": true,
}

func (p *Pass) selfPreservingDecorators(decorators []ast.Expr, s Site) bool {
	for _, d := range decorators {
		if at, ok := d.(*ast.Attribute); ok && (at.Attr == "setter" || at.Attr == "getter" || at.Attr == "deleter") {
			continue
		}
		e := d
		if c, ok := d.(*ast.Call); ok {
			e = c.Func // functools.wraps(f), functools.lru_cache(maxsize=...)
			if p.resolvesIn(e, s, map[string]bool{"functools.wraps": true}) {
				continue
			}
			if !p.resolvesIn(e, s, map[string]bool{"functools.lru_cache": true}) {
				return false
			}
			continue
		}
		if !p.resolvesIn(e, s, selfPreservingDecoratorQuals) {
			return false
		}
	}
	return true
}

// plainDecorators reports whether decorators are all plain: a method kind, a marker, or a
// property's setter, getter or deleter.
func (p *Pass) plainDecorators(decorators []ast.Expr, s Site) bool {
	for _, d := range decorators {
		if at, ok := d.(*ast.Attribute); ok && (at.Attr == "setter" || at.Attr == "getter" || at.Attr == "deleter") {
			continue
		}
		if !p.resolvesIn(d, s, plainDecoratorQuals) {
			return false
		}
	}
	return true
}

// uncallingDecorators are the decorators known not to call the function they are given with
// arguments of their own: the method kinds, the markers that return the function itself, and
// functools.wraps(x) (which copies x's attributes onto it and returns it).
var uncallingDecoratorQuals = map[string]bool{
	"builtins.staticmethod": true, "builtins.classmethod": true, "builtins.property": true,
	"abc.abstractmethod": true, "typing.overload": true, "typing.final": true,
	"typing.override": true, "typing_extensions.override": true,
}

// uncallingDecorators reports whether every decorator in decorators, evaluated at s, is known
// not to call the function it decorates with other arguments than its callers pass: each must
// resolve only to uncallingDecoratorQuals, or be a call of functools.wraps.
func (p *Pass) uncallingDecorators(decorators []ast.Expr, s Site) bool {
	for _, d := range decorators {
		e := d
		quals := uncallingDecoratorQuals
		if c, ok := d.(*ast.Call); ok {
			e, quals = c.Func, map[string]bool{"functools.wraps": true}
		}
		refs := p.resolve(e, s.sc, s.idx)
		if len(refs) == 0 {
			return false
		}
		for _, r := range refs {
			if !quals[r.Qual] {
				return false
			}
		}
	}
	return true
}

// BuiltByHolder reports whether e, at the current node's site, is an object of a class that holds
// only what it is given (the review's open classes), made by a call the program shows, or a
// name bound only to such calls: the class's constructor (argparse.Namespace(...)), or a
// function or method the review says returns such an object (parser.parse_args([...])) unless
// something may make it return another: a namespace argument (parse_args(args, ns) returns ns),
// a function or attribute of that name the program defines or assigns (parser.parse_args =
// ...), or a record factory the program installs (makeLogRecord returns what it makes).
func (p *Pass) BuiltByHolder(e ast.Expr) bool { return p.builtByHolder(e, p.Site(), 0) }

func (p *Pass) builtByHolder(e ast.Expr, s Site, depth int) bool {
	if depth > 6 || p.budget <= 0 {
		return false
	}
	p.budget--
	switch x := e.(type) {
	case *ast.Name:
		binds, _, _ := p.lookup(x.Id, s.sc, s.idx)
		for _, b := range binds {
			if b.kind != bAssign || b.value == nil || !p.builtByHolder(b.value, Site{b.scope, b.idx}, depth+1) {
				return false
			}
		}
		return len(binds) > 0
	case *ast.Call:
		refs := p.resolve(x.Func, s.sc, s.idx)
		constructor := len(refs) > 0
		for _, r := range refs {
			class, inst, ok := p.TypeOf(r)
			if !ok || inst || !p.HoldsOnlyGivenClass(class) {
				constructor = false
			}
		}
		if constructor {
			return true
		}
		class, ok := "", false
		for _, r := range p.resolve(x, s.sc, s.idx) {
			if c, inst, known := p.TypeOf(r); known && inst {
				class, ok = c, true
			}
		}
		if !ok {
			class, ok = p.instanceClass(x, s, depth+1)
		}
		if !ok || !p.HoldsOnlyGivenClass(class) || len(x.Args) > 1 {
			return false
		}
		for _, a := range x.Args {
			if _, star := a.(*ast.Starred); star {
				return false // parse_args(*[[], ns])
			}
		}
		for _, k := range x.Keywords {
			if k.Arg == nil || *k.Arg == "namespace" {
				return false
			}
		}
		name := ""
		switch f := x.Func.(type) {
		case *ast.Name:
			name = f.Id
		case *ast.Attribute:
			name = f.Attr
		}
		if name == "" || p.own.attrs[name] {
			return false // parser.parse_args = ...: not the method the review describes
		}
		return !p.recordFactorySet()
	}
	return false
}

// patchedClass reports whether the program may have replaced an attribute of class (a class of
// the reviewed API) on one of its objects or on the class: it stores an attribute of a name the
// class has, or names it does not show. Then what the review says the class's methods return
// may no longer hold (parse_args returns what a replaced parse_known_args gives).
func (p *Pass) patchedClass(class string) bool {
	if p.own.storesAny {
		return true
	}
	c := p.a.api.classes[class]
	if c == nil {
		return len(p.own.stored) > 0
	}
	for name := range p.own.stored {
		if c.hasAttr(name) {
			return true
		}
	}
	return false
}

// reviewedReturn is the class of what calling f returns, per the review or as an instance of
// the class f is, unless f is a method of a class the program may have patched.
func (p *Pass) reviewedReturn(f Ref) string {
	c := p.a.api.instanceOf(f)
	if c == "" || f.Kind != ObjRef {
		return c
	}
	i := strings.LastIndexByte(f.Qual, '.')
	if i <= 0 || p.a.api.returnOf(f.Qual) == "" {
		return c // a constructor, not a method
	}
	if owner := p.a.api.classOf(strings.TrimSuffix(f.Qual[:i], "()")); owner != nil && p.patchedClass(owner.name) {
		return ""
	}
	return c
}

// recordFactorySet reports whether the program names logging's setLogRecordFactory (as a name,
// an attribute or a string): then makeLogRecord and the loggers' records are whatever its factory
// returns.
func (p *Pass) recordFactorySet() bool {
	p.budget -= len(p.frames)
	for i := range p.frames {
		switch n := p.frames[i].n.(type) {
		case *ast.Name:
			if n.Id == "setLogRecordFactory" {
				return true
			}
		case *ast.Attribute:
			if n.Attr == "setLogRecordFactory" {
				return true
			}
		case *ast.Constant:
			if str, ok := n.Value.(string); ok && str == "setLogRecordFactory" {
				return true
			}
		}
	}
	return false
}

// SetattrOnClasses reports whether the program calls setattr (or a __setattr__) with a name that
// is not a constant public one on an object other than self in a method: on a class that may add
// a dunder method (setattr(Kind, "__r" + "add__", f)) the attributes the program defines do not
// show.
func (p *Pass) SetattrOnClasses() bool {
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		c, ok := f.n.(*ast.Call)
		if !ok || len(c.Args) < 2 {
			continue
		}
		s := Site{f.sc, f.idx}
		at, isAttr := c.Func.(*ast.Attribute)
		if !(isAttr && at.Attr == "__setattr__") && !p.namesQual(c.Func, s, "builtins.setattr") {
			continue
		}
		obj, name := c.Args[0], c.Args[1]
		if isAttr && at.Attr == "__setattr__" && len(c.Args) < 3 {
			obj, name = at.Value, c.Args[0] // x.__setattr__(name, v)
		}
		if k, ok := name.(*ast.Constant); ok {
			if str, isStr := k.Value.(string); isStr && !strings.HasPrefix(str, "__") {
				continue
			}
		}
		if nm, ok := obj.(*ast.Name); ok {
			binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
			self := len(binds) > 0
			for _, b := range binds {
				a, isArg := b.node.(*ast.Arg)
				if !isArg || b.kind != bUnknown || p.own.selfArgs[a] == nil || p.own.clsArgs[a] != nil {
					self = false
				}
			}
			if self {
				continue // setattr(self, key, value): an instance's attribute, not its class's
			}
		}
		return true
	}
	return false
}

// classDecoratorQuals are the class decorators that return the class they are given.
var classDecoratorQuals = map[string]bool{
	"dataclasses.dataclass": true, "functools.total_ordering": true, "enum.unique": true,
	"enum.verify": true, "typing.final": true, "typing.runtime_checkable": true,
	"typing_extensions.final": true, "typing_extensions.runtime_checkable": true,
}

// keptClass reports whether the name of class def c, bound at s, stays the class: every
// decorator is one that returns the class it is given (dataclass, total_ordering, ...). Any
// other decorator may bind the name to any object, a library class among them.
func (p *Pass) keptClass(c *ast.ClassDef, s Site) bool {
	for _, d := range c.DecoratorList {
		if call, ok := d.(*ast.Call); ok {
			d = call.Func // dataclass(frozen=True)
		}
		if !p.resolvesIn(d, s, classDecoratorQuals) {
			return false
		}
	}
	return true
}

// dictWrites reports whether the program may put an attribute of a name it does not show into an
// object's dict: it reads vars or __dict__ (whose dict it may then change), or calls setattr (or
// a __setattr__) with a name that is not a constant public one.
func (p *Pass) dictWrites() bool {
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		switch n := f.n.(type) {
		case *ast.Name:
			if n.Id == "vars" && n.Ctx == ast.Load {
				return true
			}
		case *ast.Attribute:
			if n.Attr == "__dict__" || n.Attr == "__setattr__" {
				return true
			}
		case *ast.Call:
			if len(n.Args) < 2 || !p.namesQual(n.Func, Site{f.sc, f.idx}, "builtins.setattr") {
				continue
			}
			k, ok := n.Args[1].(*ast.Constant)
			if !ok {
				return true
			}
			if str, isStr := k.Value.(string); !isStr || strings.HasPrefix(str, "__") {
				return true
			}
		}
	}
	return false
}

// rewrapValue reports whether x, the node of frame f, is functools.update_wrapper or
// functools.wraps used other than called.
func (p *Pass) rewrapValue(f *frame, x ast.Expr, s Site) bool {
	switch n := x.(type) {
	case *ast.Name:
		if n.Ctx != ast.Load {
			return false // any name: uw = functools.update_wrapper
		}
	case *ast.Attribute:
		if n.Ctx != ast.Load || n.Attr != "update_wrapper" && n.Attr != "wraps" {
			return false
		}
	default:
		return false
	}
	if c, ok := p.parentOf(f).(*ast.Call); ok && sameNode(c.Func, x) {
		return false
	}
	return p.namesQual(x, s, "functools.update_wrapper") || p.namesQual(x, s, "functools.wraps")
}

// StrSubclasses reports whether a class of the program may derive from str, whose objects pass
// isinstance(name, str) and choose their own repr, str and isidentifier: a class made at run
// time, an object standing in a class's bases, a base the analysis cannot resolve, or a library
// base with str among its ancestors (enum.StrEnum). Library code that pastes names into source it
// execs (dataclasses' field names) trusts them to be exact strings.
func (p *Pass) StrSubclasses() bool {
	p.classFacts()
	if p.own.made || p.own.attrs["__mro_entries__"] || p.own.attrs["__class_getitem__"] {
		return true
	}
	for cls, site := range p.own.classSite {
		for _, b := range cls.Bases {
			if nm, ok := b.(*ast.Name); ok && nm.Id == "object" && p.isBuiltinName(nm, site) {
				continue
			}
			if p.baseClass(b, site, 1) != nil {
				continue // a class of the program: its own bases are looked at in turn
			}
			known := false
			for _, r := range p.resolve(b, site.sc, site.idx) {
				if class, inst, ok := p.TypeOf(r); ok && !inst {
					if p.a.api.derives(class, "builtins.str") {
						return true
					}
					known = true
				}
			}
			if !known {
				return true
			}
		}
	}
	return false
}

// MatchArgNames are the attributes a class pattern's positional sub-patterns read from its
// subject: the names of the class's __match_args__. A class of the program gives the constant
// tuple its body (or an own base's) assigns; a class the analysis resolves outside the program
// (a library class, a builtin) has public field names or none, reported as ok with no names.
// Not ok: a class of the program without a constant __match_args__, or a class expression the
// analysis cannot tell (a parameter, a class made at run time): the names are not seen.
func (p *Pass) MatchArgNames(cls ast.Expr, s Site) ([]string, bool) {
	if p.own.stored["__match_args__"] || p.own.matchArgsNamed {
		return nil, false // set outside a class body: the names are not seen
	}
	c := p.baseClass(cls, s, 1)
	if c == nil {
		for _, r := range p.resolve(cls, s.sc, s.idx) {
			if _, inst, ok := p.TypeOf(r); ok && !inst {
				return nil, true
			}
		}
		return nil, false
	}
	// getattr(cls, "__match_args__") falls back to the metaclass, and a property of the
	// metaclass (a data descriptor) wins over the class's own: a metaclass anywhere in the
	// class's own ancestry, other than type or abc.ABCMeta, may give any names.
	if p.ownAncestryMetaclassMayAnswer(c, "__match_args__") {
		return nil, false
	}
	seen := map[*ast.ClassDef]bool{}
	for depth := 0; c != nil && !seen[c] && depth < 8; depth++ {
		seen[c] = true
		for _, st := range c.Body {
			a, ok := st.(*ast.Assign)
			if !ok || len(a.Targets) != 1 {
				continue
			}
			if nm, ok := a.Targets[0].(*ast.Name); !ok || nm.Id != "__match_args__" {
				continue
			}
			t, ok := a.Value.(*ast.Tuple)
			if !ok {
				return nil, false
			}
			names := make([]string, 0, len(t.Elts))
			for _, e := range t.Elts {
				str, ok := p.foldString(e, s.sc, s.idx)
				if !ok {
					return nil, false
				}
				names = append(names, str)
			}
			return names, true
		}
		if len(c.DecoratorList) > 0 {
			// dataclass(match_args=True) makes __match_args__ of the fields: the annotated names.
			var names []string
			for _, st := range c.Body {
				if a, ok := st.(*ast.AnnAssign); ok {
					if nm, ok := a.Target.(*ast.Name); ok {
						names = append(names, nm.Id)
					}
				}
			}
			if len(names) > 0 {
				return names, true
			}
		}
		if len(c.Bases) != 1 {
			return nil, len(c.Bases) == 0
		}
		c = p.baseClass(c.Bases[0], p.own.classSite[c], 1)
	}
	return nil, false
}

// DecoratedParam reports whether b binds a parameter of a def (async or not, anywhere) that a
// decorator not known to leave it alone receives (uncallingDecorators): the decorator may call
// the function with any arguments, so what the parameter holds is not known from its calls.
func (p *Pass) DecoratedParam(b *Binding) bool {
	a, ok := b.node.(*ast.Arg)
	if !ok {
		return false
	}
	p.budget -= len(p.frames) / 8
	for i := range p.frames {
		var args *ast.Arguments
		var decos []ast.Expr
		switch fn := p.frames[i].n.(type) {
		case *ast.FunctionDef:
			args, decos = fn.Args, fn.DecoratorList
		case *ast.AsyncFunctionDef:
			args, decos = fn.Args, fn.DecoratorList
		default:
			continue
		}
		if args == nil || len(decos) == 0 {
			continue
		}
		params := append(append(append([]*ast.Arg(nil), args.Posonlyargs...), args.Args...), args.Kwonlyargs...)
		params = append(params, args.Vararg, args.Kwarg)
		for _, x := range params {
			if x == a {
				return !p.uncallingDecorators(decos, Site{p.frames[i].sc, p.frames[i].idx})
			}
		}
	}
	return false
}

// ProgramObject reports whether e, at the current node's site, is an object the program made: a
// name bound only by its defs, or a class of the program, its instance, or self or cls in its
// methods. Unlike IsOwn it does not ask whether the object's attributes are the program's (an
// instance given to functools.update_wrapper as the wrapper is still the program's object).
func (p *Pass) ProgramObject(e ast.Expr) bool {
	s := p.Site()
	if p.functionValue(e, s) {
		return true
	}
	if nm, ok := e.(*ast.Name); ok {
		// self in a method of the program's class: its object is the program's instance
		// unless the method may be called with another (given to update_wrapper, it is still).
		binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
		if len(binds) == 1 && binds[0].kind == bUnknown {
			if a, isArg := binds[0].node.(*ast.Arg); isArg {
				if c := p.selfClass(a); c != nil {
					p.mayGetForeignSelf(c)
					return !p.own.foreignSelfCalled[c]
				}
			}
		}
	}
	cls, _ := p.ownClassOf(e, s, 0)
	return cls != nil
}

// LibraryMethodOf reports whether e names a class of the program (a name bound only to its class
// statements) whose attribute name its body does not define, while an ancestor that is not the
// program's may: a library class other than the builtins' (which check their self's type), or
// one the review does not know. Own.__eq__ is then a library class's method unless the class
// defines it itself (an own ancestor defining it may come after a library one in the MRO).
func (p *Pass) LibraryMethodOf(e ast.Expr, name string) bool {
	nm, ok := e.(*ast.Name)
	s := p.Site()
	if !ok || !p.ownClass(nm, s) {
		return false
	}
	cls, _ := p.ownClassOf(e, s, 0)
	if cls == nil || p.own.classAttrs[classAttr{cls, name}] || !p.foreignAncestor(cls, 0) {
		return false
	}
	bases, known := p.LibraryBases(e)
	if !known {
		return true
	}
	for _, b := range bases {
		if !strings.HasPrefix(b, "builtins.") {
			return true
		}
	}
	return false
}

// metaclassMayAnswer reports whether the metaclass= keyword of class c may answer an attribute
// name of the class: anything but type and abc.ABCMeta (plainMetaclasses), unless it is a class
// of the program whose body, and its ancestors' bodies, bind neither name nor __getattr__ or
// __getattribute__, and whose other ancestors are plain.
func (p *Pass) metaclassMayAnswer(c *ast.ClassDef, name string) bool {
	site := p.own.classSite[c]
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return true // **kw may hold metaclass=
		}
		if *k.Arg == "metaclass" && p.classMayAnswer(k.Value, site, name, 0) {
			return true
		}
	}
	return false
}

// classMayAnswer is metaclassMayAnswer for the metaclass expression e at s.
func (p *Pass) classMayAnswer(e ast.Expr, s Site, name string, depth int) bool {
	if depth > 8 {
		return true
	}
	mc := p.baseClass(e, s, 1)
	if mc == nil {
		refs := p.resolve(e, s.sc, s.idx)
		for _, r := range refs {
			if !plainMetaclasses[r.Qual] {
				return true
			}
		}
		return len(refs) == 0
	}
	for _, st := range mc.Body {
		for _, n := range boundNames(st) {
			if n == name || n == "*" || n == "__getattr__" || n == "__getattribute__" {
				return true
			}
		}
	}
	if p.metaclassMayAnswer(mc, name) {
		return true
	}
	ms := p.own.classSite[mc]
	for _, b := range mc.Bases {
		if p.classMayAnswer(b, ms, name, depth+1) {
			return true
		}
	}
	return false
}

// boundNames are the names a class body statement binds directly: assignment targets (also
// annotated and augmented), defs and classes. Any other statement (a loop, with, import, ...)
// may bind any name: "*".
func boundNames(st ast.Stmt) []string {
	var out []string
	switch x := st.(type) {
	case *ast.Assign:
		for _, t := range x.Targets {
			out = append(out, targetNames(t)...)
		}
	case *ast.AnnAssign:
		out = targetNames(x.Target)
	case *ast.AugAssign:
		out = targetNames(x.Target)
	case *ast.FunctionDef:
		out = []string{x.Name}
	case *ast.AsyncFunctionDef:
		out = []string{x.Name}
	case *ast.ClassDef:
		out = []string{x.Name}
	case *ast.ExprStmt, *ast.Pass:
	default:
		out = []string{"*"}
	}
	return out
}

func targetNames(t ast.Expr) []string {
	switch x := t.(type) {
	case *ast.Name:
		return []string{x.Id}
	case *ast.Tuple:
		var out []string
		for _, e := range x.Elts {
			out = append(out, targetNames(e)...)
		}
		return out
	case *ast.List:
		var out []string
		for _, e := range x.Elts {
			out = append(out, targetNames(e)...)
		}
		return out
	case *ast.Starred:
		return targetNames(x.Value)
	}
	return nil
}

// ProgramClassName reports whether e is a name bound only to class statements of the program
// that keep their class (no decorator that may return another object).
func (p *Pass) ProgramClassName(e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	return ok && p.ownClass(nm, p.Site())
}

// ownAncestryMetaclassMayAnswer is metaclassMayAnswer for c and every own ancestor of it (a
// class inherits its bases' metaclass); too deep an ancestry may.
func (p *Pass) ownAncestryMetaclassMayAnswer(c *ast.ClassDef, name string) bool {
	seen := map[*ast.ClassDef]bool{}
	var walk func(c *ast.ClassDef, depth int) bool
	walk = func(c *ast.ClassDef, depth int) bool {
		if depth > 8 {
			return true
		}
		if seen[c] {
			return false
		}
		if !p.ancestorStep(c) {
			return true
		}
		seen[c] = true
		if p.metaclassMayAnswer(c, name) {
			return true
		}
		for _, b := range p.ownBases(c) {
			if walk(b, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(c, 0)
}

// ParamUnseen reports whether b binds a parameter whose arguments are not all seen: of a def a
// decorator receives (DecoratedParam), or of a def outside class bodies whose calls are not all
// calls by its name the analysis reads (Arguments): a def used as a value (install =
// deco(install), [install]). Methods' parameters are not answered here.
func (p *Pass) ParamUnseen(b *Binding) bool {
	a, ok := b.node.(*ast.Arg)
	if !ok || b.kind != bUnknown || p.own.selfArgs[a] != nil || p.own.clsArgs[a] != nil {
		return false
	}
	if p.DecoratedParam(b) {
		return true
	}
	if _, _, _, isParam := p.paramOf(a); !isParam {
		return false // a method's, a lambda's: not judged here
	}
	_, seen := p.argumentsOf(a)
	return !seen
}

// OwnMetaclass reports whether the program's class statement cd, or a class of the program among
// its ancestors, may be made by something other than a library class: a metaclass keyword that
// does not resolve to the library's names (the program's class or function, a lambda), or keywords
// spread from a mapping. The name such a statement binds holds whatever that call returned, a
// string among them, not necessarily a class.
func (p *Pass) OwnMetaclass(cd *ast.ClassDef) bool {
	// Kept per class: a check asks it of every class of the program, and each answer walks the
	// class's ancestors (findings/71).
	// everyOwnClass's answer, from the bases' kept answers: its walk follows the bases eight deep
	// (deeper, or a cycle, is not ok), Generic[T]'s class too.
	o := &p.own
	if v, hit := o.ownMeta[cd]; hit {
		return v
	}
	if o.ownMeta == nil {
		o.ownMeta = map[*ast.ClassDef]bool{}
	}
	o.ownMeta[cd] = true // a cycle: too deep to follow
	v := p.metaHeight(cd) >= 9 || !p.ancestorStep(cd)
	if !v {
		site := o.classSite[cd]
		_, ok := p.metaclassRefs(cd, site)
		v = !ok
		for _, b := range cd.Bases {
			if v {
				break
			}
			if sub, isSub := b.(*ast.Subscript); isSub {
				b = sub.Value
			}
			if oc := p.baseClass(b, site, 1); oc != nil {
				v = p.OwnMetaclass(oc)
			}
		}
	}
	o.ownMeta[cd] = v
	return v
}

// metaHeight is classHeight over the bases everyOwnClass follows (Generic[T]'s class too, and
// a class's own name).
func (p *Pass) metaHeight(c *ast.ClassDef) int {
	o := &p.own
	if v, ok := o.metaH[c]; ok {
		return v
	}
	if o.metaH == nil {
		o.metaH = map[*ast.ClassDef]int{}
	}
	o.metaH[c] = 9 // a cycle meets its own mark
	if !p.ancestorStep(c) {
		return 9
	}
	v, site := 0, o.classSite[c]
	for _, b := range c.Bases {
		if sub, isSub := b.(*ast.Subscript); isSub {
			b = sub.Value
		}
		if oc := p.baseClass(b, site, 1); oc != nil {
			if v = max(v, p.metaHeight(oc)+1); v >= 9 {
				v = 9
				break
			}
		}
	}
	o.metaH[c] = v
	return v
}

// PlainMetaclass reports whether the program's class statement cd, and every class of the program
// among its ancestors, has type or abc.ABCMeta for metaclass and only stateless library bases
// (builtins, typing.Generic, typing.Protocol, abc.ABC, typing.NamedTuple, typing.TypedDict): no
// library metaclass (enum.EnumMeta)
// answers a subscript or | of the class with a value the program chose.
func (p *Pass) PlainMetaclass(cd *ast.ClassDef) bool {
	return p.everyOwnClass(cd, func(c *ast.ClassDef, site Site) bool {
		refs, ok := p.metaclassRefs(c, site)
		if !ok {
			return false
		}
		for _, r := range refs {
			if r.Qual != "abc.ABCMeta" && r.Qual != "builtins.type" {
				return false
			}
		}
		for _, b := range c.Bases {
			if sub, ok := b.(*ast.Subscript); ok {
				b = sub.Value // Generic[T]
			}
			if p.baseClass(b, site, 1) != nil {
				continue // everyOwnClass judges it
			}
			refs := p.resolve(b, site.sc, site.idx)
			if len(refs) == 0 {
				return false
			}
			for _, r := range refs {
				// NamedTuple's classes are made by type, TypedDict's by a metaclass without
				// operators of its own.
				if !stateless(r.Qual) && r.Qual != "typing.NamedTuple" && r.Qual != "typing.TypedDict" {
					return false
				}
			}
		}
		return true
	})
}

// everyOwnClass reports whether ok holds for the program's class statement cd and every class
// statement of the program among its ancestors (bases that are the program's classes, followed
// eight deep; deeper is not ok).
func (p *Pass) everyOwnClass(cd *ast.ClassDef, ok func(c *ast.ClassDef, site Site) bool) bool {
	seen := map[*ast.ClassDef]bool{}
	var walk func(c *ast.ClassDef, depth int) bool
	walk = func(c *ast.ClassDef, depth int) bool {
		if depth > 8 {
			return false
		}
		if seen[c] {
			return true
		}
		if !p.ancestorStep(c) {
			return false
		}
		seen[c] = true
		site := p.own.classSite[c]
		if !ok(c, site) {
			return false
		}
		for _, b := range c.Bases {
			if sub, isSub := b.(*ast.Subscript); isSub {
				b = sub.Value
			}
			if oc := p.baseClass(b, site, 1); oc != nil && !walk(oc, depth+1) {
				return false
			}
		}
		return true
	}
	return walk(cd, 0)
}

// metaclassRefs returns what class statement c's metaclass keyword resolves to (none without
// one); ok is false where the keyword resolves to nothing of the library's (the program's class or
// function, a lambda) or keywords are spread from a mapping.
func (p *Pass) metaclassRefs(c *ast.ClassDef, site Site) (refs []Ref, ok bool) {
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return nil, false
		}
		if *k.Arg != "metaclass" {
			continue
		}
		refs = p.resolve(k.Value, site.sc, site.idx)
		if len(refs) == 0 {
			return nil, false
		}
	}
	return refs, true
}
