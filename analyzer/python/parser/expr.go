package parser

import "github.com/sbxgate/sbxgate/analyzer/python/ast"

// star_expressions: star_expression (',' star_expression)* [','] (a Tuple when there is a comma)
func (p *parser) starExpressions() ast.Expr {
	start := p.pos
	first := p.starExpression()
	if first == nil || p.peek() != opComma {
		return first
	}
	var buf [8]ast.Expr
	elts := append(buf[:0], first)
	for p.peek() == opComma {
		p.pos++
		mark := p.pos
		e := p.starExpression()
		if e == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		elts = append(elts, e)
	}
	return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: p.a.exprs.copyOf(elts), Ctx: ast.Load})
}

// star_expression: '*' bitwise_or | expression
func (p *parser) starExpression() ast.Expr {
	if p.peek() == opStar {
		start := p.pos
		p.pos++
		v := p.bitwiseOr()
		if v == nil {
			p.pos = start
			return nil
		}
		return &ast.Starred{Loc: p.loc(start), Value: v, Ctx: ast.Load}
	}
	return p.expression()
}

// star_named_expressions: ','.star_named_expression+ [','], after first (already parsed, with its
// comma). It returns first and the expressions that follow.
//
// Lists are built in a buffer on the stack and copied into the arena once complete; the buffer is never
// passed to a rule (escape analysis would move it to the heap: the rules are mutually recursive).
func (p *parser) starNamedExpressions(first ast.Expr) []ast.Expr {
	var buf [8]ast.Expr
	elts := append(buf[:0], first)
	for {
		mark := p.pos
		e := p.starNamedExpression()
		if e == nil {
			p.pos = mark
			break
		}
		elts = append(elts, e)
		if !p.expect(opComma) {
			break
		}
	}
	return p.a.exprs.copyOf(elts)
}

// star_named_expression: '*' bitwise_or | named_expression
func (p *parser) starNamedExpression() ast.Expr {
	if p.peek() == opStar {
		return p.starExpression()
	}
	return p.namedExpression()
}

// named_expression: NAME ':=' ~ expression | expression !':='
func (p *parser) namedExpression() ast.Expr {
	start := p.pos
	return p.namedFrom(start, p.expression())
}

// namedFrom finishes named_expression given the expression parsed from start: an expression that is a single
// NAME followed by ':=' becomes the target of an assignment expression.
func (p *parser) namedFrom(start int, e ast.Expr) ast.Expr {
	if e == nil || p.peek() != opColonEqual {
		return e
	}
	n, ok := e.(*ast.Name)
	if !ok || p.pos != start+1 {
		return nil
	}
	p.pos++
	v := p.expression()
	if v == nil {
		return nil
	}
	n.Ctx = ast.Store
	return &ast.NamedExpr{Loc: p.loc(start), Target: n, Value: v}
}

// expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef
//
// expression is memoized (as in CPython) because many rules try it at the same position more than once.
func (p *parser) expression() ast.Expr {
	start := p.pos
	if v, ok := p.memoGet(ruleExpression, start); ok {
		p.pos = int(v.end)
		if v.node == nil {
			return nil
		}
		return v.node
	}
	e := p.expressionUncached()
	if p.err != nil {
		return nil
	}
	if e == nil {
		p.pos = start
		p.memoSet(ruleExpression, start, nil)
		return nil
	}
	p.memoSet(ruleExpression, start, e)
	return e
}

func (p *parser) expressionUncached() ast.Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	if p.peek() == kwLambda {
		return p.lambdef()
	}
	return p.conditional(start, p.disjunction())
}

// operatorsFrom is disjunction given its first primary a, parsed from start.
func (p *parser) operatorsFrom(start int, a ast.Expr) ast.Expr {
	a = p.powerFrom(start, a)
	a = p.binaryFrom(start, a, levelOr)
	a = p.comparisonFrom(start, a)
	a = p.boolChainFrom(start, a, kwAnd, ast.And, p.inversion)
	return p.boolChainFrom(start, a, kwOr, ast.Or, p.conjunction)
}

