// Package parser parses Python 3.11 source into the tree of package ast, accepting and rejecting exactly what
// CPython 3.11's ast.parse does and giving every node CPython's positions.
//
// It is a hand-written PEG parser that follows Grammar/python.gram rule by rule. CPython runs its grammar twice:
// once without the invalid_* rules, and, only when that fails, again with them to pick a better message. The
// second pass never turns a failure into a success, so the accept/reject decision is the first pass alone; this
// parser implements that pass (plus the semantic checks CPython's actions make during it: string literals,
// f-strings, complex-number patterns, number literals) and reports failures as CPython's generic
// "invalid syntax" at the furthest token reached, with a few of CPython's specific messages.
//
// Left-recursive rules (primary, t_primary, the binary operators, dotted_name, attr) are loops. Rules whose
// alternatives share a prefix are factored so that no input is parsed more than a bounded number of times;
// expression, arguments and the target rules are memoized, as in CPython.
//
// Limits: recursion is bounded (maxDepth, "too complex" errors) so no input can exhaust the Go stack, and trees
// deeper than ast.parse can return (maxTreeDepth) are rejected, as CPython rejects them with RecursionError.
// Source decoding and tokenizer errors come from package token, which tokenizes the whole file first; CPython
// tokenizes lazily, so for a file with both a syntax error and a later tokenizer error the message (never the
// decision) can differ.
package parser

import (
	"fmt"
	"sync"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// maxDepth bounds the parser's recursion. Every recursive rule counts one level; CPython's generated parser
// counts at least as many levels for the same input against its MAXSTACK of 6000, so anything CPython can
// parse stays within this bound.
const maxDepth = 6000

// maxTreeDepth is the deepest tree ast.parse can return: CPython converts the tree to Python objects with a
// recursion limit of 3 * sys.getrecursionlimit() (3000) minus what the caller's frames already use, and
// raises RecursionError beyond it. 2991 nodes on one root-to-leaf path (counting Module) is the limit seen from
// a module-level call of ast.parse.
const maxTreeDepth = 2991

// Parse parses a module as CPython 3.11's ast.parse(src) does (mode "exec", no type comments). filename is used
// only in error messages. The error, if any, is a *token.SyntaxError.
func Parse(src []byte, filename string) (mod *ast.Module, err error) {
	defer recoverInternal(&mod, &err)
	text, _, err := token.Decode(src)
	if err != nil {
		return nil, asSyntaxError(err)
	}
	return ParseText(text, filename)
}

// ParseText is Parse for source already decoded by token.Decode, for callers that need the text
// too and would otherwise decode twice.
func ParseText(text string, filename string) (mod *ast.Module, err error) {
	defer recoverInternal(&mod, &err)
	toks, part, terr := token.TokenizeTextPartial(text)
	if terr != nil {
		return nil, asSyntaxError(terr)
	}
	p := newParser(toks)
	defer p.release()
	p.a = newArena(p)
	m := p.file()
	if part.Err != nil {
		return nil, p.tokenizerError(m, part)
	}
	if p.err != nil {
		return nil, p.err
	}
	if m == nil {
		return nil, p.syntaxError()
	}
	if e := checkTreeDepth(p.deep); e != nil {
		return nil, e
	}
	return m, nil
}

// tokenizerError picks the error CPython 3.11 reports for a source its tokenizer fails on, given the
// parse of the tokens before the failure (m, and p's own error). CPython tokenizes as its parser asks
// for tokens (Parser/pegen.c, Parser/pegen_errors.c), so:
//   - a parser that reached the failing token reports the tokenizer's error;
//   - otherwise the parser's own error comes first. CPython then tokenizes the rest of the source: an
//     error its tokenizer raises replaces the parser's, and so does a bracket left open at the end when
//     it was opened on a line before the one the parser stopped at. Neither replaces "unexpected
//     indent", which CPython settles before it tokenizes the rest. Errors the tokenizer leaves to the
//     parser (indentation, a stray backslash, a character no rule accepts) replace nothing.
//
// Only the message and position depend on this: a source with a tokenizer error is always rejected.
func (p *parser) tokenizerError(m *ast.Module, part token.Partial) *token.SyntaxError {
	if m != nil || p.far >= part.At {
		return part.Err
	}
	e := p.err
	if e == nil {
		e = p.syntaxError()
	}
	switch {
	case e.Msg == "unexpected indent":
		return e
	case part.Raised(), part.Unclosed() && part.Err.Line < p.tok(p.far).Start.Line:
		return part.Err
	}
	return e
}

// recoverInternal is the last-resort guard: a bug in the front end must become a parse error (fail
// closed), not a crash. It is deferred directly, so recover sees the panic.
func recoverInternal(mod **ast.Module, err *error) {
	if r := recover(); r != nil {
		*mod = nil
		*err = &token.SyntaxError{Kind: "SyntaxError", Msg: fmt.Sprintf("internal parser error: %v", r), Line: 1}
	}
}

func asSyntaxError(err error) *token.SyntaxError {
	if se, ok := err.(*token.SyntaxError); ok {
		return se
	}
	return &token.SyntaxError{Kind: "SyntaxError", Msg: err.Error(), Line: 1}
}

// deepStatementTokens is the fewest tokens (f-string fields' included) of a top-level statement whose tree
// can be too deep: every node that can nest without bound takes at least one token of its own, and the
// statement is at depth 2, below Module.
const deepStatementTokens = maxTreeDepth - 32

// checkTreeDepth rejects trees deeper than CPython can hand back, without recursing. Only the top-level
// statements with at least deepStatementTokens tokens (deep, as file lists them) can be, so only they are
// walked, in the order a walk of the whole module would take (last statement first).
func checkTreeDepth(deep []ast.Stmt) *token.SyntaxError {
	if len(deep) == 0 {
		return nil
	}
	type item struct {
		n     ast.Node
		depth int
	}
	var stack []item
	for _, s := range deep {
		stack = append(stack, item{s, 2})
	}
	var kids []ast.Node
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.depth > maxTreeDepth {
			line := 1
			if l, ok := it.n.(ast.Located); ok {
				line = l.Location().Lineno
			}
			return &token.SyntaxError{Kind: "SyntaxError", Line: line,
				Msg: fmt.Sprintf("too complex: expression nested more than %d levels deep; split it into smaller statements", maxTreeDepth)}
		}
		kids = ast.AppendChildren(kids[:0], it.n)
		for _, c := range kids {
			stack = append(stack, item{c, it.depth + 1})
		}
	}
	return nil
}

