package engine

import (
	"bytes"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// A small constant folder: it computes the value of string-building expressions so that
// __import__("o" + "s"), importlib.import_module(chr(111) + chr(115)) and
// getattr(x, base64.b64decode("...").decode()) name their module or attribute. Everything it does
// is bounded: results above maxFoldBytes, lists above maxFoldList, folds deeper than maxFoldDepth,
// and work beyond the pass's budget are "unknown".

const (
	maxFoldBytes = 4 << 10
	maxFoldList  = 1024
	maxFoldDepth = 64
	// foldBytesPerByte and foldBytesFixed bound the bytes of values folding makes in one
	// analysis: per byte of source, and once (for the top-level pass only: an embedded string's
	// pass has no fixed part, or many small strings would multiply it). Every step of folding was
	// charged one unit of the work budget whatever it made, up to maxFoldBytes and more: one 4 KB
	// string's replace() with itself made 16 MB, so that a 4 KB program allocated 2.3 GB and a
	// 16 KB one 9.4 GB (findings/70). Now what a step makes is charged in bytes, before the
	// large intermediates are made, so that folding adds at most about twice foldBytesPerByte to
	// what an analysis allocates per byte (MemoryPerByte; TestMemoryPerByteFolding).
	foldBytesPerByte = 128
	foldBytesFixed   = 64 << 10
	// valueBytes is the size of a Value, what a list item costs.
	valueBytes = int(unsafe.Sizeof(Value{}))
)

// charge takes n bytes made by folding from the pass's allowance and reports whether some is
// left; once none is, every fold is "unknown" (the checks treat it as any value: a finding).
func (p *Pass) charge(n int) bool {
	p.foldBytes -= n
	return p.foldBytes > 0
}

// sizeOf is the bytes a folded value holds (its own, not what its list items share).
func sizeOf(v Value) int {
	return len(v.s) + valueBytes*len(v.l)
}

type ckind uint8

const (
	cNone ckind = iota
	cStr
	cBytes
	cInt
	cList
)

type Value struct {
	k ckind
	s string // str (UTF-8, WTF-8 for lone surrogates) or bytes
	i int64
	l []Value
}

type envVar struct {
	name string
	v    Value
}

type foldResult struct {
	v  Value
	ok bool
}

// foldString folds e to a str value.
func (p *Pass) foldString(e ast.Expr, sc *scope, idx int) (string, bool) {
	if e == nil {
		return "", false
	}
	v, ok := p.fold(e, sc, idx, 0)
	if !ok || v.k != cStr {
		return "", false
	}
	return v.s, true
}

func (p *Pass) fold(e ast.Expr, sc *scope, idx int, depth int) (Value, bool) {
	if e == nil || depth > maxFoldDepth || p.budget <= 0 || p.foldBytes <= 0 {
		return Value{}, false
	}
	p.budget--
	cacheable := len(p.env) == 0
	if cacheable {
		if r, ok := p.foldCache.get(keyOf(e)); ok {
			return r.v, r.ok
		}
	}
	v, ok := p.fold1(e, sc, idx, depth)
	switch e.(type) {
	case *ast.Name, *ast.Constant:
		// A value already made (a binding's, cached) or the tree's own.
	default:
		if ok && !p.charge(sizeOf(v)) {
			v, ok = Value{}, false
		}
	}
	if ok && !fits(v) {
		v, ok = Value{}, false
	}
	if cacheable {
		p.foldCache.put(keyOf(e), foldResult{v, ok})
	}
	return v, ok
}

// heldLists reports whether the list or tuple v has a list or tuple among its items.
func heldLists(v Value) bool {
	for _, x := range v.l {
		if x.k == cList {
			return true
		}
	}
	return false
}

// immutableItems reports whether the display e holds only constants and tuple displays of them:
// nothing a read of an item hands out can be changed in place.
func immutableItems(e ast.Expr, depth int) bool {
	var elts []ast.Expr
	switch d := e.(type) {
	case *ast.Constant, *ast.JoinedStr:
		return true
	case *ast.List:
		elts = d.Elts
	case *ast.Tuple:
		elts = d.Elts
	default:
		return false
	}
	if depth > 0 {
		if _, isTuple := e.(*ast.Tuple); !isTuple {
			return false
		}
	}
	for _, x := range elts {
		if depth > 4 || !immutableItems(x, depth+1) {
			return false
		}
	}
	return true
}

func fits(v Value) bool {
	switch v.k {
	case cStr, cBytes:
		return len(v.s) <= maxFoldBytes
	case cList:
		return len(v.l) <= maxFoldList
	}
	return true
}

func (p *Pass) fold1(e ast.Expr, sc *scope, idx int, depth int) (Value, bool) {
	switch e := e.(type) {
	case *ast.Constant:
		switch v := e.Value.(type) {
		case string:
			return Value{k: cStr, s: v}, true
		case []byte:
			return Value{k: cBytes, s: string(v)}, true
		case *big.Int:
			if v.IsInt64() {
				return Value{k: cInt, i: v.Int64()}, true
			}
		case bool:
			if v {
				return Value{k: cInt, i: 1}, true
			}
			return Value{k: cInt}, true
		case ast.NoneValue:
			return Value{k: cNone}, true
		}
	case *ast.Name:
		for i := len(p.env) - 1; i >= 0; i-- {
			if p.env[i].name == e.Id {
				return p.env[i].v, true
			}
		}
		binds, builtin, _ := p.lookup(e.Id, sc, idx)
		if len(binds) != 1 || binds[0].kind != bAssign || builtin && p.a.mods.builtin[e.Id] {
			return Value{}, false
		}
		b := binds[0]
		if b.busy {
			return Value{}, false
		}
		b.busy = true
		saved := p.env
		p.env = nil
		v, ok := p.fold(b.value, b.scope, b.idx, depth+1)
		p.env = saved
		b.busy = false
		if ok && v.k == cList && (p.mutatedName(e.Id) || heldLists(v) && !immutableItems(b.value, 0)) {
			// parts.append(...) changed the list the display made; a list among its items is
			// handed out by every read (ROWS[0].append(...)).
			return Value{}, false
		}
		return v, ok
	case *ast.JoinedStr:
		var sb strings.Builder
		for _, part := range e.Values {
			switch part := part.(type) {
			case *ast.Constant:
				s, ok := part.Value.(string)
				if !ok {
					return Value{}, false
				}
				sb.WriteString(s)
			case *ast.FormattedValue:
				if part.FormatSpec != nil || part.Conversion == 'r' || part.Conversion == 'a' {
					return Value{}, false
				}
				v, ok := p.fold(part.Value, sc, idx, depth+1)
				if !ok {
					return Value{}, false
				}
				s, ok := strOf(v)
				if !ok {
					return Value{}, false
				}
				sb.WriteString(s)
			default:
				return Value{}, false
			}
			if sb.Len() > maxFoldBytes {
				return Value{}, false
			}
		}
		return Value{k: cStr, s: sb.String()}, true
	case *ast.BinOp:
		l, ok := p.fold(e.Left, sc, idx, depth+1)
		if !ok {
			return Value{}, false
		}
		r, ok := p.fold(e.Right, sc, idx, depth+1)
		if !ok {
			return Value{}, false
		}
		return binop(e.Op, l, r)
	case *ast.UnaryOp:
		v, ok := p.fold(e.Operand, sc, idx, depth+1)
		if !ok || v.k != cInt {
			return Value{}, false
		}
		switch e.Op {
		case ast.USub:
			if v.i == math.MinInt64 {
				return Value{}, false
			}
			return Value{k: cInt, i: -v.i}, true
		case ast.UAdd:
			return v, true
		case ast.Invert:
			return Value{k: cInt, i: ^v.i}, true
		}
	case *ast.Tuple:
		return p.foldList(e.Elts, sc, idx, depth)
	case *ast.List:
		return p.foldList(e.Elts, sc, idx, depth)
	case *ast.Subscript:
		v, ok := p.fold(e.Value, sc, idx, depth+1)
		if !ok {
			return Value{}, false
		}
		return p.subscript(v, e.Slice, sc, idx, depth)
	case *ast.Call:
		return p.foldCall(e, sc, idx, depth)
	case *ast.ListComp:
		return p.foldComp(e.Elt, e.Generators, sc, idx, depth)
	case *ast.GeneratorExp:
		return p.foldComp(e.Elt, e.Generators, sc, idx, depth)
	}
	return Value{}, false
}

func (p *Pass) foldList(elts []ast.Expr, sc *scope, idx int, depth int) (Value, bool) {
	if len(elts) > maxFoldList {
		return Value{}, false
	}
	// From the walker's slab: most displays folded are tuples of names that do not fold, and a
	// heap allocation made before finding that out was most of folding's garbage.
	out := p.w.cvals.slice(len(elts))
	for _, x := range elts {
		v, ok := p.fold(x, sc, idx, depth+1)
		if !ok {
			return Value{}, false
		}
		out = append(out, v)
	}
	return Value{k: cList, l: out}, true
}

// foldComp folds [elt for name in iterable] and its generator form, with one generator, a plain
// name target and constant conditions.
func (p *Pass) foldComp(elt ast.Expr, gens []*ast.Comprehension, sc *scope, idx int, depth int) (Value, bool) {
	if len(gens) != 1 || gens[0] == nil {
		return Value{}, false
	}
	g := gens[0]
	target, ok := g.Target.(*ast.Name)
	if !ok {
		return Value{}, false
	}
	it, ok := p.fold(g.Iter, sc, idx, depth+1)
	if !ok {
		return Value{}, false
	}
	items, ok := p.iterate(it)
	if !ok {
		return Value{}, false
	}
	// The element is evaluated in the comprehension's own scope, found through the walker.
	inner := sc
	out := make([]Value, 0, len(items))
	for _, item := range items {
		p.env = append(p.env, envVar{target.Id, item})
		keep := true
		for _, cond := range g.Ifs {
			c, ok := p.fold(cond, inner, idx, depth+1)
			if !ok {
				p.env = p.env[:len(p.env)-1]
				return Value{}, false
			}
			keep = keep && truthy(c)
		}
		var v Value
		if keep {
			v, ok = p.fold(elt, inner, idx, depth+1)
		}
		p.env = p.env[:len(p.env)-1]
		if !ok {
			return Value{}, false
		}
		if keep {
			out = append(out, v)
		}
	}
	return Value{k: cList, l: out}, true
}

func truthy(v Value) bool {
	switch v.k {
	case cStr, cBytes:
		return v.s != ""
	case cInt:
		return v.i != 0
	case cList:
		return len(v.l) > 0
	}
	return false
}

// iterate is the package's iterate with the items it makes charged to the budget first: a
// 4 KB string is 4,096 items of valueBytes each, made for one step.
func (p *Pass) iterate(v Value) ([]Value, bool) {
	if n := seqLen(v); n > 0 && v.k != cList && !p.charge(n*valueBytes) {
		return nil, false
	}
	return iterate(v)
}

// iterate lists the items of a str (characters), bytes (ints) or list.
func iterate(v Value) ([]Value, bool) {
	switch v.k {
	case cList:
		return v.l, true
	case cStr:
		out := make([]Value, 0, len(v.s))
		for _, r := range v.s {
			out = append(out, Value{k: cStr, s: string(r)})
		}
		return out, true
	case cBytes:
		out := make([]Value, 0, len(v.s))
		for i := 0; i < len(v.s); i++ {
			out = append(out, Value{k: cInt, i: int64(v.s[i])})
		}
		return out, true
	}
	return nil, false
}

func strOf(v Value) (string, bool) {
	switch v.k {
	case cStr:
		return v.s, true
	case cInt:
		return strconv.FormatInt(v.i, 10), true
	}
	return "", false
}

func binop(op ast.Operator, l, r Value) (Value, bool) {
	switch {
	case l.k == cInt && r.k == cInt:
		return intop(op, l.i, r.i)
	case op == ast.Add && l.k == r.k && (l.k == cStr || l.k == cBytes):
		if len(l.s)+len(r.s) > maxFoldBytes {
			return Value{}, false
		}
		return Value{k: l.k, s: l.s + r.s}, true
	case op == ast.Add && l.k == cList && r.k == cList:
		if len(l.l)+len(r.l) > maxFoldList {
			return Value{}, false
		}
		return Value{k: cList, l: append(append([]Value{}, l.l...), r.l...)}, true
	case op == ast.Mult && (l.k == cStr || l.k == cBytes) && r.k == cInt:
		return repeat(l, r.i)
	case op == ast.Mult && l.k == cInt && (r.k == cStr || r.k == cBytes):
		return repeat(r, l.i)
	case op == ast.Mod && l.k == cStr:
		return percent(l.s, r)
	}
	return Value{}, false
}

func repeat(v Value, n int64) (Value, bool) {
	if n <= 0 {
		return Value{k: v.k}, true
	}
	if n > maxFoldBytes || int64(len(v.s))*n > maxFoldBytes {
		return Value{}, false
	}
	return Value{k: v.k, s: strings.Repeat(v.s, int(n))}, true
}

func intop(op ast.Operator, a, b int64) (Value, bool) {
	const lim = 1 << 53 // keep far from overflow; obfuscation arithmetic is small
	if a > lim || a < -lim || b > lim || b < -lim {
		return Value{}, false
	}
	var r int64
	switch op {
	case ast.Add:
		r = a + b
	case ast.Sub:
		r = a - b
	case ast.Mult:
		if a != 0 && (b > lim/abs(a) || b < -lim/abs(a)) {
			return Value{}, false
		}
		r = a * b
	case ast.FloorDiv, ast.Mod:
		if b == 0 {
			return Value{}, false
		}
		q, m := a/b, a%b
		if m != 0 && (m < 0) != (b < 0) { // Python floors
			q--
			m += b
		}
		if op == ast.FloorDiv {
			r = q
		} else {
			r = m
		}
	case ast.BitXor:
		r = a ^ b
	case ast.BitAnd:
		r = a & b
	case ast.BitOr:
		r = a | b
	case ast.LShift:
		if b < 0 || b > 52 {
			return Value{}, false
		}
		r = a << uint(b)
	case ast.RShift:
		if b < 0 {
			return Value{}, false
		}
		if b > 62 {
			b = 62
		}
		r = a >> uint(b)
	case ast.Pow:
		if b < 0 || b > 64 {
			return Value{}, false
		}
		r = 1
		for i := int64(0); i < b; i++ {
			r *= a
			if r > lim || r < -lim {
				return Value{}, false
			}
		}
	default:
		return Value{}, false
	}
	return Value{k: cInt, i: r}, true
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// percent is str % args for %s, %d, %i, %c, %x, %o and %%.
func percent(format string, args Value) (Value, bool) {
	items := []Value{args}
	if args.k == cList {
		items = args.l
	}
	var sb strings.Builder
	n := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(format) {
			return Value{}, false
		}
		if format[i] == '%' {
			sb.WriteByte('%')
			continue
		}
		if n >= len(items) {
			return Value{}, false
		}
		v := items[n]
		n++
		switch format[i] {
		case 's':
			s, ok := strOf(v)
			if !ok {
				return Value{}, false
			}
			sb.WriteString(s)
		case 'd', 'i':
			if v.k != cInt {
				return Value{}, false
			}
			sb.WriteString(strconv.FormatInt(v.i, 10))
		case 'x':
			if v.k != cInt {
				return Value{}, false
			}
			sb.WriteString(strconv.FormatInt(v.i, 16))
		case 'o':
			if v.k != cInt {
				return Value{}, false
			}
			sb.WriteString(strconv.FormatInt(v.i, 8))
		case 'c':
			switch {
			case v.k == cInt && v.i >= 0 && v.i <= unicode_max:
				sb.WriteRune(rune(v.i))
			case v.k == cStr && utf8.RuneCountInString(v.s) == 1:
				sb.WriteString(v.s)
			default:
				return Value{}, false
			}
		default:
			return Value{}, false
		}
		if sb.Len() > maxFoldBytes {
			return Value{}, false
		}
	}
	if n != len(items) {
		return Value{}, false
	}
	return Value{k: cStr, s: sb.String()}, true
}

const unicode_max = 0x10FFFF

func (p *Pass) subscript(v Value, slice ast.Expr, sc *scope, idx int, depth int) (Value, bool) {
	n := seqLen(v)
	if n < 0 {
		return Value{}, false
	}
	if s, ok := slice.(*ast.Slice); ok {
		get := func(e ast.Expr) (int64, bool, bool) { // value, present, ok
			if e == nil {
				return 0, false, true
			}
			x, ok := p.fold(e, sc, idx, depth+1)
			if !ok {
				return 0, false, false
			}
			if x.k == cNone {
				return 0, false, true
			}
			if x.k != cInt {
				return 0, false, false
			}
			return x.i, true, true
		}
		lo, hasLo, ok1 := get(s.Lower)
		hi, hasHi, ok2 := get(s.Upper)
		st, hasSt, ok3 := get(s.Step)
		if !ok1 || !ok2 || !ok3 {
			return Value{}, false
		}
		if !hasSt {
			st = 1
		}
		if st == 0 {
			return Value{}, false
		}
		if !p.charge(n * (8 + valueBytes)) { // the indices, and the items or runes picked
			return Value{}, false
		}
		picks := sliceIndices(int64(n), lo, hasLo, hi, hasHi, st)
		return pick(v, picks), true
	}
	x, ok := p.fold(slice, sc, idx, depth+1)
	if !ok || x.k != cInt {
		return Value{}, false
	}
	i := x.i
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return Value{}, false
	}
	switch v.k {
	case cStr:
		for _, r := range v.s { // the i-th rune, without a copy of the string as runes
			if i == 0 {
				return Value{k: cStr, s: string(r)}, true
			}
			i--
		}
		return Value{}, false
	case cBytes:
		return Value{k: cInt, i: int64(v.s[i])}, true
	case cList:
		return v.l[i], true
	}
	return Value{}, false
}

