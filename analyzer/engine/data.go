package engine

import "github.com/sbxgate/sbxgate/analyzer/python/ast"

// NotClass reports whether e, the value of a store whose attribute name is known only at run
// time, is known not to be a class: a display or comprehension (a list, dict, set or tuple
// whatever it holds), or data (see data). Stored into __class__, only a class re-classes the
// object; stored into __dict__, a dict holds what a store of each of its names could.
func (p *Pass) NotClass(e ast.Expr) bool {
	switch e.(type) {
	case *ast.List, *ast.Tuple, *ast.Set, *ast.Dict, *ast.ListComp, *ast.SetComp, *ast.DictComp, *ast.GeneratorExp:
		return true
	}
	return p.data(e, p.Site(), 0)
}

// dataQuals are the functions whose results are data whatever they are given (json.loads without
// hooks, see dataCall), and the builtins whose results are data when their arguments are.
var dataQuals = map[string]bool{"json.loads": true, "json.load": true}

var dataBuiltins = map[string]bool{
	"builtins.str": true, "builtins.int": true, "builtins.float": true, "builtins.bool": true,
	"builtins.len": true, "builtins.repr": true, "builtins.abs": true, "builtins.round": true,
	"builtins.list": true, "builtins.dict": true, "builtins.tuple": true, "builtins.set": true,
	"builtins.sorted": true, "builtins.min": true, "builtins.max": true, "builtins.sum": true,
	"builtins.enumerate": true, "builtins.zip": true, "builtins.reversed": true,
}

// jsonHooks are the keywords of json.loads and json.load that call the program's code with what
// is parsed: what they return may be any object.
var jsonHooks = map[string]bool{
	"cls": true, "object_hook": true, "object_pairs_hook": true, "parse_float": true,
	"parse_int": true, "parse_constant": true,
}

// data reports whether e, at s, is made only of constants and the builtin containers: a
// constant, an f-string, a display of data, arithmetic and comparisons of data, an item of data,
// what a method of data returns when given data (data.get("k", ""), data.items()), json.loads
// without hooks, a builtin conversion of data, or a name bound only to data (assigned it, a loop
// over it, a parameter every call passes it for). Its items are data too, so no class is ever
// among them.
func (p *Pass) data(e ast.Expr, s Site, depth int) bool {
	if e == nil || depth > 8 || p.budget <= 0 {
		return false
	}
	p.budget--
	switch x := e.(type) {
	case *ast.Constant, *ast.JoinedStr:
		return true
	case *ast.List:
		return p.dataAll(x.Elts, s, depth)
	case *ast.Tuple:
		return p.dataAll(x.Elts, s, depth)
	case *ast.Set:
		return p.dataAll(x.Elts, s, depth)
	case *ast.Dict:
		for _, k := range x.Keys {
			if k == nil {
				return false // **mapping
			}
		}
		return p.dataAll(x.Keys, s, depth) && p.dataAll(x.Values, s, depth)
	case *ast.UnaryOp:
		return p.data(x.Operand, s, depth+1)
	case *ast.BinOp:
		return p.data(x.Left, s, depth+1) && p.data(x.Right, s, depth+1)
	case *ast.BoolOp:
		return p.dataAll(x.Values, s, depth)
	case *ast.Compare:
		return p.data(x.Left, s, depth+1) && p.dataAll(x.Comparators, s, depth)
	case *ast.IfExp:
		return p.data(x.Body, s, depth+1) && p.data(x.Orelse, s, depth+1)
	case *ast.NamedExpr:
		return p.data(x.Value, s, depth+1)
	case *ast.Subscript:
		return p.data(x.Value, s, depth+1) && p.data(x.Slice, s, depth+1)
	case *ast.Slice:
		return (x.Lower == nil || p.data(x.Lower, s, depth+1)) && (x.Upper == nil || p.data(x.Upper, s, depth+1)) &&
			(x.Step == nil || p.data(x.Step, s, depth+1))
	case *ast.Call:
		return p.dataCall(x, s, depth)
	case *ast.Name:
		return p.dataName(x, s, depth)
	}
	return false
}

func (p *Pass) dataAll(es []ast.Expr, s Site, depth int) bool {
	for _, x := range es {
		if st, ok := x.(*ast.Starred); ok {
			x = st.Value
		}
		if !p.data(x, s, depth+1) {
			return false
		}
	}
	return true
}