// parser is the state of one parse over a token slice.
type parser struct {
	toks *token.Stream
	tt   []tt   // classified kind of each token
	a    *arena // where the tree's nodes are allocated
	// An f-string field's expression is tokenized on its own; lineShift and colShift place its tokens in the
	// file (the column shift applies to tokens that end on the field's first line, as in CPython).
	lineShift, colShift int
	pos                 int
	far                 int // furthest token index examined, for the error location
	err                 *token.SyntaxError
	// depth counts active recursive rules.
	depth int
	// subTokens counts the tokens of f-string replacement fields, which have their own token slices; the
	// tree-depth check needs the total.
	subTokens int
	// deep lists the top-level statements with deepStatementTokens tokens or more (see checkTreeDepth).
	deep []ast.Stmt
	// memo[r][i-memoBase] is 0 when rule r was not tried at token i, -1 when it failed, else 1+index into
	// memoResults. Backtracking never goes back past the start of a top-level statement, so the tables are
	// cleared there and only ever cover one top-level statement: memory stays proportional to the largest
	// statement, not to the file.
	memo        [numMemoRules][]int32
	memoResults []memoVal
	memoBase    int
	memoUsed    int // 1 + the highest relative index set since the last reset
}

// node is an Expr, not a Node, because every memoized rule returns one: converting between interface
// types is a runtime call per memoized result.
type memoVal struct {
	node ast.Expr
	end  int32
}

type rule uint8

const (
	ruleExpression rule = iota
	ruleTPrimary
	ruleStarTarget
	ruleTargetWithStarAtom
	ruleDelTarget
	ruleArguments
	numMemoRules
)

// parsers keeps released parsers for their tables (token kinds, memo): a check parses many small files and
// every f-string field gets a parser of its own.
var parsers sync.Pool

func newParser(toks *token.Stream) *parser {
	p, _ := parsers.Get().(*parser)
	if p == nil {
		p = &parser{}
	}
	*p = parser{toks: toks, tt: p.tt[:0], memo: p.memo, memoResults: p.memoResults[:0]}
	if n := toks.Len(); cap(p.tt) < n {
		p.tt = make([]tt, 0, n)
	}
	toks.EachKindText(func(k token.Kind, text string) { p.tt = append(p.tt, classify(k, text)) })
	return p
}

