package rego_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/catalog"
)

// TestPolicyFollowsCatalog holds the default policy to the catalogue: every rule ID its modules
// name is a catalogue rule (the policy's own are SBX95x and SBX96x), every rule of the default
// policy in the catalogue is in the modules and the README, and data.json denies what it must.
func TestPolicyFollowsCatalog(t *testing.T) {
	all := analyzer.Catalog()
	files, _ := filepath.Glob("*.rego")
	idRE := regexp.MustCompile(`SBX[0-9]{3}`)
	named := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.rego") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range idRE.FindAllString(string(src), -1) {
			named[id] = true
			if _, ok := catalog.Find(all, id); !ok {
				t.Errorf("%s names %s, which is not in the catalogue (analyzer.Catalog)", f, id)
			}
		}
		// Comments say which range policy rules use.
		if m := regexp.MustCompile(`SBX[0-9]xx`).FindAllString(string(src), -1); len(m) > 0 {
			for _, r := range m {
				if r != "SBX9xx" {
					t.Errorf("%s says policy rules use %s: they use SBX95x-SBX99x (catalog.Policy)", f, r)
				}
			}
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		if r.Stage != catalog.Policy {
			continue
		}
		if !named[r.ID] {
			t.Errorf("%s (%s) is a default-policy rule of the catalogue that no module names", r.ID, r.Name)
		}
		if !strings.Contains(string(readme), "| "+r.ID+" |") {
			t.Errorf("%s (%s) is missing from the rules table of rego/README.md", r.ID, r.Name)
		}
	}

	raw, err := os.ReadFile("data.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Sbxgate struct {
			DeniedCapabilities  []string `json:"denied_capabilities"`
			ToleratedSeverities []string `json:"tolerated_severities"`
		} `json:"sbxgate"`
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	denied, tolerated := data.Sbxgate.DeniedCapabilities, data.Sbxgate.ToleratedSeverities
	for _, c := range denied {
		if !catalog.KnownCapability(c) {
			t.Errorf("data.json: denied capability %q is not in the catalogue", c)
		}
	}
	// A finding denies when its capability is denied or its severity is not tolerated. Every
	// capability a finding can have must deny one way or the other: an analyzer rule's own, and
	// every reported capability (the config's capability map drives findings with their
	// catalogue severity). SBX100's imports are denied by SBX951 instead, through the import's
	// allowed flag.
	denies := func(capability, severity string) bool {
		return slices.Contains(denied, capability) || !slices.Contains(tolerated, severity)
	}
	for _, r := range analyzer.Rules() {
		if r.ID != "SBX100" && !denies(r.Capability, r.Severity) {
			t.Errorf("%s (%s): a finding with capability %s and severity %s is allowed by the default policy", r.ID, r.Name, r.Capability, r.Severity)
		}
	}
	for _, c := range catalog.Capabilities {
		if c.Reported && !denies(c.Name, c.Severity) {
			t.Errorf("capability %s: a finding the capability map drives is allowed by the default policy", c.Name)
		}
	}
}
