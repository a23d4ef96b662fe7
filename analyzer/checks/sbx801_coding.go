package checks

import (
	"regexp"
	"strings"
	"sync"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx801 = &engine.Check{
	ID: "SBX801", Name: "non-utf8-coding", Capability: "source_trick", Severity: "medium", CWE: 838,
	Doc:     "non-UTF-8 coding declaration (latin-1 and the like); other codecs are refused as EncodingError",
	Hint:    "save the program as UTF-8 without a coding line",
	Message: "coding declaration %s: the bytes a reviewer sees are not the text Python runs",
	Nodes:   []engine.NodeKind{engine.ModuleNode},
	Run:     runSBX801,
}

// codingRE is compiled on first use, off every command's start.
var codingRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`) })

func runSBX801(p *engine.Pass, _ ast.Node) {
	enc := p.Encoding()
	switch strings.ReplaceAll(strings.ToLower(enc), "_", "-") {
	case "", "utf-8", "utf8", "u8", "utf", "utf-8-sig", "cp65001":
		return
	}
	lines := srcLines(p.Text())
	for i := 0; i < 2 && i < len(lines); i++ {
		if m := codingRE().FindStringSubmatchIndex(lines[i]); m != nil {
			p.ReportAt(i+1, m[2], i+1, m[3], "coding declaration %s: the bytes a reviewer sees are not the text Python runs", enc)
			return
		}
	}
	p.ReportAt(1, 0, 1, 0, "coding declaration %s: the bytes a reviewer sees are not the text Python runs", enc)
}
