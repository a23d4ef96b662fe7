package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/rules.md from the catalogue")

// docs/rules.md is `sbxgate rules --format markdown` below its header: the table is generated
// from the catalogue and must not drift from it (go test ./cmd/sbxgate -run RulesDoc -update-docs).
func TestRulesDocIsGenerated(t *testing.T) {
	var out, errb bytes.Buffer
	e := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	if code := cmdRules(context.Background(), e, []string{"--format", "markdown"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	const path = "../../docs/rules.md"
	doc, err := os.ReadFile(path)
	if err != nil && !*updateDocs {
		t.Fatal(err)
	}
	const marker = "<!-- generated: sbxgate rules --format markdown -->\n"
	head, _, found := strings.Cut(string(doc), marker)
	if *updateDocs {
		if !found {
			head = "# Rules\n\nEvery rule ID sbxgate reports, from its catalogue (`sbxgate rules`): the analyzer's checks\n(SBX100-SBX899), the front end's parse error (SBX000), the policy stage's own failures\n(SBX900-SBX949) and the default policy's rules (SBX950-SBX999).\n\n"
		}
		if err := os.WriteFile(path, []byte(head+marker+out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !found || string(doc) != head+marker+out.String() {
		t.Errorf("%s is not the catalogue's table: go test ./cmd/sbxgate -run RulesDoc -update-docs", path)
	}
}