// conditional finishes expression's first alternative, disjunction 'if' disjunction 'else' expression,
// given its first disjunction a from start.
func (p *parser) conditional(start int, a ast.Expr) ast.Expr {
	if a == nil || p.peek() != kwIf {
		return a
	}
	mark := p.pos
	p.pos++
	b := p.disjunction()
	if b != nil && p.expect(kwElse) {
		if c := p.expression(); c != nil {
			return &ast.IfExp{Loc: p.loc(start), Test: b, Body: a, Orelse: c}
		}
	}
	if p.err != nil {
		return nil
	}
	p.pos = mark
	return a
}

// yield_expr: 'yield' 'from' expression | 'yield' [star_expressions]
func (p *parser) yieldExpr() ast.Expr {
	start := p.pos
	if !p.expect(kwYield) {
		return nil
	}
	if p.peek() == kwFrom {
		p.pos++
		v := p.expression()
		if v == nil {
			return nil
		}
		return &ast.YieldFrom{Loc: p.loc(start), Value: v}
	}
	mark := p.pos
	v := p.starExpressions()
	if v == nil {
		if p.err != nil {
			return nil
		}
		p.pos = mark
	}
	return &ast.Yield{Loc: p.loc(start), Value: v}
}

// disjunction: conjunction ('or' conjunction)+ | conjunction
func (p *parser) disjunction() ast.Expr {
	if startsPrimary(p.peek()) {
		// At such a first token the nine rules from conjunction down to primary all reach primary without
		// consuming anything, so the primary is parsed first and handed up through the operator rules that
		// continue it (each returns it unchanged when the next token continues none of them). This saves
		// the calls, and the stack, of nine rules for most operands.
		start := p.pos
		a := p.primary()
		if a == nil || !continuesPrimary[p.peek()] {
			return a
		}
		return p.operatorsFrom(start, a)
	}
	return p.boolChain(kwOr, ast.Or, p.conjunction)
}

// startsPrimary reports whether a token of kind k can start a primary (an atom).
func startsPrimary(k tt) bool {
	switch k {
	case tNAME, tNUMBER, tSTRING, kwNone, kwTrue, kwFalse, opEllipsis, opLPar, opLSqb, opLBrace:
		return true
	}
	return false
}

// conjunction: inversion ('and' inversion)+ | inversion
func (p *parser) conjunction() ast.Expr { return p.boolChain(kwAnd, ast.And, p.inversion) }

// boolChain parses operand (kw operand)+ into one BoolOp, or returns the lone operand. A keyword not
// followed by an operand is left for the caller, as the PEG rule's loop does.
func (p *parser) boolChain(kw tt, op ast.BoolOperator, operand func() ast.Expr) ast.Expr {
	start := p.pos
	return p.boolChainFrom(start, operand(), kw, op, operand)
}

// boolChainFrom is boolChain given its first operand a, parsed from start.
func (p *parser) boolChainFrom(start int, a ast.Expr, kw tt, op ast.BoolOperator, operand func() ast.Expr) ast.Expr {
	if a == nil || p.peek() != kw {
		return a
	}
	var buf [4]ast.Expr
	values := append(buf[:0], a)
	for p.peek() == kw {
		mark := p.pos
		p.pos++
		b := operand()
		if b == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		values = append(values, b)
	}
	if len(values) == 1 {
		return a
	}
	return &ast.BoolOp{Loc: p.loc(start), Op: op, Values: p.a.exprs.copyOf(values)}
}

