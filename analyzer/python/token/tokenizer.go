package token

import (
	"math"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// CPython 3.11 limits (Parser/tokenizer.h).
const (
	tabSize   = 8
	maxIndent = 100 // MAXINDENT: indentation stack depth
	maxLevel  = 200 // MAXLEVEL: bracket nesting
)

const eof = -1

// Tokenize decodes src (see Decode) and tokenizes it with CPython 3.11's
// rules. Errors are *SyntaxError. The token slice always ends with EndMarker.
func Tokenize(src []byte) ([]Token, error) {
	text, _, err := Decode(src)
	if err != nil {
		return nil, err
	}
	return TokenizeText(text)
}

// TokenizeText tokenizes already decoded text (the output of Decode).
func TokenizeText(text string) ([]Token, error) {
	s, err := TokenizeTextStream(text)
	if err != nil {
		return nil, err
	}
	return s.Tokens(), nil
}

// Partial is what TokenizeTextPartial says of an error it met.
type Partial struct {
	// Err is the tokenizer's error, nil when the whole text tokenized.
	Err *SyntaxError
	// At is the index of the EndMarker that stands in the stream where the error was met.
	At int
}

// Raised reports whether CPython raises Err as soon as its tokenizer meets it. Its parser then
// tokenizes the rest of the source after a syntax error of its own and reports this error instead,
// wherever it is.
func (p Partial) Raised() bool { return p.Err != nil && p.Err.signal == raised }

// Unclosed reports whether Err is a bracket still open at the end of the input. CPython reports it
// instead of a parser error found earlier only when the bracket opened on an earlier line.
func (p Partial) Unclosed() bool { return p.Err != nil && p.Err.signal == unclosed }

// TokenizeTextPartial is TokenizeTextStream for a parser that must report errors in CPython's order:
// CPython tokenizes lazily, so a syntax error before a tokenizer error can be the one reported. On a
// tokenizer error the stream holds the tokens before it, ended by an EndMarker, and the Partial says
// what the error was. A character no operator starts is an operator token here, for the parser to
// reject, as CPython's tokenizer makes it. The stream is nil only for input too large to tokenize.
func TokenizeTextPartial(text string) (*Stream, Partial, error) {
	return tokenize(text, true)
}

// TokenizeTextStream is TokenizeText with the compact result the parser uses.
func TokenizeTextStream(text string) (*Stream, error) {
	s, part, err := tokenize(text, false)
	if err != nil {
		return nil, err
	}
	if part.Err != nil {
		s.Release()
		return nil, part.Err
	}
	return s, nil
}

func tokenize(text string, strayOps bool) (*Stream, Partial, error) {
	// exec input: CPython appends a final newline when there is none.
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if len(text) > maxSource {
		return nil, Partial{}, syntaxErr(1, 0, "source is larger than 2 GiB: split it into smaller files")
	}
	t := newTokenizer(text)
	t.strayOps = strayOps
	for {
		if err := t.next(); err != nil {
			se, ok := err.(*SyntaxError)
			if !ok {
				se = syntaxErr(t.pos(t.p).Line, 0, "%v", err)
			}
			end := min(t.p, len(t.src))
			t.emit(EndMarker, end, end)
			return &t.toks, Partial{Err: se, At: t.toks.Len() - 1}, nil
		}
		if t.done {
			return &t.toks, Partial{}, nil
		}
	}
}

// tokenizers keeps the buffers of released streams (token chunks, line table, indentation and bracket
// stacks): a check parses many small files, and f-string fields are tokenized one by one, so allocating
// them afresh each time was a large part of the front end's garbage.
var tokenizers sync.Pool

func newTokenizer(text string) *tokenizer {
	t, _ := tokenizers.Get().(*tokenizer)
	if t == nil {
		t = &tokenizer{}
	}
	// Only the first token chunk is kept (see Release), emptied, and only when it is as large as add would
	// make it: a chunk sized for an f-string field would otherwise be regrown token by token.
	var first []packed
	if len(t.toks.chunks) > 0 && cap(t.toks.chunks[0]) >= firstChunkSize(text) {
		first = t.toks.chunks[0][:0]
	}
	chunks, lineStarts := t.toks.chunks[:0], t.lineStarts[:0]
	if first != nil {
		chunks = append(chunks, first)
	}
	*t = tokenizer{src: text, atbol: true, lineStarts: lineStarts,
		indstack: append(t.indstack[:0], 0), altindstack: append(t.altindstack[:0], 0), parens: t.parens[:0]}
	t.toks = Stream{text: text, chunks: chunks, owner: t}
	if n := 1 + strings.Count(text, "\n"); cap(t.lineStarts) < n {
		t.lineStarts = make([]int32, 0, n)
	}
	t.lineStarts = append(t.lineStarts, 0)
	for off := 0; ; {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		t.lineStarts = append(t.lineStarts, int32(off))
	}
	t.toks.lineStarts = t.lineStarts
	t.setCursor(0)
	return t
}

type paren struct {
	c    byte
	line int
	col  int
}

type tokenizer struct {
	src        string
	p          int     // offset of the next byte
	lineStarts []int32 // offset of every line's first byte; the last is len(src)
	cursor     int     // index into lineStarts of the last position looked up
	// lineLo and lineHi are the offsets the cursor's line spans, [lineLo, lineHi): emit tests every
	// token's start against them.
	lineLo, lineHi int

	atbol                 bool
	done                  bool // EndMarker was emitted
	indstack, altindstack []int
	pendin                int
	parens                []paren
	toks                  Stream
	// strayOps: a character no operator starts ('$', '?', '!', '`') is an operator token, as in
	// CPython, which leaves it to the parser to reject, instead of an error (see TokenizeTextPartial).
	strayOps bool
}

// nextc returns the next byte, or eof without advancing (tok_nextc).
func (t *tokenizer) nextc() int {
	if t.p >= len(t.src) {
		return eof
	}
	c := t.src[t.p]
	t.p++
	return int(c)
}

// backup undoes nextc; backing up eof does nothing (tok_backup).
func (t *tokenizer) backup(c int) {
	if c != eof {
		t.p--
	}
}

func (t *tokenizer) peek() int {
	if t.p >= len(t.src) {
		return eof
	}
	return int(t.src[t.p])
}

// pos converts a byte offset into a position; offsets mostly grow, so the
// line cursor usually moves forward by a step or two.
func (t *tokenizer) pos(off int) Pos {
	off = min(off, len(t.src))
	ls := t.lineStarts
	i := t.cursor
	if off < int(ls[i]) || (i+1 < len(ls) && off >= int(ls[i+1])) {
		if i+1 < len(ls) && off >= int(ls[i+1]) && (i+2 >= len(ls) || off < int(ls[i+2])) {
			i++
		} else {
			i = sort.Search(len(ls), func(j int) bool { return int(ls[j]) > off }) - 1
		}
	}
	// The final entry is the end of text: a position there is on a line of its own.
	t.setCursor(i)
	return Pos{Line: i + 1, Col: off - int(ls[i])}
}

func (t *tokenizer) setCursor(i int) {
	t.cursor, t.lineLo, t.lineHi = i, int(t.lineStarts[i]), math.MaxInt
	if i+1 < len(t.lineStarts) {
		t.lineHi = int(t.lineStarts[i+1])
	}
}

func (t *tokenizer) emit(k Kind, start, end int) {
	if start < t.lineLo || start >= t.lineHi {
		t.pos(start) // not on the cursor's line: move the cursor there
	}
	t.done = k == EndMarker
	t.toks.add(k, start, end, t.cursor+1)
}

func (t *tokenizer) errAt(off int, format string, args ...any) error {
	p := t.pos(off)
	return syntaxErr(p.Line, p.Col, format, args...)
}

func (t *tokenizer) indentErr(off int, kind, msg string) error {
	p := t.pos(off)
	return &SyntaxError{Kind: kind, Msg: msg, Line: p.Line, Col: p.Col, signal: deferred}
}

// deferErr marks err as one CPython's tokenizer leaves to the parser (see errSignal).
func deferErr(err error) error {
	err.(*SyntaxError).signal = deferred
	return err
}

func isPotentialIdentStart(c int) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 128
}

