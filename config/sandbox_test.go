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

func TestProfileModulesValidation(t *testing.T) {
	for _, tt := range []struct {
		name string
		pm   ProfileModules
		want string
	}{
		{"gpu", ProfileModules{Allow: []string{"numpy"}}, `"gpu" is not an image profile`},
		{"data", ProfileModules{Allow: []string{"requests"}}, "requests is not in a package the data image ships"},
		{"data", ProfileModules{Allow: []string{"json"}}, "json is not in a package"},
		{"data", ProfileModules{Allow: []string{"numpy"}, Deny: []string{"pandas.io"}}, `"pandas.io" is not inside a module of the profile's allow`},
	} {
		c := Default()
		c.Modules.Profiles = map[string]ProfileModules{tt.name: tt.pm}
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %+v: got %v, want an error containing %q", tt.name, tt.pm, err, tt.want)
		}
	}
	m := Default().Modules
	if m.ProfileOf("pandas.plotting") != "data" || m.ProfileOf("json") != "" || m.ProfileOf("sklearn") != "" {
		t.Errorf("ProfileOf: %q %q %q", m.ProfileOf("pandas.plotting"), m.ProfileOf("json"), m.ProfileOf("sklearn"))
	}
	if w := m.WithProfile("data"); !w.ModuleAllowed("numpy.linalg") || w.ModuleAllowed("numpy.ctypeslib") || m.ModuleAllowed("numpy") {
		t.Error("WithProfile: numpy.linalg must be allowed, numpy.ctypeslib not, and the base tables unchanged")
	}
}

func TestConnectionLimits(t *testing.T) {
	for _, tc := range []struct {
		set            Server
		total, perAddr int
	}{
		{Server{}, DefaultMaxConnections, DefaultMaxConnectionsPerAddress},
		{Default().Server, DefaultMaxConnections, DefaultMaxConnectionsPerAddress},
		{Server{MaxConnections: 10}, 10, 10}, // the limit per address is never above the total
		{Server{MaxConnections: 100, MaxConnectionsPerAddress: 100}, 100, 100},
	} {
		if total, per := tc.set.ConnectionLimits(); total != tc.total || per != tc.perAddr {
			t.Errorf("%+v: %d, %d; want %d, %d", tc.set, total, per, tc.total, tc.perAddr)
		}
	}
	c := Default()
	c.Server.MaxConnectionsPerAddress = -1
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "must not be negative") {
		t.Errorf("a negative max_connections_per_address: %v", err)
	}
}