func seqLen(v Value) int {
	switch v.k {
	case cStr:
		return utf8.RuneCountInString(v.s)
	case cBytes:
		return len(v.s)
	case cList:
		return len(v.l)
	}
	return -1
}

// sliceIndices follows Python's slice.indices.
func sliceIndices(n, lo int64, hasLo bool, hi int64, hasHi bool, st int64) []int64 {
	clamp := func(x, def int64, has bool, low, high int64) int64 {
		if !has {
			return def
		}
		if x < 0 {
			x += n
			if x < low {
				x = low
			}
		} else if x > high {
			x = high
		}
		return x
	}
	var out []int64
	if st > 0 {
		start := clamp(lo, 0, hasLo, 0, n)
		stop := clamp(hi, n, hasHi, 0, n)
		for i := start; i < stop; i += st {
			out = append(out, i)
		}
	} else {
		start := clamp(lo, n-1, hasLo, -1, n-1)
		stop := clamp(hi, -1, hasHi, -1, n-1)
		for i := start; i > stop; i += st {
			out = append(out, i)
		}
	}
	return out
}

func pick(v Value, idxs []int64) Value {
	switch v.k {
	case cStr:
		rs := []rune(v.s)
		out := make([]rune, 0, len(idxs))
		for _, i := range idxs {
			out = append(out, rs[i])
		}
		return Value{k: cStr, s: string(out)}
	case cBytes:
		out := make([]byte, 0, len(idxs))
		for _, i := range idxs {
			out = append(out, v.s[i])
		}
		return Value{k: cBytes, s: string(out)}
	}
	out := make([]Value, 0, len(idxs))
	for _, i := range idxs {
		out = append(out, v.l[i])
	}
	return Value{k: cList, l: out}
}