func isPotentialIdentChar(c int) bool {
	return isPotentialIdentStart(c) || c >= '0' && c <= '9'
}

func isDigit(c int) bool { return c >= '0' && c <= '9' }

func isXDigit(c int) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// next appends the next token (tok_get of tokenizer.c).
func (t *tokenizer) next() error {
nextline:
	blankline := false
	if t.atbol {
		t.atbol = false
		col, altcol, contLineCol := 0, 0, 0
		for {
			c := t.nextc()
			if c == '\\' {
				// Indentation cannot be split over lines with backslashes: the
				// column of the first backslash is the line's indentation.
				if contLineCol == 0 {
					contLineCol = col
				}
				if err := t.continuation(); err != nil {
					return err
				}
				continue
			}
			if c == ' ' {
				col++
				altcol++
			} else if c == '\t' {
				col = (col/tabSize + 1) * tabSize
				altcol++ // ALTTABSIZE is 1
			} else if c == '\f' {
				col, altcol = 0, 0 // form feed resets the column count, for Emacs users
			} else {
				t.backup(c)
				break
			}
		}
		if c := t.peek(); c == '#' || c == '\n' {
			// Lines with only blanks and/or a comment do not affect indentation.
			blankline = true
		}
		if !blankline && len(t.parens) == 0 {
			if contLineCol != 0 {
				col, altcol = contLineCol, contLineCol
			}
			top := len(t.indstack) - 1
			switch {
			case col == t.indstack[top]:
				if altcol != t.altindstack[top] {
					return t.indentErr(t.p, "TabError", "inconsistent use of tabs and spaces in indentation")
				}
			case col > t.indstack[top]:
				if top+1 >= maxIndent {
					return t.indentErr(t.p, "IndentationError", "too many levels of indentation")
				}
				if altcol <= t.altindstack[top] {
					return t.indentErr(t.p, "TabError", "inconsistent use of tabs and spaces in indentation")
				}
				t.pendin++
				t.indstack = append(t.indstack, col)
				t.altindstack = append(t.altindstack, altcol)
			default:
				for top > 0 && col < t.indstack[top] {
					t.pendin--
					top--
				}
				t.indstack = t.indstack[:top+1]
				t.altindstack = t.altindstack[:top+1]
				if col != t.indstack[top] {
					return t.indentErr(t.p, "IndentationError", "unindent does not match any outer indentation level")
				}
				if altcol != t.altindstack[top] {
					return t.indentErr(t.p, "TabError", "inconsistent use of tabs and spaces in indentation")
				}
			}
		}
	}

	if t.pendin != 0 {
		if t.pendin < 0 {
			t.pendin++
			t.emit(Dedent, t.p, t.p)
		} else {
			t.pendin--
			t.emit(Indent, t.p, t.p)
		}
		return nil
	}

again:
	c := t.nextc()
	for c == ' ' || c == '\t' || c == '\f' {
		c = t.nextc()
	}
	start := t.p - 1
	if c == eof {
		start = len(t.src)
	}

	if c == '#' {
		for c != eof && c != '\n' {
			c = t.nextc()
		}
	}

	if c == eof {
		if n := len(t.parens); n > 0 {
			p := t.parens[n-1]
			e := syntaxErr(p.line, p.col, "'%c' was never closed", p.c)
			e.signal = unclosed
			return e
		}
		t.emit(EndMarker, len(t.src), len(t.src))
		return nil
	}

	if isPotentialIdentStart(c) {
		sawB, sawR, sawU, sawF := false, false, false, false
		if !isStrPrefix[byte(c)] {
			goto ident // most names: no string prefix to look for
		}
		for {
			switch {
			case !(sawB || sawU || sawF) && (c == 'b' || c == 'B'):
				sawB = true
			case !(sawB || sawU || sawR || sawF) && (c == 'u' || c == 'U'):
				sawU = true
			case !(sawR || sawU) && (c == 'r' || c == 'R'):
				sawR = true
			case !(sawF || sawB || sawU) && (c == 'f' || c == 'F'):
				sawF = true
			default:
				goto ident
			}
			c = t.nextc()
			if c == '"' || c == '\'' {
				return t.str(start, c)
			}
		}
	ident:
		nonASCII := false
		if isPotentialIdentChar(c) {
			// The rest of the identifier, scanned in place rather than by nextc and backup.
			or := byte(c)
			i := t.p
			for i < len(t.src) && identChar[t.src[i]] {
				or |= t.src[i]
				i++
			}
			nonASCII = or >= 128
			t.p = i
		} else {
			t.backup(c)
		}
		if nonASCII {
			if err := t.verifyIdentifier(start, t.p); err != nil {
				return err
			}
		}
		t.emit(Name, start, t.p)
		if nonASCII {
			t.toks.last().nonASCII = true
		}
		return nil
	}

	if c == '\n' {
		start = t.p - 1 // after a comment, the newline itself
		t.atbol = true
		if blankline || len(t.parens) > 0 {
			goto nextline
		}
		t.emit(Newline, start, t.p)
		return nil
	}

	if c == '.' {
		c = t.nextc()
		if isDigit(c) {
			return t.number(start, c, true)
		}
		if c == '.' {
			c = t.nextc()
			if c == '.' {
				t.emit(Op, start, t.p)
				return nil
			}
			t.backup(c)
			t.backup('.')
		} else {
			t.backup(c)
		}
		t.emit(Op, start, t.p)
		return nil
	}

	if isDigit(c) {
		return t.number(start, c, false)
	}

	if c == '"' || c == '\'' {
		return t.str(start, c)
	}

	if c == '\\' {
		if err := t.continuation(); err != nil {
			return err
		}
		goto again
	}

	if c < 128 {
		c2 := t.nextc()
		if n := opLen(c, c2, t.peek()); n > 1 {
			if n == 3 {
				t.nextc()
			}
			t.emit(Op, start, t.p)
			return nil
		}
		t.backup(c2)
	}

	switch c {
	case '(', '[', '{':
		if len(t.parens) >= maxLevel {
			return t.errAt(start, "too many nested parentheses")
		}
		p := t.pos(start)
		t.parens = append(t.parens, paren{c: byte(c), line: p.Line, col: p.Col})
	case ')', ']', '}':
		n := len(t.parens)
		if n == 0 {
			return t.errAt(start, "unmatched '%c'", c)
		}
		open := t.parens[n-1]
		t.parens = t.parens[:n-1]
		if !(open.c == '(' && c == ')' || open.c == '[' && c == ']' || open.c == '{' && c == '}') {
			if p := t.pos(start); open.line != p.Line {
				return t.errAt(start, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, open.c, open.line)
			}
			return t.errAt(start, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open.c)
		}
	}
	if c < 0x20 || c == 0x7f {
		return t.errAt(start, "invalid non-printable character U+%04X", c)
	}
	if c >= 128 || !isOpChar[c] {
		// '$', '?', '!' and '`' are OP tokens no grammar rule accepts: the
		// parser would report "invalid syntax" at this token.
		if t.strayOps && c < 128 {
			t.emit(Op, start, t.p)
			return nil
		}
		return deferErr(t.errAt(start, "invalid syntax"))
	}
	t.emit(Op, start, t.p)
	return nil
}

