package analyzer

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// Source-level checks (SBX8xx) look at the bytes and tokens, not the tree: what the reader sees
// and what Python runs can differ.

var codingRE = regexp.MustCompile(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`)

// srcLines splits text into lines the way the tokenizer counts them: \r\n, \r and \n each end a line.
func srcLines(text string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			lines = append(lines, text[start:i])
			start = i + 1
		case '\r':
			lines = append(lines, text[start:i])
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(text) {
		lines = append(lines, text[start:])
	}
	return lines
}

func runSBX801(p *pass, _ ast.Node) {
	enc := p.rep.Encoding
	switch strings.ReplaceAll(strings.ToLower(enc), "_", "-") {
	case "", "utf-8", "utf8", "u8", "utf", "utf-8-sig", "cp65001":
		return
	}
	lines := srcLines(p.text)
	for i := 0; i < 2 && i < len(lines); i++ {
		if m := codingRE.FindStringSubmatchIndex(lines[i]); m != nil {
			p.reportAt(i+1, m[2], i+1, m[3], "coding declaration %s: the bytes a reviewer sees are not the text Python runs", enc)
			return
		}
	}
	p.reportAt(1, 0, 1, 0, "coding declaration %s: the bytes a reviewer sees are not the text Python runs", enc)
}

func runSBX802(p *pass, _ ast.Node) {
	src := p.src
	// Without a \r or a form feed there is nothing to report; IndexByte is much faster than the
	// loop below.
	if bytes.IndexByte(src, '\r') < 0 && bytes.IndexByte(src, '\f') < 0 {
		return
	}
	line, lineStart := 1, 0
	first := ""
	reportedCR, reportedMix, reportedFF := false, false, false
	atIndent := true
	sawFF := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '\r', '\n':
			kind := "\n"
			if c == '\r' {
				kind = "\r"
				if i+1 < len(src) && src[i+1] == '\n' {
					kind = "\r\n"
				}
			}
			if kind == "\r" && !reportedCR {
				reportedCR = true
				p.reportAt(line, i-lineStart, line, i-lineStart+1, "lone carriage return ends a line for Python but not for most viewers")
			}
			if first == "" {
				first = kind
			} else if kind != first && kind != "\r" && first != "\r" && !reportedMix {
				reportedMix = true
				p.reportAt(line, i-lineStart, line, i-lineStart+len(kind), "mixed line endings (%q after %q)", kind, first)
			}
			if kind == "\r\n" {
				i++
			}
			line++
			lineStart = i + 1
			atIndent, sawFF = true, false
		case ' ', '\t':
		case '\f':
			if atIndent {
				sawFF = true
			}
		default:
			if atIndent && sawFF && c != '#' && !reportedFF {
				reportedFF = true
				p.reportAt(line, 0, line, i-lineStart, "form feed in indentation resets Python's column count")
			}
			atIndent = false
		}
	}
}

// confusables maps look-alike letters of other scripts to the ASCII letter they imitate.
var confusables = map[rune]rune{
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's',
	'ԁ': 'd', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ɡ': 'g', 'ν': 'v', 'ο': 'o', 'α': 'a', 'ι': 'i',
	'κ': 'k', 'τ': 't', 'ρ': 'p', 'ε': 'e', 'υ': 'u', 'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M',
	'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z',
	'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	'ı': 'i', 'ꓲ': 'l', 'Ⅰ': 'I', 'ǀ': 'l', 'ɑ': 'a', 'ʏ': 'y', 'ᴠ': 'v', 'ᴡ': 'w', 'ᴢ': 'z',
}

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// textASCII is isASCII(p.text), scanned once for the source-level checks that ask.
func (p *pass) textASCII() bool {
	if p.ascii == 0 {
		p.ascii = 2
		if isASCII(p.text) {
			p.ascii = 1
		}
	}
	return p.ascii == 1
}

func runSBX803(p *pass, _ ast.Node) {
	if p.textASCII() {
		return
	}
	// The compact stream, read in place and handed back: expanding every token (TokenizeText)
	// cost more than the reading, and only the few non-ASCII names are needed.
	toks, err := token.TokenizeTextStream(p.text)
	if err != nil {
		return
	}
	defer toks.Release()
	for i := range toks.Len() {
		if toks.Kind(i) != token.Name {
			continue
		}
		text := toks.Text(i)
		if isASCII(text) {
			continue
		}
		t := token.Token{Kind: token.Name, Text: text, Start: toks.Start(i), End: toks.End(i)}
		norm := token.NormalizeIdentifier(t.Text)
		if norm != t.Text {
			p.reportAt(t.Start.Line, t.Start.Col, t.End.Line, t.End.Col, "identifier %q is %q to Python (NFKC normalization)", t.Text, norm)
			continue
		}
		var sb strings.Builder
		changed := false
		for _, r := range t.Text {
			if a, ok := confusables[r]; ok {
				sb.WriteRune(a)
				changed = true
			} else {
				sb.WriteRune(r)
			}
		}
		sk := sb.String()
		if changed && isASCII(sk) && (p.a.mods.builtin[sk] || keywords[sk] || p.a.mods.isModule(sk)) {
			p.reportAt(t.Start.Line, t.Start.Col, t.End.Line, t.End.Col, "identifier %q looks like %q but is a different name", t.Text, sk)
		}
	}
}

// invisible are bidirectional controls (Trojan Source) and invisible characters.
func invisible(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true // bidi controls
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r >= 0x2061 && r <= 0x2064, r == 0xFEFF, r == 0x00AD,
		r == 0x180E, r == 0x034F, r >= 0xE0000 && r <= 0xE007F, r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0:
		return true // zero-width, invisible operators, tag characters, Hangul fillers
	}
	return false
}

func runSBX804(p *pass, _ ast.Node) {
	if p.textASCII() {
		return
	}
	for i, line := range srcLines(p.text) {
		// Invisible characters are all non-ASCII: start at the line's first non-ASCII byte. An
		// ASCII predecessor is no emoji, like none.
		prev := rune(0)
		col := 0
		for col < len(line) && line[col] < utf8.RuneSelf {
			col++
		}
		for col < len(line) {
			if line[col] < utf8.RuneSelf {
				prev = rune(line[col])
				col++
				continue
			}
			r, size := utf8.DecodeRuneInString(line[col:])
			// A zero-width joiner between emoji is how emoji sequences are written.
			if invisible(r) && !(r == 0x200D && prev >= 0x2600) && !(r == 0xFEFF && i == 0 && col == 0) {
				p.reportAt(i+1, col, i+1, col+size, "invisible or bidirectional control character U+%04X", r)
				break
			}
			prev = r
			col += size
		}
	}
}
