package parser

import (
	"math/big"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// arena allocates the nodes and lists of one tree a block at a time instead of one by one: the tree lives
// and dies as a whole, and a few hundred blocks are cheaper to allocate and for the GC to track than
// thousands of small objects. Only the frequent node types have a slab; the rest are allocated as usual.
// f-string fields' parsers share their file's arena.
type arena struct {
	progress          progress
	names             slab[ast.Name]
	constants         slab[ast.Constant]
	attributes        slab[ast.Attribute]
	calls             slab[ast.Call]
	keywords          slab[ast.Keyword]
	binOps            slab[ast.BinOp]
	compares          slab[ast.Compare]
	subscripts        slab[ast.Subscript]
	tuples            slab[ast.Tuple]
	exprStmts         slab[ast.ExprStmt]
	assigns           slab[ast.Assign]
	formatted         slab[ast.FormattedValue]
	joined            slab[ast.JoinedStr]
	args              slab[ast.Arg]
	ints              slab[big.Int]
	words             slab[big.Word]
	exprs             slab[ast.Expr]
	stmts             slab[ast.Stmt]
	keywordList       slab[*ast.Keyword]
	comprehensions    slab[ast.Comprehension]
	comprehensionList slab[*ast.Comprehension]
	strs              slab[string]
	cmpOps            slab[ast.CmpOp]
	aliases           slab[ast.Alias]
	aliasList         slab[*ast.Alias]
}

// progress is how far the file's parse is, which slabs use to size their blocks.
type progress struct {
	main  *parser // the file's parser (not an f-string field's)
	ntoks int
}

func newArena(main *parser) *arena {
	a := &arena{progress: progress{main: main, ntoks: main.toks.Len()}}
	bases := []*slabBase{
		&a.names.slabBase, &a.constants.slabBase, &a.attributes.slabBase, &a.calls.slabBase, &a.keywords.slabBase,
		&a.binOps.slabBase, &a.compares.slabBase, &a.subscripts.slabBase, &a.tuples.slabBase,
		&a.exprStmts.slabBase, &a.assigns.slabBase, &a.formatted.slabBase, &a.joined.slabBase, &a.args.slabBase,
		&a.ints.slabBase, &a.words.slabBase, &a.exprs.slabBase, &a.stmts.slabBase,
		&a.keywordList.slabBase, &a.comprehensions.slabBase, &a.comprehensionList.slabBase, &a.strs.slabBase,
		&a.cmpOps.slabBase, &a.aliases.slabBase, &a.aliasList.slabBase,
	}
	for _, b := range bases {
		b.progress = &a.progress
	}
	return a
}

// slab hands out values carved from blocks of Ts.
type slab[T any] struct {
	slabBase
	free []T
}

type slabBase struct {
	progress *progress
	used     int // elements handed out so far
	block    int // size of the last block
}

const maxSlabBlock = 256

// nextBlock sizes the next block: what the rest of the file will need at the rate seen so far (the last
// block's unused tail is the waste, so it should be small), between 8 and twice the last block.
func (b *slabBase) nextBlock(need int) int {
	est := 8
	if pr := b.progress; pr != nil && pr.main.pos > 0 {
		done := pr.main.pos
		est = b.used*(pr.ntoks-done)/done + 4
	}
	b.block = max(min(est, 2*b.block, maxSlabBlock), 8, need)
	return b.block
}

// alloc returns a pointer to a new T holding v.
func (s *slab[T]) alloc(v T) *T {
	x := s.next()
	*x = v
	return x
}

// next returns a pointer to a new zero T, for constructors that store the fields one by one (see name).
func (s *slab[T]) next() *T {
	if len(s.free) == 0 {
		s.free = make([]T, s.nextBlock(1))
	}
	x := &s.free[0]
	s.free = s.free[1:]
	s.used++
	return x
}

// name allocates a Name, the most frequent node, storing its fields straight from registers: alloc's
// argument is spilled to the stack and copied in 16-byte loads, which stall on the narrower stores
// they span.
func (a *arena) name(loc ast.Loc, id string, ctx ast.ExprContext) *ast.Name {
	n := a.names.next()
	n.Loc, n.Id, n.Ctx = loc, id, ctx
	return n
}

// constant, call, subscript and attribute are name's counterparts for the next most frequent nodes.
func (a *arena) constant(loc ast.Loc, v any) *ast.Constant {
	c := a.constants.next()
	c.Loc, c.Value = loc, v
	return c
}

func (a *arena) call(loc ast.Loc, fn ast.Expr, args []ast.Expr, kws []*ast.Keyword) *ast.Call {
	c := a.calls.next()
	c.Loc, c.Func, c.Args, c.Keywords = loc, fn, args, kws
	return c
}

// argumentsCall is the arguments rule's result (see there), with arena copies of the lists built on the
// stack. It is a function of its own to keep its temporaries out of argumentsUncached's frame.
func (a *arena) argumentsCall(args []ast.Expr, kws []*ast.Keyword) *ast.Call {
	return a.call(ast.Loc{}, nil, a.exprs.copyOf(args), a.keywordList.copyOf(kws))
}

func (a *arena) subscript(loc ast.Loc, v, slice ast.Expr, ctx ast.ExprContext) *ast.Subscript {
	n := a.subscripts.next()
	n.Loc, n.Value, n.Slice, n.Ctx = loc, v, slice, ctx
	return n
}

func (a *arena) attribute(loc ast.Loc, v ast.Expr, attr string, ctx ast.ExprContext) *ast.Attribute {
	n := a.attributes.next()
	n.Loc, n.Value, n.Attr, n.Ctx = loc, v, attr, ctx
	return n
}

// take returns n fresh elements whose capacity is n, so that appending to them never writes into their
// neighbours.
func (s *slab[T]) take(n int) []T {
	if n > len(s.free) {
		if n > maxSlabBlock/4 {
			return make([]T, n)
		}
		s.free = make([]T, s.nextBlock(n))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	s.used += n
	return out
}

// copyOf returns a copy of src from the slab (see take). An empty src gives an empty, non-nil slice.
func (s *slab[T]) copyOf(src []T) []T {
	if len(src) == 0 {
		return []T{}
	}
	out := s.take(len(src))
	copy(out, src)
	return out
}

// ident is ast.Ident with the string allocated from the arena.
func (a *arena) ident(s string) *string { return a.strs.alloc(s) }

// newInt returns v (not negative) as a *big.Int whose single word comes from the arena too.
func (a *arena) newInt(v int64) *big.Int {
	if uint64(big.Word(v)) != uint64(v) {
		return big.NewInt(v) // 32-bit words
	}
	z := a.ints.alloc(big.Int{})
	if v == 0 {
		return z
	}
	w := a.words.take(1)
	w[0] = big.Word(v)
	return z.SetBits(w)
}
