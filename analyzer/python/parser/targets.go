package parser

import "github.com/sbxgate/sbxgate/analyzer/python/ast"

// t_lookahead: '(' | '[' | '.'
func isTLookahead(k tt) bool { return k == opLPar || k == opLSqb || k == opDot }

// memoized runs f for rule r at the current position once; later calls replay the result.
func (p *parser) memoized(r rule, f func() ast.Expr) ast.Expr {
	start := p.pos
	if v, ok := p.memoGet(r, start); ok {
		p.pos = int(v.end)
		if v.node == nil {
			return nil
		}
		return v.node
	}
	if !p.enter() {
		return nil
	}
	e := f()
	p.leave()
	if p.err != nil {
		return nil
	}
	if e == nil {
		p.pos = start
		p.memoSet(r, start, nil)
		return nil
	}
	p.memoSet(r, start, e)
	return e
}

// t_primary: the longest primary prefix that is followed by '(', '[' or '.'.
func (p *parser) tPrimary() ast.Expr {
	return p.memoized(ruleTPrimary, func() ast.Expr {
		start := p.pos
		a := p.atom()
		if a == nil || !isTLookahead(p.peek()) {
			return nil
		}
		for {
			mark := p.pos
			n := p.trailer(start, a, ast.Load)
			if n == nil {
				return a
			}
			if !isTLookahead(p.peek()) {
				p.pos = mark
				return a
			}
			a = n
		}
	})
}

// targetTrailer parses t_primary '.' NAME !t_lookahead | t_primary '[' slices ']' !t_lookahead with ctx.
func (p *parser) targetTrailer(ctx ast.ExprContext) ast.Expr {
	if p.plainNameTarget() {
		return nil // t_primary fails: its atom, this NAME, is not followed by '(', '[' or '.'
	}
	start := p.pos
	tp := p.tPrimary()
	if tp == nil {
		return nil
	}
	switch p.peek() {
	case opDot:
		if p.peekAt(1) == tNAME {
			p.pos += 2
			if !isTLookahead(p.peek()) {
				return p.a.attribute(p.loc(start), tp, p.name(p.pos-1), ctx)
			}
		}
	case opLSqb:
		p.pos++
		if s := p.slices(); s != nil && p.expect(opRSqb) && !isTLookahead(p.peek()) {
			return p.a.subscript(p.loc(start), tp, s, ctx)
		}
	}
	p.pos = start
	return nil
}

// plainNameTarget reports whether the current token is a NAME that starts no t_primary (the next token
// is not '(', '[' or '.'), away from the depth limit that the skipped rules would check.
func (p *parser) plainNameTarget() bool {
	return p.peek() == tNAME && !isTLookahead(p.peekAt(1)) && p.depth < maxDepth-4
}

// single_subscript_attribute_target
func (p *parser) singleSubscriptAttributeTarget(ctx ast.ExprContext) ast.Expr {
	return p.targetTrailer(ctx)
}

// single_target: single_subscript_attribute_target | NAME | '(' single_target ')'
func (p *parser) singleTarget() ast.Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	if t := p.targetTrailer(ast.Store); t != nil || p.err != nil {
		return t
	}
	switch p.peek() {
	case tNAME:
		p.pos++
		return p.a.name(p.span(start, start), p.name(start), ast.Store)
	case opLPar:
		p.pos++
		if t := p.singleTarget(); t != nil && p.expect(opRPar) {
			return t
		}
	}
	p.pos = start
	return nil
}

// star_targets: star_target !',' | star_target (',' star_target)* [','] (a Tuple)
func (p *parser) starTargets() ast.Expr {
	start := p.pos
	if p.plainNameTarget() && p.peekAt(1) != opComma {
		// The commonest target, a lone NAME: what star_target -> target_with_star_atom -> star_atom give.
		p.pos++
		return p.a.name(p.span(start, start), p.name(start), ast.Store)
	}
	first := p.starTarget()
	if first == nil || p.peek() != opComma {
		return first
	}
	elts := []ast.Expr{first}
	for p.expect(opComma) {
		mark := p.pos
		t := p.starTarget()
		if t == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		elts = append(elts, t)
	}
	return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: elts, Ctx: ast.Store})
}

