package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

var sbx803 = &engine.Check{
	ID: "SBX803", Name: "lookalike-identifier", Capability: "source_trick", Severity: "medium", CWE: 1007,
	Doc:     "Unicode look-alikes: an identifier whose NFKC form differs from its spelling, or a non-ASCII identifier confusable with a builtin, keyword or module name",
	Hint:    "spell identifiers in ASCII",
	Message: "identifier %q is %q to Python (NFKC normalization)",
	Nodes:   []engine.NodeKind{engine.ModuleNode},
	Run:     runSBX803,
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

func runSBX803(p *engine.Pass, _ ast.Node) {
	if p.SourceASCII() {
		return
	}
	// The compact stream, read in place and handed back: expanding every token (TokenizeText)
	// cost more than the reading, and only the few non-ASCII names are needed.
	toks, err := token.TokenizeTextStream(p.Text())
	if err != nil {
		return
	}
	defer toks.Release()
	for i := range toks.Len() {
		if toks.Kind(i) != token.Name {
			continue
		}
		text := toks.Text(i)
		if engine.IsASCII(text) {
			continue
		}
		t := token.Token{Kind: token.Name, Text: text, Start: toks.Start(i), End: toks.End(i)}
		norm := token.NormalizeIdentifier(t.Text)
		if norm != t.Text {
			p.ReportAt(t.Start.Line, t.Start.Col, t.End.Line, t.End.Col, "identifier %q is %q to Python (NFKC normalization)", t.Text, norm)
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
		if changed && engine.IsASCII(sk) && (p.IsBuiltin(sk) || engine.IsKeyword(sk) || p.IsModule(sk)) {
			p.ReportAt(t.Start.Line, t.Start.Col, t.End.Line, t.End.Col, "identifier %q looks like %q but is a different name", t.Text, sk)
		}
	}
}