func (p *Pass) dataCall(c *ast.Call, s Site, depth int) bool {
	for _, k := range c.Keywords {
		if k.Arg != nil && jsonHooks[*k.Arg] || k.Arg == nil {
			return false
		}
	}
	if at, ok := c.Func.(*ast.Attribute); ok && p.data(at.Value, s, depth+1) {
		// A method of a str, list, dict, ... builds its result from its object and arguments.
		return p.dataAll(c.Args, s, depth) && p.dataKeywords(c, s, depth)
	}
	refs := p.resolve(c.Func, s.sc, s.idx)
	if len(refs) == 0 {
		return false
	}
	for _, r := range refs {
		switch {
		case dataQuals[r.Qual]:
		case dataBuiltins[r.Qual]:
			if !p.dataAll(c.Args, s, depth) || !p.dataKeywords(c, s, depth) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (p *Pass) dataKeywords(c *ast.Call, s Site, depth int) bool {
	for _, k := range c.Keywords {
		if !p.data(k.Value, s, depth+1) {
			return false
		}
	}
	return true
}

// dataName reports whether every binding of the name nm, used at s, gives it data.
func (p *Pass) dataName(nm *ast.Name, s Site, depth int) bool {
	binds, builtin, _ := p.lookup(nm.Id, s.sc, s.idx)
	if len(binds) == 0 {
		return builtin && (nm.Id == "None" || nm.Id == "True" || nm.Id == "False")
	}
	for _, b := range binds {
		if b.busy {
			return false
		}
		b.busy = true
		ok := p.dataBinding(b, depth)
		b.busy = false
		if !ok {
			return false
		}
	}
	return true
}

func (p *Pass) dataBinding(b *Binding, depth int) bool {
	at := Site{b.scope, b.idx}
	switch {
	case b.kind == bAssign && b.value != nil:
		return p.data(b.value, at, depth+1)
	case b.iter != nil:
		return p.data(b.iter, at, depth+1) // an item of data
	case b.elemIter != nil:
		return p.data(b.elemIter, at, depth+1)
	}
	a, isArg := b.node.(*ast.Arg)
	if !isArg || b.kind != bUnknown {
		return false
	}
	if args, ok := p.argumentsOf(a); ok {
		for _, x := range args {
			if x.e == nil || !p.data(x.e, x.site, depth+1) {
				return false
			}
		}
		return true
	}
	return p.dataKwargs(a, depth)
}

// dataKwargs reports whether a is the **parameter of a function (or of the __init__ of an
// undecorated class) the program only calls by its name, each call passing data for what a
// collects: keywords with data values, and **mappings of data. A class must not be called
// unnamed: through cls in a classmethod, type(self) or self.__class__.
func (p *Pass) dataKwargs(a *ast.Arg, depth int) bool {
	var fn *ast.FunctionDef
	var site Site
	for i := range p.frames {
		d, ok := p.frames[i].n.(*ast.FunctionDef)
		if ok && d.Args != nil && d.Args.Kwarg == a {
			fn, site = d, Site{p.frames[i].sc, p.frames[i].idx}
			break
		}
	}
	if fn == nil {
		return false
	}
	var callee ast.Node = fn
	name := fn.Name
	if site.sc.kind == scClass {
		cls, ok := site.sc.def.(*ast.ClassDef)
		if !ok || fn.Name != "__init__" || len(cls.DecoratorList) > 0 {
			return false // a decorated class: dataclasses.replace(obj, **changes) calls it
		}
		if len(cls.Keywords) > 0 || !p.plainBases(cls) {
			return false // a metaclass's __call__ may pass __init__ other keywords
		}
		for _, c := range p.own.clsArgs {
			if c == cls {
				return false // cls(**kw) in a classmethod
			}
		}
		callee, name = cls, cls.Name
	} else if len(fn.DecoratorList) > 0 {
		return false
	}
	if p.budget < len(p.frames) {
		return false
	}
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		if _, ok := p.ownClassValue(f); ok && site.sc.kind == scClass {
			return false // type(self)(**kw), self.__class__(**kw): calls the class unnamed
		}
		nm, ok := f.n.(*ast.Name)
		if !ok || nm.Id != name || nm.Ctx != ast.Load {
			continue
		}
		binds, _, _ := p.lookup(nm.Id, f.sc, f.idx)
		mine := false
		for _, b := range binds {
			mine = mine || b.node == callee
		}
		if !mine {
			continue
		}
		call, ok := p.parentOf(f).(*ast.Call)
		if !ok || !sameNode(call.Func, nm) {
			return false // used as a value or a base: its calls are not all seen
		}
		for _, x := range call.Args {
			if _, star := x.(*ast.Starred); star {
				return false
			}
		}
		if !p.dataKeywords(call, Site{f.sc, f.idx}, depth) {
			return false
		}
	}
	return true // no call at all: nothing fills the parameter
}

// ForwardedSetattrName reports whether e is the name parameter of a method named __setattr__ in
// a class body of the program, not rebound: super().__setattr__(name, value) there stores what a
// store into the object names, which is judged where it is written.
func (p *Pass) ForwardedSetattrName(e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := p.lookup(nm.Id, p.cur.sc, p.cur.idx)
	if len(binds) != 1 || binds[0].kind != bUnknown {
		return false
	}
	a, ok := binds[0].node.(*ast.Arg)
	if !ok || p.own.selfArgs == nil {
		return false
	}
	p.budget -= len(p.frames)
	for i := range p.frames {
		d, ok := p.frames[i].n.(*ast.FunctionDef)
		if !ok || d.Name != "__setattr__" || d.Args == nil || p.frames[i].sc.kind != scClass {
			continue
		}
		params := append(append([]*ast.Arg(nil), d.Args.Posonlyargs...), d.Args.Args...)
		if len(params) >= 2 && params[1] == a && p.own.selfArgs[params[0]] != nil {
			return true
		}
	}
	return false
}

// plainBases reports whether every base of cls is object or a class of the reviewed API (whose
// metaclass is the library's): no metaclass of the program calls it.
func (p *Pass) plainBases(cls *ast.ClassDef) bool {
	site := p.own.classSite[cls]
	for _, b := range cls.Bases {
		refs := p.resolve(b, site.sc, site.idx)
		if len(refs) == 0 {
			return false
		}
		for _, r := range refs {
			if r.Qual != "builtins.object" && !p.libraryClassRef(r) {
				return false
			}
		}
	}
	return true
}
