package engine

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// Classes the program makes at run time. A class is made by calling a metaclass (type, a class
// derived from it, abc.ABCMeta, type(x) of a class) with a name, bases and a namespace dict
// whose functions become its methods, or by a class whose metaclass has a call of its own
// (enum.Enum("Kind", {...})). Its bases and attributes are not known: a str subclass with an
// __eq__ of the program's, a class with an __radd__.

// maker is what calling an object may do, as far as it is known.
type maker uint8

const (
	makesNothing maker = iota // a function, or a class whose call makes an instance
	makesUnknown              // not known: a parameter, a call's result, a subscript
	makesClass                // a metaclass, or a class whose metaclass's call makes classes
)

func (m maker) or(n maker) maker { return max(m, n) }

// makerQuals are the library functions that make classes from a namespace the program gives.
var makerQuals = map[string]bool{"types.new_class": true, "dataclasses.make_dataclass": true}

// madeClasses reports whether the program may make a class at run time (one scan of the nodes,
// charged to the budget): a call with two or more arguments of an object known to make classes,
// a call with three or more (or spread) arguments of an object not known (a parameter, type(x),
// a subscript), or such an object used as a value where code the analysis does not see may call
// it (map(type, ...), functools.partial(abc.ABCMeta, ...), returned, stored in an attribute).
func (p *Pass) madeClasses() bool {
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		s := Site{f.sc, f.idx}
		switch n := f.n.(type) {
		case *ast.Call:
			if p.classMakingCall(n, s) || p.makerEscapes(f, n, s) {
				return true
			}
		case *ast.Name:
			if n.Ctx == ast.Load && p.makerEscapes(f, n, s) {
				return true
			}
		case *ast.Attribute:
			if n.Ctx == ast.Load && p.makerEscapes(f, n, s) {
				return true
			}
		case *ast.Subscript:
			if n.Ctx == ast.Load && p.makerEscapes(f, n, s) {
				return true
			}
		}
		if p.budget <= 0 {
			return true // not known: as if it did
		}
	}
	return false
}

// classMakingCall reports whether call c at s may make a class.
func (p *Pass) classMakingCall(c *ast.Call, s Site) bool {
	spread := false
	for _, a := range c.Args {
		if _, star := a.(*ast.Starred); star {
			spread = true
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			spread = true
		}
	}
	n := len(c.Args) + len(c.Keywords)
	if !spread && n <= 1 {
		return false // type(x), Color(1): no class made
	}
	switch p.makerOf(c.Func, s, 0, true) {
	case makesClass:
		return true
	case makesUnknown:
		return spread || n >= 3
	}
	return false
}

// makerOf says what calling e, at s, may do.
func (p *Pass) makerOf(e ast.Expr, s Site, depth int, params bool) maker {
	if depth > 6 || p.budget <= 0 {
		return makesUnknown
	}
	p.budget--
	switch x := e.(type) {
	case *ast.Name:
		binds, builtin, _ := p.lookup(x.Id, s.sc, s.idx)
		if len(binds) == 0 {
			if builtin && x.Id == "type" {
				return makesClass
			}
			if builtin && p.a.mods.builtin[x.Id] {
				return makesNothing
			}
			return makesUnknown
		}
		m := makesNothing
		for _, b := range binds {
			switch b.kind {
			case bAssign:
				m = m.or(p.makerOf(b.value, Site{b.scope, b.idx}, depth+1, params))
			case bImport:
				m = m.or(p.refMaker(b.ref))
			case bDef:
				if cd, ok := b.node.(*ast.ClassDef); ok {
					m = m.or(p.ownClassMaker(cd, 0))
				}
				// A def's decorator returns the function or a wrapper of the library's; one
				// returning a metaclass returns it as a value (makerEscapes).
			case bDel:
			default:
				if params {
					m = m.or(p.paramMaker(b, depth)) // a parameter, a loop's or with's target
				} else {
					m = m.or(makesUnknown)
				}
			}
		}
		return m
	case *ast.Attribute:
		switch x.Attr {
		case "__class__", "__new__", "__call__", "__init__", "__prepare__":
			return makesUnknown
		}
		refs := p.resolve(x, s.sc, s.idx)
		if len(refs) == 0 {
			// A method of an object not known: a metaclass gets into an attribute only as a
			// value (makerEscapes), unless a library object has it under its own name.
			if p.a.api.makerNames()[x.Attr] {
				return makesClass
			}
			return makesNothing
		}
		m := makesNothing
		for _, r := range refs {
			m = m.or(p.refMaker(r))
		}
		return m
	case *ast.Call:
		refs := p.resolve(x, s.sc, s.idx)
		if len(refs) == 0 {
			if m, ok := p.ownAttrMaker(x, s, depth); ok {
				return m
			}
			return makesUnknown // type(x), make()(...)
		}
		m := makesNothing
		for _, r := range refs {
			m = m.or(p.refMaker(r))
		}
		return m
	case *ast.BoolOp:
		m := makesNothing
		for _, v := range x.Values {
			m = m.or(p.makerOf(v, s, depth+1, params))
		}
		return m
	case *ast.IfExp:
		return p.makerOf(x.Body, s, depth+1, params).or(p.makerOf(x.Orelse, s, depth+1, params))
	case *ast.NamedExpr:
		return p.makerOf(x.Value, s, depth+1, params)
	case *ast.Lambda:
		return makesNothing // its body's calls are the program's, seen
	case *ast.Constant:
		return makesNothing
	}
	return makesUnknown
}