// inversion: 'not' inversion | comparison
func (p *parser) inversion() ast.Expr {
	if k := p.peek(); startsPrimary(k) {
		// As in disjunction: an 'and' operand that starts with a primary skips the rules down to it.
		start := p.pos
		a := p.primary()
		if a == nil || !continuesPrimary[p.peek()] {
			return a
		}
		return p.comparisonFrom(start, p.binaryFrom(start, p.powerFrom(start, a), levelOr))
	} else if k != kwNot {
		return p.comparison()
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	p.pos++
	a := p.inversion()
	if a == nil {
		p.pos = start
		return nil
	}
	return &ast.UnaryOp{Loc: p.loc(start), Op: ast.Not, Operand: a}
}

// comparison: bitwise_or compare_op_bitwise_or_pair+ | bitwise_or
func (p *parser) comparison() ast.Expr {
	start := p.pos
	return p.comparisonFrom(start, p.bitwiseOr())
}

// comparisonFrom is comparison given its bitwise_or a, parsed from start.
func (p *parser) comparisonFrom(start int, a ast.Expr) ast.Expr {
	if a == nil {
		return nil
	}
	var opBuf [2]ast.CmpOp
	var compBuf [2]ast.Expr
	ops, comps := opBuf[:0], compBuf[:0]
	for {
		mark := p.pos
		var op ast.CmpOp
		switch p.peek() {
		case opEqEqual:
			op = ast.Eq
		case opNotEqual:
			op = ast.NotEq
		case opLessEqual:
			op = ast.LtE
		case opLess:
			op = ast.Lt
		case opGreaterEqual:
			op = ast.GtE
		case opGreater:
			op = ast.Gt
		case kwIn:
			op = ast.In
		case kwNot:
			if p.peekAt(1) != kwIn {
				goto done
			}
			p.pos++
			op = ast.NotIn
		case kwIs:
			op = ast.Is
			if p.peekAt(1) == kwNot {
				// 'is' 'not' bitwise_or is tried first; fall back to 'is' alone if it fails.
				p.pos += 2
				if b := p.bitwiseOr(); b != nil {
					ops = append(ops, ast.IsNot)
					comps = append(comps, b)
					continue
				}
				if p.err != nil {
					return nil
				}
				p.pos = mark
			}
		default:
			goto done
		}
		p.pos++
		if b := p.bitwiseOr(); b != nil {
			ops = append(ops, op)
			comps = append(comps, b)
			continue
		}
		if p.err != nil {
			return nil
		}
		p.pos = mark
		goto done
	}
done:
	if len(ops) == 0 {
		return a
	}
	return p.a.compares.alloc(ast.Compare{Loc: p.loc(start), Left: a, Ops: p.a.cmpOps.copyOf(ops), Comparators: p.a.exprs.copyOf(comps)})
}

// Binary operator precedence levels, lowest first: bitwise_or, bitwise_xor, bitwise_and, shift_expr, sum, term.
const (
	levelOr = iota
	levelXor
	levelAnd
	levelShift
	levelSum
	levelTerm
)

// continuesPrimary marks the tokens after a primary at which a rule between expression and primary goes on:
// '**', the binary operators, the comparison operators ('not' for 'not in'), 'and', 'or', and 'if'.
var continuesPrimary = func() (t [opDoubleStarEq + 1]bool) {
	for _, k := range []tt{opDoubleStar, opVbar, opCircumflex, opAmper, opLeftShift, opRightShift, opPlus, opMinus,
		opStar, opSlash, opDoubleSlash, opPercent, opAt, opEqEqual, opNotEqual, opLessEqual, opLess, opGreaterEqual,
		opGreater, kwIn, kwNot, kwIs, kwAnd, kwOr, kwIf} {
		t[k] = true
	}
	return t
}()

// binOp returns the operator of token kind k and its precedence level.
func binOp(k tt) (ast.Operator, int, bool) {
	switch k {
	case opVbar:
		return ast.BitOr, levelOr, true
	case opCircumflex:
		return ast.BitXor, levelXor, true
	case opAmper:
		return ast.BitAnd, levelAnd, true
	case opLeftShift:
		return ast.LShift, levelShift, true
	case opRightShift:
		return ast.RShift, levelShift, true
	case opPlus:
		return ast.Add, levelSum, true
	case opMinus:
		return ast.Sub, levelSum, true
	case opStar:
		return ast.Mult, levelTerm, true
	case opSlash:
		return ast.Div, levelTerm, true
	case opDoubleSlash:
		return ast.FloorDiv, levelTerm, true
	case opPercent:
		return ast.Mod, levelTerm, true
	case opAt:
		return ast.MatMult, levelTerm, true
	}
	return 0, 0, false
}

// binary parses the binary operator levels from min up to term ("a=rule OP b=next | next" at each level) by
// precedence climbing: one call per operand instead of one per level. It builds the same trees as the
// level-by-level loops: left-associative, and when an operator's right operand fails the position goes back
// to the operator and every level stops there (no level has another alternative at that token), which is
// what stop reports.
func (p *parser) binary(min int) (e ast.Expr, stop bool) {
	start := p.pos
	return p.binaryLoop(start, p.factor(), min)
}

// binaryFrom is binary given its first operand a, parsed from start.
func (p *parser) binaryFrom(start int, a ast.Expr, min int) ast.Expr {
	e, _ := p.binaryLoop(start, a, min)
	return e
}

func (p *parser) binaryLoop(start int, a ast.Expr, min int) (e ast.Expr, stop bool) {
	if a == nil {
		return nil, true
	}
	for {
		op, level, ok := binOp(p.peek())
		if !ok || level < min {
			return a, false
		}
		mark := p.pos
		p.pos++
		b, bstop := p.binary(level + 1)
		if b == nil {
			if p.err != nil {
				return nil, true
			}
			p.pos = mark
			return a, true
		}
		a = p.a.binOps.alloc(ast.BinOp{Loc: p.loc(start), Left: a, Op: op, Right: b})
		if bstop {
			return a, true
		}
	}
}

func (p *parser) bitwiseOr() ast.Expr {
	e, _ := p.binary(levelOr)
	return e
}

// factor: '+' factor | '-' factor | '~' factor | power
func (p *parser) factor() ast.Expr {
	var op ast.UnaryOperator
	switch p.peek() {
	case opPlus:
		op = ast.UAdd
	case opMinus:
		op = ast.USub
	case opTilde:
		op = ast.Invert
	default:
		return p.power()
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	p.pos++
	a := p.factor()
	if a == nil {
		p.pos = start
		return nil
	}
	return &ast.UnaryOp{Loc: p.loc(start), Op: op, Operand: a}
}

// power: await_primary '**' factor | await_primary
func (p *parser) power() ast.Expr {
	start := p.pos
	return p.powerFrom(start, p.awaitPrimary())
}

// powerFrom is power given its await_primary a, parsed from start.
func (p *parser) powerFrom(start int, a ast.Expr) ast.Expr {
	if a == nil || p.peek() != opDoubleStar {
		return a
	}
	mark := p.pos
	p.pos++
	if !p.enter() {
		return nil
	}
	b := p.factor()
	p.leave()
	if b == nil {
		if p.err != nil {
			return nil
		}
		p.pos = mark
		return a
	}
	return p.a.binOps.alloc(ast.BinOp{Loc: p.loc(start), Left: a, Op: ast.Pow, Right: b})
}

// await_primary: AWAIT primary | primary
func (p *parser) awaitPrimary() ast.Expr {
	if p.peek() != kwAwait {
		return p.primary()
	}
	start := p.pos
	p.pos++
	a := p.primary()
	if a == nil {
		p.pos = start
		return nil
	}
	return &ast.Await{Loc: p.loc(start), Value: a}
}

// primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')' | primary '[' slices ']' | atom
func (p *parser) primary() ast.Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	a := p.atom()
	if a == nil {
		return nil
	}
	for {
		n := p.trailer(start, a, ast.Load)
		if n == nil {
			return a
		}
		a = n
	}
}

// trailer parses one '.' NAME, genexp, '(' [arguments] ')' or '[' slices ']' after a, or returns nil with the
// position unchanged.
func (p *parser) trailer(start int, a ast.Expr, ctx ast.ExprContext) ast.Expr {
	mark := p.pos
	switch p.peek() {
	case opDot:
		if p.peekAt(1) != tNAME {
			return nil
		}
		p.pos += 2
		return p.a.attribute(p.loc(start), a, p.name(p.pos-1), ctx)
	case opLPar:
		if p.mayBeGenexp() {
			if g := p.genexp(); g != nil {
				return p.a.call(p.loc(start), a, []ast.Expr{g}, []*ast.Keyword{})
			}
			if p.err != nil {
				return nil
			}
		}
		p.pos = mark + 1
		args, kws := []ast.Expr{}, []*ast.Keyword{}
		if p.peek() != opRPar {
			call := p.arguments()
			if call == nil {
				p.pos = mark
				return nil
			}
			if !p.expect(opRPar) {
				p.pos = mark
				return nil
			}
			if call.Func == nil {
				// The arguments' holder becomes this call, unless an earlier parse at this position took it.
				call.Loc, call.Func = p.loc(start), a
				return call
			}
			args, kws = call.Args, call.Keywords
		} else if !p.expect(opRPar) {
			p.pos = mark
			return nil
		}
		return p.a.call(p.loc(start), a, args, kws)
	case opLSqb:
		p.pos++
		s := p.slices()
		if s == nil || !p.expect(opRSqb) {
			p.pos = mark
			return nil
		}
		return p.a.subscript(p.loc(start), a, s, ctx)
	}
	return nil
}

// slices: slice !',' | ','.(slice | starred_expression)+ [','] (a Tuple)
func (p *parser) slices() ast.Expr {
	start := p.pos
	var first ast.Expr
	if p.peek() != opStar {
		first = p.slice()
		if first == nil {
			return nil
		}
		if p.peek() != opComma {
			return first
		}
	}
	var elts []ast.Expr
	if first != nil {
		elts = append(elts, first)
		p.pos++ // ','
	}
	for {
		mark := p.pos
		var e ast.Expr
		if p.peek() == opStar {
			e = p.starredExpression()
		} else {
			e = p.slice()
		}
		if e == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			if elts == nil {
				return nil
			}
			break
		}
		elts = append(elts, e)
		if !p.expect(opComma) {
			break
		}
	}
	return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: elts, Ctx: ast.Load})
}