// continuation is tok_continuation_line, after a backslash has been read.
func (t *tokenizer) continuation() error {
	if c := t.nextc(); c != '\n' {
		return deferErr(t.errAt(t.p-1, "unexpected character after line continuation character"))
	}
	if t.peek() == eof {
		return deferErr(t.errAt(t.p, "unexpected EOF while parsing"))
	}
	return nil
}

// identChar is isPotentialIdentChar for a byte, as a table: the identifier scan tests every byte.
var identChar = func() (t [256]bool) {
	for c := range t {
		t[c] = isPotentialIdentChar(c)
	}
	return t
}()

// isStrPrefix marks the letters a string prefix is made of.
var isStrPrefix = func() (t [256]bool) {
	for _, c := range "bBuUrRfF" {
		t[c] = true
	}
	return t
}()

// isOpChar marks the characters that are one-character OP tokens.
var isOpChar = func() (t [128]bool) {
	for _, c := range "()[]{}:,;+-*/|&<>=.%~^@" {
		t[c] = true
	}
	return t
}()

// opLen returns 3 or 2 when c, c2 (and c3) start a three- or two-character
// operator (PyToken_ThreeChars/TwoChars), else 1: "**", "//", "<<", ">>"
// (and each followed by '='), "!=", "%=", "&=", "*=", "+=", "-=", "->", "/=",
// ":=", "<=", "<>", "==", ">=", "@=", "^=", "|=".
func opLen(c, c2, c3 int) int {
	switch {
	case c2 == c && (c == '*' || c == '/' || c == '<' || c == '>'):
		if c3 == '=' {
			return 3
		}
		return 2
	case c2 == '=':
		switch c {
		case '!', '%', '&', '*', '+', '-', '/', ':', '<', '=', '>', '@', '^', '|':
			return 2
		}
	case c == '-' && c2 == '>', c == '<' && c2 == '>':
		return 2
	}
	return 1
}