// foldCall folds calls of builtins, decoders and str/bytes methods on folded receivers.
func (p *Pass) foldCall(e *ast.Call, sc *scope, idx int, depth int) (Value, bool) {
	for _, k := range e.Keywords {
		if k.Arg == nil {
			return Value{}, false
		}
	}
	args := make([]Value, 0, len(e.Args))
	for _, a := range e.Args {
		if _, ok := a.(*ast.Starred); ok {
			return Value{}, false
		}
	}
	argAt := func(i int, kw string) (Value, bool, bool) { // value, present, ok
		if i < len(e.Args) {
			if i < len(args) {
				return args[i], true, true
			}
			v, ok := p.fold(e.Args[i], sc, idx, depth+1)
			return v, true, ok
		}
		for _, k := range e.Keywords {
			if *k.Arg == kw {
				v, ok := p.fold(k.Value, sc, idx, depth+1)
				return v, true, ok
			}
		}
		return Value{}, false, true
	}
	// Method call on a folded str or bytes receiver.
	if at, ok := e.Func.(*ast.Attribute); ok {
		if recv, ok := p.fold(at.Value, sc, idx, depth+1); ok && (recv.k == cStr || recv.k == cBytes) {
			return p.method(recv, at.Attr, e, argAt)
		}
	}
	refs := p.resolveD(e.Func, sc, idx, 0)
	if len(refs) != 1 {
		return Value{}, false
	}
	if refs[0].Qual == "builtins.map" {
		return p.foldMap(e, sc, idx, depth)
	}
	a0, has0, ok := argAt(0, "")
	if !ok {
		return Value{}, false
	}
	switch refs[0].Qual {
	case "builtins.chr":
		if has0 && a0.k == cInt && a0.i >= 0 && a0.i <= unicode_max && !(a0.i >= 0xD800 && a0.i <= 0xDFFF) {
			return Value{k: cStr, s: string(rune(a0.i))}, true
		}
	case "builtins.ord":
		if has0 && (a0.k == cStr && utf8.RuneCountInString(a0.s) == 1) {
			r, _ := utf8.DecodeRuneInString(a0.s)
			return Value{k: cInt, i: int64(r)}, true
		}
		if has0 && a0.k == cBytes && len(a0.s) == 1 {
			return Value{k: cInt, i: int64(a0.s[0])}, true
		}
	case "builtins.str":
		if !has0 {
			return Value{k: cStr}, true
		}
		if a1, has1, ok := argAt(1, "encoding"); ok && has1 && a0.k == cBytes && a1.k == cStr {
			return decodeBytes(a0.s, a1.s)
		}
		if s, ok := strOf(a0); ok {
			return Value{k: cStr, s: s}, true
		}
	case "builtins.int":
		if has0 && a0.k == cInt {
			return a0, true
		}
		if has0 && a0.k == cStr {
			base := int64(10)
			if b, has, ok := argAt(1, "base"); ok && has && b.k == cInt {
				base = b.i
			}
			if base < 2 || base > 36 {
				return Value{}, false
			}
			n, err := strconv.ParseInt(strings.ReplaceAll(strings.TrimSpace(a0.s), "_", ""), int(base), 64)
			if err == nil {
				return Value{k: cInt, i: n}, true
			}
		}
	case "builtins.bytes", "builtins.bytearray":
		if has0 && a0.k == cList {
			b := make([]byte, 0, len(a0.l))
			for _, x := range a0.l {
				if x.k != cInt || x.i < 0 || x.i > 255 {
					return Value{}, false
				}
				b = append(b, byte(x.i))
			}
			return Value{k: cBytes, s: string(b)}, true
		}
		if has0 && a0.k == cStr {
			if a1, has1, ok := argAt(1, "encoding"); ok && has1 && a1.k == cStr {
				return encodeStr(a0.s, a1.s)
			}
		}
		if has0 && a0.k == cBytes {
			return a0, true
		}
	case "builtins.list", "builtins.tuple":
		if has0 {
			items, ok := p.iterate(a0)
			if ok {
				return Value{k: cList, l: items}, true
			}
		}
	case "builtins.reversed":
		if has0 {
			items, ok := p.iterate(a0)
			if ok {
				out := make([]Value, len(items))
				for i, x := range items {
					out[len(items)-1-i] = x
				}
				return Value{k: cList, l: out}, true
			}
		}
	case "builtins.bytes.fromhex", "builtins.bytearray.fromhex", "binascii.unhexlify", "binascii.a2b_hex", "base64.b16decode":
		if has0 && (a0.k == cStr || a0.k == cBytes) {
			b, err := hex.DecodeString(strings.Join(strings.Fields(a0.s), ""))
			if err == nil {
				return Value{k: cBytes, s: string(b)}, true
			}
		}
	case "base64.b64decode", "base64.standard_b64decode", "base64.decodebytes", "binascii.a2b_base64":
		if has0 && (a0.k == cStr || a0.k == cBytes) {
			return b64(a0.s, base64.StdEncoding)
		}
	case "base64.urlsafe_b64decode":
		if has0 && (a0.k == cStr || a0.k == cBytes) {
			return b64(a0.s, base64.URLEncoding)
		}
	case "base64.b32decode":
		if has0 && (a0.k == cStr || a0.k == cBytes) {
			b, err := base32.StdEncoding.DecodeString(a0.s)
			if err == nil {
				return Value{k: cBytes, s: string(b)}, true
			}
		}
	case "base64.a85decode":
		if has0 && (a0.k == cStr || a0.k == cBytes) {
			dst := make([]byte, 4*len(a0.s))
			n, _, err := ascii85.Decode(dst, []byte(a0.s), true)
			if err == nil {
				return Value{k: cBytes, s: string(dst[:n])}, true
			}
		}
	case "base64.b64encode", "base64.standard_b64encode":
		if has0 && a0.k == cBytes {
			return Value{k: cBytes, s: base64.StdEncoding.EncodeToString([]byte(a0.s))}, true
		}
	case "zlib.decompress":
		if has0 && a0.k == cBytes {
			r, err := zlib.NewReader(strings.NewReader(a0.s))
			if err == nil {
				b, err := io.ReadAll(io.LimitReader(r, maxFoldBytes+1))
				if err == nil && len(b) <= maxFoldBytes {
					return Value{k: cBytes, s: string(b)}, true
				}
			}
		}
	case "codecs.decode", "codecs.encode":
		enc := "utf-8"
		if a1, has1, ok := argAt(1, "encoding"); ok && has1 && a1.k == cStr {
			enc = a1.s
		} else if !ok {
			return Value{}, false
		}
		if has0 {
			return codec(a0, enc, refs[0].Qual == "codecs.decode")
		}
	}
	return Value{}, false
}

