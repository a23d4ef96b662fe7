package engine

import (
	"math/bits"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// Scopes and bindings. Resolution is flow-insensitive: every binding of a name anywhere in its scope
// counts, so an alias made on any path is seen. The one place order matters is shadowing of builtins
// at module and class level, where Python falls back to the builtin until the binding has run: a
// builtin there counts as shadowed only by an unconditional binding in an earlier statement.

type scopeKind uint8

const (
	scModule scopeKind = iota
	scFunction
	scClass
	scComp
)

type scope struct {
	kind   scopeKind
	parent *scope
	// idxInParent is the index, in the parent scope's statement list, of the statement that
	// contains this scope's definition.
	idxInParent int
	syms        map[string]*symbol
	stars       []string // modules star-imported here
	w           *walker  // whose slabs its symbols come from
	def         ast.Node // the def, lambda, class or comprehension it is the scope of; nil for the module
}

type symbol struct {
	binds    []*Binding
	global   bool
	nonlocal bool
}

type bindKind uint8

const (
	bAssign  bindKind = iota // value is an expression
	bImport                  // value is ref
	bDef                     // def or class: a local object, never a builtin
	bUnknown                 // parameter, loop target, with target, augmented assignment ...
	bDel                     // del name
)

type Binding struct {
	kind  bindKind
	value ast.Expr
	iter  ast.Expr // for a loop target: what it iterates over
	// elemIter is what a loop iterates over when the name is element elemIndex of its tuple
	// target (for name, fn in table.items()).
	elemIter  ast.Expr
	elemIndex int
	// loop is the for statement whose target the name is.
	loop  ast.Node
	scope *scope // where value is evaluated
	idx   int    // statement index in scope's body where value is evaluated
	ref   Ref
	// at is the statement index in the binding scope; cond is true when the binding sits inside a
	// compound statement (it may not run).
	at   int
	cond bool
	node ast.Node
	// busy is set while resolution or folding follows this binding's value, so that a cycle
	// (a = b; b = a) ends. A flag on the binding rather than a set in the pass: it is set and
	// cleared for most names resolved.
	busy bool
	// over marks the binding that stands for the assignments past maxBindings: resolving the name
	// refuses the program (Pass.overLimit), since what they bind is not kept.
	over bool
	// cut is set when resolution meets this binding busy (a cycle: x = x.attr in a loop), and
	// read by the resolution that made it busy (resolveName).
	cut bool
}

func (w *walker) newScope(kind scopeKind, parent *scope, idx int) *scope {
	s := w.scopeSlab.alloc()
	var syms map[string]*symbol
	if n := len(w.freeSyms); n > 0 {
		syms, w.freeSyms = w.freeSyms[n-1], w.freeSyms[:n-1]
	} else {
		syms = map[string]*symbol{}
	}
	*s = scope{kind: kind, parent: parent, idxInParent: idx, syms: syms, w: w}
	return s
}

func (s *scope) sym(name string) *symbol {
	y := s.syms[name]
	if y == nil {
		y = s.w.symSlab.alloc()
		s.syms[name] = y
	}
	return y
}

func (w *walker) newBinding(b Binding) *Binding {
	p := w.bindSlab.alloc()
	*p = b
	return p
}

// slab hands out zeroed values from chunks that are reused after reset, so that the many small
// objects of one analysis (bindings, symbols, scopes) cost neither an allocation each nor GC work.
type slab[T any] struct {
	chunks [][]T
	i, n   int // chunk in use and how many of its values are handed out
}

const slabChunk = 256

func (s *slab[T]) alloc() *T {
	if s.i == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, slabChunk))
	}
	c := s.chunks[s.i]
	v := &c[s.n]
	if s.n++; s.n == len(c) {
		s.i, s.n = s.i+1, 0
	}
	return v
}

// slice returns an empty slice with capacity k, carved from the chunks: appending up to k values
// costs no allocation, and appending more copies to the heap as usual.
func (s *slab[T]) slice(k int) []T {
	if k > slabChunk {
		return make([]T, 0, k)
	}
	if s.i < len(s.chunks) && s.n+k > slabChunk {
		s.i, s.n = s.i+1, 0 // the rest of this chunk stays zero
	}
	if s.i == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, slabChunk))
	}
	c := s.chunks[s.i][s.n : s.n : s.n+k]
	if s.n += k; s.n == slabChunk {
		s.i, s.n = s.i+1, 0
	}
	return c
}

// keep returns a copy of xs carved from the chunks, with its capacity capped at its length so
// that appending to it never writes into the chunk; nil for an empty xs.
func (s *slab[T]) keep(xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	return append(s.slice(len(xs)), xs...)
}

// each calls fn for every value handed out since the last reset.
func (s *slab[T]) each(fn func(*T)) {
	for i := 0; i <= s.i && i < len(s.chunks); i++ {
		c := s.chunks[i]
		if i == s.i {
			c = c[:s.n]
		}
		for j := range c {
			fn(&c[j])
		}
	}
}

// reset zeroes the values handed out, so that alloc returns zero values and nothing stale is kept
// alive, and makes them available again.
func (s *slab[T]) reset() {
	for i := 0; i < s.i && i < len(s.chunks); i++ {
		clear(s.chunks[i])
	}
	if s.i < len(s.chunks) {
		clear(s.chunks[s.i][:s.n])
	}
	s.i, s.n = 0, 0
}

func (s *scope) module() *scope {
	for s.parent != nil {
		s = s.parent
	}
	return s
}

// frame is the walker's view of one node: its parent, the scope it is evaluated in, the index of the
// statement of that scope's body that contains it, and whether it is nested in a compound statement.
// Frames are copied and kept for every node, so they are small and hold few pointers (each costs
// a write barrier while the garbage collector marks): the parent is an index, not a node.
type frame struct {
	n   ast.Node
	sc  *scope
	idx int
	// parent is the index of the parent's frame in the walk's frames (pass.frames); -1 for the
	// module.
	parent int32
	cond   bool
	// firstIter marks the first comprehension's iterable, which is evaluated in the enclosing
	// scope: the scope of the comprehension's parent frame.
	firstIter bool
}

