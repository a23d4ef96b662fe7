package parser

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// maxIntDigits is CPython 3.11.7's default sys.get_int_max_str_digits(): ast.parse rejects longer decimal
// int literals with a SyntaxError.
const maxIntDigits = 4300

// number converts the NUMBER token at i into a Constant (int as *big.Int, float64, or imaginary complex128),
// as CPython's parsenumber does. It returns nil after recording an error.
func (p *parser) number(i int) *ast.Constant {
	s := strings.ReplaceAll(p.text(i), "_", "")
	c := p.a.constants.alloc(ast.Constant{Loc: p.span(i, i)})
	last := s[len(s)-1]
	isHex := len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
	switch {
	case last == 'j' || last == 'J':
		f, err := strconv.ParseFloat(s[:len(s)-1], 64)
		if err != nil && !isRangeErr(err) {
			p.errorAt(i, "invalid imaginary literal")
			return nil
		}
		c.Value = complex(0, f)
	case !isHex && strings.ContainsAny(s, ".eE"):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !isRangeErr(err) {
			p.errorAt(i, "invalid float literal")
			return nil
		}
		c.Value = f
	case len(s) <= 18 && (len(s) == 1 || s[0] != '0'):
		// Short decimal ints (the vast majority) skip big.Int's general parser.
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			p.errorAt(i, "invalid integer literal")
			return nil
		}
		c.Value = p.a.newInt(v)
	default:
		n := new(big.Int)
		base := 10
		if len(s) > 1 && s[0] == '0' && strings.ContainsAny(s[1:2], "xXoObB") {
			base = 0
		} else if len(s) > maxIntDigits {
			p.errorAt(i, fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; "+
				"use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer "+
				"literals to avoid decimal conversion limits.", maxIntDigits, len(s)))
			return nil
		}
		if _, ok := n.SetString(s, base); !ok {
			p.errorAt(i, "invalid integer literal")
			return nil
		}
		c.Value = n
	}
	return c
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// strings: STRING+ , concatenated as _PyPegen_concatenate_strings does: bytes only with bytes; plain strings
// and f-strings together form one Constant or one JoinedStr spanning all the tokens.
func (p *parser) strings() ast.Expr {
	first := p.pos
	for p.peek() == tSTRING {
		p.pos++
	}
	last := p.pos - 1
	if last < first {
		return nil
	}
	span := p.span(first, last)
	if first == last && !token.IsFString(p.text(first)) {
		// A single plain literal: no concatenation state needed.
		lit := p.text(first)
		v, err := token.DecodeStringLiteral(lit)
		if err != nil {
			p.stringError(first, err)
			return nil
		}
		if token.IsBytes(lit) {
			return p.a.constants.alloc(ast.Constant{Loc: span, Value: []byte(v)})
		}
		c := p.a.constant(span, v)
		if lit[0] == 'u' {
			c.Kind = p.a.ident("u")
		}
		return c
	}
	bytesMode := false
	var bytesVal []byte
	st := &fstringState{p: p, first: first, last: last}
	for i := first; i <= last; i++ {
		lit := p.text(i)
		isBytes := token.IsBytes(lit)
		if i != first && isBytes != bytesMode {
			p.errorAt(i, "cannot mix bytes and nonbytes literals")
			return nil
		}
		bytesMode = isBytes
		if token.IsFString(lit) {
			body, _ := token.StringBody(lit)
			if !st.concatFstring(body, token.IsRaw(lit), 0, i) {
				return nil
			}
			continue
		}
		v, err := token.DecodeStringLiteral(lit)
		if err != nil {
			p.stringError(i, err)
			return nil
		}
		if bytesMode {
			bytesVal = append(bytesVal, v...)
		} else {
			st.addLiteral(v)
		}
	}
	if bytesMode {
		if bytesVal == nil {
			bytesVal = []byte{}
		}
		return p.a.constants.alloc(ast.Constant{Loc: span, Value: bytesVal})
	}
	return st.finish(first, last)
}

// stringError records a string decoding error at token i.
func (p *parser) stringError(i int, err error) {
	msg := err.Error()
	if se, ok := err.(*token.SyntaxError); ok {
		msg = se.Msg
	}
	p.errorAt(i, msg)
}

// decodePiece decodes a literal part of an f-string: escapes unless raw, as decode_unicode_with_escapes does.
func (p *parser) decodePiece(tokIdx int, piece string, raw bool) (string, bool) {
	if (raw || strings.IndexByte(piece, '\\') < 0) && utf8.ValidString(piece) {
		return piece, true // nothing to decode (DecodeStringLiteral would return the body as it is)
	}
	lit := "'''" + piece + "'''"
	if raw {
		lit = "r" + lit
	}
	v, err := token.DecodeStringLiteral(lit)
	if err != nil {
		p.stringError(tokIdx, err)
		return "", false
	}
	return v, true
}
