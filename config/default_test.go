package config

import (
	"reflect"
	"testing"
	"time"
)

// The compiled-in default is the embedded file parsed, a new copy each time; a file it was not
// made from is parsed.
func TestCompiledDefault(t *testing.T) {
	parsed, err := Parse(defaultYAML, "embedded")
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseDefault(defaultYAML)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, parsed) {
		t.Fatalf("the compiled-in default differs from sandbox.yaml parsed: run go run ./scripts/tables\n got %+v\nwant %+v", c, parsed)
	}
	if loaded, err := Load(""); err != nil || !reflect.DeepEqual(loaded, parsed) {
		t.Errorf("Load(\"\") = %+v, %v; want sandbox.yaml parsed", loaded, err)
	}
	if !reflect.DeepEqual(Default(), parsed) {
		t.Error("Default() differs from sandbox.yaml parsed")
	}

	// Callers change their copy (tests set a tier's timeout; commands apply flags).
	tier := c.Tiers["standard"]
	tier.Timeout = Duration{Duration: 7 * time.Second}
	c.Tiers["standard"] = tier
	c.Modules.Allow[0] = "changed"
	if d := Default(); d.Tiers["standard"].Timeout.Duration == 7*time.Second || d.Modules.Allow[0] == "changed" {
		t.Error("a change to one copy of the default shows in the next")
	}

	edited := append(DefaultYAML(), "\naudit:\n  store_code: always\n"...)
	if _, err := parseDefault(edited); err == nil {
		t.Error("an edited file with a duplicate key was not parsed: the compiled-in default was used for it")
	}
	other := append(DefaultYAML(), "\n# edited\n"...)
	if c, err := parseDefault(other); err != nil || !reflect.DeepEqual(c, parsed) {
		t.Errorf("an edited file parsed to %+v, %v; want the same config", c, err)
	}
}
