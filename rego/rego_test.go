package rego_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/sbxgate/sbxgate/config"
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

// policies loads the default policy and the strict candidate, by directory.
func policies(t *testing.T) map[string]*policy.Files {
	t.Helper()
	out := map[string]*policy.Files{}
	for _, dir := range []string{".", "testdata/strict"} {
		files, err := policy.LoadFS(os.DirFS(dir), dir, dir)
		if err != nil {
			t.Fatal(err)
		}
		out[dir] = files
	}
	return out
}

func TestPoliciesAreFormatted(t *testing.T) {
	for dir, files := range policies(t) {
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
	for dir, files := range policies(t) {
		if _, errs := policy.Compile(append(files.Modules, files.Tests...)); len(errs) > 0 {
			t.Errorf("%s: %v", dir, errs)
		}
	}
}

// TestPolicyData checks the data against what it names: a misspelt capability, severity, level or
// tier would silently never match.
func TestPolicyData(t *testing.T) {
	known := map[string]bool{}
	for _, c := range config.KnownCapabilities {
		known[c] = true
	}
	tiers := config.Default().Tiers
	for dir, files := range policies(t) {
		doc, err := files.Document()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(doc["sbxgate"])
		var data struct {
			Principals  map[string]string `json:"principals"`
			TrustLevels map[string]struct {
				Tiers       []string `json:"tiers"`
				DefaultTier string   `json:"default_tier"`
			} `json:"trust_levels"`
			DeniedCapabilities  []string `json:"denied_capabilities"`
			ToleratedSeverities []string `json:"tolerated_severities"`
		}
		if err := json.Unmarshal(b, &data); err != nil {
			t.Fatal(err)
		}
		for _, c := range data.DeniedCapabilities {
			if !known[c] {
				t.Errorf("%s: denied capability %q is not one of config.KnownCapabilities", dir, c)
			}
		}
		for _, s := range data.ToleratedSeverities {
			if !slices.Contains([]string{"low", "medium", "high", "critical"}, s) {
				t.Errorf("%s: tolerated severity %q is not a severity", dir, s)
			}
		}
		for p, level := range data.Principals {
			if _, ok := data.TrustLevels[level]; !ok {
				t.Errorf("%s: principal %s has undefined trust level %q", dir, p, level)
			}
		}
		for level, tl := range data.TrustLevels {
			if !slices.Contains(policy.TrustLevels, level) {
				t.Errorf("%s: trust level %q is not one sbxgate accepts", dir, level)
			}
			for _, tier := range append(tl.Tiers, tl.DefaultTier) {
				if _, ok := tiers[tier]; !ok && !(level == "untrusted" && tier == "") {
					t.Errorf("%s: trust level %s names tier %q, which the default config lacks", dir, level, tier)
				}
			}
		}
	}
}