// slice: [expression] ':' [expression] [':' [expression]] | named_expression
func (p *parser) slice() ast.Expr {
	start := p.pos
	var lower ast.Expr
	if p.peek() != opColon {
		lower = p.expression()
		if lower == nil {
			return nil
		}
		if p.peek() != opColon {
			return p.namedFrom(start, lower)
		}
	}
	p.pos++ // ':'
	var upper, step ast.Expr
	if mark := p.pos; !endsSlicePart(p.peek()) {
		if upper = p.expression(); upper == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
		}
	}
	if p.peek() == opColon {
		p.pos++
		if mark := p.pos; !endsSlicePart(p.peek()) {
			if step = p.expression(); step == nil {
				if p.err != nil {
					return nil
				}
				p.pos = mark
			}
		}
	}
	return &ast.Slice{Loc: p.loc(start), Lower: lower, Upper: upper, Step: step}
}

func endsSlicePart(k tt) bool { return k == opColon || k == opComma || k == opRSqb }

// starred_expression: '*' expression
func (p *parser) starredExpression() ast.Expr {
	start := p.pos
	if !p.expect(opStar) {
		return nil
	}
	v := p.expression()
	if v == nil {
		p.pos = start
		return nil
	}
	return &ast.Starred{Loc: p.loc(start), Value: v, Ctx: ast.Load}
}

