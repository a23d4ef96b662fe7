package parser

import (
	"math/big"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// arena allocates the nodes of one tree a block at a time instead of one by one: the tree lives and dies
// as a whole, and per-node allocation (with its GC bookkeeping) was the largest single cost of parsing.
// Only the frequent node types have a slab; the rest are allocated as usual. f-string fields' parsers
// share their file's arena.
type arena struct {
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
	callArgs          slab[callArgs]
	keywordList       slab[*ast.Keyword]
	comprehensions    slab[ast.Comprehension]
	comprehensionList slab[*ast.Comprehension]
	strs              slab[string]
	cmpOps            slab[ast.CmpOp]
}

// slab hands out values carved from blocks that grow from 8 to maxSlabBlock elements.
type slab[T any] struct {
	free []T
	next int // size of the next block
}

const maxSlabBlock = 64

// alloc returns a pointer to a new T holding v.
func (s *slab[T]) alloc(v T) *T {
	if len(s.free) == 0 {
		s.grow()
	}
	x := &s.free[0]
	*x = v
	s.free = s.free[1:]
	return x
}

func (s *slab[T]) grow() {
	s.next = min(max(2*s.next, 8), maxSlabBlock)
	s.free = make([]T, s.next)
}

// take returns n fresh elements whose capacity is n, so that appending to them never writes into their
// neighbours.
func (s *slab[T]) take(n int) []T {
	if n > len(s.free) {
		if n > maxSlabBlock/4 {
			return make([]T, n)
		}
		s.grow()
		if n > len(s.free) {
			s.free = make([]T, n)
		}
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
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