// walker visits a module depth-first in source order, iteratively, tracking scopes. Scopes are made
// on the first walk and found again by their node on later walks, so every walk agrees.
type walker struct {
	scopeSlab slab[scope]
	symSlab   slab[symbol]
	bindSlab  slab[Binding]
	bindLists slab[*Binding] // backing of the symbols' binding lists
	refLists  slab[Ref]      // backing of resolution results (pass.resolveD)
	cvals     slab[Value]    // backing of folded lists and tuples (pass.foldList)
	// freeSyms are emptied symbol maps of a previous module's scopes, for reuse.
	freeSyms []map[string]*symbol
	scopes   nodeTable[*scope] // by nodeKeyOf of the def, lambda, class or comprehension
	root     *scope
	stack    []int32
	kids     []ast.Node
}

func newWalker() *walker {
	w := &walker{}
	w.root = w.newScope(scModule, nil, 0)
	return w
}

// reset makes w ready for another module, keeping its memory.
func (w *walker) reset() {
	w.scopeSlab.each(func(s *scope) {
		if s.syms != nil && len(s.syms) <= maxPooledSyms {
			clear(s.syms)
			w.freeSyms = append(w.freeSyms, s.syms)
		}
	})
	w.scopeSlab.reset()
	w.bindLists.reset()
	w.refLists.reset()
	w.cvals.reset()
	w.symSlab.reset()
	w.bindSlab.reset()
	w.scopes.reset()
	w.stack = w.stack[:0]
	clear(w.kids)
	w.kids = w.kids[:0]
	w.root = w.newScope(scModule, nil, 0)
}

// maxPooledSyms bounds the symbol maps kept for reuse, so that one huge scope does not pin its map.
const maxPooledSyms = 1 << 10

func (w *walker) scopeFor(n ast.Node, kind scopeKind, parent *scope, idx int) *scope {
	k := nodeKeyOf(n)
	if s, _ := w.scopes.get(k); s != nil {
		return s
	}
	s := w.newScope(kind, parent, idx)
	s.def = n
	w.scopes.put(k, s)
	return s
}

// walk appends the frame of every node of mod to frames and its index to order, in walk order,
// and calls the collector's visit with it (directly: a method value costs a call through a
// wrapper). A frame is written once, when its parent pushes it; the stack holds indexes into
// frames, so that walking moves no pointers (each moved pointer costs a write barrier while the GC
// marks).
func (w *walker) walk(mod *ast.Module, frames []frame, order []int32, col *collector) ([]frame, []int32) {
	// The pusher is a local while walking: its slice headers are stored at every push.
	q := pusher{frames: frames, stack: w.stack[:0]}
	q.push(mod, w.root, 0, false, false)
	q.frames[0].parent = -1
	for len(q.stack) > 0 {
		fi := q.stack[len(q.stack)-1]
		q.stack = q.stack[:len(q.stack)-1]
		order = append(order, fi)
		f := &q.frames[fi]
		var parent, grand ast.Node
		var parentSc *scope
		if f.parent >= 0 {
			parent, parentSc = q.frames[f.parent].n, q.frames[f.parent].sc
			if gp := q.frames[f.parent].parent; gp >= 0 {
				grand = q.frames[gp].n
			}
		}
		col.visit(f, parent, grand)
		q.parent = fi
		w.pushChildren(&q, parentSc)
	}
	w.stack = q.stack
	return q.frames, order
}

// pusher appends frames of the children of frame parent and pushes their indexes.
type pusher struct {
	frames []frame
	stack  []int32
	parent int32
}

func (q *pusher) push(c ast.Node, sc *scope, idx int, cond, firstIter bool) {
	if c == nil {
		return
	}
	q.frames = append(q.frames, frame{n: c, parent: q.parent, sc: sc, idx: idx, cond: cond, firstIter: firstIter})
	q.stack = append(q.stack, int32(len(q.frames)-1))
}

// stmts pushes a body, last first: each statement gets its own index in a new scope body
// (numbered), or idx.
func (q *pusher) stmts(body []ast.Stmt, sc *scope, numbered bool, idx int) {
	for i := len(body) - 1; i >= 0; i-- {
		if numbered {
			idx = i
		}
		q.push(ast.StmtNode(body[i]), sc, idx, false, false)
	}
}

// exprs pushes es, last first, with f's scope and position.
func (q *pusher) exprs(es []ast.Expr, f *frame) {
	for i := len(es) - 1; i >= 0; i-- {
		q.push(ast.ExprNode(es[i]), f.sc, f.idx, f.cond, false)
	}
}

