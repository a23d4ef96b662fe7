package parser

import "github.com/sbxgate/sbxgate/analyzer/python/ast"

// file: [statements] ENDMARKER
func (p *parser) file() *ast.Module {
	var buf [16]ast.Stmt // statement lists are built on the stack and copied into the arena once complete
	body := buf[:0]
	for p.err == nil {
		mark, sub := p.pos, p.subTokens
		p.resetMemo(mark)
		// Nothing before a top-level statement is looked at again.
		p.toks.Discard(mark)
		ss := p.statement(body)
		if ss == nil {
			p.pos = mark
			break
		}
		if p.pos-mark+p.subTokens-sub >= deepStatementTokens {
			p.deep = append(p.deep, ss[len(body):]...)
		}
		body = ss
	}
	if p.err != nil || !p.expect(tEOF) {
		return nil
	}
	return &ast.Module{Body: p.a.stmts.copyOf(body), TypeIgnores: []*ast.TypeIgnore{}}
}

// statements: statement+ (nil for none)
func (p *parser) statements() []ast.Stmt {
	var buf [16]ast.Stmt
	out := buf[:0]
	for p.err == nil {
		// statement(out), inlined: passing buf's slice through the recursion of compoundStmt would move buf
		// to the heap.
		mark := p.pos
		if s := p.compoundStmt(); s != nil {
			out = append(out, s)
			continue
		}
		if p.err != nil {
			break
		}
		p.pos = mark
		ss := p.simpleStmts(out)
		if ss == nil {
			p.pos = mark
			break
		}
		out = ss
	}
	if len(out) == 0 {
		return nil
	}
	return p.a.stmts.copyOf(out)
}

// statement: compound_stmt | simple_stmts. It appends to out and returns nil on failure.
func (p *parser) statement(out []ast.Stmt) []ast.Stmt {
	mark := p.pos
	if s := p.compoundStmt(); s != nil {
		return append(out, s)
	}
	if p.err != nil {
		return nil
	}
	p.pos = mark
	return p.simpleStmts(out)
}

// simple_stmts: ';'.simple_stmt+ [';'] NEWLINE
func (p *parser) simpleStmts(out []ast.Stmt) []ast.Stmt {
	mark := p.pos
	s := p.simpleStmt()
	if s == nil {
		p.pos = mark
		return nil
	}
	out = append(out, s)
	for p.peek() == opSemi {
		semi := p.pos
		p.pos++
		s := p.simpleStmt()
		if s == nil {
			if p.err != nil {
				return nil
			}
			p.pos = semi + 1
			break
		}
		out = append(out, s)
	}
	if !p.expect(tNEWLINE) {
		p.pos = mark
		return nil
	}
	return out
}

func (p *parser) simpleStmt() ast.Stmt {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	s := p.simpleStmtAlts()
	if s == nil {
		p.pos = start
	}
	return s
}

func (p *parser) simpleStmtAlts() ast.Stmt {
	start := p.pos
	switch p.peek() {
	case kwReturn:
		p.pos++
		mark := p.pos
		v := p.starExpressions()
		if v == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
		}
		return &ast.Return{Loc: p.loc(start), Value: v}
	case kwImport:
		return p.importName()
	case kwFrom:
		return p.importFrom()
	case kwRaise:
		p.pos++
		mark := p.pos
		if e := p.expression(); e != nil {
			var cause ast.Expr
			if p.peek() == kwFrom {
				m2 := p.pos
				p.pos++
				if cause = p.expression(); cause == nil {
					p.pos = m2
				}
			}
			return &ast.Raise{Loc: p.loc(start), Exc: e, Cause: cause}
		}
		p.pos = mark
		return &ast.Raise{Loc: p.loc(start)}
	case kwPass:
		p.pos++
		return &ast.Pass{Loc: p.loc(start)}
	case kwBreak:
		p.pos++
		return &ast.Break{Loc: p.loc(start)}
	case kwContinue:
		p.pos++
		return &ast.Continue{Loc: p.loc(start)}
	case kwDel:
		p.pos++
		targets := p.delTargets()
		if targets == nil || (p.peek() != opSemi && p.peek() != tNEWLINE) {
			return nil
		}
		return &ast.Delete{Loc: p.loc(start), Targets: targets}
	case kwYield:
		y := p.yieldExpr()
		if y == nil {
			return nil
		}
		return p.a.exprStmts.alloc(ast.ExprStmt{Loc: p.loc(start), Value: y})
	case kwAssert:
		p.pos++
		test := p.expression()
		if test == nil {
			return nil
		}
		var msg ast.Expr
		if p.peek() == opComma {
			m2 := p.pos
			p.pos++
			if msg = p.expression(); msg == nil {
				p.pos = m2
			}
		}
		return &ast.Assert{Loc: p.loc(start), Test: test, Msg: msg}
	case kwGlobal, kwNonlocal:
		kw := p.peek()
		p.pos++
		names := p.nameList()
		if names == nil {
			return nil
		}
		if kw == kwGlobal {
			return &ast.Global{Loc: p.loc(start), Names: names}
		}
		return &ast.Nonlocal{Loc: p.loc(start), Names: names}
	}
	return p.assignmentOrExpr(start)
}

