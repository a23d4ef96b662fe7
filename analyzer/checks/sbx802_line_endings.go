package checks

import (
	"bytes"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx802 = &engine.Check{
	ID: "SBX802", Name: "odd-line-endings", Capability: "source_trick", Severity: "medium", CWE: 838,
	Doc:     "odd line endings: lone CR, mixed line endings, form feed in indentation",
	Hint:    "use \\n line endings and spaces for indentation",
	Message: "lone carriage return ends a line for Python but not for most viewers",
	Nodes:   []engine.NodeKind{engine.ModuleNode},
	Run:     runSBX802,
}

func runSBX802(p *engine.Pass, _ ast.Node) {
	src := p.Source()
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
				p.ReportAt(line, i-lineStart, line, i-lineStart+1, "lone carriage return ends a line for Python but not for most viewers")
			}
			if first == "" {
				first = kind
			} else if kind != first && kind != "\r" && first != "\r" && !reportedMix {
				reportedMix = true
				p.ReportAt(line, i-lineStart, line, i-lineStart+len(kind), "mixed line endings (%q after %q)", kind, first)
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
				p.ReportAt(line, 0, line, i-lineStart, "form feed in indentation resets Python's column count")
			}
			atIndent = false
		}
	}
}