// pushChildren pushes the children of frame q.parent, last first, so they pop in source order.
// parentSc is the scope of its parent.
func (w *walker) pushChildren(q *pusher, parentSc *scope) {
	switch q.frames[q.parent].n.(type) {
	case *ast.Name, *ast.Constant:
		return // leaves, and half of all nodes: before the copy and closures below
	}
	fv := q.frames[q.parent] // a copy: appending to frames may move them
	f := &fv
	child := func(c ast.Node, sc *scope, idx int, cond bool) { q.push(c, sc, idx, cond, false) }
	// comp pushes the parts of a comprehension: its element (elt, or key and value) and its
	// generators, in the comprehension's scope.
	comp := func(n ast.Node, elt, value ast.Expr, gens []*ast.Comprehension) {
		inner := w.scopeFor(n, scComp, f.sc, f.idx)
		for i := len(gens) - 1; i >= 0; i-- {
			if gens[i] != nil {
				q.push(gens[i], inner, f.idx, f.cond, i == 0)
			}
		}
		child(ast.ExprNode(value), inner, f.idx, f.cond)
		child(ast.ExprNode(elt), inner, f.idx, f.cond)
	}
	stmts := func(body []ast.Stmt, sc *scope, numbered bool) { q.stmts(body, sc, numbered, f.idx) }
	exprs := func(es []ast.Expr) { q.exprs(es, f) }
	switch n := f.n.(type) {
	case *ast.Module:
		stmts(n.Body, f.sc, true)
	case *ast.FunctionDef:
		inner := w.scopeFor(n, scFunction, f.sc, f.idx)
		child(ast.ExprNode(n.Returns), f.sc, f.idx, f.cond)
		exprs(n.DecoratorList)
		stmts(n.Body, inner, true)
		child(n.Args, f.sc, f.idx, f.cond)
	case *ast.AsyncFunctionDef:
		inner := w.scopeFor(n, scFunction, f.sc, f.idx)
		child(ast.ExprNode(n.Returns), f.sc, f.idx, f.cond)
		exprs(n.DecoratorList)
		stmts(n.Body, inner, true)
		child(n.Args, f.sc, f.idx, f.cond)
	case *ast.Lambda:
		inner := w.scopeFor(n, scFunction, f.sc, f.idx)
		child(ast.ExprNode(n.Body), inner, 0, false)
		child(n.Args, f.sc, f.idx, f.cond)
	case *ast.ClassDef:
		inner := w.scopeFor(n, scClass, f.sc, f.idx)
		exprs(n.DecoratorList)
		stmts(n.Body, inner, true)
		for i := len(n.Keywords) - 1; i >= 0; i-- {
			child(n.Keywords[i], f.sc, f.idx, f.cond)
		}
		exprs(n.Bases)
	case *ast.ListComp:
		comp(n, n.Elt, nil, n.Generators)
	case *ast.SetComp:
		comp(n, n.Elt, nil, n.Generators)
	case *ast.GeneratorExp:
		comp(n, n.Elt, nil, n.Generators)
	case *ast.DictComp:
		comp(n, n.Key, n.Value, n.Generators)
	case *ast.Comprehension:
		iterScope := f.sc
		if f.firstIter {
			iterScope = parentSc // where the comprehension is
		}
		exprs(n.Ifs)
		child(ast.ExprNode(n.Iter), iterScope, f.idx, f.cond)
		child(ast.ExprNode(n.Target), f.sc, f.idx, f.cond)
	// The commonest nodes with children, pushed here in reverse of ast.AppendChildren's order, as
	// the default case would push them: asking for them and walking the list cost more.
	case *ast.Call:
		for i := len(n.Keywords) - 1; i >= 0; i-- {
			if n.Keywords[i] != nil {
				child(n.Keywords[i], f.sc, f.idx, f.cond)
			}
		}
		exprs(n.Args)
		child(ast.ExprNode(n.Func), f.sc, f.idx, f.cond)
	case *ast.Attribute:
		child(ast.ExprNode(n.Value), f.sc, f.idx, f.cond)
	case *ast.Subscript:
		child(ast.ExprNode(n.Slice), f.sc, f.idx, f.cond)
		child(ast.ExprNode(n.Value), f.sc, f.idx, f.cond)
	case *ast.Assign:
		child(ast.ExprNode(n.Value), f.sc, f.idx, f.cond)
		exprs(n.Targets)
	case *ast.Keyword:
		child(ast.ExprNode(n.Value), f.sc, f.idx, f.cond)
	case *ast.Arg:
		child(ast.ExprNode(n.Annotation), f.sc, f.idx, f.cond)
	case *ast.ExprStmt:
		child(ast.ExprNode(n.Value), f.sc, f.idx, f.cond)
	case *ast.Return:
		child(ast.ExprNode(n.Value), f.sc, f.idx, f.cond)
	case *ast.BinOp:
		child(ast.ExprNode(n.Right), f.sc, f.idx, f.cond)
		child(ast.ExprNode(n.Left), f.sc, f.idx, f.cond)
	default:
		// Of the nodes left, only these have statements as children: ask the children only of them.
		// A switch on concrete types, not n.(ast.Expr): an assertion to an interface is a runtime call.
		stmtKids := false
		switch f.n.(type) {
		case *ast.If, *ast.For, *ast.AsyncFor, *ast.While, *ast.With, *ast.AsyncWith, *ast.Try, *ast.TryStar,
			*ast.ExceptHandler, *ast.MatchCase:
			stmtKids = true
		}
		w.kids = ast.AppendChildren(w.kids[:0], f.n)
		for i := len(w.kids) - 1; i >= 0; i-- {
			c := w.kids[i]
			cond := f.cond
			if stmtKids && ast.IsStmt(c) {
				cond = true
			}
			child(c, f.sc, f.idx, cond)
		}
	}
}

// collector is the first walk: it records every binding of every scope.
type collector struct {
	a *Engine
	w *walker
	p *Pass // for the facts it records on the way: evalStrings, static
	// imports counts the report's static imports, one per alias of `import` and one per `from`.
	imports int
	pairs   map[*ast.Name]ast.Expr // tuple-unpacking targets paired with their values
	// subjects maps the top-level pattern of each case to the match subject.
	subjects map[ast.Pattern]ast.Expr
}

