package parser

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// This file follows CPython 3.11's Parser/string_parser.c: an f-string is scanned character by character,
// each replacement field's expression is parsed by a separate parser over "(" + expression + ")", and the
// resulting positions are shifted with the same (sometimes surprising) arithmetic as
// fstring_find_expr_location, so that positions agree with ast.parse byte for byte.

// fstringState accumulates the parts of a concatenation of string literals (FstringParser in CPython).
type fstringState struct {
	p           *parser
	first, last int // token indices spanning the whole concatenation
	// The pending literal text (empty pieces are dropped, as in CPython): one piece is kept as it is
	// (usually a substring of the source), several are joined in lastStr.
	onePiece string
	lastStr  []byte
	bodyOff  int   // offset of the f-string body in the current token's text
	newlines []int // offsets of '\n' in the current token's text
	exprs    []ast.Expr
	fmode    bool
}

func (st *fstringState) addLiteral(s string) {
	switch {
	case s == "":
	case st.onePiece == "" && len(st.lastStr) == 0:
		st.onePiece = s
	default:
		st.lastStr = append(append(st.lastStr, st.onePiece...), s...)
		st.onePiece = ""
	}
}

func (st *fstringState) hasLiteral() bool { return st.onePiece != "" || len(st.lastStr) > 0 }

// strNode turns the pending literal into a Constant spanning tokens from..to.
func (st *fstringState) strNode(from, to int) *ast.Constant {
	p := st.p
	v := st.onePiece
	if len(st.lastStr) > 0 {
		v = string(st.lastStr)
	}
	c := p.a.constant(p.span(from, to), v)
	if strings.HasPrefix(p.text(from), "u") {
		c.Kind = p.a.ident("u")
	}
	st.lastStr, st.onePiece = st.lastStr[:0], ""
	return c
}

// finish is _PyPegen_FstringParser_Finish.
func (st *fstringState) finish(from, to int) ast.Expr {
	if !st.fmode {
		return st.strNode(from, to)
	}
	if st.hasLiteral() {
		st.exprs = append(st.exprs, st.strNode(from, to))
	}
	values := st.exprs
	if values == nil {
		values = []ast.Expr{}
	}
	p := st.p
	return p.a.joined.alloc(ast.JoinedStr{Values: values, Loc: p.span(from, to)})
}

// concatFstring parses the f-string body of token t (at nesting level 0).
func (st *fstringState) concatFstring(body string, raw bool, lvl, t int) bool {
	text := st.p.text(t)
	qi := strings.IndexFunc(text, func(r rune) bool { return r == '\'' || r == '"' })
	st.bodyOff = qi + (len(text)-qi-len(body))/2
	st.newlines = st.newlines[:0]
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			st.newlines = append(st.newlines, i)
		}
	}
	i := 0
	return st.concat(body, &i, len(body), raw, lvl, t)
}

// concat is _PyPegen_FstringParser_ConcatFstring over s[*pi:end].
func (st *fstringState) concat(s string, pi *int, end int, raw bool, lvl, t int) bool {
	p := st.p
	st.fmode = true
	for {
		lit, result, ok := st.findLiteral(s, pi, end, raw, lvl, t)
		if !ok {
			return false
		}
		st.addLiteral(lit)
		if result == 1 {
			continue
		}
		if *pi >= end || s[*pi] == '}' {
			break
		}
		exprText, expr, ok := st.findExpr(s, pi, end, raw, lvl, t)
		if !ok {
			return false
		}
		st.addLiteral(exprText)
		if st.hasLiteral() {
			st.exprs = append(st.exprs, st.strNode(st.first, st.last))
		}
		st.exprs = append(st.exprs, expr)
	}
	if lvl == 0 && *pi < end-1 {
		p.errorAt(t, "f-string: unexpected end of string")
		return false
	}
	if lvl != 0 && (*pi >= end || s[*pi] != '}') {
		p.errorAt(t, "f-string: expecting '}'")
		return false
	}
	return true
}