// foldMap folds map(chr|str|ord, iterable).
func (p *Pass) foldMap(e *ast.Call, sc *scope, idx int, depth int) (Value, bool) {
	if len(e.Args) != 2 {
		return Value{}, false
	}
	fn := p.resolveD(e.Args[0], sc, idx, 0)
	it, ok := p.fold(e.Args[1], sc, idx, depth+1)
	items, ok2 := p.iterate(it)
	if !ok || !ok2 || len(fn) != 1 {
		return Value{}, false
	}
	out := make([]Value, 0, len(items))
	for _, x := range items {
		var v Value
		switch {
		case fn[0].Qual == "builtins.chr" && x.k == cInt && x.i >= 0 && x.i <= unicode_max && !(x.i >= 0xD800 && x.i <= 0xDFFF):
			v = Value{k: cStr, s: string(rune(x.i))}
		case fn[0].Qual == "builtins.str":
			s, ok := strOf(x)
			if !ok {
				return Value{}, false
			}
			v = Value{k: cStr, s: s}
		case fn[0].Qual == "builtins.ord" && x.k == cStr && utf8.RuneCountInString(x.s) == 1:
			r, _ := utf8.DecodeRuneInString(x.s)
			v = Value{k: cInt, i: int64(r)}
		default:
			return Value{}, false
		}
		out = append(out, v)
	}
	return Value{k: cList, l: out}, true
}