// verifyIdentifier is verify_identifier: the raw identifier must be valid
// UTF-8, start with XID_Start or '_' and continue with XID_Continue.
func (t *tokenizer) verifyIdentifier(start, end int) error {
	s := t.src[start:end]
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return t.errAt(start+i, "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %d: invalid utf-8", s[i], i)
		}
		ok := isXIDContinue(r)
		if i == 0 {
			ok = isXIDStart(r)
		}
		if !ok {
			if IsPrintable(r) {
				return t.errAt(start+i, "invalid character '%c' (U+%04X)", r, r)
			}
			return t.errAt(start+i, "invalid non-printable character U+%04X", r)
		}
		i += n
	}
	return nil
}

// decimalTail is tok_decimal_tail: digits with single underscores between.
func (t *tokenizer) decimalTail() (int, error) {
	for {
		c := t.nextc()
		for isDigit(c) {
			c = t.nextc()
		}
		if c != '_' {
			return c, nil
		}
		c = t.nextc()
		if !isDigit(c) {
			t.backup(c)
			return 0, t.errAt(t.p-1, "invalid decimal literal")
		}
	}
}

// lookahead is tokenizer.c's lookahead: the input continues with test and
// then something that cannot continue an identifier. Nothing is consumed.
func (t *tokenizer) lookahead(test string) bool {
	p := t.p
	if !strings.HasPrefix(t.src[min(p, len(t.src)):], test) {
		return false
	}
	q := p + len(test)
	return q >= len(t.src) || !isPotentialIdentChar(int(t.src[q]))
}