// atom
func (p *parser) atom() ast.Expr {
	start := p.pos
	switch p.peek() {
	case tNAME:
		p.pos++
		return p.a.name(p.span(start, start), p.name(start), ast.Load)
	case kwTrue:
		p.pos++
		return p.a.constant(p.span(start, start), true)
	case kwFalse:
		p.pos++
		return p.a.constant(p.span(start, start), false)
	case kwNone:
		p.pos++
		return p.a.constant(p.span(start, start), ast.NoneValue{})
	case opEllipsis:
		p.pos++
		return p.a.constant(p.span(start, start), ast.EllipsisValue{})
	case tSTRING:
		return p.strings()
	case tNUMBER:
		p.pos++
		if c := p.number(start); c != nil {
			return c
		}
		return nil
	case opLPar:
		return p.parenAtom()
	case opLSqb:
		return p.bracketAtom()
	case opLBrace:
		return p.braceAtom()
	}
	return nil
}

// parenAtom: tuple | group | genexp
func (p *parser) parenAtom() ast.Expr {
	start := p.pos
	p.pos++
	switch p.peek() {
	case opRPar:
		p.pos++
		return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: []ast.Expr{}, Ctx: ast.Load})
	case kwYield:
		y := p.yieldExpr()
		if y == nil || !p.expect(opRPar) {
			p.pos = start
			return nil
		}
		return y
	}
	e := p.starNamedExpression()
	if e == nil {
		p.pos = start
		return nil
	}
	_, starred := e.(*ast.Starred)
	switch p.peek() {
	case opComma:
		p.pos++
		elts := p.starNamedExpressions(e)
		if p.err != nil || !p.expect(opRPar) {
			p.pos = start
			return nil
		}
		return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: elts, Ctx: ast.Load})
	case opRPar:
		if starred {
			p.pos = start
			return nil
		}
		p.pos++
		return e
	case kwFor, kwAsync:
		if starred {
			p.pos = start
			return nil
		}
		gens := p.forIfClauses()
		if gens == nil || !p.expect(opRPar) {
			p.pos = start
			return nil
		}
		return &ast.GeneratorExp{Loc: p.loc(start), Elt: e, Generators: gens}
	}
	p.pos = start
	return nil
}