// ownAttrMaker says what calling getattr(obj, name[, default]) may do when obj is one of the
// program's own objects whose class has no library ancestor and makes no classes: its
// attributes are its methods, its class, and what the program stores (a metaclass stored is a
// value, seen by makerEscapes).
func (p *Pass) ownAttrMaker(c *ast.Call, s Site, depth int) (maker, bool) {
	fn, ok := c.Func.(*ast.Name)
	if !ok || fn.Id != "getattr" || len(c.Args) < 2 || len(c.Args) > 3 || len(c.Keywords) > 0 || !p.isBuiltinName(fn, s) {
		return 0, false
	}
	if !p.isOwn(c.Args[0], s, 0) {
		return 0, false
	}
	cls, _ := p.ownClassOf(c.Args[0], s, 0)
	if cls == nil || p.foreignAncestor(cls, 0) || p.ownClassMaker(cls, 0) != makesNothing {
		return 0, false
	}
	m := makesNothing
	if len(c.Args) == 3 {
		m = p.makerOf(c.Args[2], s, depth+1, true)
	}
	return m, true
}

// refMaker says what calling the object r names may do.
func (p *Pass) refMaker(r Ref) maker {
	if r.Kind == ModRef {
		return makesNothing
	}
	if makerQuals[r.Qual] || r.Qual == "builtins.type" {
		return makesClass
	}
	if class, inst, ok := p.TypeOf(r); ok {
		if inst {
			return makesNothing // its class's __call__, the library's; a metaclass in it was a value
		}
		if c := p.a.api.classes[class]; c != nil && c.makesClasses(0) {
			return makesClass
		}
		return makesNothing
	}
	if i := lastDot(r.Qual); i > 0 {
		owner, attr := r.Qual[:i], r.Qual[i+1:]
		if mb, known := p.a.api.member(owner, attr); known && mb.Kind == FunctionMember {
			return makesNothing
		}
		// A method of a library class or of its objects (object.__setattr__, re.Pattern().sub).
		if p.a.api.classOf(strings.TrimSuffix(owner, "()")) != nil && !p.a.api.makerNames()[attr] {
			switch attr {
			case "__class__", "__new__", "__call__", "__init__", "__prepare__":
			default:
				return makesNothing
			}
		}
	}
	return makesUnknown
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}

// plainMetaclasses are the library metaclasses whose call is type's: calling one of their
// classes makes an instance.
var plainMetaclasses = map[string]bool{"builtins.type": true, "abc.ABCMeta": true, "ast._ABC": true}

// makesClasses reports whether calling library class c may make a class: it derives from type
// (a metaclass), or its metaclass has a call of its own (enum.Enum's functional API).
func (c *apiClass) makesClasses(depth int) bool {
	if depth > 16 {
		return true
	}
	if c.name == "builtins.type" {
		return true
	}
	if depth == 0 && c.meta != nil && !plainMetaclasses[c.meta.name] {
		return true
	}
	for _, b := range c.bases {
		if b != c && b.makesClasses(depth+1) {
			return true
		}
	}
	return false
}