// release returns p and its token stream for reuse; nothing read from them may be used afterwards except
// the tree, which holds no reference to either.
func (p *parser) release() {
	p.resetMemo(0)
	p.toks.Release()
	p.toks, p.a, p.err, p.deep = nil, nil, nil, nil
	if cap(p.tt) > maxPooledTokens {
		p.tt = nil
		p.memo = [numMemoRules][]int32{}
		p.memoResults = nil
	}
	parsers.Put(p)
}

// maxPooledTokens bounds the tables a released parser keeps, so one huge file does not pin its tables.
const maxPooledTokens = 1 << 16

// tok is token i with its position in the file.
func (p *parser) tok(i int) token.Token {
	t := p.toks.Token(i)
	if p.lineShift != 0 || p.colShift != 0 {
		if t.End.Line == 1 {
			t.Start.Col += p.colShift
			t.End.Col += p.colShift
		}
		t.Start.Line += p.lineShift
		t.End.Line += p.lineShift
	}
	return t
}

// startPos and endPos are tok(i).Start and tok(i).End without building the whole token (node spans need
// only these, for every node).
func (p *parser) startPos(i int) token.Pos {
	if p.lineShift == 0 && p.colShift == 0 {
		return p.toks.Start(i)
	}
	return p.tok(i).Start
}

func (p *parser) endPos(i int) token.Pos {
	if p.lineShift == 0 && p.colShift == 0 {
		return p.toks.End(i)
	}
	return p.tok(i).End
}

// text is the source text of token i (see token.Token.Text).
func (p *parser) text(i int) string { return p.toks.Text(i) }