func (c *collector) visit(f *frame, parent, grand ast.Node) {
	switch n := f.n.(type) {
	case *ast.Attribute:
		c.noteAttributeCopier(n.Attr, parent, grand)
		if n.Attr == "__init__" && !c.ownInit(f, n, parent) {
			c.p.own.storesAny = true // argparse.Namespace.__init__(parser, parse_known_args=f)
		}
		// vars(x) and x.__dict__ of an object not the program's own are reported (SBX402, SBX301).
		if n.Attr == "__setattr__" && !c.constantSetattr(parent, n, 0) {
			c.p.own.storesAny = true
		}
		c.p.evalStrings = c.p.evalStrings || isAnnotationEvaluator(n.Attr)
		c.p.dataclassNamed = c.p.dataclassNamed || isDataclassMaker(n.Attr)
		c.p.fieldNamesOpen = c.p.fieldNamesOpen || fieldNamesMaker(n.Attr)
		if n.Ctx != ast.Load {
			c.noteStore(f, n)
			c.p.fieldNamesOpen = c.p.fieldNamesOpen || n.Attr == "name" && !c.selfAttribute(f, n)
		}
		if EvalDunder(n.Attr) {
			c.noteAnnotationStore(n, n.Attr, n.Ctx, parent)
		}
	case *ast.Constant:
		// vars(self)["__slots__"] = ..., setattr(self, "__slots__", ...): an object's own
		// __slots__, which self.__slots__ reads before its class's.
		if str, ok := n.Value.(string); ok && str == "__slots__" {
			c.p.own.slotsStored = true
		} else if ok && str == "__match_args__" {
			c.p.own.matchArgsNamed = true
		} else if ok {
			c.p.fieldNamesOpen = c.p.fieldNamesOpen || fieldNamesMaker(str) || str == "__annotations__"
		}
	case *ast.Keyword:
		if n.Arg != nil && *n.Arg == "__slots__" {
			c.p.own.slotsStored = true // vars(self).update(__slots__=...)
		}
		if n.Arg != nil && *n.Arg == "namespace" || c.programClass(f, n.Value) {
			// parse_args(namespace=parser) sets attributes on any object; a class of the
			// program handed to a library (parser_class=, formatter_class=) makes what
			// the library's reviewed methods return.
			c.p.own.storesAny = true
		}
	case *ast.Alias:
		c.p.evalStrings = c.p.evalStrings || isAnnotationEvaluator(n.Name)
		c.p.dataclassNamed = c.p.dataclassNamed || isDataclassMaker(n.Name) || n.Name == "dataclasses"
		c.p.fieldNamesOpen = c.p.fieldNamesOpen || fieldNamesMaker(n.Name)
	case *ast.For:
		c.noteLoop(n.Target, n.Iter, f)
	case *ast.AsyncFor:
		c.noteLoop(n.Target, n.Iter, f)
	case *ast.Comprehension:
		c.noteLoop(n.Target, n.Iter, f)
	case *ast.FunctionDef:
		c.bindDef(f, n.Name, n)
		c.bindParams(c.w.scopeFor(n, scFunction, f.sc, f.idx), n.Args, f)
		c.noteDef(f, n.Name, n.Args, n.DecoratorList)
		c.noteAnnotation(n.Returns, f)
	case *ast.AsyncFunctionDef:
		c.bindDef(f, n.Name, n)
		c.bindParams(c.w.scopeFor(n, scFunction, f.sc, f.idx), n.Args, f)
		c.noteDef(f, n.Name, n.Args, n.DecoratorList)
		c.noteAnnotation(n.Returns, f)
	case *ast.Arg:
		c.noteAnnotation(n.Annotation, f)
	case *ast.AnnAssign:
		c.noteAnnotation(n.Annotation, f)
		if nm, ok := n.Target.(*ast.Name); ok && f.sc.kind == scClass && nm.Id != "" && nm.Id[0] == '_' {
			c.p.fieldNamesOpen = true // a dataclass's field named __globals__
		}
	case *ast.Lambda:
		c.bindParams(c.w.scopeFor(n, scFunction, f.sc, f.idx), n.Args, f)
	case *ast.Match:
		for _, mc := range n.Cases {
			if mc != nil && mc.Pattern != nil {
				c.patterns(f, mc.Pattern, n.Subject)
			}
		}
	case *ast.ClassDef:
		c.bindDef(f, n.Name, n)
		c.p.own.classSite[n] = Site{f.sc, f.idx}
		c.noteClassBinding(f, n.Name)
	case *ast.Assign:
		for _, t := range n.Targets {
			c.pair(t, n.Value)
		}
		c.noteSlots(f, n)
	case *ast.Call:
		c.noteSetattr(f, n)
	case *ast.Global:
		for _, name := range n.Names {
			f.sc.sym(name).global = true
		}
	case *ast.Nonlocal:
		for _, name := range n.Names {
			f.sc.sym(name).nonlocal = true
		}
	case *ast.Import:
		c.imports += len(n.Names)
		for _, al := range n.Names {
			c.p.importStatic(al.Name)
			c.p.importStatic(c.a.mods.canonical(al.Name))
		}
		for _, al := range n.Names {
			name, r := importBinding(c.a, al)
			c.noteClassBinding(f, name)
			r.tags = c.a.tagsOf(r.Qual) // once here rather than at every use
			c.bind(f.sc, name, Binding{kind: bImport, ref: r, at: f.idx, cond: f.cond, node: al})
		}
	case *ast.ImportFrom:
		c.imports++
		mod := ast.Str(n.Module)
		if n.Level == 0 {
			c.p.importStatic(mod)
			c.p.importStatic(c.a.mods.canonical(mod))
		}
		for _, al := range n.Names {
			if al.Name == "*" {
				if n.Level == 0 {
					f.sc.stars = append(f.sc.stars, c.a.mods.canonical(mod))
				}
				continue
			}
			name := al.Name
			if al.Asname != nil {
				name = *al.Asname
			}
			c.noteClassBinding(f, name)
			b := Binding{kind: bUnknown, at: f.idx, cond: f.cond, node: al}
			if n.Level == 0 {
				b.kind = bImport
				b.ref = c.a.child(c.a.modRef(mod), al.Name)
				b.ref.tags = c.a.tagsOf(b.ref.Qual)
			}
			c.bind(f.sc, name, b)
		}
	case *ast.Name:
		if n.Ctx == ast.Load && n.Id == "setattr" && !c.constantSetattr(parent, n, 1) {
			c.p.own.storesAny = true
		}
		if n.Id == "__annotations__" && n.Ctx == ast.Load {
			c.noteAnnotationStore(n, n.Id, ast.Load, parent) // __annotations__["k"] = v in a class body
		}
		c.p.evalStrings = c.p.evalStrings || isAnnotationEvaluator(n.Id)
		c.p.dataclassNamed = c.p.dataclassNamed || isDataclassMaker(n.Id)
		c.noteAttributeCopier(n.Id, parent, grand)
		c.p.fieldNamesOpen = c.p.fieldNamesOpen || fieldNamesMaker(n.Id)
		if n.Id == "__slots__" && n.Ctx != ast.Load {
			// Only __slots__ = <display> in a class body (noteSlots) declares slot names:
			// annotated, walrus, unpacked, loop and deleted bindings make them unknown.
			if _, plain := parent.(*ast.Assign); !plain || f.sc.kind != scClass {
				c.p.own.slotsStored = true
			}
		}
		if n.Id == "__name__" && n.Ctx != ast.Load && f.sc.kind != scClass {
			// The module's __name__ is the __module__ of every class statement after it,
			// which chooses the module typing.get_type_hints evaluates its string annotations
			// in (__name__ = "os": environ, posix_spawn).
			c.p.own.annStores = append(c.p.own.annStores, n)
		}
		switch n.Ctx {
		case ast.Store:
			c.noteClassBinding(f, n.Id)
			if f.sc.kind == scClass && EvalDunder(n.Id) {
				c.p.own.annStores = append(c.p.own.annStores, n)
			}
			b := Binding{kind: bUnknown, at: f.idx, cond: f.cond, node: n}
			sc := f.sc
			switch p := parent.(type) {
			case *ast.Assign:
				b.kind, b.value = bAssign, p.Value
			case *ast.AnnAssign:
				if p.Value != nil {
					b.kind, b.value = bAssign, p.Value
				}
			case *ast.NamedExpr:
				b.kind, b.value, b.cond = bAssign, p.Value, true
				for sc.kind == scComp && sc.parent != nil {
					sc = sc.parent
				}
			case *ast.For:
				if ast.Node(p.Target) == ast.Node(n) {
					b.iter, b.scope, b.idx, b.loop = p.Iter, f.sc, f.idx, p
				}
			case *ast.AsyncFor:
				if ast.Node(p.Target) == ast.Node(n) {
					b.iter, b.scope, b.idx, b.loop = p.Iter, f.sc, f.idx, p
				}
			case *ast.Comprehension:
				if ast.Node(p.Target) == ast.Node(n) {
					b.iter, b.scope, b.idx = p.Iter, f.sc, f.idx
				}
			case *ast.Tuple, *ast.List:
				if el, ok := c.p.own.loopElems[n]; ok {
					b.elemIter, b.elemIndex, b.scope, b.idx = el.iter, el.index, el.site.sc, el.site.idx
				}
			}
			if v, ok := c.pairs[n]; ok {
				b.kind, b.value = bAssign, v
			}
			if b.kind == bAssign {
				b.scope, b.idx = f.sc, f.idx
			}
			c.bind(sc, n.Id, b)
		case ast.Del:
			c.bind(f.sc, n.Id, Binding{kind: bDel, at: f.idx, cond: f.cond, node: n})
		}
	case *ast.ExceptHandler:
		if n.Name != nil {
			c.bind(f.sc, *n.Name, Binding{kind: bUnknown, at: f.idx, cond: true, node: n})
		}
	case *ast.MatchAs:
		if n.Name != nil {
			c.bind(f.sc, *n.Name, Binding{kind: bUnknown, at: f.idx, cond: true, node: n})
		}
	case *ast.MatchStar:
		if n.Name != nil {
			c.bind(f.sc, *n.Name, Binding{kind: bUnknown, at: f.idx, cond: true, node: n})
		}
	case *ast.MatchMapping:
		if n.Rest != nil {
			c.bind(f.sc, *n.Rest, Binding{kind: bUnknown, at: f.idx, cond: true, node: n})
		}
	}
}