func b64(s string, enc *base64.Encoding) (Value, bool) {
	// Python's b64decode drops characters outside the alphabet (validate=False) and needs padding.
	var clean strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '=' ||
			(enc == base64.StdEncoding && (c == '+' || c == '/')) || (enc == base64.URLEncoding && (c == '-' || c == '_')) {
			clean.WriteByte(c)
		}
	}
	b, err := enc.DecodeString(clean.String())
	if err != nil {
		return Value{}, false
	}
	return Value{k: cBytes, s: string(b)}, true
}

// codec applies the codecs.decode/encode text transforms attackers use to hide names.
func codec(v Value, enc string, decode bool) (Value, bool) {
	switch normCodec(enc) {
	case "rot13", "rot_13":
		if v.k != cStr {
			return Value{}, false
		}
		return Value{k: cStr, s: rot13(v.s)}, true
	case "hex", "hex_codec":
		if v.k != cBytes && v.k != cStr {
			return Value{}, false
		}
		if decode {
			b, err := hex.DecodeString(v.s)
			if err != nil {
				return Value{}, false
			}
			return Value{k: cBytes, s: string(b)}, true
		}
		return Value{k: cBytes, s: hex.EncodeToString([]byte(v.s))}, true
	case "base64", "base64_codec", "base_64":
		if v.k != cBytes && v.k != cStr {
			return Value{}, false
		}
		if decode {
			return b64(v.s, base64.StdEncoding)
		}
		return Value{k: cBytes, s: base64.StdEncoding.EncodeToString([]byte(v.s)) + "\n"}, true
	}
	if decode && v.k == cBytes {
		return decodeBytes(v.s, enc)
	}
	if !decode && v.k == cStr {
		return encodeStr(v.s, enc)
	}
	return Value{}, false
}

