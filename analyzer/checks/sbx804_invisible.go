package checks

import (
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx804 = &engine.Check{
	ID: "SBX804", Name: "invisible-character", Capability: "source_trick", Severity: "medium", CWE: 1007,
	Doc:     "bidirectional control or invisible characters in the source (Trojan Source, CVE-2021-42574)",
	Hint:    "remove bidirectional control and zero-width characters",
	Message: "invisible or bidirectional control character U+%04X",
	Nodes:   []engine.NodeKind{engine.ModuleNode},
	Run:     runSBX804,
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

func runSBX804(p *engine.Pass, _ ast.Node) {
	if p.SourceASCII() {
		return
	}
	for i, line := range srcLines(p.Text()) {
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
				p.ReportAt(i+1, col, i+1, col+size, "invisible or bidirectional control character U+%04X", r)
				break
			}
			prev = r
			col += size
		}
	}
}
