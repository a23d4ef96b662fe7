package format

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// fixtureRules stands in for the analyzer's registry in these tests.
var fixtureRules = []RuleDoc{
	{ID: "SBX101", Name: "capability-module", Capability: "process", Severity: "high", CWE: 78,
		Doc: "Import of a module the config maps to a capability.", Hint: "use the allowed standard library instead"},
	{ID: "SBX201", Name: "eval-exec-compile", Capability: "dynamic_code", Severity: "critical", CWE: 95,
		Doc: "eval, exec or compile, also through aliases and builtins.", Hint: "compute the value directly"},
	{ID: "SBX803", Name: "lookalike-identifier", Capability: "source_trick", Severity: "medium", CWE: 1007,
		Doc: "An identifier whose NFKC form differs from its spelling."},
}

func denied(reasons ...policy.Reason) *policy.Decision {
	return &policy.Decision{Allow: false, TrustLevel: "untrusted", Tier: "none", Reasons: reasons, PolicyRevision: "sha256:abc"}
}

// fixtures covers what the writers must get right: tabs, fullwidth and astral characters, a bidi
// control, a latin-1 source (offsets are in the decoded text), a parse error, an allowed program,
// a program without source bytes and one without a decision.
func fixtures() []Result {
	evasion := "import subprocess\n" +
		"def run():\n" +
		"\treturn ｅｖａｌ(\"__import__('os')\")\n" +
		"note = \"a\u202eb\"; 𝐞𝐱𝐞𝐜(note)\n"
	latin1 := "# -*- coding: latin-1 -*-\ns = 'caf\xe9'; eval(s)\n"
	return []Result{
		{
			Report: analyzer.Report{
				Path: "examples/evasion.py", SHA256: "0f1e", Size: len(evasion), AnalyzerVersion: "test",
				Imports: []analyzer.Import{{Module: "subprocess", Line: 1, Col: 0, Capabilities: []string{"process"}}},
				Findings: []analyzer.Finding{
					{Rule: "SBX201", Capability: "dynamic_code", Severity: "critical", CWE: 95, Line: 4, Col: 16, EndLine: 4, EndCol: 32,
						Message: "exec reached through the look-alike name 𝐞𝐱𝐞𝐜", Hint: "compute the value directly instead of running code"},
					{Rule: "SBX101", Capability: "process", Severity: "high", CWE: 78, Line: 1, Col: 0, EndLine: 1, EndCol: 17,
						Message: "import of subprocess reaches process execution", Hint: "drop subprocess: the sandbox has no processes to run"},
					{Rule: "SBX201", Capability: "dynamic_code", Severity: "critical", CWE: 95, Line: 3, Col: 8, EndLine: 3, EndCol: 20,
						Message: "eval reached through the look-alike name ｅｖａｌ"},
					{Rule: "SBX803", Capability: "source_trick", Severity: "medium", Line: 3, Col: 8, EndLine: 3, EndCol: 20,
						Message: "identifier ｅｖａｌ normalizes to eval"},
					{Rule: "SBX804", Capability: "source_trick", Severity: "medium", Line: 4, Col: 9, EndLine: 4, EndCol: 12,
						Message: "bidirectional control U+202E in source"},
				},
				Capabilities: []string{"dynamic_code", "process", "source_trick"},
			},
			Decision: denied(
				policy.Reason{Rule: "SBX101", Line: 1, Message: "process capability is not granted to any tier"},
				policy.Reason{Rule: "SBX201", Line: 3, Message: "dynamic code is never allowed"},
			),
			Source: []byte(evasion),
		},
		{
			Report:   analyzer.Report{Path: "examples/hello.py", SHA256: "9a8b", Size: 12, AnalyzerVersion: "test"},
			Decision: &policy.Decision{Allow: true, TrustLevel: "standard", Tier: "standard", Limits: config.Limits{}, PolicyRevision: "sha256:abc"},
			Source:   []byte("print(\"hi\")\n"),
		},
		{
			Report: analyzer.Report{
				Path: "examples/utf7.py", SHA256: "77aa", Size: 40, AnalyzerVersion: "test",
				ParseError: &analyzer.ParseError{Kind: "EncodingError", Message: "unsupported source encoding utf-7: re-save the file as UTF-8", Line: 1, Col: 0},
			},
			Decision: denied(policy.Reason{Message: "the source did not parse"}),
			Source:   []byte("# coding: utf-7\nprint('hello')  # +AAo-import os\n"),
		},
		{
			Report: analyzer.Report{
				Path: "examples/latin1.py", SHA256: "11cc", Size: len(latin1), Encoding: "iso-8859-1", AnalyzerVersion: "test",
				Findings: []analyzer.Finding{
					{Rule: "SBX801", Capability: "source_trick", Severity: "medium", CWE: 838, Line: 1, Col: 0, EndLine: 1, EndCol: 25,
						Message: "source declares coding latin-1"},
					{Rule: "SBX201", Capability: "dynamic_code", Severity: "critical", CWE: 95, Line: 2, Col: 13, EndLine: 2, EndCol: 17,
						Message: "call of eval"},
				},
			},
			Decision: denied(policy.Reason{Rule: "SBX201", Line: 2, Message: "dynamic code is never allowed"}),
			Source:   []byte(latin1),
		},
		{
			Report: analyzer.Report{Path: "examples/too_big.py", SHA256: "33ee", Size: 9, AnalyzerVersion: "test"},
			Decision: denied(
				policy.Reason{Rule: "SBX901", Line: 1, Message: "no tier admits a request for tier trusted from principal ci-bot"},
				// An analyzer-family ID without a finding stays out of SARIF's results.
				policy.Reason{Rule: "SBX951", Line: 1, Message: "import of os is not in the module allowlist"},
			),
			Source: []byte("x = 1\n"),
		},
		{
			Report: analyzer.Report{
				Path: "/tmp/with space/no_source.py", SHA256: "22dd", AnalyzerVersion: "test",
				Findings: []analyzer.Finding{{Rule: "SBX999", Capability: "policy", Severity: "low", Line: 2, Col: 4, Message: "a rule the registry lacks"}},
			},
		},
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./format -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./format -update rewrites it)\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestGolden(t *testing.T) {
	writers := []struct {
		file  string
		write func(*bytes.Buffer, []Result) error
	}{
		{"check.txt.golden", func(b *bytes.Buffer, rs []Result) error { return WriteText(b, rs) }},
		{"check.json.golden", func(b *bytes.Buffer, rs []Result) error { return WriteJSON(b, rs) }},
		{"check.sarif.golden", func(b *bytes.Buffer, rs []Result) error { return WriteSARIF(b, rs, "v0.1.0-test", fixtureRules) }},
	}
	for _, w := range writers {
		t.Run(w.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := w.write(&buf, fixtures()); err != nil {
				t.Fatal(err)
			}
			golden(t, w.file, buf.Bytes())
		})
	}
}

