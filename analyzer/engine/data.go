package engine

import (
	"slices"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

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
		if b.kind == bAssign && b.value != nil && container(b.value) && p.itemsChanged(nm.Id, inBinds(binds), 0) {
			// box = []; box.append(C); setattr(x, key, box[0]): the display was data, what it
			// holds now is not.
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

// container reports whether e makes a container the program may fill after the binding: a list,
// dict or set display or comprehension, a tuple (which may hold them), or a call (list(), dict(),
// json.loads give containers).
func container(e ast.Expr) bool {
	switch e.(type) {
	case *ast.List, *ast.Dict, *ast.Set, *ast.Tuple, *ast.ListComp, *ast.DictComp, *ast.SetComp, *ast.Call:
		return true
	}
	return false
}

// itemReads are the methods of a container whose result is one of its items or holds them.
var itemReads = map[string]bool{"get": true, "copy": true, "items": true, "values": true, "keys": true, "__getitem__": true}

// itemsChanged reports whether a variable called name (anywhere in the program) may have its
// value or an item of it changed in place: each load is followed through subscripts and the
// item-reading methods (box[0].append(C), box.get(k)[0] = C) and through loops over it (for row
// in rows: row.append(C)) to a use that may change it (mayMutate), counted against the work
// budget. A name bound to a display stays data only while nothing can put a class into it.
func (p *Pass) itemsChanged(name string, variable func(*Binding) bool, depth int) bool {
	if depth > 4 || p.budget <= 0 {
		return true
	}
	p.budget -= len(p.frames)
	for i := range p.frames {
		f := &p.frames[i]
		nm, ok := f.n.(*ast.Name)
		if !ok || nm.Id != name || nm.Ctx != ast.Load {
			continue
		}
		s := Site{f.sc, f.idx}
		if at, _, _ := p.lookup(name, f.sc, f.idx); !slices.ContainsFunc(at, variable) {
			continue // another variable of the same name
		}
		cur := f
		var node ast.Expr = nm
	up:
		for cur.parent >= 0 {
			pf := &p.frames[cur.parent]
			switch x := pf.n.(type) {
			case *ast.Subscript:
				if ast.Node(x.Value) == ast.Node(node) && x.Ctx == ast.Load {
					cur, node = pf, x
					continue
				}
			case *ast.Attribute:
				if pf.parent >= 0 && itemReads[x.Attr] {
					if c, isCall := p.frames[pf.parent].n.(*ast.Call); isCall && ast.Node(c.Func) == ast.Node(x) {
						cur, node = &p.frames[pf.parent], c
						continue
					}
				}
			case *ast.For:
				if ast.Node(x.Iter) == ast.Node(node) && p.targetsChanged(x.Target, pf, depth) {
					return true
				}
			case *ast.AsyncFor:
				if ast.Node(x.Iter) == ast.Node(node) && p.targetsChanged(x.Target, pf, depth) {
					return true
				}
			case *ast.Comprehension:
				if ast.Node(x.Iter) == ast.Node(node) && p.targetsChanged(x.Target, pf, depth) {
					return true
				}
			}
			break up
		}
		var parent, grand ast.Node
		if cur.parent >= 0 {
			parent = p.frames[cur.parent].n
			if gp := p.frames[cur.parent].parent; gp >= 0 {
				grand = p.frames[gp].n
			}
		}
		if changed, known := p.itemUse(node, parent, grand, s, depth); known {
			if changed {
				return true
			}
			continue
		}
		if mayMutate(node, parent, grand, func(fn *ast.Name) bool { return p.isBuiltinName(fn, s) },
			func(e ast.Expr) bool { return p.inert(e, s, 0) }) {
			return true
		}
	}
	return false
}

// targetsChanged reports whether a name a loop target binds may have its items changed.
func (p *Pass) targetsChanged(t ast.Expr, loop *frame, depth int) bool {
	for _, name := range targetNames(t) {
		binds, _, _ := p.lookup(name, loop.sc, loop.idx)
		if p.itemsChanged(name, inBinds(binds), depth+1) {
			return true
		}
	}
	return false
}

// mutators are the methods of the builtin containers that change them in place.
var mutators = map[string]bool{
	"append": true, "extend": true, "insert": true, "remove": true, "pop": true, "clear": true,
	"sort": true, "reverse": true, "update": true, "setdefault": true, "popitem": true, "add": true,
	"discard": true, "intersection_update": true, "difference_update": true,
	"symmetric_difference_update": true,
}

// itemUse judges the uses of a container's value that mayMutate takes for changes but that
// change nothing in it: a method no builtin container changes itself with (key.startswith(...)),
// the value given to setattr (a store data is never read back from), and a **mapping given to a
// call (copied; for a function of the program, its ** parameter is judged in turn). known is
// false for every other use.
func (p *Pass) itemUse(node ast.Expr, parent, grand ast.Node, s Site, depth int) (changed, known bool) {
	switch x := parent.(type) {
	case *ast.Attribute:
		if IsDunder(x.Attr) {
			return false, false
		}
		if c, isCall := grand.(*ast.Call); isCall && ast.Node(c.Func) == ast.Node(x) {
			return mutators[x.Attr], true
		}
		return mutators[x.Attr], true // a bound method taken: only a mutator changes it
	case *ast.Call:
		if len(x.Args) == 3 && (ast.Node(x.Args[1]) == ast.Node(node) || ast.Node(x.Args[2]) == ast.Node(node)) && p.namesQual(x.Func, s, "builtins.setattr") {
			return false, true
		}
		return p.spreadUse(x, node, s, depth)
	case *ast.Keyword:
		if c, isCall := grand.(*ast.Call); isCall {
			return p.spreadUse(c, node, s, depth)
		}
	}
	return false, false
}

// spreadUse judges node given to call c as a **mapping: see itemUse.
func (p *Pass) spreadUse(c *ast.Call, node ast.Expr, s Site, depth int) (changed, known bool) {
	spread := false
	for _, k := range c.Keywords {
		if k.Arg == nil && ast.Node(k.Value) == ast.Node(node) {
			spread = true
		}
	}
	if !spread {
		return false, false
	}
	if kw, own := p.kwargsParam(c.Func, s); own {
		if kw == nil {
			return true, true
		}
		return p.itemsChanged(kw.Arg, func(b *Binding) bool { return b.node == ast.Node(kw) }, depth+1), true
	}
	if len(p.resolve(c.Func, s.sc, s.idx)) > 0 {
		return false, true // the library's function gets a copy of the mapping
	}
	return false, false
}

// kwargsParam is the name of the ** parameter of the program's function or class (its __init__)
// fn names; own reports whether fn is the program's, and kw is nil when its parameter is not found.
func (p *Pass) kwargsParam(fn ast.Expr, s Site) (kw *ast.Arg, own bool) {
	nm, ok := fn.(*ast.Name)
	if !ok {
		return nil, false
	}
	binds, _, _ := p.lookup(nm.Id, s.sc, s.idx)
	for _, b := range binds {
		if b.kind != bDef {
			continue
		}
		own = true
		var d *ast.FunctionDef
		switch n := b.node.(type) {
		case *ast.FunctionDef:
			d = n
		case *ast.ClassDef:
			for _, st := range n.Body {
				if f, isDef := st.(*ast.FunctionDef); isDef && f.Name == "__init__" {
					d = f
				}
			}
		}
		if d == nil || d.Args == nil || d.Args.Kwarg == nil || len(binds) != 1 {
			return nil, true
		}
		return d.Args.Kwarg, true
	}
	return nil, own
}

// inBinds matches the bindings of binds: the uses of one variable.
func inBinds(binds []*Binding) func(*Binding) bool {
	return func(b *Binding) bool { return slices.Contains(binds, b) }
}

// NamespaceDict reports whether e is an object's attribute dict: vars(x), x.__dict__, or a name
// bound to one of them. A key stored into it is an attribute of the object.
func (p *Pass) NamespaceDict(e ast.Expr) bool { return p.namespaceDict(e, p.Site(), 0) }

func (p *Pass) namespaceDict(e ast.Expr, s Site, depth int) bool {
	switch x := e.(type) {
	case *ast.Call:
		return len(x.Args) == 1 && p.namesQual(x.Func, s, "builtins.vars")
	case *ast.Attribute:
		return x.Attr == "__dict__"
	case *ast.Name:
		if !p.readsNamespaces() {
			return false
		}
		if depth > 16 {
			return true // a longer chain of aliases in a program that reads vars() or __dict__
		}
		binds, _, _ := p.lookup(x.Id, s.sc, s.idx)
		for _, b := range binds {
			if b.kind == bAssign && b.value != nil && p.namespaceDict(b.value, Site{b.scope, b.idx}, depth+1) {
				return true
			}
		}
	}
	return false
}

// readsNamespaces caches dictWrites: whether the program reads vars() or __dict__ (or stores with
// a computed setattr name) anywhere.
func (p *Pass) readsNamespaces() bool {
	if p.own.nsReads == 0 {
		p.own.nsReads = 1
		if p.dictWrites() {
			p.own.nsReads = 2
		}
	}
	return p.own.nsReads == 2
}