// patterns records what each pattern of a case matches against: a class pattern's keyword
// sub-patterns match attributes of the subject (case object(system=run) reads subject.system), a
// mapping pattern's match items (case {"exec": run}). The reads are synthetic Attribute and
// Subscript nodes at the sub-pattern, which the checks see like written ones, and capture names
// are bound to them.
func (c *collector) patterns(f *frame, root ast.Pattern, subject ast.Expr) {
	type item struct {
		pat  ast.Pattern
		subj ast.Expr
	}
	if c.subjects == nil {
		c.subjects = map[ast.Pattern]ast.Expr{}
	}
	// Every sub-pattern, without a bound of its own: each node of the pattern tree is visited once.
	// (At most 4096 steps, as it was, the rest of a large pattern was dropped: its reads of the
	// subject unseen and its capture names unbound.)
	work := []item{{root, subject}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if it.pat == nil {
			continue
		}
		c.subjects[it.pat] = it.subj
		switch pt := it.pat.(type) {
		case *ast.MatchAs:
			if pt.Name != nil && it.subj != nil {
				c.bind(f.sc, *pt.Name, Binding{kind: bAssign, value: it.subj, scope: f.sc, idx: f.idx, at: f.idx, cond: true, node: pt})
			}
			work = append(work, item{pt.Pattern, it.subj})
		case *ast.MatchOr:
			for _, alt := range pt.Patterns {
				work = append(work, item{alt, it.subj})
			}
		case *ast.MatchClass:
			for i, attr := range pt.KwdAttrs {
				if i < len(pt.KwdPatterns) && pt.KwdPatterns[i] != nil && it.subj != nil {
					sub := &ast.Attribute{Loc: locOf(pt.KwdPatterns[i]), Value: it.subj, Attr: attr, Ctx: ast.Load}
					work = append(work, item{pt.KwdPatterns[i], sub})
				}
			}
			for _, sp := range pt.Patterns {
				work = append(work, item{sp, nil})
			}
		case *ast.MatchMapping:
			for i, k := range pt.Keys {
				if i < len(pt.Patterns) && pt.Patterns[i] != nil && it.subj != nil {
					sub := &ast.Subscript{Loc: locOf(pt.Patterns[i]), Value: it.subj, Slice: k, Ctx: ast.Load}
					work = append(work, item{pt.Patterns[i], sub})
				}
			}
		case *ast.MatchSequence:
			for _, sp := range pt.Patterns {
				work = append(work, item{sp, nil})
			}
		}
	}
}