// findLiteral is fstring_find_literal: it returns the decoded literal text up to the next '{' or '}' and
// result 1 when it stopped at a doubled brace.
func (st *fstringState) findLiteral(s string, pi *int, end int, raw bool, lvl, t int) (string, int, bool) {
	p := st.p
	i := *pi
	litStart := i
	result := 0
	litEnd := -1
	for i < end {
		ch := s[i]
		i++
		if !raw && ch == '\\' && i < end {
			ch = s[i]
			i++
			if ch == 'N' {
				if i < end {
					c := s[i]
					i++
					if c == '{' {
						for i < end {
							c := s[i]
							i++
							if c == '}' {
								break
							}
						}
						continue
					}
				}
				break
			}
		}
		if ch == '{' || ch == '}' {
			if lvl == 0 {
				if i < end && s[i] == ch {
					*pi = i + 1
					litEnd = i
					result = 1
					break
				}
				if ch == '}' {
					*pi = i - 1
					p.errorAt(t, "f-string: single '}' is not allowed")
					return "", 0, false
				}
			}
			i--
			break
		}
	}
	if litEnd < 0 {
		*pi = i
		litEnd = i
	}
	if litStart == litEnd {
		return "", result, true
	}
	piece := s[litStart:litEnd]
	if raw {
		v, ok := p.decodePiece(t, piece, true)
		return v, result, ok
	}
	v, ok := p.decodePiece(t, piece, false)
	return v, result, ok
}