func normCodec(enc string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(enc)), "-", "_")
}

func rot13(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + (c-'A'+13)%26
		}
	}
	return string(b)
}

func decodeBytes(b, enc string) (Value, bool) {
	switch normCodec(enc) {
	case "utf_8", "utf8", "u8", "":
		if !utf8.ValidString(b) {
			return Value{}, false
		}
		return Value{k: cStr, s: b}, true
	case "ascii", "us_ascii":
		for i := 0; i < len(b); i++ {
			if b[i] >= 0x80 {
				return Value{}, false
			}
		}
		return Value{k: cStr, s: b}, true
	case "latin_1", "latin1", "iso_8859_1", "iso8859_1", "l1":
		rs := make([]rune, len(b))
		for i := 0; i < len(b); i++ {
			rs[i] = rune(b[i])
		}
		return Value{k: cStr, s: string(rs)}, true
	}
	return Value{}, false
}

func encodeStr(s, enc string) (Value, bool) {
	switch normCodec(enc) {
	case "utf_8", "utf8", "u8", "":
		return Value{k: cBytes, s: s}, true
	case "ascii", "us_ascii", "latin_1", "latin1", "iso_8859_1", "iso8859_1", "l1":
		limit := rune(0x7f)
		if n := normCodec(enc); n != "ascii" && n != "us_ascii" {
			limit = 0xff
		}
		var out []byte
		for _, r := range s {
			if r > limit {
				return Value{}, false
			}
			out = append(out, byte(r))
		}
		return Value{k: cBytes, s: string(out)}, true
	}
	return Value{}, false
}