// enter is called at the start of every recursive rule; it fails when an error is pending or the parse is
// too deep. Pair it with leave.
func (p *parser) enter() bool {
	if p.err != nil {
		return false
	}
	p.depth++
	if p.depth > maxDepth {
		t := p.tok(p.pos)
		p.err = &token.SyntaxError{Kind: "SyntaxError", Line: t.Start.Line, Col: t.Start.Col,
			Msg: "too complex: source nested too deeply for the parser; simplify the expression"}
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// peek returns the classified kind of the current token.
func (p *parser) peek() tt {
	if p.pos > p.far {
		p.far = p.pos
	}
	return p.tt[p.pos]
}

func (p *parser) peekAt(i int) tt {
	j := p.pos + i
	if j >= len(p.tt) {
		return tEOF
	}
	if j > p.far {
		p.far = j
	}
	return p.tt[j]
}

// expect consumes the current token when it is of kind k.
func (p *parser) expect(k tt) bool {
	if p.peek() == k {
		p.pos++
		return true
	}
	return false
}

// expectForced is CPython's &&token: a missing token is an immediate error.
func (p *parser) expectForced(k tt, what string) bool {
	if p.err != nil {
		return false
	}
	if p.expect(k) {
		return true
	}
	t := p.tok(p.pos)
	p.err = &token.SyntaxError{Kind: "SyntaxError", Msg: "expected '" + what + "'", Line: t.Start.Line, Col: t.Start.Col}
	return false
}

// loc is the span from token start to the last non-whitespace token consumed (CPython's EXTRA).
func (p *parser) loc(start int) ast.Loc {
	s := p.startPos(start)
	e := p.lastEnd()
	return ast.Loc{Lineno: s.Line, ColOffset: s.Col, EndLineno: e.Line, EndColOffset: e.Col}
}

func (p *parser) lastEnd() token.Pos {
	for m := p.pos - 1; m >= 0; m-- {
		switch p.tt[m] {
		case tEOF, tNEWLINE, tINDENT, tDEDENT:
			continue
		}
		return p.endPos(m)
	}
	return p.endPos(0)
}

// span is the location from the start of token from to the end of token to.
func (p *parser) span(from, to int) ast.Loc {
	s, e := p.startPos(from), p.endPos(to)
	return ast.Loc{Lineno: s.Line, ColOffset: s.Col, EndLineno: e.Line, EndColOffset: e.Col}
}

// errorAt records an error located at token i (the first error wins, as in CPython).
func (p *parser) errorAt(i int, msg string) {
	if p.err != nil {
		return
	}
	t := p.tok(i)
	p.err = &token.SyntaxError{Kind: "SyntaxError", Msg: msg, Line: t.Start.Line, Col: t.Start.Col,
		EndLine: t.End.Line, EndCol: t.End.Col}
}

// syntaxError builds the generic error for a failed parse, at the furthest token examined.
func (p *parser) syntaxError() *token.SyntaxError {
	i := p.far
	if i >= p.toks.Len() {
		i = p.toks.Len() - 1
	}
	t := p.tok(i)
	if p.tt[i] != kwExcept && p.tt[i] != kwFinally && p.tryEndsAt(i) {
		at := t.Start
		if p.tt[i] == tEOF {
			at = p.toks.LastLineEnd()
		}
		return &token.SyntaxError{Kind: "SyntaxError", Msg: "expected 'except' or 'finally' block", Line: at.Line, Col: at.Col}
	}
	switch p.tt[i] {
	case tINDENT:
		return &token.SyntaxError{Kind: "IndentationError", Msg: "unexpected indent", Line: t.Start.Line, Col: t.Start.Col}
	case tEOF:
		return &token.SyntaxError{Kind: "SyntaxError", Msg: "invalid syntax", Line: t.Start.Line, Col: t.Start.Col}
	}
	if i > 0 && p.tt[i-1] == tNEWLINE && p.tt[i] != tINDENT && i >= 2 && p.tt[i-2] == opColon {
		return &token.SyntaxError{Kind: "IndentationError", Msg: "expected an indented block" + p.blockOwner(i-2),
			Line: t.Start.Line, Col: t.Start.Col}
	}
	// A few of CPython's second-pass messages for common mistakes, keyed on the logical line that failed.
	ls := p.lineStart(i)
	first := p.tok(ls)
	if p.tt[ls] == tNAME && (first.Text == "print" || first.Text == "exec") && i > ls && canStartExpr(p.tt[ls+1]) {
		return &token.SyntaxError{Kind: "SyntaxError", Line: first.Start.Line, Col: first.Start.Col,
			Msg: fmt.Sprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", first.Text, first.Text)}
	}
	if p.tt[ls] == kwDel || p.mayBeAssignment(ls) && !startsCompound(p.tt[ls], first.Text) {
		if e := p.invalidTargetError(ls); e != nil {
			return e
		}
	}
	if p.tt[i] == tNEWLINE && startsCompound(p.tt[ls], first.Text) && p.headerComplete(ls, i) {
		return &token.SyntaxError{Kind: "SyntaxError", Msg: "expected ':'", Line: t.Start.Line, Col: t.Start.Col}
	}
	if e := p.conditionAssignError(ls, i); e != nil {
		return e
	}
	o := p.innermostOpen(ls, i)
	if e := p.secondPassError(ls, i, o); e != nil {
		return e
	}
	if e := p.forgotComma(i, o); e != nil {
		return e
	}
	return &token.SyntaxError{Kind: "SyntaxError", Msg: "invalid syntax", Line: t.Start.Line, Col: t.Start.Col,
		EndLine: t.End.Line, EndCol: t.End.Col}
}

// lineStart returns the first token of the logical line token i is on.
func (p *parser) lineStart(i int) int {
	for i > 0 && p.tt[i-1] != tNEWLINE && p.tt[i-1] != tINDENT && p.tt[i-1] != tDEDENT {
		i--
	}
	return i
}

// headerComplete reports whether the compound statement header from token ls to the NEWLINE at i
// lacks only its colon, as CPython's "expected ':'" requires: else, try, finally and except may stand
// alone; the others need a header that ends as an expression does ("if x +" or a bare "if" is
// "invalid syntax").
func (p *parser) headerComplete(ls, i int) bool {
	if i-1 == ls {
		switch p.tt[ls] {
		case kwElse, kwTry, kwFinally, kwExcept:
			return true
		}
		return false
	}
	switch p.tt[i-1] {
	case tNAME, tNUMBER, tSTRING, opRPar, opRSqb, opRBrace, kwTrue, kwFalse, kwNone, opEllipsis:
		return true
	}
	return false
}

// innermostOpen returns the index of the innermost bracket still open before token i on the logical
// line that starts at ls, or -1.
func (p *parser) innermostOpen(ls, i int) int {
	var opens []int
	for j := ls; j < i; j++ {
		switch p.tt[j] {
		case opLPar, opLSqb, opLBrace:
			opens = append(opens, j)
		case opRPar, opRSqb, opRBrace:
			if len(opens) > 0 {
				opens = opens[:len(opens)-1]
			}
		}
	}
	if len(opens) == 0 {
		return -1
	}
	return opens[len(opens)-1]
}

// isParamList reports whether the bracket at token o opens a def's parameter list.
func (p *parser) isParamList(o int) bool {
	return p.tt[o] == opLPar && o >= 2 && p.tt[o-1] == tNAME && p.tt[o-2] == kwDef
}

// secondPassError gives a few of the messages of CPython's second, error-reporting pass that depend
// only on the tokens around the failure at token i, on the logical line starting at ls, whose
// innermost bracket still open before i is at o (see innermostOpen), or nil: invalid_import_from_targets,
// invalid_default and invalid_parameters.
func (p *parser) secondPassError(ls, i, o int) *token.SyntaxError {
	t := p.tok(i)
	if p.tt[i] == tNEWLINE && i > ls && p.tt[i-1] == opComma && p.tt[ls] == kwFrom {
		for j := ls; j < i; j++ {
			if p.tt[j] == kwImport && p.tt[j+1] != opLPar {
				return &token.SyntaxError{Kind: "SyntaxError", Msg: "trailing comma not allowed without surrounding parentheses",
					Line: t.Start.Line, Col: t.Start.Col}
			}
		}
	}
	if o < 0 || !p.isParamList(o) {
		return nil
	}
	if (p.tt[i] == opRPar || p.tt[i] == opComma) && p.tt[i-1] == opEqual {
		eq := p.tok(i - 1)
		return &token.SyntaxError{Kind: "SyntaxError", Msg: "expected default value expression",
			Line: eq.Start.Line, Col: eq.Start.Col, EndLine: eq.End.Line, EndCol: eq.End.Col}
	}
	if p.tt[i] == opLPar && (p.tt[i-1] == opComma || i-1 == o) {
		return &token.SyntaxError{Kind: "SyntaxError", Msg: "Function parameters cannot be parenthesized",
			Line: t.Start.Line, Col: t.Start.Col}
	}
	return nil
}

// tryEndsAt reports whether the block of a try statement ends right before token i, which is then
// not the except or finally clause CPython's invalid_try_stmt rule expects: the block is a line of its
// own after "try:", or an indented block whose dedent is one of those just before i.
func (p *parser) tryEndsAt(i int) bool {
	if i >= 1 && p.tt[i-1] == tNEWLINE {
		ls := p.lineStart(i - 1)
		if p.tt[ls] == kwTry && ls+1 < i && p.tt[ls+1] == opColon && p.tt[ls+2] != tNEWLINE {
			return true
		}
	}
	for d := i - 1; d >= 0 && p.tt[d] == tDEDENT; d-- {
		// The INDENT this DEDENT closes: scanning back, the first at which the nesting is even again.
		depth := 0
		for j := d; j >= 0; j-- {
			switch p.tt[j] {
			case tDEDENT:
				depth++
			case tINDENT:
				depth--
			}
			if depth == 0 {
				if j >= 3 && p.tt[j-1] == tNEWLINE && p.tt[j-2] == opColon && p.tt[j-3] == kwTry {
					return true
				}
				break
			}
		}
	}
	return false
}

// forgotComma is CPython's invalid_expression rule for a parse that failed at token i inside the
// bracket at token o (the innermost still open, see innermostOpen): an expression ends right before i
// and another starts at i, as in f(a b) or [x y]. The first expression starts where CPython's parser
// would try one: after that bracket or a comma, colon or '=' of its own, at the earliest such token
// that makes it end at i.
func (p *parser) forgotComma(i, o int) *token.SyntaxError {
	if i == 0 || !canStartExpr(p.tt[i]) && p.tt[i] != opLPar {
		return nil
	}
	if o < 0 || p.isParamList(o) || p.tt[o] == opLPar && o >= 1 && p.tt[o-1] == kwImport {
		return nil // parameters and imported names are not expressions
	}
	// The start of the item i is in.
	item := o + 1
	level := 0
	for j := item; j < i; j++ {
		switch p.tt[j] {
		case opLPar, opLSqb, opLBrace:
			level++
		case opRPar, opRSqb, opRBrace:
			level--
		case opComma, opColon, opEqual:
			if level == 0 {
				item = j + 1
			}
		}
	}
	save, far := p.pos, p.far
	defer func() { p.pos, p.far, p.err = save, far, nil }()
	for s := item; s < i; s++ {
		if p.tt[s] == tNAME && (p.tt[s+1] == tSTRING || isSoftKeyword(p.tok(s).Text)) {
			continue // CPython's !(NAME STRING | SOFT_KEYWORD)
		}
		p.pos = s
		a := p.disjunction()
		if p.err != nil {
			return nil
		}
		if a == nil || p.pos != i {
			continue
		}
		if n, ok := a.(*ast.Name); ok && (n.Id == "print" || n.Id == "exec") {
			return nil // a legacy statement, which has its own message
		}
		if b := p.expression(); b == nil || p.err != nil {
			return nil
		}
		start, end := p.tok(s).Start, p.lastEnd()
		return &token.SyntaxError{Kind: "SyntaxError", Msg: "invalid syntax. Perhaps you forgot a comma?",
			Line: start.Line, Col: start.Col, EndLine: end.Line, EndCol: end.Col}
	}
	return nil
}

func isSoftKeyword(s string) bool { return s == "_" || s == "match" || s == "case" }

func (p *parser) memoGet(r rule, pos int) (memoVal, bool) {
	i := pos - p.memoBase
	m := p.memo[r]
	if i < 0 || i >= len(m) || m[i] == 0 {
		return memoVal{}, false
	}
	if m[i] < 0 {
		return memoVal{end: int32(pos)}, true
	}
	return p.memoResults[m[i]-1], true
}

// memoSet records the result n (nil for failure) of rule r started at pos and ending at the current position.
func (p *parser) memoSet(r rule, pos int, n ast.Expr) {
	i := pos - p.memoBase
	if i < 0 {
		return
	}
	m := p.memo[r]
	if i >= len(m) {
		grown := make([]int32, max(2*len(m), i+1, 64))
		copy(grown, m)
		m = grown
		p.memo[r] = m
	}
	if i >= p.memoUsed {
		p.memoUsed = i + 1
	}
	if n == nil {
		m[i] = -1
		return
	}
	p.memoResults = append(p.memoResults, memoVal{n, int32(p.pos)})
	m[i] = int32(len(p.memoResults))
}

// resetMemo forgets all memoized results; later ones are relative to token base.
func (p *parser) resetMemo(base int) {
	for r := range p.memo {
		m := p.memo[r]
		clear(m[:min(p.memoUsed, len(m))])
	}
	clear(p.memoResults)
	p.memoResults = p.memoResults[:0]
	p.memoBase = base
	p.memoUsed = 0
}

// name returns the NFKC-normalised identifier of the NAME token at i.
func (p *parser) name(i int) string {
	return p.toks.Name(i)
}

// canStartExpr reports whether a token of kind k can begin an expression (used only to pick error messages).
func canStartExpr(k tt) bool {
	switch k {
	case tNAME, tNUMBER, tSTRING, kwNone, kwTrue, kwFalse, kwLambda, kwNot, kwAwait, opLSqb, opLBrace,
		opMinus, opPlus, opTilde, opEllipsis:
		return true
	}
	return false
}

// startsCompound reports whether a logical line starting with this token is a compound statement header.
func startsCompound(k tt, text string) bool {
	switch k {
	case kwIf, kwElif, kwElse, kwWhile, kwFor, kwWith, kwDef, kwClass, kwTry, kwExcept, kwFinally, kwAsync:
		return true
	case tNAME:
		return text == "match" || text == "case"
	}
	return false
}

// blockOwner describes the compound statement whose header ends with the ':' at token colon, as CPython's
// "expected an indented block after ..." messages do, or returns "".
func (p *parser) blockOwner(colon int) string {
	ls := p.lineStart(colon)
	if p.tt[ls] == kwAsync && ls+1 < colon {
		ls++
	}
	line := p.tok(ls).Start.Line
	switch k := p.tt[ls]; k {
	case kwDef:
		return fmt.Sprintf(" after function definition on line %d", line)
	case kwClass:
		return fmt.Sprintf(" after class definition on line %d", line)
	case kwIf, kwElif, kwElse, kwWhile, kwFor, kwWith, kwTry, kwFinally:
		return fmt.Sprintf(" after '%s' statement on line %d", p.text(ls), line)
	case kwExcept:
		if p.tt[ls+1] == opStar {
			return fmt.Sprintf(" after 'except*' statement on line %d", line)
		}
		return fmt.Sprintf(" after 'except' statement on line %d", line)
	case tNAME:
		if t := p.text(ls); t == "match" || t == "case" {
			return fmt.Sprintf(" after '%s' statement on line %d", t, line)
		}
	}
	return ""
}