// findExpr is fstring_find_expr: s[*pi] is '{'. It returns the "=" debug text (or "") and the FormattedValue.
func (st *fstringState) findExpr(s string, pi *int, end int, raw bool, lvl, t int) (string, ast.Expr, bool) {
	p := st.p
	fail := func(msg string) (string, ast.Expr, bool) {
		p.errorAt(t, msg)
		return "", nil, false
	}
	if lvl >= 2 {
		return fail("f-string: expressions nested too deeply")
	}
	*pi++
	exprStart := *pi
	var quote byte
	stringType := 0
	var parens []byte
	for ; *pi < end; *pi++ {
		ch := s[*pi]
		if ch == '\\' {
			return fail("f-string expression part cannot include a backslash")
		}
		if quote != 0 {
			if ch == quote {
				if stringType == 3 {
					if *pi+2 < end && s[*pi+1] == ch && s[*pi+2] == ch {
						*pi += 2
						stringType, quote = 0, 0
						continue
					}
				} else {
					stringType, quote = 0, 0
					continue
				}
			}
		} else if ch == '\'' || ch == '"' {
			if *pi+2 < end && s[*pi+1] == ch && s[*pi+2] == ch {
				stringType = 3
				*pi += 2
			} else {
				stringType = 1
			}
			quote = ch
		} else if ch == '[' || ch == '{' || ch == '(' {
			if len(parens) >= 200 {
				return fail("f-string: too many nested parenthesis")
			}
			parens = append(parens, ch)
		} else if ch == '#' {
			return fail("f-string expression part cannot include '#'")
		} else if len(parens) == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<') {
			if *pi+1 < end {
				next := s[*pi+1]
				if (ch == '!' && next == '=') || (ch == '=' && next == '=') || (ch == '<' && next == '=') || (ch == '>' && next == '=') {
					*pi++
					continue
				}
				if ch == '>' || ch == '<' {
					continue
				}
			}
			break
		} else if ch == ']' || ch == '}' || ch == ')' {
			if len(parens) == 0 {
				return fail(fmt.Sprintf("f-string: unmatched '%c'", ch))
			}
			opening := parens[len(parens)-1]
			parens = parens[:len(parens)-1]
			if !(opening == '(' && ch == ')' || opening == '[' && ch == ']' || opening == '{' && ch == '}') {
				return fail(fmt.Sprintf("f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch, opening))
			}
		}
	}
	exprEnd := *pi
	if quote != 0 {
		return fail("f-string: unterminated string")
	}
	if len(parens) > 0 {
		return fail(fmt.Sprintf("f-string: unmatched '%c'", parens[len(parens)-1]))
	}
	if *pi >= end {
		return fail("f-string: expecting '}'")
	}
	simple := p.compileFstringExpr(s[exprStart:exprEnd], t, st.bodyOff+exprStart-1, st.newlines)
	if simple == nil {
		return "", nil, false
	}
	exprText := ""
	if s[*pi] == '=' {
		*pi++
		for *pi < end && isPySpace(s[*pi]) {
			*pi++
		}
		exprText = s[exprStart:*pi]
	}
	conversion := -1
	if *pi < end && s[*pi] == '!' {
		*pi++
		if *pi >= end {
			return fail("f-string: expecting '}'")
		}
		conversion = int(s[*pi])
		*pi++
		if conversion != 's' && conversion != 'r' && conversion != 'a' {
			return fail("f-string: invalid conversion character: expected 's', 'r', or 'a'")
		}
	}
	if *pi >= end {
		return fail("f-string: expecting '}'")
	}
	var spec ast.Expr
	if s[*pi] == ':' {
		*pi++
		if *pi >= end {
			return fail("f-string: expecting '}'")
		}
		// fstring_parse: a nested state whose result spans token t alone.
		nested := &fstringState{p: p, first: st.first, last: st.last, bodyOff: st.bodyOff, newlines: st.newlines}
		if !nested.concat(s, pi, end, raw, lvl+1, t) {
			return "", nil, false
		}
		spec = nested.finish(t, t)
	}
	if *pi >= end || s[*pi] != '}' {
		return fail("f-string: expecting '}'")
	}
	*pi++
	if exprText != "" && spec == nil && conversion == -1 {
		conversion = 'r'
	}
	fv := p.a.formatted.alloc(ast.FormattedValue{Value: simple, Conversion: conversion, FormatSpec: spec, Loc: p.span(st.first, st.last)})
	return exprText, fv, true
}

// isPySpace is Py_ISSPACE.
func isPySpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// compileFstringExpr is fstring_compile_expr: it parses expr (the text between '{' and the end of the
// expression; the '{' is at byte brace of token t's text) wrapped in parentheses and shifts positions as
// CPython 3.11 does.
func (p *parser) compileFstringExpr(expr string, t, brace int, newlines []int) ast.Expr {
	if strings.TrimLeft(expr, " \t\n\f") == "" {
		p.errorAt(t, "f-string: empty expression not allowed")
		return nil
	}
	tok := p.tok(t)
	lines, cols := fstringExprLocation(tok.Text, brace, newlines)
	startLine := tok.Start.Line + lines - 1
	startCol := cols
	if lines == 0 {
		startCol += tok.Start.Col
	}
	if e := p.dottedField(expr, startLine, startCol); e != nil {
		return e
	}
	toks, err := token.TokenizeTextStream("(" + expr + ")\n") // the newline the tokenizer would append
	if err != nil {
		e := asSyntaxError(err)
		p.errorAt(t, "f-string: "+e.Msg)
		return nil
	}
	sub := newParser(toks)
	defer sub.release()
	sub.lineShift, sub.colShift = startLine, startCol
	sub.depth = p.depth
	sub.a = p.a
	e := sub.starExpressions()
	p.subTokens += toks.Len() + sub.subTokens
	if sub.err != nil {
		p.err = sub.err
		return nil
	}
	if e == nil {
		se := sub.syntaxError()
		se.Msg = "f-string: " + se.Msg
		p.err = se
		return nil
	}
	return e
}

// fstringExprLocation is fstring_find_expr_location: the line and column shift for an expression whose '{'
// is at byte brace of the token text parent, whose newline offsets are given (so that many fields in one
// long f-string cost linear time).
func fstringExprLocation(parent string, brace int, newlines []int) (lines, cols int) {
	lines = sort.SearchInts(newlines, brace)
	newlineAfterBrace := true
	for j := brace + 1; j < len(parent) && parent[j] != '}' && parent[j] != '\n'; j++ {
		if c := parent[j]; c != ' ' && c != '\t' && c != '\f' {
			newlineAfterBrace = false
			break
		}
	}
	if !newlineAfterBrace {
		if lines == 0 {
			cols = brace
		} else {
			cols = brace - newlines[lines-1] - 1
		}
	}
	return lines, cols
}

// maxDottedField bounds the names of a field dottedField builds itself.
const maxDottedField = 8

// dottedField builds the commonest fields, {name} and {name.attr...}, without tokenizing and parsing
// "(" + expr + ")", or returns nil for any other expression (or one near the depth limit). In the
// sub-source every name is on its first line, the first at column 1; the tokens are '(', the names and
// dots, ')', NEWLINE and ENDMARKER.
func (p *parser) dottedField(expr string, startLine, startCol int) ast.Expr {
	if p.depth >= maxDepth-2*maxDottedField {
		return nil
	}
	var parts [maxDottedField]string
	n := 0
	for rest := expr; ; {
		part, tail, more := strings.Cut(rest, ".")
		if n == maxDottedField || !isPlainName(part) {
			return nil
		}
		parts[n] = part
		n++
		if !more {
			break
		}
		rest = tail
	}
	line, col := 1+startLine, 1+startCol
	var e ast.Expr = p.a.names.alloc(ast.Name{Id: parts[0], Ctx: ast.Load,
		Loc: ast.Loc{Lineno: line, ColOffset: col, EndLineno: line, EndColOffset: col + len(parts[0])}})
	end := col + len(parts[0])
	for _, attr := range parts[1:n] {
		end += 1 + len(attr)
		e = p.a.attributes.alloc(ast.Attribute{Value: e, Attr: attr, Ctx: ast.Load,
			Loc: ast.Loc{Lineno: line, ColOffset: col, EndLineno: line, EndColOffset: end}})
	}
	p.subTokens += 2*n + 3
	return e
}

// isPlainName reports whether s is exactly an ASCII identifier that is not a keyword.
func isPlainName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return classify(token.Name, s) == tNAME
}