// nameList: ','.NAME+
func (p *parser) nameList() []string {
	if p.peek() != tNAME {
		return nil
	}
	names := []string{p.name(p.pos)}
	p.pos++
	for p.peek() == opComma && p.peekAt(1) == tNAME {
		p.pos += 2
		names = append(names, p.name(p.pos-1))
	}
	return names
}

// assignmentOrExpr: assignment | star_expressions (as an Expr statement).
func (p *parser) assignmentOrExpr(start int) ast.Stmt {
	if may, lastEq := p.scanSimpleStmt(start); may {
		if s := p.assignment(start, lastEq); s != nil || p.err != nil {
			return s
		}
		p.pos = start
	}
	e := p.starExpressions()
	if e == nil {
		return nil
	}
	return p.a.exprStmts.alloc(ast.ExprStmt{Loc: p.loc(start), Value: e})
}

// lastEq is the index of the statement's last '=' outside brackets (see scanSimpleStmt).
func (p *parser) assignment(start, lastEq int) ast.Stmt {
	// NAME ':' expression ['=' annotated_rhs]
	if p.peek() == tNAME && p.peekAt(1) == opColon {
		name := p.a.name(p.span(p.pos, p.pos), p.name(p.pos), ast.Store)
		p.pos += 2
		if s := p.annAssignRest(start, name, 1); s != nil || p.err != nil {
			return s
		}
		p.pos = start
	}
	// ('(' single_target ')' | single_subscript_attribute_target) ':' expression ['=' annotated_rhs]
	var target ast.Expr
	if p.peek() == opLPar {
		p.pos++
		if t := p.singleTarget(); t != nil && p.expect(opRPar) {
			target = t
		}
	}
	if target == nil && p.err == nil {
		p.pos = start
		target = p.singleSubscriptAttributeTarget(ast.Store)
	}
	if target != nil && p.expect(opColon) {
		if s := p.annAssignRest(start, target, 0); s != nil || p.err != nil {
			return s
		}
	}
	if p.err != nil {
		return nil
	}
	p.pos = start
	// (star_targets '=')+ (yield_expr | star_expressions) !'='
	var targets []ast.Expr
	for {
		mark := p.pos
		if mark > lastEq {
			// No '=' outside brackets is left for star_targets '=' to end at: trying would only parse the
			// right-hand side's primary as a target (t_primary) before parsing it again as an expression.
			break
		}
		t := p.starTargets()
		if t == nil || !p.expect(opEqual) {
			p.pos = mark
			break
		}
		targets = append(targets, t)
	}
	if p.err != nil {
		return nil
	}
	if targets != nil {
		mark := p.pos
		var v ast.Expr
		if p.peek() == kwYield {
			v = p.yieldExpr()
		} else {
			v = p.starExpressions()
		}
		if v != nil && p.peek() != opEqual {
			return p.a.assigns.alloc(ast.Assign{Loc: p.loc(start), Targets: targets, Value: v})
		}
		if p.err != nil {
			return nil
		}
		p.pos = mark
	}
	p.pos = start
	// single_target augassign ~ (yield_expr | star_expressions)
	if t := p.singleTarget(); t != nil {
		if op, ok := augOp(p.peek()); ok {
			p.pos++
			var v ast.Expr
			if p.peek() == kwYield {
				v = p.yieldExpr()
			} else {
				v = p.starExpressions()
			}
			if v == nil {
				return nil
			}
			return &ast.AugAssign{Loc: p.loc(start), Target: t, Op: op, Value: v}
		}
	}
	return nil
}