// makerNames are the names under which the library's modules hold objects that make classes.
func (t *apiTables) makerNames() map[string]bool {
	t.makerOnce.Do(func() {
		t.makers = map[string]bool{"type": true, "new_class": true, "make_dataclass": true}
		for _, am := range t.modules {
			for i, name := range am.Attrs { // the kinds, not the members: none is built
				if target, ok := strings.CutPrefix(am.Kinds[i], "class "); ok {
					if c := t.classes[target]; c != nil && c.makesClasses(0) {
						t.makers[name] = true
					}
				}
			}
		}
	})
	return t.makers
}

// ownClassMaker says what calling cd, a class of the program, may do: make a class when it
// derives from type or from a library class whose call makes classes, or has a metaclass other
// than type and abc.ABCMeta; unknown when a base is not known.
func (p *Pass) ownClassMaker(cd *ast.ClassDef, depth int) maker {
	if depth > 8 {
		return makesUnknown
	}
	site := p.own.classSite[cd]
	for _, k := range cd.Keywords {
		if k.Arg != nil && *k.Arg == "metaclass" {
			plain := false
			for _, r := range p.resolve(k.Value, site.sc, site.idx) {
				plain = plain || plainMetaclasses[r.Qual]
			}
			if !plain {
				return makesClass
			}
		}
	}
	m := makesNothing
	for _, b := range cd.Bases {
		if sub, ok := b.(*ast.Subscript); ok {
			b = sub.Value // Generic[T]
		}
		if nm, ok := b.(*ast.Name); ok {
			binds, _, _ := p.lookup(nm.Id, site.sc, site.idx)
			own := len(binds) > 0
			for _, bb := range binds {
				c, isClass := bb.node.(*ast.ClassDef)
				if !isClass || bb.kind != bDef {
					own = false
					break
				}
				if c != cd {
					m = m.or(p.ownClassMaker(c, depth+1))
				}
			}
			if own {
				continue
			}
		}
		refs := p.resolve(b, site.sc, site.idx)
		if len(refs) == 0 {
			return makesUnknown
		}
		for _, r := range refs {
			if _, inst, ok := p.TypeOf(r); !ok || inst {
				if r.Qual != "builtins.object" {
					m = m.or(makesUnknown)
				}
				continue
			}
			m = m.or(p.refMaker(r))
		}
	}
	return m
}

// makerValue reports whether e, at s, is an object that makes classes when called: type, a
// library metaclass or class with a metaclass call of its own, types.new_class, a class of the
// program derived from type, type(x) or x.__class__ of a class.
func (p *Pass) makerValue(e ast.Expr, s Site) bool {
	switch x := e.(type) {
	case *ast.Attribute:
		if x.Attr == "__class__" {
			return !p.inert(x.Value, s, 0)
		}
	case *ast.Call:
		if fn, ok := x.Func.(*ast.Name); ok && fn.Id == "type" && len(x.Args) == 1 && p.isBuiltinName(fn, s) {
			return !p.inert(x.Args[0], s, 0) || p.makerValue(x.Args[0], s)
		}
	case *ast.Name:
		// A parameter is not followed: a metaclass passed for it is a value used as an argument.
		return p.makerOf(e, s, 0, false) == makesClass
	}
	// getattr(builtins, "type"), abc.ABCMeta: what resolution says it is.
	for _, r := range p.resolve(e, s.sc, s.idx) {
		if p.refMaker(r) == makesClass {
			return true
		}
	}
	return false
}

// safeReaders are the builtins that never call what they are given with arguments.
var safeReaders = map[string]bool{
	"isinstance": true, "issubclass": true, "print": true, "str": true, "repr": true, "format": true, "id": true,
	"hash": true, "len": true, "hasattr": true, "callable": true, "type": true, "super": true,
}

