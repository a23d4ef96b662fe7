package parser

import "github.com/sbxgate/sbxgate/analyzer/python/ast"

// params parses the parameters of a def (lambda=false, closed by ')') or a lambda (closed by ':'), following
// the parameters/lambda_parameters rules. It returns nil, with the position unchanged, when there are none or
// they do not parse.
//
// The rules amount to: positional parameters, where once one has a default all later ones need one; an
// optional '/' after at least one of them; then '*' with a name or a bare '*' followed by at least one
// keyword-only parameter; then '**' name. Each parameter is followed by ',' or by the closing token.
func (p *parser) params(lambda bool) *ast.Arguments {
	start := p.pos
	a := p.paramsInner(lambda)
	if a == nil {
		p.pos = start
	}
	return a
}

func (p *parser) paramsInner(lambda bool) *ast.Arguments {
	closer := opRPar
	if lambda {
		closer = opColon
	}
	begin := p.pos
	args := emptyArguments()
	var pos []*ast.Arg
	var defaults []ast.Expr
	slash := -1
	// sep consumes the ',' after a parameter or checks for the closer without consuming it.
	sep := func() bool {
		if p.expect(opComma) {
			return true
		}
		return p.peek() == closer
	}
	for p.peek() == tNAME {
		a := p.param(lambda, false)
		if a == nil {
			return nil
		}
		if p.peek() == opEqual {
			p.pos++
			d := p.expression()
			if d == nil {
				return nil
			}
			defaults = append(defaults, d)
		} else if len(defaults) > 0 {
			return nil // non-default parameter follows default parameter
		}
		if !sep() {
			return nil
		}
		pos = append(pos, a)
		if p.peek() == opSlash {
			if slash >= 0 || p.text(p.pos-1) != "," {
				return nil
			}
			p.pos++
			if !sep() {
				return nil
			}
			slash = len(pos)
		}
	}
	if slash >= 0 {
		args.Posonlyargs = pos[:slash]
		args.Args = pos[slash:]
	} else if pos != nil {
		args.Args = pos
	}
	if defaults != nil {
		args.Defaults = defaults
	}
	if p.peek() == opStar {
		p.pos++
		if p.expect(opComma) {
			// a bare '*' needs at least one keyword-only parameter
			if p.peek() != tNAME {
				return nil
			}
		} else {
			if p.peek() != tNAME {
				return nil
			}
			v := p.param(lambda, true)
			if v == nil || !sep() {
				return nil
			}
			args.Vararg = v
		}
		for p.peek() == tNAME {
			a := p.param(lambda, false)
			if a == nil {
				return nil
			}
			var d ast.Expr
			if p.peek() == opEqual {
				p.pos++
				if d = p.expression(); d == nil {
					return nil
				}
			}
			if !sep() {
				return nil
			}
			args.Kwonlyargs = append(args.Kwonlyargs, a)
			args.KwDefaults = append(args.KwDefaults, d)
		}
	}
	if p.peek() == opDoubleStar {
		p.pos++
		if p.peek() != tNAME {
			return nil
		}
		k := p.param(lambda, false)
		if k == nil || !sep() {
			return nil
		}
		args.Kwarg = k
	}
	if p.pos == begin {
		return nil
	}
	if p.peek() != closer {
		return nil
	}
	return args
}

// param: NAME annotation? ; for the '*' parameter of a def the annotation may be a starred expression
// (param_star_annotation); lambda parameters have no annotation.
func (p *parser) param(lambda, star bool) *ast.Arg {
	start := p.pos
	if p.peek() != tNAME {
		return nil
	}
	p.pos++
	a := p.a.args.alloc(ast.Arg{Arg: p.name(start)})
	if !lambda && p.peek() == opColon {
		mark := p.pos
		p.pos++
		var ann ast.Expr
		if star && p.peek() == opStar {
			ann = p.starExpression()
		} else {
			ann = p.expression()
		}
		if ann == nil {
			if p.err != nil {
				return nil
			}
			p.pos = mark
		} else {
			a.Annotation = ann
		}
	}
	a.Loc = p.loc(start)
	return a
}