// pair records which value each name of a tuple target gets when the value is a tuple or list
// display of the same length without starred items: a, b = os, eval.
func (c *collector) pair(target, value ast.Expr) {
	var telts, velts []ast.Expr
	switch t := target.(type) {
	case *ast.Tuple:
		telts = t.Elts
	case *ast.List:
		telts = t.Elts
	default:
		return
	}
	switch v := value.(type) {
	case *ast.Tuple:
		velts = v.Elts
	case *ast.List:
		velts = v.Elts
	default:
		return
	}
	if len(telts) != len(velts) {
		return
	}
	for i := range telts {
		if _, ok := velts[i].(*ast.Starred); ok {
			return
		}
	}
	for i, t := range telts {
		switch t := t.(type) {
		case *ast.Name:
			if c.pairs == nil {
				c.pairs = map[*ast.Name]ast.Expr{}
			}
			c.pairs[t] = velts[i]
		case *ast.Tuple, *ast.List:
			c.pair(t, velts[i])
		}
	}
}

func (c *collector) bindDef(f *frame, name string, n ast.Node) {
	c.bind(f.sc, name, Binding{kind: bDef, at: f.idx, cond: f.cond, node: n, scope: f.sc, idx: f.idx}) // scope, idx: where its decorators are evaluated
}

// bindParams binds the parameters in the function's scope sc: each is unknown (the caller's value)
// and, when it has a default, also the default, evaluated where the def is (lambda b=__builtins__).
func (c *collector) bindParams(sc *scope, args *ast.Arguments, f *frame) {
	if args == nil {
		return
	}
	add := func(a *ast.Arg, def ast.Expr) {
		if a == nil {
			return
		}
		c.bind(sc, a.Arg, Binding{kind: bUnknown, node: a})
		if def != nil {
			c.bind(sc, a.Arg, Binding{kind: bAssign, value: def, scope: f.sc, idx: f.idx, node: a})
		}
	}
	// Defaults belong to the last positional parameters, across Posonlyargs and Args.
	npos := len(args.Posonlyargs) + len(args.Args)
	first := npos - len(args.Defaults)
	for i := range npos {
		var a *ast.Arg
		if i < len(args.Posonlyargs) {
			a = args.Posonlyargs[i]
		} else {
			a = args.Args[i-len(args.Posonlyargs)]
		}
		var def ast.Expr
		if i >= first && first >= 0 {
			def = args.Defaults[i-first]
		}
		add(a, def)
	}
	add(args.Vararg, nil)
	for i, a := range args.Kwonlyargs {
		var def ast.Expr
		if i < len(args.KwDefaults) {
			def = args.KwDefaults[i]
		}
		add(a, def)
	}
	add(args.Kwarg, nil)
}

// bind adds b to name in sc, following global and nonlocal declarations. A binding made through a
// global declaration runs whenever the function runs, so at module level it is conditional.
func (c *collector) bind(sc *scope, name string, bv Binding) {
	b := &bv
	target := sc
	y := sc.syms[name]
	if y != nil {
		switch {
		case y.global:
			target = sc.module()
			b.cond = true
		case y.nonlocal:
			for p := sc.parent; p != nil; p = p.parent {
				if p.kind == scFunction {
					if _, ok := p.syms[name]; ok {
						target = p
						break
					}
				}
			}
		}
	}
	switch {
	case target != sc:
		y = target.sym(name)
	case y == nil:
		y = sc.w.symSlab.alloc() // sc.sym(name) without looking name up again
		sc.syms[name] = y
	}
	if cls, ok := target.def.(*ast.ClassDef); ok && target.kind == scClass && b.kind != bDel {
		// Every name a class body binds, however: an assignment, a def, a match capture, an
		// except or with target (SBX305 judges those its library ancestors read).
		c.p.own.classBinds = append(c.p.own.classBinds, ClassBinding{Class: cls, Name: name, Node: b.node})
	}
	if y.binds == nil {
		y.binds = c.w.bindLists.slice(2) // most names are bound once or twice
	}
	if len(y.binds) < maxBindings {
		y.binds = append(y.binds, c.w.newBinding(*b))
	} else {
		// Too many assignments to one name: rather than grow without bound, the last one stands
		// for those past the bound, and a use of the name refuses the program (resolveName).
		y.binds[len(y.binds)-1] = c.w.newBinding(Binding{kind: bUnknown, at: b.at, cond: true, over: true})
	}
}

const maxBindings = 64

// importBinding returns the name an `import` alias binds and what it refers to: `import a.b` binds
// a to module a, `import a.b as c` binds c to module a.b, under the name the module table knows it
// by (posixpath for os.path), like the attribute chain a.b.
func importBinding(a *Engine, al *ast.Alias) (string, Ref) {
	if al.Asname != nil {
		return *al.Asname, a.modRef(al.Name)
	}
	top := al.Name
	for i := 0; i < len(top); i++ {
		if top[i] == '.' {
			top = top[:i]
			break
		}
	}
	return top, Ref{Qual: top, Kind: ModRef}
}

// nodeTable maps nodes (by nodeKey) to values: an open-addressing hash table with linear probing.
// Resolution and folding look nodes up for most nodes of a program, and a Go map's hashing and
// probing showed in profiles; a pointer key needs neither. It keeps its memory across analyses.
type nodeTable[V any] struct {
	keys  []nodeKey // nil marks an empty slot; no node's key is nil
	vals  []V
	used  []int32 // the slots in use, so that reset clears only those
	shift uint    // 64 - log2(len(keys))
}