// mayBeGenexp is false when the '(' at the current position starts a call's arguments that cannot be a
// genexp: ')', '*', '**' or a keyword argument, none of which starts a named_expression followed by 'for'.
// The genexp attempt is skipped then; it would examine no token beyond those (the error position stays).
func (p *parser) mayBeGenexp() bool {
	switch p.peekAt(1) {
	case opRPar, opStar, opDoubleStar:
		return false
	case tNAME:
		return p.peekAt(2) != opEqual
	}
	return true
}

// genexp: '(' (assignment_expression | expression !':=') for_if_clauses ')'
func (p *parser) genexp() ast.Expr {
	start := p.pos
	if !p.expect(opLPar) {
		return nil
	}
	e := p.namedExpression()
	if e == nil || (p.peek() != kwFor && p.peek() != kwAsync) {
		p.pos = start
		return nil
	}
	gens := p.forIfClauses()
	if gens == nil || !p.expect(opRPar) {
		p.pos = start
		return nil
	}
	return &ast.GeneratorExp{Loc: p.loc(start), Elt: e, Generators: gens}
}

// bracketAtom: list | listcomp
func (p *parser) bracketAtom() ast.Expr {
	start := p.pos
	p.pos++
	if p.expect(opRSqb) {
		return &ast.List{Loc: p.loc(start), Elts: []ast.Expr{}, Ctx: ast.Load}
	}
	e := p.starNamedExpression()
	if e == nil {
		p.pos = start
		return nil
	}
	elts, gens, ok := p.displayTail(e, opRSqb)
	switch {
	case !ok:
		p.pos = start
		return nil
	case gens != nil:
		return &ast.ListComp{Loc: p.loc(start), Elt: e, Generators: gens}
	}
	return &ast.List{Loc: p.loc(start), Elts: elts, Ctx: ast.Load}
}

// displayTail parses what follows the first element of a list or set display up to and including
// closer: the for/if clauses of a comprehension (gens non-nil; a starred first element cannot have
// them) or the remaining elements (elts, first included). ok is false when nothing matched.
func (p *parser) displayTail(first ast.Expr, closer tt) (elts []ast.Expr, gens []*ast.Comprehension, ok bool) {
	if _, starred := first.(*ast.Starred); !starred && (p.peek() == kwFor || p.peek() == kwAsync) {
		gens = p.forIfClauses()
		return nil, gens, gens != nil && p.expect(closer)
	}
	if p.expect(opComma) {
		elts = p.starNamedExpressions(first)
	} else {
		elts = p.a.exprs.copyOf([]ast.Expr{first})
	}
	return elts, nil, p.err == nil && p.expect(closer)
}