// mayBeAssignment reports whether the simple statement at start has an '=', ':' or augmented assignment
// operator outside brackets. Every alternative of the assignment rule needs one right after its target, so
// without one the (costly) target parsing can be skipped: the expression statement alternative parses
// everything the target rules would have, so no error is missed.
func (p *parser) mayBeAssignment(start int) bool {
	may, _ := p.scanSimpleStmt(start)
	return may
}

// scanSimpleStmt reads the simple statement at start once for what assignmentOrExpr needs to know: may is
// mayBeAssignment's answer, and lastEq the index of the last '=' outside brackets (-1 when there is none).
// A closer without its opener ends the scan with may true and lastEq the statement's length: the rules
// decide.
func (p *parser) scanSimpleStmt(start int) (may bool, lastEq int) {
	depth, last := 0, -1
	for i := start; i < len(p.tt); i++ {
		switch k := p.tt[i]; k {
		case opLPar, opLSqb, opLBrace:
			depth++
		case opRPar, opRSqb, opRBrace:
			if depth == 0 {
				return true, len(p.tt)
			}
			depth--
		case tNEWLINE, tEOF:
			return may, last
		case opSemi:
			if depth == 0 {
				return may, last
			}
		case opEqual:
			if depth == 0 {
				may, last = true, i
			}
		case opColon:
			if depth == 0 {
				may = true
			}
		default:
			if _, ok := augOp(k); ok && depth == 0 {
				may = true
			}
		}
	}
	return may, last
}

// augOps maps each augmented assignment operator to its binary operator. It is an array, not a map:
// scanSimpleStmt looks up every token of every simple statement.
var augOps = [...]struct {
	op ast.Operator
	ok bool
}{
	opPlusEq: {ast.Add, true}, opMinusEq: {ast.Sub, true}, opStarEq: {ast.Mult, true}, opAtEq: {ast.MatMult, true},
	opSlashEq: {ast.Div, true}, opPercentEq: {ast.Mod, true}, opAmperEq: {ast.BitAnd, true},
	opVbarEq: {ast.BitOr, true}, opCircumflexEq: {ast.BitXor, true}, opLeftShiftEq: {ast.LShift, true},
	opRightShiftEq: {ast.RShift, true}, opDoubleStarEq: {ast.Pow, true}, opDoubleSlashEq: {ast.FloorDiv, true},
}

// augOp returns the binary operator of an augmented assignment token.
func augOp(k tt) (ast.Operator, bool) {
	if int(k) >= len(augOps) {
		return 0, false
	}
	return augOps[k].op, augOps[k].ok
}

// annAssignRest parses expression ['=' annotated_rhs] after the ':' of an annotated assignment.
func (p *parser) annAssignRest(start int, target ast.Expr, simple int) ast.Stmt {
	ann := p.expression()
	if ann == nil {
		return nil
	}
	var v ast.Expr
	if p.peek() == opEqual {
		mark := p.pos
		p.pos++
		if p.peek() == kwYield {
			v = p.yieldExpr()
		} else {
			v = p.starExpressions()
		}
		if v == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
		}
	}
	return &ast.AnnAssign{Loc: p.loc(start), Target: target, Annotation: ann, Value: v, Simple: simple}
}

// import_name: 'import' dotted_as_names
func (p *parser) importName() ast.Stmt {
	start := p.pos
	p.pos++
	var names []*ast.Alias
	for {
		a := p.dottedAsName()
		if a == nil {
			if names == nil {
				return nil
			}
			p.pos-- // the ',' before the failed item is not part of the list
			break
		}
		names = append(names, a)
		if !p.expect(opComma) {
			break
		}
	}
	return &ast.Import{Loc: p.loc(start), Names: names}
}

