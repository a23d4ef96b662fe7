package policy

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestDiffGolden compares the default policy with the strict candidate over testdata/inputs and
// checks the text report against a golden file (revisions blanked: they change with every edit).
func TestDiffGolden(t *testing.T) {
	ctx := context.Background()
	cur := mustEngine(t, WithDir(filepath.Join("..", "rego")))
	cand := mustEngine(t, WithDir(filepath.Join("..", "rego", "testdata", "strict")))
	inputs, _ := filepath.Glob("testdata/inputs/*.json")
	rep := &DiffReport{CurrentRevision: "sha256:current", CandidateRevision: "sha256:candidate"}
	for _, p := range inputs {
		rep.Inputs++
		if c, changed := Compare(ctx, cur, cand, filepath.ToSlash(p), readInput(t, p)); changed {
			rep.Changes = append(rep.Changes, c)
		}
	}
	var got bytes.Buffer
	if err := rep.WriteText(&got); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "golden", "diff_strict.txt")
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v: run go test ./policy -update", err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("diff report differs from %s:\n%s", golden, got.String())
	}
	// The same policy on both sides changes nothing.
	for _, p := range inputs {
		if c, changed := Compare(ctx, cur, cur, p, readInput(t, p)); changed {
			t.Errorf("%s changed against itself: %v", p, c.Fields)
		}
	}
}