// makerEscapes reports whether x, the node of frame f, is an object that makes classes
// (makerValue) used where code the analysis does not follow may call it: passed to a function,
// put in a container or an attribute, returned, bound in a class body. Called, compared, an
// annotation, a base, checked with isinstance, read for its name, bound to a name (whose calls
// makerOf follows): seen.
func (p *Pass) makerEscapes(f *frame, x ast.Expr, s Site) bool {
	if !p.makerValue(x, s) || p.inAnnotation(f) {
		return false
	}
	// type[int], m or type, (m := type): the same object, used where its parent is.
	fi := f
	for steps := 0; steps < 16 && fi.parent >= 0; steps++ {
		switch g := p.parentOf(fi).(type) {
		case *ast.Subscript:
			if !sameNode(g.Value, x) {
				return false // a key: d[type]
			}
		case *ast.BoolOp, *ast.IfExp, *ast.NamedExpr:
		default:
			steps = 16
			continue
		}
		fi = &p.frames[fi.parent]
		x = fi.n.(ast.Expr)
	}
	var parent ast.Node = p.parentOf(fi)
	switch g := parent.(type) {
	case *ast.Call:
		if sameNode(g.Func, x) {
			return false
		}
		if fn, ok := g.Func.(*ast.Name); ok && safeReaders[fn.Id] && p.isBuiltinName(fn, s) {
			return false
		}
		return true
	case *ast.Attribute:
		return IsDunder(g.Attr) && !plainDunder[g.Attr] // type.__call__, type.__new__
	case *ast.Compare, *ast.ExprStmt, *ast.FormattedValue, *ast.UnaryOp, *ast.If, *ast.While, *ast.Arg,
		*ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.MatchClass:
		return false
	case *ast.Keyword:
		if fi.parent >= 0 {
			if _, ok := p.parentOf(&p.frames[fi.parent]).(*ast.ClassDef); ok {
				return false // metaclass=abc.ABCMeta: the class statement's body is seen
			}
		}
		return true
	case *ast.BinOp:
		return g.Op != ast.BitOr // type | None
	case *ast.Tuple:
		// isinstance(x, (type, int)), except clauses.
		if fi.parent >= 0 {
			if c, ok := p.parentOf(&p.frames[fi.parent]).(*ast.Call); ok {
				if fn, ok := c.Func.(*ast.Name); ok && (fn.Id == "isinstance" || fn.Id == "issubclass") && p.isBuiltinName(fn, s) {
					return false
				}
			}
		}
		return true
	case *ast.Assign:
		if fi.sc.kind == scClass {
			return true // an attribute of the class
		}
		for _, t := range g.Targets {
			if _, ok := t.(*ast.Name); !ok {
				return true // obj.maker = type
			}
		}
		return false
	case *ast.AnnAssign:
		if !sameNode(g.Value, x) {
			return false // the annotation
		}
		_, isName := g.Target.(*ast.Name)
		return !isName || fi.sc.kind == scClass
	}
	return true
}

// inAnnotation reports whether the node of frame f is part of an annotation (dict[str, type],
// type | None): evaluated, never called.
func (p *Pass) inAnnotation(f *frame) bool {
	child := f.n
	for steps := 0; steps < 8 && f.parent >= 0; steps++ {
		switch g := p.parentOf(f).(type) {
		case *ast.Arg:
			return true
		case *ast.AnnAssign:
			return sameNode(g.Annotation, child)
		case *ast.FunctionDef:
			return sameNode(g.Returns, child)
		case *ast.AsyncFunctionDef:
			return sameNode(g.Returns, child)
		case *ast.Subscript, *ast.Tuple, *ast.List:
		case *ast.BinOp:
			if g.Op != ast.BitOr {
				return false
			}
		default:
			return false
		}
		f = &p.frames[f.parent]
		child = f.n
	}
	return false
}

// paramMaker says what calling the object a parameter binding b gives may do, when every call
// of its function is seen (Arguments): what each argument may do, or for a decorator the def it
// decorates (nothing) or the class (ownClassMaker). Other bindings (loop targets) are not known.
func (p *Pass) paramMaker(b *Binding, depth int) maker {
	a, ok := b.node.(*ast.Arg)
	if !ok || depth > 4 {
		return makesUnknown
	}
	args, ok := p.argumentsOf(a)
	if !ok {
		return makesUnknown
	}
	m := makesNothing
	for _, x := range args {
		switch {
		case x.e != nil:
			m = m.or(p.makerOf(x.e, x.site, depth+1, true))
		default:
			if cd, isClass := x.decorated.(*ast.ClassDef); isClass {
				m = m.or(p.ownClassMaker(cd, 0))
			}
		}
	}
	return m
}