func TestColumns(t *testing.T) {
	tests := []struct {
		name        string
		line        string
		col, end    int
		char, utf16 int
		caret       string
	}{
		{"ascii", "x = eval(s)", 4, 8, 5, 5, "    ^~~~"},
		{"tab prefix", "\treturn eval(s)", 8, 12, 9, 9, "\t       ^~~~"},
		{"fullwidth", "x = ｅｖａｌ(s)", 4, 16, 5, 5, "    ^~~~~~~~"},
		{"after fullwidth", "ｅｖ = 1", 7, 8, 4, 4, "     ^"},
		{"astral", "𝐞𝐱 = exec", 11, 15, 6, 8, "     ^~~~"},
		{"bidi before", "s = \"\u202e\"; eval(s)", 11, 15, 10, 10, "                ^~~~"},
		{"combining mark", "cafe\u0301 = eval", 9, 13, 9, 9, "       ^~~~"},
		{"mid-rune offset", "ｅｖ = 1", 4, 4, 2, 2, "  ^"},
		{"past the end", "x = 1", 99, 120, 6, 6, "     ^"},
		{"negative", "x = 1", -3, 0, 1, 1, "^"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := charColumn(tt.line, tt.col); got != tt.char {
				t.Errorf("charColumn = %d, want %d", got, tt.char)
			}
			if got := utf16Column(tt.line, tt.col); got != tt.utf16 {
				t.Errorf("utf16Column = %d, want %d", got, tt.utf16)
			}
			if got := caretLine(tt.line, tt.col, tt.end); got != tt.caret {
				t.Errorf("caretLine = %q, want %q", got, tt.caret)
			}
		})
	}
}

// TestSnippetWindow checks that a long line is cut around the column and the caret still points at
// the reported token.
func TestSnippetWindow(t *testing.T) {
	tests := []struct {
		name string
		line string
	}{
		{"payload far right", strings.Repeat("x = 1; ", 60) + "eval(s)"},
		{"payload far left", "eval(s)" + strings.Repeat("; x = 1", 60)},
		{"wide characters around", strings.Repeat("ｘ", 200) + "eval(s)" + strings.Repeat("ｙ", 200)},
		{"short line", "y = eval(s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col := strings.Index(tt.line, "eval")
			shown, c, e := window(tt.line, col, col+4)
			if n := utf8.RuneCountInString(shown); n > maxSnippet+2 {
				t.Errorf("window shows %d code points, want at most %d", n, maxSnippet+2)
			}
			if got := shown[c:e]; got != "eval" {
				t.Fatalf("window offsets select %q, want eval", got)
			}
			caret := caretLine(shown, c, e)
			// Display cells before the token in the shown line equal the caret's indentation.
			cells := 0
			for _, r := range shown[:c] {
				cells += runeWidth(r)
			}
			if strings.Index(caret, "^") != cells || !strings.HasSuffix(caret, "^~~~") {
				t.Errorf("caret %q is not under eval at cell %d of %q", caret, cells, shown)
			}
		})
	}
}