// verifyEndOfNumber is verify_end_of_number: a number directly followed by
// "and", "else", "for", "if", "in", "is", "or" or "not" is kept (3.11 only
// warns); followed by any other identifier character it is an error. c is
// the character after the number, already read.
func (t *tokenizer) verifyEndOfNumber(c int, kind string) error {
	r := false
	switch c {
	case 'a':
		r = t.lookahead("nd")
	case 'e':
		r = t.lookahead("lse")
	case 'f':
		r = t.lookahead("or")
	case 'i':
		c2 := t.peek()
		r = c2 == 'f' || c2 == 'n' || c2 == 's'
	case 'o':
		r = t.lookahead("r")
	case 'n':
		r = t.lookahead("ot")
	}
	if !r && isPotentialIdentChar(c) {
		return t.errAt(t.p-1, "invalid %s literal", kind)
	}
	return nil
}

// number scans a numeric literal whose first character c has been read
// (fraction: c is the first digit after a leading '.').
func (t *tokenizer) number(start, c int, fraction bool) error {
	var err error
	finish := func() error {
		t.backup(c)
		t.emit(Number, start, t.p)
		return nil
	}
	if fraction {
		goto fraction
	}
	if c == '0' {
		c = t.nextc()
		switch {
		case c == 'x' || c == 'X':
			c = t.nextc()
			for {
				if c == '_' {
					c = t.nextc()
				}
				if !isXDigit(c) {
					t.backup(c)
					return t.errAt(t.p, "invalid hexadecimal literal")
				}
				for isXDigit(c) {
					c = t.nextc()
				}
				if c != '_' {
					break
				}
			}
			if err := t.verifyEndOfNumber(c, "hexadecimal"); err != nil {
				return err
			}
			return finish()
		case c == 'o' || c == 'O' || c == 'b' || c == 'B':
			kind, max := "octal", '8'
			if c == 'b' || c == 'B' {
				kind, max = "binary", '2'
			}
			c = t.nextc()
			for {
				if c == '_' {
					c = t.nextc()
				}
				if c < '0' || c >= int(max) {
					if isDigit(c) {
						return t.errAt(t.p-1, "invalid digit '%c' in %s literal", c, kind)
					}
					t.backup(c)
					return t.errAt(t.p, "invalid %s literal", kind)
				}
				for c >= '0' && c < int(max) {
					c = t.nextc()
				}
				if c != '_' {
					break
				}
			}
			if isDigit(c) {
				return t.errAt(t.p-1, "invalid digit '%c' in %s literal", c, kind)
			}
			if err := t.verifyEndOfNumber(c, kind); err != nil {
				return err
			}
			return finish()
		default:
			nonzero := false
			// Old-style octal maybe; in any case '0' itself is a literal.
			for {
				if c == '_' {
					c = t.nextc()
					if !isDigit(c) {
						t.backup(c)
						return t.errAt(t.p, "invalid decimal literal")
					}
				}
				if c != '0' {
					break
				}
				c = t.nextc()
			}
			if isDigit(c) {
				nonzero = true
				if c, err = t.decimalTail(); err != nil {
					return err
				}
			}
			switch {
			case c == '.':
				c = t.nextc()
				goto fraction
			case c == 'e' || c == 'E':
				goto exponent
			case c == 'j' || c == 'J':
				goto imaginary
			case nonzero:
				return t.errAt(start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
			}
			if err := t.verifyEndOfNumber(c, "decimal"); err != nil {
				return err
			}
			return finish()
		}
	}
	// Decimal: c is the first digit, not yet part of a tail.
	t.backup(c)
	if c, err = t.decimalTail(); err != nil {
		return err
	}
	if c == '.' {
		c = t.nextc()
		goto fraction
	}
	goto afterFraction

fraction:
	if isDigit(c) {
		t.backup(c)
		if c, err = t.decimalTail(); err != nil {
			return err
		}
	}
afterFraction:
	if c == 'e' || c == 'E' {
		goto exponent
	}
	goto afterExponent

exponent:
	{
		e := c
		c = t.nextc()
		if c == '+' || c == '-' {
			c = t.nextc()
			if !isDigit(c) {
				t.backup(c)
				return t.errAt(t.p, "invalid decimal literal")
			}
		} else if !isDigit(c) {
			// "1else": the 'e' starts the next token.
			t.backup(c)
			if err := t.verifyEndOfNumber(e, "decimal"); err != nil {
				return err
			}
			t.backup(e)
			t.emit(Number, start, t.p)
			return nil
		}
		t.backup(c)
		if c, err = t.decimalTail(); err != nil {
			return err
		}
	}
afterExponent:
	if c == 'j' || c == 'J' {
		goto imaginary
	}
	if err := t.verifyEndOfNumber(c, "decimal"); err != nil {
		return err
	}
	return finish()

imaginary:
	c = t.nextc()
	if err := t.verifyEndOfNumber(c, "imaginary"); err != nil {
		return err
	}
	return finish()
}

// str scans a string literal; quote has just been read.
func (t *tokenizer) str(start, quote int) error {
	quoteSize, endQuoteSize := 1, 0
	c := t.nextc()
	if c == quote {
		c = t.nextc()
		if c == quote {
			quoteSize = 3
		} else {
			endQuoteSize = 1 // empty string
		}
	}
	if c != quote {
		t.backup(c)
	}
	for endQuoteSize != quoteSize {
		// The bytes that neither end the string nor escape nor break a line, skipped in place: each
		// would only reset endQuoteSize.
		i := t.p
		for i < len(t.src) {
			if b := t.src[i]; int(b) == quote || b == '\\' || b == '\n' {
				break
			}
			i++
		}
		if i > t.p {
			endQuoteSize, t.p = 0, i
		}
		c = t.nextc()
		if c == eof || (quoteSize == 1 && c == '\n') {
			detected := t.pos(t.p - 1).Line
			if c == eof {
				detected = t.pos(len(t.src) - 1).Line
			}
			p := t.pos(start)
			if quoteSize == 3 {
				return syntaxErr(p.Line, p.Col, "unterminated triple-quoted string literal (detected at line %d)", detected)
			}
			return syntaxErr(p.Line, p.Col, "unterminated string literal (detected at line %d)", detected)
		}
		if c == quote {
			endQuoteSize++
		} else {
			endQuoteSize = 0
			if c == '\\' {
				t.nextc() // skip the escaped character
			}
		}
	}
	t.emit(String, start, t.p)
	return nil
}
