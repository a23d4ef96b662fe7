package parser

import "github.com/sbxgate/sbxgate/analyzer/python/ast"

// patterns: open_sequence_pattern (a MatchSequence) | pattern
func (p *parser) patterns() ast.Pattern {
	start := p.pos
	first := p.maybeStarPattern()
	if first == nil {
		return nil
	}
	if p.peek() != opComma {
		if _, ok := first.(*ast.MatchStar); ok {
			p.pos = start
			return nil
		}
		return first
	}
	p.pos++
	pats := append([]ast.Pattern{first}, p.maybeSequencePattern()...)
	if p.err != nil {
		return nil
	}
	return &ast.MatchSequence{Loc: p.loc(start), Patterns: pats}
}

// maybe_sequence_pattern: ','.maybe_star_pattern+ ','?
func (p *parser) maybeSequencePattern() []ast.Pattern {
	var pats []ast.Pattern
	for {
		mark := p.pos
		pt := p.maybeStarPattern()
		if pt == nil {
			p.pos = mark
			return pats
		}
		pats = append(pats, pt)
		if !p.expect(opComma) {
			return pats
		}
	}
}

// maybe_star_pattern: star_pattern | pattern
func (p *parser) maybeStarPattern() ast.Pattern {
	if p.peek() == opStar {
		start := p.pos
		p.pos++
		if p.peek() == tNAME {
			name := p.text(p.pos)
			switch {
			case name == "_":
				p.pos++
				return &ast.MatchStar{Loc: p.loc(start)}
			case p.captureTargetAt(p.pos):
				p.pos++
				return &ast.MatchStar{Loc: p.loc(start), Name: p.a.ident(p.name(p.pos - 1))}
			}
		}
		p.pos = start
		return nil
	}
	return p.pattern()
}

// captureTargetAt reports whether pattern_capture_target matches at i: !"_" NAME !('.' | '(' | '=')
func (p *parser) captureTargetAt(i int) bool {
	if p.tt[i] != tNAME || p.text(i) == "_" {
		return false
	}
	if i+1 > p.far {
		p.far = i + 1
	}
	switch p.tt[i+1] {
	case opDot, opLPar, opEqual:
		return false
	}
	return true
}

// pattern: as_pattern | or_pattern ; as_pattern: or_pattern 'as' pattern_capture_target
func (p *parser) pattern() ast.Pattern {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	start := p.pos
	or := p.orPattern()
	if or == nil || p.peek() != kwAs {
		return or
	}
	if p.captureTargetAt(p.pos + 1) {
		p.pos += 2
		return &ast.MatchAs{Loc: p.loc(start), Pattern: or, Name: p.a.ident(p.name(p.pos - 1))}
	}
	return or
}

// or_pattern: '|'.closed_pattern+
func (p *parser) orPattern() ast.Pattern {
	start := p.pos
	first := p.closedPattern()
	if first == nil || p.peek() != opVbar {
		return first
	}
	pats := []ast.Pattern{first}
	for p.peek() == opVbar {
		mark := p.pos
		p.pos++
		c := p.closedPattern()
		if c == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		pats = append(pats, c)
	}
	return &ast.MatchOr{Loc: p.loc(start), Patterns: pats}
}

// closed_pattern: literal | capture | wildcard | value | group | sequence | mapping | class
func (p *parser) closedPattern() ast.Pattern {
	start := p.pos
	switch p.peek() {
	case tNUMBER, opMinus:
		v := p.numberLiteral()
		if v == nil {
			return nil
		}
		return &ast.MatchValue{Loc: p.loc(start), Value: v}
	case tSTRING:
		v := p.strings()
		if v == nil {
			return nil
		}
		return &ast.MatchValue{Loc: p.loc(start), Value: v}
	case kwNone:
		p.pos++
		return &ast.MatchSingleton{Loc: p.loc(start), Value: ast.NoneValue{}}
	case kwTrue:
		p.pos++
		return &ast.MatchSingleton{Loc: p.loc(start), Value: true}
	case kwFalse:
		p.pos++
		return &ast.MatchSingleton{Loc: p.loc(start), Value: false}
	case tNAME:
		if p.captureTargetAt(start) {
			p.pos++
			return &ast.MatchAs{Loc: p.loc(start), Name: p.a.ident(p.name(start))}
		}
		if p.text(start) == "_" {
			p.pos++
			return &ast.MatchAs{Loc: p.loc(start)}
		}
		// value_pattern: attr !('.' | '(' | '=') ; class_pattern: name_or_attr '(' ...
		cls := p.nameOrAttr()
		if cls == nil {
			return nil
		}
		switch p.peek() {
		case opLPar:
			return p.classPattern(start, cls)
		case opDot, opEqual:
			p.pos = start
			return nil
		}
		if _, ok := cls.(*ast.Attribute); !ok {
			p.pos = start
			return nil
		}
		return &ast.MatchValue{Loc: p.loc(start), Value: cls}
	case opLPar:
		// group_pattern: '(' pattern ')' ; sequence_pattern: '(' open_sequence_pattern? ')'
		p.pos++
		if p.expect(opRPar) {
			return &ast.MatchSequence{Loc: p.loc(start), Patterns: []ast.Pattern{}}
		}
		first := p.maybeStarPattern()
		if first == nil {
			p.pos = start
			return nil
		}
		_, star := first.(*ast.MatchStar)
		if !star && p.expect(opRPar) {
			return first
		}
		if !p.expect(opComma) {
			p.pos = start
			return nil
		}
		pats := append([]ast.Pattern{first}, p.maybeSequencePattern()...)
		if p.err != nil || !p.expect(opRPar) {
			p.pos = start
			return nil
		}
		return &ast.MatchSequence{Loc: p.loc(start), Patterns: pats}
	case opLSqb:
		p.pos++
		pats := p.maybeSequencePattern()
		if p.err != nil || !p.expect(opRSqb) {
			p.pos = start
			return nil
		}
		if pats == nil {
			pats = []ast.Pattern{}
		}
		return &ast.MatchSequence{Loc: p.loc(start), Patterns: pats}
	case opLBrace:
		return p.mappingPattern()
	}
	return nil
}

