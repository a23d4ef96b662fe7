package catalog_test

import (
	"slices"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/config"
)

// The whole catalogue validates: unique IDs and names, each ID in its stage's range.
func TestCatalogValid(t *testing.T) {
	all := analyzer.Catalog()
	if err := catalog.Validate(all); err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		if r.Family == "" {
			t.Errorf("%s: no family", r.ID)
		}
	}
	if len(all) != len(analyzer.Rules())+len(catalog.Stages) {
		t.Errorf("%d rules, want %d", len(all), len(analyzer.Rules())+len(catalog.Stages))
	}
}

// The catalogue's capabilities are the config's vocabulary, no more and no fewer.
func TestCapabilitiesMatchConfig(t *testing.T) {
	var names []string
	for _, c := range catalog.Capabilities {
		names = append(names, c.Name)
	}
	want := slices.Clone(config.KnownCapabilities)
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("catalog capabilities %v, config.KnownCapabilities %v", names, want)
	}
}

func TestFindingCapability(t *testing.T) {
	for _, tt := range []struct {
		caps []string
		want string
	}{
		{nil, ""},
		{[]string{"filesystem", "import"}, ""},
		{[]string{"network", "process"}, "process"},
		{[]string{"filesystem", "serialization", "introspection"}, "serialization"},
		{[]string{"source_trick", "teleport"}, "source_trick"},
	} {
		if got := catalog.FindingCapability(tt.caps); got != tt.want {
			t.Errorf("FindingCapability(%v) = %q, want %q", tt.caps, got, tt.want)
		}
	}
	if catalog.SeverityOf("process") != "critical" || catalog.SeverityOf("network") != "high" {
		t.Error("SeverityOf")
	}
}

func TestValidateCatchesMistakes(t *testing.T) {
	good := catalog.Rule{ID: "SBX950", Name: "x-rule", Stage: catalog.Policy, Severity: "high", Doc: "d", Hint: "h"}
	for _, tt := range []struct {
		name   string
		mutate func(*catalog.Rule)
	}{
		{"stage of another range", func(r *catalog.Rule) { r.Stage = catalog.Gate }},
		{"capability outside the analyzer", func(r *catalog.Rule) { r.Capability = "process" }},
		{"no name", func(r *catalog.Rule) { r.Name = "" }},
		{"bad id", func(r *catalog.Rule) { r.ID = "SBX95" }},
	} {
		r := good
		tt.mutate(&r)
		if err := catalog.Validate([]catalog.Rule{r}); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	if err := catalog.Validate([]catalog.Rule{good}); err != nil {
		t.Fatal(err)
	}
}
