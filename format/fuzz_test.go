package format

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
)

// FuzzWriters feeds hostile sources and positions to every writer: none may panic, and the text
// output must never carry a bidi or invisible character raw, whatever the program or the offsets.
func FuzzWriters(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "evasion", "*", "*.py"))
	for i, p := range paths {
		if i%7 != 0 { // a spread of families keeps the seed corpus small
			continue
		}
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src, 1, 0, 1, 4, "message")
		}
	}
	f.Add([]byte("x = '\u202e'\r\n\ty\u3164 = 1\r"), 2, 3, 2, 99, "m\u2066sg")
	f.Add([]byte("\xff\xfe\x00# coding: utf-7\n"), 0, -5, -1, -2, "")
	f.Fuzz(func(t *testing.T, src []byte, line, col, endLine, endCol int, msg string) {
		r := Result{
			Report: analyzer.Report{
				Path: "fuzz.py",
				Findings: []analyzer.Finding{{Rule: "SBX201", Severity: "critical", Capability: "dynamic_code",
					Line: line, Col: col, EndLine: endLine, EndCol: endCol, Message: msg, Hint: msg}},
			},
			Decision: &policy.Decision{Reasons: []policy.Reason{{Rule: "SBX901", Line: line, Message: msg}}},
			Source:   src,
		}
		var text, js, sarif bytes.Buffer
		if err := WriteText(&text, []Result{r}); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&js, []Result{r}); err != nil {
			t.Fatal(err)
		}
		if err := WriteSARIF(&sarif, []Result{r}, "fuzz", nil); err != nil {
			t.Fatal(err)
		}
		if i := strings.IndexFunc(text.String(), func(r rune) bool { return r != '\n' && hidden(r) }); i >= 0 {
			t.Fatalf("text output holds a raw hidden character at byte %d: %q", i, text.String())
		}
	})
}
