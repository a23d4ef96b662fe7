// Package format writes the results of `sbxgate check` in the formats users ask for with --format:
// text for people and LLMs, json for programs (the shape of docs/contract.md), sarif for code
// scanning dashboards. One format per file, as in conftest's output package.
package format

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/policy"
)

// Result is one checked program: the analyzer's report (flattened into the JSON object), the
// policy's decision, and the exact bytes analyzed, which the text and SARIF writers need to show
// source lines and to turn byte offsets into display and UTF-16 columns.
type Result struct {
	analyzer.Report
	Decision *policy.Decision `json:"decision"`
	Source   []byte           `json:"-"`
}

// RuleDoc describes one rule for SARIF's tool.driver.rules: its catalogue entry. Callers pass the
// analyzer's (analyzer.Rules); rules of other stages that results name are looked up in
// catalog.Stages.
type RuleDoc = catalog.Rule

// ParseErrorRule is the rule ID under which SARIF reports a source the front end refused. It lies
// outside the analyzer's and the policy's ranges because a parse error is not a finding of any
// check.
const ParseErrorRule = catalog.ParseError

// source is a program's text split into lines the way CPython counts them, for display.
type source struct {
	lines []string // without line endings; lines[0] is line 1
}

// newSource decodes src as the analyzer did (PEP 263, newline translation). Sources the front end
// refuses (utf-7, NUL bytes) are still shown: as UTF-8 with invalid bytes replaced, never executed.
func newSource(src []byte) source {
	if src == nil {
		return source{}
	}
	text, _, err := token.Decode(src)
	if err != nil {
		t := strings.ToValidUTF8(string(src), "\uFFFD")
		t = strings.ReplaceAll(t, "\r\n", "\n")
		text = strings.ReplaceAll(t, "\r", "\n")
	}
	return source{lines: strings.Split(text, "\n")}
}

// line returns 1-based line n, and false when the source has no such line.
func (s source) line(n int) (string, bool) {
	if n < 1 || n > len(s.lines) {
		return "", false
	}
	return s.lines[n-1], true
}

// clampByte limits a CPython byte offset to the line and backs it up to a rune boundary, so that a
// stale or hostile offset can never split a character or index past the end.
func clampByte(line string, col int) int {
	col = max(0, min(col, len(line)))
	for col > 0 && col < len(line) && !utf8.RuneStart(line[col]) {
		col--
	}
	return col
}

// charColumn is the 1-based column in Unicode code points of byte offset col, as editors count.
func charColumn(line string, col int) int {
	return utf8.RuneCountInString(line[:clampByte(line, col)]) + 1
}

// utf16Column is the 1-based column in UTF-16 code units of byte offset col: SARIF's default
// columnKind, which GitHub and VS Code use.
func utf16Column(line string, col int) int {
	n := 0
	for _, r := range line[:clampByte(line, col)] {
		n += utf16.RuneLen(r)
	}
	return n + 1
}

// hidden reports characters that must not reach a terminal raw: bidirectional controls and other
// invisible or control characters would let the displayed source differ from the analyzed source
// (Trojan Source, CVE-2021-42574), which is exactly the trick the gate reports.
func hidden(r rune) bool {
	if r == '\t' {
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r) || r == utf8.RuneError
}

// escape returns the visible stand-in for a hidden rune.
func escape(r rune) string { return fmt.Sprintf("<U+%04X>", r) }

// runeWidth is the number of terminal cells r occupies once displayed (after escaping).
func runeWidth(r rune) int {
	switch {
	case hidden(r):
		return len(escape(r))
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Sanitize makes untrusted text (messages, paths, source lines) safe to print on one terminal line.
func Sanitize(s string) string {
	var b strings.Builder
	for _, r := range s {
		if hidden(r) {
			b.WriteString(escape(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// caretLine returns the marker line for the span [col, end) of line (byte offsets): it copies tabs
// so the caret lines up whatever the terminal's tab width, counts wide characters as two cells and
// escaped characters as their stand-ins.
func caretLine(line string, col, end int) string {
	col = clampByte(line, col)
	end = clampByte(line, end)
	var b strings.Builder
	for _, r := range line[:col] {
		if r == '\t' {
			b.WriteByte('\t')
			continue
		}
		b.WriteString(strings.Repeat(" ", runeWidth(r)))
	}
	b.WriteByte('^')
	span := 0
	if end > col {
		for _, r := range line[col:end] {
			span += max(runeWidth(r), 1)
		}
	}
	if span > 1 {
		b.WriteString(strings.Repeat("~", span-1))
	}
	return b.String()
}

// sortedFindings returns the findings in reading order without changing the report.
func sortedFindings(fs []analyzer.Finding) []analyzer.Finding {
	out := slices.Clone(fs)
	slices.SortStableFunc(out, func(a, b analyzer.Finding) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), strings.Compare(a.Rule, b.Rule))
	})
	return out
}

// parseErrorHint is the one-line fix for each kind of parse error the front end reports.
func parseErrorHint(kind string) string {
	switch kind {
	case "EncodingError":
		return "save the file as UTF-8 and drop the coding declaration"
	case "LimitError":
		return "simplify the code: it is nested or sized beyond the parser's limits"
	case "IndentationError", "TabError":
		return "indent with spaces only, 4 per level, consistently"
	default:
		return "make the file valid Python 3.11 (python3 -m py_compile FILE shows the same error)"
	}
}