// method folds str and bytes methods.
func (p *Pass) method(recv Value, name string, e *ast.Call, argAt func(int, string) (Value, bool, bool)) (Value, bool) {
	a0, has0, ok0 := argAt(0, "")
	a1, has1, ok1 := argAt(1, "")
	if !ok0 || !ok1 {
		return Value{}, false
	}
	same := func(v Value) bool { return v.k == recv.k }
	switch name {
	case "lower":
		return Value{k: recv.k, s: pyLower(recv)}, true
	case "upper":
		return Value{k: recv.k, s: pyUpper(recv)}, true
	case "casefold":
		if recv.k == cStr {
			return Value{k: cStr, s: strings.ToLower(recv.s)}, true
		}
	case "swapcase":
		var sb strings.Builder
		for _, r := range recv.s {
			switch {
			case r >= 'a' && r <= 'z':
				sb.WriteRune(r - 32)
			case r >= 'A' && r <= 'Z':
				sb.WriteRune(r + 32)
			default:
				sb.WriteRune(r)
			}
		}
		return Value{k: recv.k, s: sb.String()}, true
	case "replace":
		if has0 && has1 && same(a0) && same(a1) {
			n := -1
			if a2, has2, ok := argAt(2, "count"); ok && has2 && a2.k == cInt {
				n = int(a2.i)
			}
			// The result's length first: a 4 KB string's every byte replaced by 4 KB is 16 MB.
			m := strings.Count(recv.s, a0.s)
			if n >= 0 && n < m {
				m = n
			}
			if len(recv.s)+m*(len(a1.s)-len(a0.s)) > maxFoldBytes {
				return Value{}, false
			}
			out := strings.Replace(recv.s, a0.s, a1.s, n)
			return Value{k: recv.k, s: out}, len(out) <= maxFoldBytes
		}
	case "strip", "lstrip", "rstrip":
		cut := " \t\n\r\x0b\x0c"
		if has0 {
			if a0.k == cNone {
			} else if same(a0) {
				cut = a0.s
			} else {
				return Value{}, false
			}
		}
		s := recv.s
		switch name {
		case "strip":
			s = strings.Trim(s, cut)
		case "lstrip":
			s = strings.TrimLeft(s, cut)
		default:
			s = strings.TrimRight(s, cut)
		}
		return Value{k: recv.k, s: s}, true
	case "removeprefix":
		if has0 && same(a0) {
			return Value{k: recv.k, s: strings.TrimPrefix(recv.s, a0.s)}, true
		}
	case "removesuffix":
		if has0 && same(a0) {
			return Value{k: recv.k, s: strings.TrimSuffix(recv.s, a0.s)}, true
		}
	case "join":
		if !has0 {
			return Value{}, false
		}
		items, ok := p.iterate(a0)
		if !ok {
			return Value{}, false
		}
		parts := make([]string, 0, len(items))
		total := 0
		for _, x := range items {
			if x.k != recv.k {
				return Value{}, false
			}
			total += len(x.s) + len(recv.s)
			if total > maxFoldBytes+len(recv.s) {
				return Value{}, false
			}
			parts = append(parts, x.s)
		}
		return Value{k: recv.k, s: strings.Join(parts, recv.s)}, true
	case "decode":
		if recv.k == cBytes {
			enc := "utf-8"
			if has0 {
				if a0.k != cStr {
					return Value{}, false
				}
				enc = a0.s
			} else if v, has, ok := argAt(99, "encoding"); ok && has && v.k == cStr {
				enc = v.s
			}
			return codec(recv, enc, true)
		}
	case "encode":
		if recv.k == cStr {
			enc := "utf-8"
			if has0 {
				if a0.k != cStr {
					return Value{}, false
				}
				enc = a0.s
			} else if v, has, ok := argAt(99, "encoding"); ok && has && v.k == cStr {
				enc = v.s
			}
			return codec(recv, enc, false)
		}
	case "format":
		if recv.k != cStr || len(e.Keywords) > 0 {
			return Value{}, false
		}
		var args []Value
		for i := range e.Args {
			v, _, ok := argAt(i, "")
			if !ok {
				return Value{}, false
			}
			args = append(args, v)
		}
		return formatPlain(recv.s, args)
	case "title", "capitalize":
		if recv.k == cStr && IsASCII(recv.s) {
			b := []byte(strings.ToLower(recv.s))
			up := true
			for i, c := range b {
				isLetter := c >= 'a' && c <= 'z'
				if up && isLetter {
					b[i] = c - 32
				}
				if name == "capitalize" {
					up = false
				} else {
					up = !isLetter
				}
			}
			return Value{k: cStr, s: string(b)}, true
		}
	}
	return Value{}, false
}