// star_target: '*' (!'*' star_target) | target_with_star_atom
func (p *parser) starTarget() ast.Expr {
	return p.memoized(ruleStarTarget, func() ast.Expr {
		start := p.pos
		if p.peek() == opStar {
			p.pos++
			if p.peek() == opStar {
				return nil
			}
			t := p.starTarget()
			if t == nil {
				return nil
			}
			return &ast.Starred{Loc: p.loc(start), Value: t, Ctx: ast.Store}
		}
		return p.targetWithStarAtom()
	})
}

// target_with_star_atom: t_primary '.' NAME !t_lookahead | t_primary '[' slices ']' !t_lookahead | star_atom
func (p *parser) targetWithStarAtom() ast.Expr {
	return p.memoized(ruleTargetWithStarAtom, func() ast.Expr {
		if t := p.targetTrailer(ast.Store); t != nil || p.err != nil {
			return t
		}
		return p.starAtom()
	})
}

// star_atom: NAME | '(' target_with_star_atom ')' | '(' [star_targets_tuple_seq] ')' | '[' [star_targets_list_seq] ']'
func (p *parser) starAtom() ast.Expr {
	start := p.pos
	switch p.peek() {
	case tNAME:
		p.pos++
		return p.a.name(p.span(start, start), p.name(start), ast.Store)
	case opLPar:
		p.pos++
		if t := p.targetWithStarAtom(); t != nil && p.expect(opRPar) {
			return t
		}
		if p.err != nil {
			return nil
		}
		p.pos = start + 1
		var elts []ast.Expr
		if p.peek() != opRPar {
			// star_targets_tuple_seq: star_target (',' star_target)+ [','] | star_target ','
			elts = p.starTargetList()
			if len(elts) == 1 && p.text(p.pos-1) != "," {
				elts = nil
			}
			if elts == nil {
				p.pos = start
				return nil
			}
		}
		if !p.expect(opRPar) {
			p.pos = start
			return nil
		}
		if elts == nil {
			elts = []ast.Expr{}
		}
		return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: elts, Ctx: ast.Store})
	case opLSqb:
		p.pos++
		elts := []ast.Expr{}
		if p.peek() != opRSqb {
			elts = p.starTargetList()
			if elts == nil {
				p.pos = start
				return nil
			}
		}
		if !p.expect(opRSqb) {
			p.pos = start
			return nil
		}
		return &ast.List{Loc: p.loc(start), Elts: elts, Ctx: ast.Store}
	}
	return nil
}

// starTargetList: ','.star_target+ [',']
func (p *parser) starTargetList() []ast.Expr { return p.targetList(p.starTarget) }

// del_targets: ','.del_target+ [',']
func (p *parser) delTargets() []ast.Expr { return p.targetList(p.delTarget) }

// targetList parses ','.item+ [','] and returns the items, nil when there is none.
func (p *parser) targetList(item func() ast.Expr) []ast.Expr {
	var elts []ast.Expr
	for {
		mark := p.pos
		t := item()
		if t == nil {
			p.pos = mark
			return elts
		}
		elts = append(elts, t)
		if !p.expect(opComma) {
			return elts
		}
	}
}

// del_target: t_primary '.' NAME !t_lookahead | t_primary '[' slices ']' !t_lookahead | del_t_atom
func (p *parser) delTarget() ast.Expr {
	return p.memoized(ruleDelTarget, func() ast.Expr {
		if t := p.targetTrailer(ast.Del); t != nil || p.err != nil {
			return t
		}
		start := p.pos
		switch p.peek() {
		case tNAME:
			p.pos++
			return p.a.name(p.span(start, start), p.name(start), ast.Del)
		case opLPar:
			p.pos++
			if t := p.delTarget(); t != nil && p.expect(opRPar) {
				return t
			}
			if p.err != nil {
				return nil
			}
			p.pos = start + 1
			elts := p.delTargets()
			if !p.expect(opRPar) {
				return nil
			}
			if elts == nil {
				elts = []ast.Expr{}
			}
			return p.a.tuples.alloc(ast.Tuple{Loc: p.loc(start), Elts: elts, Ctx: ast.Del})
		case opLSqb:
			p.pos++
			elts := p.delTargets()
			if !p.expect(opRSqb) {
				return nil
			}
			if elts == nil {
				elts = []ast.Expr{}
			}
			return &ast.List{Loc: p.loc(start), Elts: elts, Ctx: ast.Del}
		}
		return nil
	})
}