// maxPooledTable bounds the slots kept by reset, so that one huge program does not pin them.
const maxPooledTable = 1 << 16

func (t *nodeTable[V]) slot(k nodeKey) int {
	// Fibonacci hashing of the address: the low bits are alignment, the high ones vary.
	return int((uint64(uintptr(k)) * 0x9E3779B97F4A7C15) >> t.shift)
}

func (t *nodeTable[V]) get(k nodeKey) (V, bool) {
	if len(t.used) > 0 {
		mask := len(t.keys) - 1
		for i := t.slot(k); t.keys[i] != nil; i = (i + 1) & mask {
			if t.keys[i] == k {
				return t.vals[i], true
			}
		}
	}
	var zero V
	return zero, false
}

func (t *nodeTable[V]) put(k nodeKey, v V) {
	if 2*(len(t.used)+1) > len(t.keys) {
		t.grow()
	}
	mask := len(t.keys) - 1
	i := t.slot(k)
	for ; t.keys[i] != nil; i = (i + 1) & mask {
		if t.keys[i] == k {
			t.vals[i] = v
			return
		}
	}
	t.keys[i], t.vals[i] = k, v
	t.used = append(t.used, int32(i))
}

func (t *nodeTable[V]) grow() {
	keys, vals := t.keys, t.vals
	size := max(256, 2*len(keys))
	t.keys, t.vals, t.used = make([]nodeKey, size), make([]V, size), t.used[:0]
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	for i, k := range keys {
		if k != nil {
			t.put(k, vals[i])
		}
	}
}

// reset empties t, keeping its memory unless it is large.
func (t *nodeTable[V]) reset() {
	if len(t.keys) > maxPooledTable {
		*t = nodeTable[V]{}
		return
	}
	var zero V
	for _, i := range t.used {
		t.keys[i], t.vals[i] = nil, zero
	}
	t.used = t.used[:0]
}

// mayMutate reports whether the name n, read in parent (itself in grand), may have its value
// changed in place there, or handed on to code that may: every use but a proven read-only one
// counts. Read-only are a loop or comprehension over it, an item or slice read, a condition, a
// field of an f-string, an expression statement, a call of a method that only reads (index,
// count, copy; a dict's get, keys, values, items: views), and an argument of the builtins that
// only read. A read must give a new object or an item, never the list itself or one holding it:
// a bound method not called keeps it in __self__, min and max of several return one of them,
// and a subscript with it as the key (tuple[COLUMNS], a generic alias) keeps it. An operation
// with another operand runs that operand's special methods with the list (COLUMNS in probe
// calls probe.__contains__(COLUMNS); isinstance(COLUMNS, K) K's metaclass's
// __instancecheck__): a comparison, + and *, isinstance are read-only only when every other
// operand is inert (a constant, a display of inert items, a builtin or library class: no code of
// the program). `x in COLUMNS` compares x with the items only. Assigning it to another name,
// putting it in a container, returning, yielding or passing it on may change it. Folding does
// not follow a list through such a name.
func mayMutate(n ast.Expr, parent, grand ast.Node, builtin func(*ast.Name) bool, inert func(ast.Expr) bool) bool {
	same := func(e ast.Expr) bool { return e != nil && n != nil && ast.Node(e) == ast.Node(n) }
	switch p := parent.(type) {
	case *ast.Attribute:
		if c, ok := grand.(*ast.Call); !ok || ast.Node(c.Func) != ast.Node(p) {
			return true // COLUMNS.copy.__self__ is the list
		}
		switch p.Attr {
		case "index", "count", "copy", "__len__", "__contains__", "__iter__", "__getitem__", "get", "keys", "values", "items":
			return false
		}
		return true
	case *ast.Subscript:
		if same(p.Value) {
			return p.Ctx != ast.Load
		}
		return true // probe[COLUMNS] runs probe.__getitem__(COLUMNS); tuple[COLUMNS] keeps it
	case *ast.For:
		return !same(p.Iter)
	case *ast.AsyncFor:
		return !same(p.Iter)
	case *ast.Comprehension:
		return !same(p.Iter)
	case *ast.Compare:
		return !compareReads(p, same, inert)
	case *ast.FormattedValue, *ast.ExprStmt, *ast.UnaryOp:
		return false
	case *ast.If:
		return !same(p.Test)
	case *ast.While:
		return !same(p.Test)
	case *ast.Assert:
		return !same(p.Test) // the message is the AssertionError's argument, caught anywhere
	case *ast.BinOp:
		if p.Op != ast.Add && p.Op != ast.Mult {
			return true
		}
		if same(p.Left) {
			return !inert(p.Right) // COLUMNS + probe: probe.__radd__(COLUMNS)
		}
		return !inert(p.Left)
	case *ast.Call:
		if same(p.Func) {
			return false
		}
		switch f := p.Func.(type) {
		case *ast.Name:
			switch f.Id {
			case "len", "list", "tuple", "print", "sorted", "set", "frozenset", "str", "repr", "any", "all", "sum",
				"min", "max", "enumerate", "zip", "iter", "reversed", "bool", "isinstance", "id", "hash", "dict":
				if !builtin(f) {
					return true // def sorted(xs): xs.append(...)
				}
				for _, k := range p.Keywords {
					if same(k.Value) {
						return true
					}
				}
				return !builtinReads(f.Id, p, same, inert)
			}
		case *ast.Attribute:
			if _, ok := f.Value.(*ast.Constant); ok && (f.Attr == "join" || f.Attr == "format") {
				return false
			}
		}
		return true
	}
	return true
}

