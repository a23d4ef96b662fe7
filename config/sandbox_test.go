package config

import (
	"slices"
	"strings"
	"testing"
)

func TestRunTimeAllowAddsCallTimeImports(t *testing.T) {
	c := Default()
	if !slices.Contains(c.RunTimeAllow(), "_strptime") {
		t.Errorf("the default allowlist admits time and datetime, but the run-time allowlist lacks _strptime: %v", c.RunTimeAllow())
	}
	if slices.Contains(c.Modules.Allow, "_strptime") {
		t.Errorf("_strptime is in modules.allow itself: the static layer would admit a program importing it")
	}
	c.Modules.Allow = slices.DeleteFunc(slices.Clone(c.Modules.Allow), func(m string) bool { return m == "time" || m == "datetime" })
	if slices.Contains(c.RunTimeAllow(), "_strptime") {
		t.Errorf("neither time nor datetime is allowed, yet the run-time allowlist admits _strptime")
	}
}

func TestProfileNativeDeps(t *testing.T) {
	if deps, err := ProfileNativeDeps("base", []string{"numpy"}); err != nil || deps != nil {
		t.Fatalf("base: %v %v", deps, err)
	}
	deps, err := ProfileNativeDeps("data", []string{"json", "numpy.linalg", "pandas"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ctypes", "numpy.core._multiarray_umath", "pandas._libs.window.aggregations"} {
		if !slices.Contains(deps, want) {
			t.Errorf("data deps of numpy and pandas lack %s", want)
		}
	}
	// pandas' plotting imports matplotlib when called: its native code is pandas' too. numpy's
	// is its own.
	if !slices.Contains(deps, "matplotlib.backends._backend_agg") {
		t.Errorf("data deps of pandas lack matplotlib's Agg backend")
	}
	only, _ := ProfileNativeDeps("data", []string{"numpy"})
	if slices.ContainsFunc(only, func(m string) bool { return strings.HasPrefix(m, "pandas") }) {
		t.Errorf("pandas' native code listed for a program that imports only numpy")
	}
	if _, err := ProfileNativeDeps("gpu", []string{"numpy"}); err == nil {
		t.Error("an unknown profile was accepted")
	}
	if got := ProfilePackages("data"); !slices.Equal(got, []string{"PIL", "matplotlib", "numpy", "pandas", "scipy", "sklearn"}) {
		t.Errorf("ProfilePackages(data) = %v", got)
	}
}

func TestTierProfile(t *testing.T) {
	cfg := Default()
	tier := cfg.Tiers["standard"]
	tier.Profile = "data"
	cfg.Tiers["data"] = tier
	if err := cfg.Validate(); err != nil || cfg.Tiers["data"].Limits().Profile != "data" {
		t.Fatalf("a data tier: %v", err)
	}
	tier.Profile = "base"
	if l := tier.Limits(); l.Profile != "" {
		t.Errorf("base is written %q in the limits, want the default (empty)", l.Profile)
	}
	tier.Profile = "gpu"
	cfg.Tiers["data"] = tier
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), `profile "gpu" is not one of base, data`) {
		t.Fatalf("an unknown profile: %v", err)
	}
}
