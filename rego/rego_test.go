package rego_test

import (
	"context"
	"os"
	"testing"

	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/rego"
)

// TestPolicies runs the Rego unit tests of the default policy and of the candidate policies in
// testdata/. The default policy must keep full coverage: every rule has a test.
func TestPolicies(t *testing.T) {
	tests := []struct {
		name        string
		files       func() (*policy.Files, error)
		minCoverage float64
	}{
		{"default", func() (*policy.Files, error) { return policy.LoadFS(rego.FS(), "embedded", "rego") }, 100},
		{"strict", func() (*policy.Files, error) {
			return policy.LoadFS(os.DirFS("testdata/strict"), "testdata/strict", "testdata/strict")
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := tt.files()
			if err != nil {
				t.Fatal(err)
			}
			rep, err := policy.RunTests(context.Background(), files, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rep.Results {
				if !r.Pass && !r.Skip {
					t.Errorf("%s %s: %s %s", r.Location, r.Name, r.Error, r.Output)
				}
			}
			if !rep.Passed() {
				t.Errorf("tests did not pass: %s", rep.Summary())
			}
			t.Log(rep.Summary())
			for _, f := range rep.Files {
				if len(f.NotCovered) > 0 {
					t.Logf("%s: %.1f%%, not covered: lines %v", f.File, f.Coverage, f.NotCovered)
				}
			}
			if rep.Coverage < tt.minCoverage {
				t.Errorf("coverage %.1f%% is below %.0f%%: add tests for the lines listed above", rep.Coverage, tt.minCoverage)
			}
		})
	}
}

func TestPoliciesAreFormatted(t *testing.T) {
	for _, dir := range []string{".", "testdata/strict"} {
		files, err := policy.LoadFS(os.DirFS(dir), dir, dir)
		if err != nil {
			t.Fatal(err)
		}
		bad, err := files.Unformatted()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range bad {
			t.Errorf("%s is not formatted: run sbxgate policy fmt -w %s", f.Display, dir)
		}
	}
}

func TestPoliciesCompileStrictly(t *testing.T) {
	for _, dir := range []string{".", "testdata/strict"} {
		files, err := policy.LoadFS(os.DirFS(dir), dir, dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, errs := policy.Compile(append(files.Modules, files.Tests...)); len(errs) > 0 {
			t.Errorf("%s: %v", dir, errs)
		}
	}
}