// compareReads reports whether the name same matches is only read by comparison c: `x in it`
// and `is` compare nothing of its with other code; any other comparison with it runs the other
// operand's special method with it, read-only only when that operand is inert.
func compareReads(c *ast.Compare, same func(ast.Expr) bool, inert func(ast.Expr) bool) bool {
	operands := make([]ast.Expr, 0, len(c.Comparators)+1)
	operands = append(append(operands, c.Left), c.Comparators...)
	for i, x := range operands {
		if !same(x) {
			continue
		}
		if i > 0 && i-1 < len(c.Ops) {
			switch c.Ops[i-1] {
			case ast.In, ast.NotIn, ast.Is, ast.IsNot:
				// y in it: list.__contains__ compares y with the items, not with the list.
			default:
				if !inert(operands[i-1]) {
					return false
				}
			}
		}
		if i < len(c.Ops) && i+1 < len(operands) {
			switch c.Ops[i] {
			case ast.Is, ast.IsNot:
			default:
				if !inert(operands[i+1]) { // it in probe: probe.__contains__(it)
					return false
				}
			}
		}
	}
	return true
}

// builtinReads reports whether builtin call c (of name) only reads the argument same matches:
// isinstance asks its second argument's metaclass, sum adds to its start, min and max of
// several return one of them.
func builtinReads(name string, c *ast.Call, same func(ast.Expr) bool, inert func(ast.Expr) bool) bool {
	for _, a := range c.Args {
		if _, star := a.(*ast.Starred); star {
			return false
		}
	}
	switch name {
	case "isinstance":
		return len(c.Args) == 2 && same(c.Args[0]) && inert(c.Args[1])
	case "sum":
		return len(c.Args) > 0 && same(c.Args[0])
	case "min", "max":
		// Of several, they return one of them, and a key= function is handed each.
		return len(c.Args) == 1
	}
	return true
}

// constantSetattr reports whether fn, a setattr or __setattr__, is called by parent with a
// constant public name as its argument at index i or i+1 (setattr(x, "name", v), i 1;
// object.__setattr__(x, "name", v), x.__setattr__("name", v), type.__setattr__(cls, "name",
// v), i 0), and records the name as stored. A constant private or dunder name is recorded too
// (setattr(Plan, "_T", hint) binds _T in a class's namespace, where get_type_hints looks it
// up), though the call is not taken for one with a public name.
func (c *collector) constantSetattr(parent ast.Node, fn ast.Expr, i int) bool {
	call, ok := parent.(*ast.Call)
	if !ok || !sameNode(call.Func, fn) {
		return false
	}
	for j := i; j <= i+1 && j < len(call.Args); j++ {
		if k, ok := call.Args[j].(*ast.Constant); ok {
			if str, isStr := k.Value.(string); isStr && str != "" {
				if c.p.own.stored == nil {
					c.p.own.stored = map[string]bool{}
				}
				c.p.own.stored[str] = true
				if str[0] == '_' {
					continue
				}
				c.p.fieldNamesOpen = c.p.fieldNamesOpen || str == "name"
				return true
			}
		}
	}
	return false
}

// fieldNamesMaker reports whether name makes or changes a dataclass's fields without a class
// body's annotations to read: make_dataclass takes the names as strings, __dataclass_fields__ is
// the table fields() reads.
func fieldNamesMaker(name string) bool {
	return name == "make_dataclass" || name == "__dataclass_fields__"
}

// selfAttribute reports whether at, stored at f, is an attribute of self or cls of a method of
// the program (self.name = name): not a dataclasses.Field's name.
func (c *collector) selfAttribute(f *frame, at *ast.Attribute) bool {
	nm, ok := at.Value.(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := c.p.lookup(nm.Id, f.sc, f.idx)
	for _, b := range binds {
		a, ok := b.node.(*ast.Arg)
		if !ok || b.kind != bUnknown || c.p.own.selfArgs[a] == nil {
			return false
		}
	}
	return len(binds) > 0
}

// noteAttributeCopier records a name of library code that copies attributes onto an object the
// source does not show stores on: functools.update_wrapper copies another object's __dict__, and
// so does functools.wraps unless it decorates a def of the program.
func (c *collector) noteAttributeCopier(name string, parent, grand ast.Node) {
	switch name {
	case "update_wrapper":
		c.p.own.storesAny = true
	case "wraps":
		call, ok := parent.(*ast.Call)
		decorates := false
		if ok {
			switch d := grand.(type) {
			case *ast.FunctionDef:
				decorates = decoratedBy(d.DecoratorList, call)
			case *ast.AsyncFunctionDef:
				decorates = decoratedBy(d.DecoratorList, call)
			}
		}
		if !decorates {
			c.p.own.storesAny = true
		}
	}
}

func decoratedBy(decorators []ast.Expr, call *ast.Call) bool {
	for _, x := range decorators {
		if sameNode(x, call) {
			return true
		}
	}
	return false
}

// ownInit reports whether at, an __init__ attribute, is called as super().__init__(...) or as
// Base.__init__(self, ...) inside a method whose first parameter self is: an initializer run
// on the program's own object.
func (c *collector) ownInit(f *frame, at *ast.Attribute, parent ast.Node) bool {
	call, ok := parent.(*ast.Call)
	if !ok || !sameNode(call.Func, at) {
		return false
	}
	if sup, ok := at.Value.(*ast.Call); ok {
		if nm, ok := sup.Func.(*ast.Name); ok && nm.Id == "super" {
			return true
		}
	}
	if len(call.Args) == 0 {
		return false
	}
	self, ok := call.Args[0].(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := c.p.lookup(self.Id, f.sc, f.idx)
	for _, b := range binds {
		a, ok := b.node.(*ast.Arg)
		if !ok || b.kind != bUnknown || c.p.own.selfArgs[a] == nil {
			return false
		}
	}
	return len(binds) > 0
}

// programClass reports whether e, at f, is a name bound to a class statement of the program.
func (c *collector) programClass(f *frame, e ast.Expr) bool {
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := c.p.lookup(nm.Id, f.sc, f.idx)
	for _, b := range binds {
		if _, ok := b.node.(*ast.ClassDef); ok && b.kind == bDef {
			return true
		}
	}
	return false
}
