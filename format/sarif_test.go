package format

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sbxgate/sbxgate/analyzer"
)

// sarifModule ships the official OASIS SARIF 2.1.0 schema (errata01) as a Go constant; the tests
// read it from the module cache rather than keeping a copy in the repository.
const (
	sarifModule     = "github.com/owenrumney/go-sarif/v3"
	sarifSchemaFile = "pkg/report/v210/sarif/schema.go"
	sarifSchemaID   = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

// officialSchema compiles the SARIF 2.1.0 schema with a validator independent of the library that
// writes our SARIF (go-sarif validates with gojsonschema; this uses santhosh-tekuri/jsonschema).
func officialSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	// go test puts its own toolchain's bin first on PATH.
	out, err := exec.Command("go", "list", "-m", "-json", sarifModule).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v (run go mod download %s)", sarifModule, err, sarifModule)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		t.Fatalf("go list -m %s gave no module directory: %v (run go mod download %s)", sarifModule, err, sarifModule)
	}
	goSrc, err := os.ReadFile(filepath.Join(mod.Dir, sarifSchemaFile))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(goSrc), "const schema = `")
	text, _, ok2 := strings.Cut(rest, "`")
	if !ok || !ok2 {
		t.Fatalf("%s no longer holds the schema as a raw string constant", sarifSchemaFile)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := doc.(map[string]any)["id"].(string); id != sarifSchemaID {
		t.Fatalf("schema id = %q, want the OASIS 2.1.0 errata01 schema %q", id, sarifSchemaID)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(sarifSchemaID, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(sarifSchemaID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, log []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst)
}

func TestSARIFValidatesAgainstOfficialSchema(t *testing.T) {
	s := officialSchema(t)
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, fixtures(), "v0.1.0-test", fixtureRules); err != nil {
		t.Fatal(err)
	}
	if err := validate(t, s, buf.Bytes()); err != nil {
		t.Fatalf("our SARIF is not valid SARIF 2.1.0: %v", err)
	}

	// The validator must be able to say no, or the test above proves nothing.
	broken := bytes.Replace(buf.Bytes(), []byte("\"startLine\": 1\n"), []byte("\"startLine\": 0\n"), 1)
	if bytes.Equal(broken, buf.Bytes()) {
		t.Fatal("fixture has no startLine 1 to break")
	}
	if err := validate(t, s, broken); err == nil {
		t.Fatal("schema accepted startLine 0; the validator is not checking anything")
	}
}

// TestSARIFCorpus writes a finding on every line of every corpus program, at a byte offset that may
// fall inside a character and with an end on the next line, and validates the whole log.
func TestSARIFCorpus(t *testing.T) {
	s := officialSchema(t)
	root := filepath.Join("..", "testdata", "corpus")
	var results []Result
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".py") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		r := Result{Report: analyzer.Report{Path: filepath.ToSlash(path)}, Source: src}
		for i, line := range newSource(src).lines {
			r.Findings = append(r.Findings, analyzer.Finding{
				Rule: "SBX201", Severity: "critical", Capability: "dynamic_code",
				Line: i + 1, Col: len(line) / 2, EndLine: i + 2, EndCol: 1, Message: "probe",
			})
		}
		results = append(results, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) < 200 {
		t.Fatalf("found %d corpus programs under %s, want the whole corpus", len(results), root)
	}
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, results, "test", nil); err != nil {
		t.Fatal(err)
	}
	if err := validate(t, s, buf.Bytes()); err != nil {
		t.Fatalf("SARIF for the corpus is invalid: %v", err)
	}
	var text bytes.Buffer
	if err := WriteText(&text, results); err != nil {
		t.Fatal(err)
	}
	for _, r := range []rune{'\u202e', '\u2066', '\u200b', '\u3164', '\r'} {
		if strings.ContainsRune(text.String(), r) {
			t.Errorf("text output shows %U raw; it must be escaped", r)
		}
	}
}

// TestSARIFColumns checks the conversion from CPython byte offsets to SARIF's 1-based UTF-16 columns.
func TestSARIFColumns(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, fixtures()[:1], "test", nil); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn, EndColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	type region struct {
		rule             string
		line, start, end int
	}
	want := []region{
		{"SBX101", 1, 1, 18},  // import subprocess
		{"SBX201", 3, 9, 13},  // after a tab and "return ": ｅｖａｌ is 4 UTF-16 units
		{"SBX803", 3, 9, 13},  //
		{"SBX804", 4, 10, 11}, // the bidi control itself
		{"SBX201", 4, 15, 23}, // 𝐞𝐱𝐞𝐜: 4 astral characters, 8 UTF-16 units
	}
	got := log.Runs[0].Results
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i].Locations[0].PhysicalLocation.Region
		if got[i].RuleID != w.rule || g.StartLine != w.line || g.StartColumn != w.start || g.EndColumn != w.end {
			t.Errorf("result %d = %s %d:%d-%d, want %s %d:%d-%d", i, got[i].RuleID, g.StartLine, g.StartColumn, g.EndColumn, w.rule, w.line, w.start, w.end)
		}
	}
}