func (p *parser) dottedAsName() *ast.Alias {
	start := p.pos
	name := p.dottedName()
	if name == "" {
		p.pos = start
		return nil
	}
	var as *string
	if p.peek() == kwAs {
		if p.peekAt(1) != tNAME {
			p.pos = start
			return nil
		}
		p.pos += 2
		as = p.a.ident(p.name(p.pos - 1))
	}
	return &ast.Alias{Loc: p.loc(start), Name: name, Asname: as}
}

// dotted_name: dotted_name '.' NAME | NAME
func (p *parser) dottedName() string {
	if p.peek() != tNAME {
		return ""
	}
	name := p.name(p.pos)
	p.pos++
	for p.peek() == opDot && p.peekAt(1) == tNAME {
		name += "." + p.name(p.pos+1)
		p.pos += 2
	}
	return name
}

// import_from: 'from' ('.' | '...')* dotted_name 'import' targets | 'from' ('.' | '...')+ 'import' targets
func (p *parser) importFrom() ast.Stmt {
	start := p.pos
	p.pos++
	level := 0
	for {
		switch p.peek() {
		case opDot:
			level++
			p.pos++
			continue
		case opEllipsis:
			level += 3
			p.pos++
			continue
		}
		break
	}
	var module *string
	if p.peek() != kwImport {
		m := p.dottedName()
		if m == "" {
			return nil
		}
		module = &m
	} else if level == 0 {
		return nil
	}
	if !p.expect(kwImport) {
		return nil
	}
	var names []*ast.Alias
	switch p.peek() {
	case opLPar:
		p.pos++
		names = p.importFromAsNames()
		if names == nil {
			return nil
		}
		p.expect(opComma)
		if !p.expect(opRPar) {
			return nil
		}
	case opStar:
		p.pos++
		names = []*ast.Alias{{Loc: p.span(p.pos-1, p.pos-1), Name: "*"}}
	default:
		names = p.importFromAsNames()
		if names == nil || p.peek() == opComma {
			return nil
		}
	}
	return &ast.ImportFrom{Loc: p.loc(start), Module: module, Names: names, Level: level}
}

// import_from_as_names: ','.import_from_as_name+
func (p *parser) importFromAsNames() []*ast.Alias {
	var buf [8]*ast.Alias
	names := buf[:0]
	for {
		if p.peek() != tNAME {
			if len(names) == 0 {
				return nil
			}
			p.pos-- // give back the ','
			return p.a.aliasList.copyOf(names)
		}
		start := p.pos
		name := p.name(p.pos)
		p.pos++
		var as *string
		if p.peek() == kwAs && p.peekAt(1) == tNAME {
			p.pos += 2
			as = p.a.ident(p.name(p.pos - 1))
		}
		names = append(names, p.a.aliases.alloc(ast.Alias{Loc: p.loc(start), Name: name, Asname: as}))
		if !p.expect(opComma) {
			return p.a.aliasList.copyOf(names)
		}
	}
}

func (p *parser) compoundStmt() ast.Stmt {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch p.peek() {
	case kwDef:
		return p.functionDefRaw(nil)
	case opAt:
		return p.decorated()
	case kwAsync:
		switch p.peekAt(1) {
		case kwDef:
			return p.functionDefRaw(nil)
		case kwWith:
			return p.withStmt()
		case kwFor:
			return p.forStmt()
		}
		return nil
	case kwIf:
		return p.ifStmt()
	case kwClass:
		return p.classDefRaw(nil)
	case kwWith:
		return p.withStmt()
	case kwFor:
		return p.forStmt()
	case kwTry:
		return p.tryStmt()
	case kwWhile:
		return p.whileStmt()
	case tNAME:
		if p.text(p.pos) == "match" {
			mark := p.pos
			if s := p.matchStmt(); s != nil || p.err != nil {
				return s
			}
			p.pos = mark
		}
	}
	return nil
}

