package format

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/policy"
)

// WriteText writes, per program, each finding as
//
//	path:line:col: SBX201 [critical dynamic_code] message
//	  <the source line>
//	  ^~~~
//	  fix: <one line to act on>
//
// then the decision line (`path: DENY (untrusted, tier none): SBX201 line 3: ...`), and a summary.
// Columns here are 1-based code points, as editors count them; JSON keeps CPython's 0-based byte
// offsets. Everything that came from the program (messages, source lines, paths) is sanitized so that
// bidi and invisible characters show as <U+202E> instead of acting on the terminal.
func WriteText(w io.Writer, results []Result) error {
	return writeAll(NewTextStream(w), results)
}

func writeTextResult(w *bufio.Writer, r Result) {
	path := Sanitize(r.Path)
	src := newSource(r.Source)
	if pe := r.ParseError; pe != nil {
		fmt.Fprintf(w, "%s:%d:%d: parse error [%s] %s\n", path, pe.Line, textColumn(src, pe.Line, pe.Col), Sanitize(pe.Kind), Sanitize(pe.Message))
		writeSnippet(w, src, pe.Line, pe.Col, pe.Line, pe.Col)
		fmt.Fprintf(w, "  fix: %s\n", parseErrorHint(pe.Kind))
	}
	for _, f := range sortedFindings(r.Findings) {
		fmt.Fprintf(w, "%s:%d:%d: %s [%s %s] %s\n", path, f.Line, textColumn(src, f.Line, f.Col),
			Sanitize(f.Rule), Sanitize(f.Severity), Sanitize(f.Capability), Sanitize(f.Message))
		writeSnippet(w, src, f.Line, f.Col, f.EndLine, f.EndCol)
		if hint := findingHint(f); hint != "" {
			fmt.Fprintf(w, "  fix: %s\n", Sanitize(hint))
		}
	}
	fmt.Fprintf(w, "%s: %s\n", path, decisionText(r))
}

// textColumn is the 1-based code point column of a byte offset, or the byte offset plus one when the
// source line is not available (no Source given).
func textColumn(src source, line, col int) int {
	if text, ok := src.line(line); ok {
		return charColumn(text, col)
	}
	return max(col, 0) + 1
}

// writeSnippet prints the source line and a caret under [col, endCol) when the span is on one line,
// or from col to the end of the line when it continues below. A long line (minified code, a payload
// pushed far to the right) is shown as a window around the column.
func writeSnippet(w *bufio.Writer, src source, line, col, endLine, endCol int) {
	text, ok := src.line(line)
	if !ok {
		return
	}
	end := col
	switch {
	case endLine == line && endCol > col:
		end = endCol
	case endLine > line:
		end = len(text)
	}
	shown, c, e := window(text, col, end)
	fmt.Fprintf(w, "  %s\n  %s\n", Sanitize(shown), caretLine(shown, c, e))
}

// maxSnippet is how many code points of a source line the text output shows at most.
const maxSnippet = 160

// window cuts text down to maxSnippet code points around byte offset col, marking cuts with "…",
// and returns the offsets of [col, end) within the cut text.
func window(text string, col, end int) (string, int, int) {
	if utf8.RuneCountInString(text) <= maxSnippet {
		return text, col, end
	}
	col = clampByte(text, col)
	start := col
	for n := 0; n < maxSnippet/4 && start > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(text[:start])
		start -= size
	}
	stop := start
	for n := 0; n < maxSnippet && stop < len(text); n++ {
		_, size := utf8.DecodeRuneInString(text[stop:])
		stop += size
	}
	shown := text[start:stop]
	c, e := col-start, max(min(end, stop), col)-start
	if stop < len(text) {
		shown += "…"
	}
	if start > 0 {
		return "…" + shown, c + len("…"), e + len("…")
	}
	return shown, c, e
}

// findingHint is the analyzer's hint, or a family-level one when the check gave none.
func findingHint(f analyzer.Finding) string {
	if f.Hint != "" {
		return f.Hint
	}
	return catalog.FamilyHint(f.Rule)
}

// decisionText renders "DENY (untrusted, tier none): reasons" or "ALLOW (standard, tier standard)".
// A missing decision or a parse error is shown as a deny, since that is what the gate does.
func decisionText(r Result) string {
	d := r.Decision
	if d == nil {
		if r.ParseError != nil {
			return "DENY (no decision): the source did not parse"
		}
		return "DENY (no decision)"
	}
	verdict := "DENY"
	if d.Allow && r.ParseError == nil {
		verdict = "ALLOW"
	}
	s := fmt.Sprintf("%s (%s, tier %s)", verdict, Sanitize(d.TrustLevel), Sanitize(d.Tier))
	if len(d.Reasons) == 0 {
		return s
	}
	return s + ": " + reasonsText(d.Reasons)
}

func reasonsText(rs []policy.Reason) string {
	parts := make([]string, 0, len(rs))
	for _, rs := range rs {
		var b strings.Builder
		if rs.Rule != "" {
			b.WriteString(rs.Rule)
			if rs.Line > 0 {
				fmt.Fprintf(&b, " line %d", rs.Line)
			}
			b.WriteString(": ")
		}
		b.WriteString(rs.Message)
		parts = append(parts, Sanitize(b.String()))
	}
	return strings.Join(parts, "; ")
}