// IsASCII reports whether s is all ASCII.
func IsASCII(s string) bool {
	// Eight bytes at a time (the compiler merges the loads): whole sources go through here.
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func pyLower(v Value) string {
	if v.k == cBytes || IsASCII(v.s) {
		return string(bytes.ToLower([]byte(v.s)))
	}
	return strings.ToLower(v.s)
}

func pyUpper(v Value) string {
	if v.k == cBytes || IsASCII(v.s) {
		return string(bytes.ToUpper([]byte(v.s)))
	}
	return strings.ToUpper(v.s)
}

// formatPlain folds "...{}...{0}...".format(args) with automatic or numbered fields and no
// conversion or format spec.
func formatPlain(f string, args []Value) (Value, bool) {
	var sb strings.Builder
	auto := 0
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '{' && i+1 < len(f) && f[i+1] == '{':
			sb.WriteByte('{')
			i++
		case c == '}' && i+1 < len(f) && f[i+1] == '}':
			sb.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(f[i:], '}')
			if end < 0 {
				return Value{}, false
			}
			field := f[i+1 : i+end]
			n := auto
			if field == "" {
				auto++
			} else {
				x, err := strconv.Atoi(field)
				if err != nil {
					return Value{}, false
				}
				n = x
			}
			if n < 0 || n >= len(args) {
				return Value{}, false
			}
			s, ok := strOf(args[n])
			if !ok {
				return Value{}, false
			}
			sb.WriteString(s)
			i += end
		case c == '}':
			return Value{}, false
		default:
			sb.WriteByte(c)
		}
		if sb.Len() > maxFoldBytes {
			return Value{}, false
		}
	}
	return Value{k: cStr, s: sb.String()}, true
}
