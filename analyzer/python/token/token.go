// Package token implements CPython 3.11's source decoding and tokenizer
// (Parser/tokenizer.c) and its string-literal decoding (Parser/string_parser.c),
// so that the parser built on it accepts exactly what python3.11 accepts.
//
// Unicode tables (identifier characters, printable characters, character
// names) and the codec alias table are generated from python3 itself:
//
//go:generate python3 ../../../scripts/python/gen_unicode_tables.py .
//go:generate gofmt -w tables_gen.go
package token

import "fmt"

// Kind is the kind of a token.
type Kind uint8

const (
	EndMarker Kind = iota
	Name           // identifiers and keywords; the parser tells them apart
	Number
	String // one literal including prefix and quotes; an f-string is one token, as in 3.11
	Op     // operators and delimiters
	Newline
	Indent
	Dedent
)

var kindNames = [...]string{"ENDMARKER", "NAME", "NUMBER", "STRING", "OP", "NEWLINE", "INDENT", "DEDENT"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Pos is a source position: Line is 1-based, Col is the 0-based UTF-8 byte
// offset in the decoded line, which is what CPython's col_offset counts.
type Pos struct{ Line, Col int }

// Token is one token of the decoded source.
type Token struct {
	Kind Kind
	// Text is the token's exact source text. For Name it is the raw identifier
	// (not NFKC-normalised); for Newline, Indent, Dedent and EndMarker it is "".
	Text       string
	Start, End Pos
}

func (t Token) String() string {
	return fmt.Sprintf("%d,%d-%d,%d:\t%s\t%q", t.Start.Line, t.Start.Col, t.End.Line, t.End.Col, t.Kind, t.Text)
}

// SyntaxError is a source error as CPython reports it. Kind is "SyntaxError",
// "IndentationError" or "TabError". Line is 1-based and Col a 0-based byte
// offset (CPython's own offset attribute is 1-based and counts characters);
// EndLine/EndCol are 0 when unknown.
type SyntaxError struct {
	Kind                       string
	Msg                        string
	Line, Col, EndLine, EndCol int

	// How CPython's tokenizer signals it (see Partial): 0 raised at once, else left to the parser.
	signal errSignal
}

// errSignal says how CPython 3.11's tokenizer reports an error, which decides whether it or an
// earlier parser error is the one reported (Parser/pegen_errors.c).
type errSignal uint8

const (
	raised   errSignal = iota // syntaxerror(): an exception, which wins over a parser error found earlier
	deferred                  // an error token and a tok->done code: reported only if the parser reaches it
	unclosed                  // end of input inside brackets: wins only over a parser error on a later line
)

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d:%d: %s: %s", e.Line, e.Col, e.Kind, e.Msg)
}

func syntaxErr(line, col int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Kind: "SyntaxError", Msg: fmt.Sprintf(format, args...), Line: line, Col: col}
}