// name_or_attr: attr | NAME ; attr: name_or_attr '.' NAME
func (p *parser) nameOrAttr() ast.Expr {
	start := p.pos
	if p.peek() != tNAME {
		return nil
	}
	p.pos++
	var e ast.Expr = p.a.name(p.span(start, start), p.name(start), ast.Load)
	for p.peek() == opDot && p.peekAt(1) == tNAME {
		p.pos += 2
		e = p.a.attributes.alloc(ast.Attribute{Loc: p.loc(start), Value: e, Attr: p.name(p.pos - 1), Ctx: ast.Load})
	}
	return e
}

// class_pattern: name_or_attr '(' [positional_patterns] [keyword_patterns] ','? ')'
func (p *parser) classPattern(start int, cls ast.Expr) ast.Pattern {
	p.pos++ // '('
	var pats, kwPats []ast.Pattern
	var kwNames []string
	for p.peek() != opRPar {
		mark := p.pos
		if p.peek() == tNAME && p.peekAt(1) == opEqual {
			name := p.name(p.pos)
			p.pos += 2
			v := p.pattern()
			if v == nil {
				if p.err != nil {
					return nil
				}
				p.pos = mark
				break
			}
			kwNames = append(kwNames, name)
			kwPats = append(kwPats, v)
		} else {
			if kwPats != nil {
				break // positional patterns follow keyword patterns
			}
			v := p.pattern()
			if v == nil {
				if p.err != nil {
					return nil
				}
				p.pos = mark
				break
			}
			pats = append(pats, v)
		}
		if !p.expect(opComma) {
			break
		}
	}
	if !p.expect(opRPar) {
		p.pos = start
		return nil
	}
	if pats == nil {
		pats = []ast.Pattern{}
	}
	if kwPats == nil {
		kwPats = []ast.Pattern{}
		kwNames = []string{}
	}
	return &ast.MatchClass{Loc: p.loc(start), Cls: cls, Patterns: pats, KwdAttrs: kwNames, KwdPatterns: kwPats}
}

// mapping_pattern: '{' [items_pattern ','] ['**' pattern_capture_target] ','? '}'
func (p *parser) mappingPattern() ast.Pattern {
	start := p.pos
	p.pos++
	keys := []ast.Expr{}
	pats := []ast.Pattern{}
	var rest *string
	for p.peek() != opRBrace {
		mark := p.pos
		if p.peek() == opDoubleStar {
			if !p.captureTargetAt(p.pos + 1) {
				p.pos = start
				return nil
			}
			rest = p.a.ident(p.name(p.pos + 1))
			p.pos += 2
			p.expect(opComma)
			break
		}
		// key_value_pattern: (literal_expr | attr) ':' pattern
		var key ast.Expr
		switch p.peek() {
		case tNUMBER, opMinus:
			key = p.numberLiteral()
		case tSTRING:
			key = p.strings()
		case kwNone:
			p.pos++
			key = p.a.constants.alloc(ast.Constant{Loc: p.loc(mark), Value: ast.NoneValue{}})
		case kwTrue:
			p.pos++
			key = p.a.constants.alloc(ast.Constant{Loc: p.loc(mark), Value: true})
		case kwFalse:
			p.pos++
			key = p.a.constants.alloc(ast.Constant{Loc: p.loc(mark), Value: false})
		case tNAME:
			key = p.nameOrAttr()
			if _, ok := key.(*ast.Attribute); !ok {
				key = nil
			}
		}
		if key == nil || !p.expect(opColon) {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		v := p.pattern()
		if v == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
			break
		}
		keys = append(keys, key)
		pats = append(pats, v)
		if !p.expect(opComma) {
			break
		}
	}
	if !p.expect(opRBrace) {
		p.pos = start
		return nil
	}
	return &ast.MatchMapping{Loc: p.loc(start), Keys: keys, Patterns: pats, Rest: rest}
}

// numberLiteral parses signed_number !('+' | '-') | complex_number, the numeric literal_expr of patterns.
func (p *parser) numberLiteral() ast.Expr {
	start := p.pos
	neg := p.expect(opMinus)
	if p.peek() != tNUMBER {
		p.pos = start
		return nil
	}
	p.pos++
	num := p.number(p.pos - 1)
	if num == nil {
		return nil
	}
	var real ast.Expr = num
	if neg {
		real = &ast.UnaryOp{Loc: p.loc(start), Op: ast.USub, Operand: num}
	}
	if p.peek() != opPlus && p.peek() != opMinus {
		return real
	}
	// complex_number: signed_real_number ('+' | '-') imaginary_number
	op := ast.Add
	if p.peek() == opMinus {
		op = ast.Sub
	}
	opPos := p.pos
	if p.peekAt(1) != tNUMBER {
		p.pos = start
		return nil
	}
	if _, ok := num.Value.(complex128); ok {
		p.errorAt(start, "real number required in complex literal")
		return nil
	}
	p.pos = opPos + 2
	imag := p.number(opPos + 1)
	if imag == nil {
		return nil
	}
	if _, ok := imag.Value.(complex128); !ok {
		p.errorAt(opPos+1, "imaginary number required in complex literal")
		return nil
	}
	return p.a.binOps.alloc(ast.BinOp{Loc: p.loc(start), Left: real, Op: op, Right: imag})
}