// braceAtom: dict | set | dictcomp | setcomp
func (p *parser) braceAtom() ast.Expr {
	start := p.pos
	p.pos++
	if p.expect(opRBrace) {
		return &ast.Dict{Loc: p.loc(start), Keys: []ast.Expr{}, Values: []ast.Expr{}}
	}
	if p.peek() == opDoubleStar {
		return p.dictRest(start, nil, nil, false)
	}
	var first ast.Expr
	if p.peek() == opStar {
		first = p.starExpression()
	} else {
		mark := p.pos
		k := p.expression()
		if k != nil && p.peek() == opColon {
			p.pos++
			v := p.expression()
			if v == nil {
				p.pos = start
				return nil
			}
			if p.peek() == kwFor || p.peek() == kwAsync {
				gens := p.forIfClauses()
				if gens == nil || !p.expect(opRBrace) {
					p.pos = start
					return nil
				}
				return &ast.DictComp{Loc: p.loc(start), Key: k, Value: v, Generators: gens}
			}
			return p.dictRest(start, k, v, true)
		}
		first = p.namedFrom(mark, k)
	}
	if first == nil {
		p.pos = start
		return nil
	}
	elts, gens, ok := p.displayTail(first, opRBrace)
	switch {
	case !ok:
		p.pos = start
		return nil
	case gens != nil:
		return &ast.SetComp{Loc: p.loc(start), Elt: first, Generators: gens}
	}
	return &ast.Set{Loc: p.loc(start), Elts: elts}
}

// dictRest continues a dict display after its first key-value pair (or at a leading '**'):
// (',' double_starred_kvpair)* [','] '}'
func (p *parser) dictRest(start int, key0, value0 ast.Expr, first bool) ast.Expr {
	var keyBuf, valueBuf [8]ast.Expr
	keys, values := keyBuf[:0], valueBuf[:0]
	if first {
		keys, values = append(keys, key0), append(values, value0)
		if !p.expect(opComma) {
			if !p.expect(opRBrace) {
				p.pos = start
				return nil
			}
			return &ast.Dict{Loc: p.loc(start), Keys: p.a.exprs.copyOf(keys), Values: p.a.exprs.copyOf(values)}
		}
	}
	for {
		mark := p.pos
		if p.peek() == opDoubleStar {
			p.pos++
			v := p.bitwiseOr()
			if v == nil {
				if p.err != nil {
					return nil
				}
				p.pos = mark
				break
			}
			keys = append(keys, nil)
			values = append(values, v)
		} else {
			k := p.expression()
			if k == nil || !p.expect(opColon) {
				if p.err != nil {
					return nil
				}
				p.pos = mark
				break
			}
			v := p.expression()
			if v == nil {
				if p.err != nil {
					return nil
				}
				p.pos = mark
				break
			}
			keys = append(keys, k)
			values = append(values, v)
		}
		if !p.expect(opComma) {
			break
		}
	}
	if len(keys) == 0 || !p.expect(opRBrace) {
		p.pos = start
		return nil
	}
	return &ast.Dict{Loc: p.loc(start), Keys: p.a.exprs.copyOf(keys), Values: p.a.exprs.copyOf(values)}
}

// for_if_clauses: ([ASYNC] 'for' star_targets 'in' ~ disjunction ('if' disjunction)*)+
func (p *parser) forIfClauses() []*ast.Comprehension {
	var buf [2]*ast.Comprehension
	gens := buf[:0]
	for {
		mark := p.pos
		async := 0
		if p.peek() == kwAsync && p.peekAt(1) == kwFor {
			async = 1
			p.pos++
		}
		if !p.expect(kwFor) {
			p.pos = mark
			return p.comprehensions(gens)
		}
		target := p.starTargets()
		if target == nil || !p.expect(kwIn) {
			p.pos = mark
			return p.comprehensions(gens)
		}
		iter := p.disjunction()
		if iter == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			return p.comprehensions(gens)
		}
		var ifBuf [2]ast.Expr
		ifs := ifBuf[:0]
		for p.peek() == kwIf {
			m2 := p.pos
			p.pos++
			c := p.disjunction()
			if c == nil {
				if p.err != nil {
					return nil
				}
				p.pos = m2
				break
			}
			ifs = append(ifs, c)
		}
		gens = append(gens, p.a.comprehensions.alloc(ast.Comprehension{Target: target, Iter: iter, Ifs: p.a.exprs.copyOf(ifs), IsAsync: async}))
	}
}

