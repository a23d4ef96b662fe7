package parser

import (
	"fmt"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// invalidTargetError re-reads the failed logical line starting at token ls the way CPython's
// invalid_assignment and invalid_del_stmt rules do, and names the expression that cannot be assigned to or
// deleted. It returns nil when that is not what went wrong. It runs only after the parse has failed, so it
// cannot change the accept/reject decision.
func (p *parser) invalidTargetError(ls int) *token.SyntaxError {
	if p.tt[ls] == kwDel {
		p.pos = ls + 1
		e := p.starExpressions()
		if e == nil || p.err != nil {
			return nil
		}
		if bad := invalidTarget(e, true); bad != nil {
			return targetError(bad, "cannot delete %s")
		}
		return nil
	}
	p.pos = ls
	for {
		e := p.starExpressions()
		if e == nil || p.err != nil {
			return nil
		}
		k := p.peek()
		if k == opEqual {
			if bad := invalidTarget(e, false); bad != nil {
				if bad == e && isPlainExpr(e) {
					return targetError(e, "cannot assign to %s here. Maybe you meant '==' instead of '='?")
				}
				return targetError(bad, "cannot assign to %s")
			}
			p.pos++
			if p.peek() == kwYield {
				if y := p.yieldExpr(); y != nil && p.peek() == opEqual {
					return targetError(y, "assignment to yield expression not possible")
				}
				return nil
			}
			continue
		}
		if _, ok := augOp(k); ok {
			switch e.(type) {
			case *ast.Name, *ast.Attribute, *ast.Subscript:
				return nil
			}
			return targetError(e, fmt.Sprintf("'%s' is an illegal expression for augmented assignment", exprName(e)))
		}
		return nil
	}
}

// isPlainExpr reports whether CPython's invalid_named_expression rule would describe e (it skips displays and
// the None/True/False keywords).
func isPlainExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.List, *ast.Tuple, *ast.GeneratorExp, *ast.Starred:
		return false
	case *ast.Constant:
		switch e.Value.(type) {
		case ast.NoneValue, bool:
			return false
		}
	}
	return true
}

func targetError(e ast.Expr, format string) *token.SyntaxError {
	l := e.Location()
	msg := format
	if strings.Contains(format, "%s") {
		msg = fmt.Sprintf(format, exprName(e))
	}
	return &token.SyntaxError{Kind: "SyntaxError", Msg: msg, Line: l.Lineno, Col: l.ColOffset,
		EndLine: l.EndLineno, EndCol: l.EndColOffset}
}

// conditionAssignError is CPython's invalid_named_expression rule where a condition is expected: "if x
// = 1:" (and elif, while) is a comparison or an assignment expression written with '='. It re-reads the
// logical line starting at token ls, whose parse failed at token i, and returns nil when that is not
// what went wrong. It runs only after the parse has failed, so it cannot change the decision.
func (p *parser) conditionAssignError(ls, i int) *token.SyntaxError {
	switch p.tt[ls] {
	case kwIf, kwElif, kwWhile:
	default:
		return nil
	}
	if p.tt[i] != opEqual {
		return nil
	}
	save, far := p.pos, p.far
	defer func() { p.pos, p.far, p.err = save, far, nil }()
	p.pos = ls + 1
	a := p.bitwiseOr()
	if a == nil || p.err != nil || p.pos != i {
		return nil
	}
	p.pos = i + 1
	if b := p.bitwiseOr(); b == nil || p.err != nil {
		return nil
	}
	if k := p.peek(); k == opEqual || k == opColonEqual {
		return nil
	}
	switch a := a.(type) {
	case *ast.Name:
		return targetError(a, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?")
	case *ast.List, *ast.Tuple, *ast.GeneratorExp:
		return nil
	case *ast.Constant:
		if p.tt[ls+1] == kwTrue || p.tt[ls+1] == kwFalse || p.tt[ls+1] == kwNone {
			return nil
		}
	}
	return targetError(a, "cannot assign to %s here. Maybe you meant '==' instead of '='?")
}

// invalidTarget is _PyPegen_get_invalid_target: the first part of e that cannot be a target, or nil.
func invalidTarget(e ast.Expr, del bool) ast.Expr {
	// Explicit stack: e may be deeply nested.
	stack := []ast.Expr{e}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := x.(type) {
		case *ast.List:
			for i := len(x.Elts) - 1; i >= 0; i-- {
				stack = append(stack, x.Elts[i])
			}
		case *ast.Tuple:
			for i := len(x.Elts) - 1; i >= 0; i-- {
				stack = append(stack, x.Elts[i])
			}
		case *ast.Starred:
			if del {
				return x
			}
			stack = append(stack, x.Value)
		case *ast.Name, *ast.Subscript, *ast.Attribute:
		default:
			return x
		}
	}
	return nil
}

// exprName is _PyPegen_get_expr_name: how CPython's messages call an expression.
func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Attribute:
		return "attribute"
	case *ast.Subscript:
		return "subscript"
	case *ast.Starred:
		return "starred"
	case *ast.Name:
		return "name"
	case *ast.List:
		return "list"
	case *ast.Tuple:
		return "tuple"
	case *ast.Lambda:
		return "lambda"
	case *ast.Call:
		return "function call"
	case *ast.BoolOp, *ast.BinOp, *ast.UnaryOp:
		return "expression"
	case *ast.GeneratorExp:
		return "generator expression"
	case *ast.Yield, *ast.YieldFrom:
		return "yield expression"
	case *ast.Await:
		return "await expression"
	case *ast.ListComp:
		return "list comprehension"
	case *ast.SetComp:
		return "set comprehension"
	case *ast.DictComp:
		return "dict comprehension"
	case *ast.Dict:
		return "dict literal"
	case *ast.Set:
		return "set display"
	case *ast.JoinedStr, *ast.FormattedValue:
		return "f-string expression"
	case *ast.Constant:
		switch v := e.Value.(type) {
		case ast.NoneValue:
			return "None"
		case bool:
			if v {
				return "True"
			}
			return "False"
		case ast.EllipsisValue:
			return "ellipsis"
		}
		return "literal"
	case *ast.Compare:
		return "comparison"
	case *ast.IfExp:
		return "conditional expression"
	case *ast.NamedExpr:
		return "named expression"
	}
	return "expression"
}