// decorators: ('@' named_expression NEWLINE)+, then a function or class definition.
func (p *parser) decorated() ast.Stmt {
	var decs []ast.Expr
	for p.peek() == opAt {
		p.pos++
		d := p.namedExpression()
		if d == nil || !p.expect(tNEWLINE) {
			return nil
		}
		decs = append(decs, d)
	}
	switch p.peek() {
	case kwDef:
		return p.functionDefRaw(decs)
	case kwAsync:
		if p.peekAt(1) == kwDef {
			return p.functionDefRaw(decs)
		}
	case kwClass:
		return p.classDefRaw(decs)
	}
	return nil
}

// function_def_raw: [ASYNC] 'def' NAME &&'(' [params] ')' ['->' expression] &&':' block
func (p *parser) functionDefRaw(decs []ast.Expr) ast.Stmt {
	start := p.pos
	async := p.expect(kwAsync)
	if !p.expect(kwDef) || p.peek() != tNAME {
		return nil
	}
	name := p.name(p.pos)
	p.pos++
	if !p.expectForced(opLPar, "(") {
		return nil
	}
	args := p.params(false)
	if args == nil {
		if p.err != nil {
			return nil
		}
		args = emptyArguments()
	}
	if !p.expect(opRPar) {
		return nil
	}
	var returns ast.Expr
	if p.peek() == opRArrow {
		p.pos++
		if returns = p.expression(); returns == nil {
			return nil
		}
	}
	if !p.expectForced(opColon, ":") {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	if decs == nil {
		decs = []ast.Expr{}
	}
	if async {
		return &ast.AsyncFunctionDef{Loc: p.loc(start), Name: name, Args: args, Body: body, DecoratorList: decs, Returns: returns}
	}
	return &ast.FunctionDef{Loc: p.loc(start), Name: name, Args: args, Body: body, DecoratorList: decs, Returns: returns}
}

func emptyArguments() *ast.Arguments {
	return &ast.Arguments{Posonlyargs: []*ast.Arg{}, Args: []*ast.Arg{}, Kwonlyargs: []*ast.Arg{},
		KwDefaults: []ast.Expr{}, Defaults: []ast.Expr{}}
}

// class_def_raw: 'class' NAME ['(' [arguments] ')'] ':' block
func (p *parser) classDefRaw(decs []ast.Expr) ast.Stmt {
	start := p.pos
	if !p.expect(kwClass) || p.peek() != tNAME {
		return nil
	}
	name := p.name(p.pos)
	p.pos++
	bases, keywords := []ast.Expr{}, []*ast.Keyword{}
	if p.peek() == opLPar {
		mark := p.pos
		p.pos++
		if p.peek() != opRPar {
			call := p.arguments()
			if call != nil {
				bases, keywords = call.Args, call.Keywords
			}
		}
		if !p.expect(opRPar) {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			bases, keywords = []ast.Expr{}, []*ast.Keyword{}
		}
	}
	if !p.expect(opColon) {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	if decs == nil {
		decs = []ast.Expr{}
	}
	return &ast.ClassDef{Loc: p.loc(start), Name: name, Bases: bases, Keywords: keywords, Body: body, DecoratorList: decs}
}

// block: NEWLINE INDENT statements DEDENT | simple_stmts
func (p *parser) block() []ast.Stmt {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	mark := p.pos
	if p.peek() == tNEWLINE {
		if p.peekAt(1) != tINDENT {
			return nil
		}
		p.pos += 2
		body := p.statements()
		if body == nil || !p.expect(tDEDENT) {
			p.pos = mark
			return nil
		}
		return body
	}
	var buf [4]ast.Stmt
	body := p.simpleStmts(buf[:0])
	if len(body) == 0 {
		p.pos = mark
		return nil
	}
	return p.a.stmts.copyOf(body)
}

// if_stmt / elif_stmt
func (p *parser) ifStmt() ast.Stmt {
	start := p.pos
	p.pos++ // 'if' or 'elif'
	test := p.namedExpression()
	if test == nil || !p.expect(opColon) {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	orelse := []ast.Stmt{}
	switch p.peek() {
	case kwElif:
		if !p.enter() {
			return nil
		}
		e := p.ifStmt()
		p.leave()
		if e == nil {
			return nil
		}
		orelse = []ast.Stmt{e}
	case kwElse:
		if orelse = p.elseBlock(); orelse == nil {
			return nil
		}
	}
	return &ast.If{Loc: p.loc(start), Test: test, Body: body, Orelse: orelse}
}

// else_block: 'else' &&':' block. Returns nil on failure.
func (p *parser) elseBlock() []ast.Stmt {
	p.pos++
	if !p.expectForced(opColon, ":") {
		return nil
	}
	return p.block()
}

// optElse parses [else_block]: an empty list when absent, nil on failure.
func (p *parser) optElse() []ast.Stmt {
	if p.peek() != kwElse {
		return []ast.Stmt{}
	}
	return p.elseBlock()
}

func (p *parser) whileStmt() ast.Stmt {
	start := p.pos
	p.pos++
	test := p.namedExpression()
	if test == nil || !p.expect(opColon) {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	orelse := p.optElse()
	if orelse == nil {
		return nil
	}
	return &ast.While{Loc: p.loc(start), Test: test, Body: body, Orelse: orelse}
}

// for_stmt: [ASYNC] 'for' star_targets 'in' ~ star_expressions ':' block [else_block]
func (p *parser) forStmt() ast.Stmt {
	start := p.pos
	async := p.expect(kwAsync)
	p.pos++ // 'for'
	target := p.starTargets()
	if target == nil || !p.expect(kwIn) {
		return nil
	}
	iter := p.starExpressions()
	if iter == nil || !p.expect(opColon) {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	orelse := p.optElse()
	if orelse == nil {
		return nil
	}
	if async {
		return &ast.AsyncFor{Loc: p.loc(start), Target: target, Iter: iter, Body: body, Orelse: orelse}
	}
	return &ast.For{Loc: p.loc(start), Target: target, Iter: iter, Body: body, Orelse: orelse}
}

// with_stmt: [ASYNC] 'with' '(' ','.with_item+ ','? ')' ':' block | [ASYNC] 'with' ','.with_item+ ':' block
func (p *parser) withStmt() ast.Stmt {
	start := p.pos
	async := p.expect(kwAsync)
	p.pos++ // 'with'
	afterWith := p.pos
	var items []*ast.WithItem
	if p.peek() == opLPar {
		p.pos++
		items = p.withItems()
		if items != nil {
			p.expect(opComma)
			if !p.expect(opRPar) || !p.expect(opColon) {
				items = nil
			}
		}
		if items == nil {
			if p.err != nil {
				return nil
			}
			p.pos = afterWith
		}
	}
	if items == nil {
		items = p.withItems()
		if items == nil || !p.expect(opColon) {
			return nil
		}
	}
	body := p.block()
	if body == nil {
		return nil
	}
	if async {
		return &ast.AsyncWith{Loc: p.loc(start), Items: items, Body: body}
	}
	return &ast.With{Loc: p.loc(start), Items: items, Body: body}
}

// ','.with_item+ ; with_item: expression 'as' star_target &(',' | ')' | ':') | expression
func (p *parser) withItems() []*ast.WithItem {
	var items []*ast.WithItem
	for {
		e := p.expression()
		if e == nil {
			if items != nil {
				p.pos-- // the ',' is not part of the list
			}
			return items
		}
		item := &ast.WithItem{ContextExpr: e}
		if p.peek() == kwAs {
			mark := p.pos
			p.pos++
			t := p.starTarget()
			if t != nil {
				switch p.peek() {
				case opComma, opRPar, opColon:
					item.OptionalVars = t
				default:
					t = nil
				}
			}
			if t == nil {
				if p.err != nil {
					return nil
				}
				p.pos = mark
			}
		}
		items = append(items, item)
		if !p.expect(opComma) {
			return items
		}
	}
}

// try_stmt
func (p *parser) tryStmt() ast.Stmt {
	start := p.pos
	p.pos++
	if !p.expectForced(opColon, ":") {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	if p.peek() == kwFinally {
		fin := p.finallyBlock()
		if fin == nil {
			return nil
		}
		return &ast.Try{Loc: p.loc(start), Body: body, Handlers: []*ast.ExceptHandler{}, Orelse: []ast.Stmt{}, Finalbody: fin}
	}
	if p.peek() != kwExcept {
		return nil
	}
	star := p.peekAt(1) == opStar
	var handlers []*ast.ExceptHandler
	for p.peek() == kwExcept {
		mark := p.pos
		h := p.exceptBlock(star)
		if h == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		handlers = append(handlers, h)
	}
	if handlers == nil {
		return nil
	}
	orelse := p.optElse()
	if orelse == nil {
		return nil
	}
	fin := []ast.Stmt{}
	if p.peek() == kwFinally {
		if fin = p.finallyBlock(); fin == nil {
			return nil
		}
	}
	if star {
		return &ast.TryStar{Loc: p.loc(start), Body: body, Handlers: handlers, Orelse: orelse, Finalbody: fin}
	}
	return &ast.Try{Loc: p.loc(start), Body: body, Handlers: handlers, Orelse: orelse, Finalbody: fin}
}

// except_block: 'except' expression ['as' NAME] ':' block | 'except' ':' block
// except_star_block: 'except' '*' expression ['as' NAME] ':' block
func (p *parser) exceptBlock(star bool) *ast.ExceptHandler {
	start := p.pos
	p.pos++
	if star && !p.expect(opStar) {
		return nil
	}
	h := &ast.ExceptHandler{}
	if star || p.peek() != opColon {
		h.Type = p.expression()
		if h.Type == nil {
			return nil
		}
		if p.peek() == kwAs {
			if p.peekAt(1) != tNAME {
				return nil
			}
			h.Name = p.a.ident(p.name(p.pos + 1))
			p.pos += 2
		}
	}
	if !p.expect(opColon) {
		return nil
	}
	if h.Body = p.block(); h.Body == nil {
		return nil
	}
	h.Loc = p.loc(start)
	return h
}

// finally_block: 'finally' &&':' block
func (p *parser) finallyBlock() []ast.Stmt {
	p.pos++
	if !p.expectForced(opColon, ":") {
		return nil
	}
	return p.block()
}

// match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
func (p *parser) matchStmt() ast.Stmt {
	start := p.pos
	p.pos++
	subject := p.subjectExpr()
	if subject == nil || !p.expect(opColon) || !p.expect(tNEWLINE) || !p.expect(tINDENT) {
		return nil
	}
	var cases []*ast.MatchCase
	for p.peek() == tNAME && p.text(p.pos) == "case" {
		mark := p.pos
		c := p.caseBlock()
		if c == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		cases = append(cases, c)
	}
	if cases == nil || !p.expect(tDEDENT) {
		return nil
	}
	return &ast.Match{Loc: p.loc(start), Subject: subject, Cases: cases}
}

// subject_expr: star_named_expression ',' star_named_expressions? | named_expression
func (p *parser) subjectExpr() ast.Expr {
	start := p.pos
	first := p.starNamedExpression()
	if first == nil {
		return nil
	}
	if p.peek() != opComma {
		if _, ok := first.(*ast.Starred); ok {
			return nil
		}
		return first
	}
	p.pos++
	elts := p.starNamedExpressions(first)
	if p.err != nil {
		return nil
	}
	return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: elts, Ctx: ast.Load})
}

// case_block: "case" patterns guard? ':' block
func (p *parser) caseBlock() *ast.MatchCase {
	p.pos++
	pat := p.patterns()
	if pat == nil {
		return nil
	}
	var guard ast.Expr
	if p.peek() == kwIf {
		p.pos++
		if guard = p.namedExpression(); guard == nil {
			return nil
		}
	}
	if !p.expect(opColon) {
		return nil
	}
	body := p.block()
	if body == nil {
		return nil
	}
	return &ast.MatchCase{Pattern: pat, Guard: guard, Body: body}
}