func TestSanitize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"tab\tstays", "tab\tstays"},
		{"rlo\u202eend", "rlo<U+202E>end"},
		{"zw\u200bsp", "zw<U+200B>sp"},
		{"filler\u3164x", "filler<U+3164>x"},
		{"esc\x1b[31mred", "esc<U+001B>[31mred"},
		{"cr\rhidden", "cr<U+000D>hidden"},
		{"bad\xffutf8", "bad<U+FFFD>utf8"},
	}
	for _, tt := range tests {
		if got := Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSourceLines(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int
		want string
	}{
		{"lone cr", "a = 1\rb = 2\r\nc = 3\n", 2, "b = 2"},
		{"crlf", "a\r\nb\r\n", 2, "b"},
		{"latin-1 decoded", "# coding: latin-1\ns = '\xe9'\n", 2, "s = 'é'"},
		{"refused codec shown raw", "# coding: utf-7\nx = '\xff'\n", 2, "x = '\uFFFD'"},
		{"bom stripped", "\ufeffx = 1\n", 1, "x = 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := newSource([]byte(tt.src)).line(tt.line)
			if !ok || got != tt.want {
				t.Errorf("line %d = %q, %v; want %q", tt.line, got, ok, tt.want)
			}
		})
	}
}

// TestJSONShape checks the contract's guarantees beyond the golden file: lists are [] never null,
// the report's fields sit at the top level of each result, and the caller's values are not touched.
func TestJSONShape(t *testing.T) {
	rs := []Result{{Report: analyzer.Report{Path: "a.py", Imports: []analyzer.Import{{Module: "json"}}}, Decision: &policy.Decision{}}}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, rs); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Results []map[string]json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Results) != 1 {
		t.Fatalf("got %d results, want 1", len(doc.Results))
	}
	r := doc.Results[0]
	for _, key := range []string{"path", "sha256", "parse_error", "imports", "findings", "decision", "capabilities"} {
		if _, ok := r[key]; !ok {
			t.Errorf("result lacks %q", key)
		}
	}
	for _, key := range []string{"findings", "capabilities"} {
		if string(r[key]) != "[]" {
			t.Errorf("%s = %s, want []", key, r[key])
		}
	}
	if !strings.Contains(string(r["imports"]), `"names": []`) || !strings.Contains(string(r["decision"]), `"reasons": []`) {
		t.Errorf("nested lists must be []: imports=%s decision=%s", r["imports"], r["decision"])
	}
	if rs[0].Findings != nil || rs[0].Imports[0].Names != nil || rs[0].Decision.Reasons != nil {
		t.Error("WriteJSON modified the caller's results")
	}
	buf.Reset()
	if err := WriteJSON(&buf, nil); err != nil || buf.String() != "{\n  \"results\": []\n}\n" {
		t.Errorf("no results: %q, %v", buf.String(), err)
	}
}

func TestTextDecisionLines(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want string
	}{
		{"allow", Result{Report: analyzer.Report{Path: "a.py"}, Decision: &policy.Decision{Allow: true, TrustLevel: "standard", Tier: "standard"}},
			"a.py: ALLOW (standard, tier standard)\n"},
		{"deny with reasons", Result{Report: analyzer.Report{Path: "b.py"}, Decision: denied(
			policy.Reason{Rule: "SBX201", Line: 3, Message: "no eval"}, policy.Reason{Message: "no tier fits"})},
			"b.py: DENY (untrusted, tier none): SBX201 line 3: no eval; no tier fits\n"},
		{"no decision", Result{Report: analyzer.Report{Path: "c.py"}}, "c.py: DENY (no decision)\n"},
		{"allow with parse error is shown as deny", Result{
			Report:   analyzer.Report{Path: "d.py", ParseError: &analyzer.ParseError{Kind: "SyntaxError", Message: "invalid syntax", Line: 1}},
			Decision: &policy.Decision{Allow: true, TrustLevel: "standard", Tier: "standard"},
			Source:   []byte("x = = 1\n")},
			"d.py: DENY (standard, tier standard)\n"},
		{"hostile path", Result{Report: analyzer.Report{Path: "e\u202e.py"}}, "e<U+202E>.py: DENY (no decision)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteText(&buf, []Result{tt.r}); err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitAfter(buf.String(), "\n")
			if got := lines[len(lines)-2]; got != tt.want {
				t.Errorf("decision line = %q, want %q", got, tt.want)
			}
		})
	}
}