// comprehensions copies the clauses of forIfClauses into the arena (nil for none).
func (p *parser) comprehensions(gens []*ast.Comprehension) []*ast.Comprehension {
	if len(gens) == 0 {
		return nil
	}
	return p.a.comprehensionList.copyOf(gens)
}

// lambdef: 'lambda' [lambda_params] ':' expression
func (p *parser) lambdef() ast.Expr {
	start := p.pos
	p.pos++
	args := p.params(true)
	if args == nil {
		if p.err != nil {
			return nil
		}
		args = emptyArguments()
	}
	if !p.expect(opColon) {
		p.pos = start
		return nil
	}
	body := p.expression()
	if body == nil {
		p.pos = start
		return nil
	}
	return &ast.Lambda{Loc: p.loc(start), Args: args, Body: body}
}

// callArgs is the arguments rule's lists while they are built.
type callArgs struct {
	Args     []ast.Expr
	Keywords []*ast.Keyword
}

// arguments: args [','] &')'
//
// args mixes positional arguments, *iterables, keyword arguments and **mappings: positional ones first, then
// keywords and *iterables, then keywords and **mappings.
//
// The result is a Call holding only Args and Keywords; the first call trailer to use it fills in its Func
// and position, which saves allocating a second node for most calls. (The memo may hand the same result to
// a later parse at the same position, which must then build its own Call.)
func (p *parser) arguments() *ast.Call {
	start := p.pos
	if v, ok := p.memoGet(ruleArguments, start); ok {
		p.pos = int(v.end)
		if v.node == nil {
			return nil
		}
		return v.node.(*ast.Call)
	}
	c := p.argumentsUncached()
	if c == nil {
		p.pos = start
		p.memoSet(ruleArguments, start, nil)
		return nil
	}
	p.memoSet(ruleArguments, start, c)
	return c
}

// keyword builds a call's keyword argument from start; it is a function of its own to keep the Keyword
// out of argumentsUncached's frame, which every nested call adds to the stack.
func (p *parser) keyword(start int, arg *string, v ast.Expr) *ast.Keyword {
	k := p.a.keywords.next()
	k.Loc, k.Arg, k.Value = p.loc(start), arg, v
	return k
}

func (p *parser) argumentsUncached() *ast.Call {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	// The lists are built on the stack and copied into the arena once complete.
	var argBuf [8]ast.Expr
	var kwBuf [4]*ast.Keyword
	c := callArgs{Args: argBuf[:0], Keywords: kwBuf[:0]}
	phase := 0 // 0: positional; 1: keywords and *iterables; 2: keywords and **mappings
	n := 0
	for {
		mark := p.pos
		ok := false
		switch {
		case p.peek() == opStar:
			if phase < 2 {
				if e := p.starredExpression(); e != nil {
					c.Args = append(c.Args, e)
					ok = true
				}
			}
		case p.peek() == opDoubleStar:
			p.pos++
			if v := p.expression(); v != nil {
				c.Keywords = append(c.Keywords, p.keyword(mark, nil, v))
				phase = 2
				ok = true
			}
		case p.peek() == tNAME && p.peekAt(1) == opEqual:
			p.pos += 2
			if v := p.expression(); v != nil {
				c.Keywords = append(c.Keywords, p.keyword(mark, p.a.ident(p.name(mark)), v))
				if phase == 0 {
					phase = 1
				}
				ok = true
			}
		default:
			if phase == 0 {
				if e := p.namedExpression(); e != nil && p.peek() != opEqual {
					c.Args = append(c.Args, e)
					ok = true
				}
			}
		}
		if p.err != nil {
			return nil
		}
		if !ok {
			p.pos = mark
			if n == 0 {
				return nil
			}
			p.pos-- // the ',' before the failed item
			break
		}
		n++
		if !p.expect(opComma) {
			break
		}
	}
	p.expect(opComma)
	if p.peek() != opRPar {
		return nil
	}
	return p.a.argumentsCall(c.Args, c.Keywords)
}
