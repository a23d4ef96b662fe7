package config

import (
	"strings"
	"testing"
)

func TestDefaultModules(t *testing.T) {
	c := Default()
	for _, tt := range []struct {
		mod  string
		want bool
	}{
		{"os", true}, {"os.path", true}, {"json.decoder", true}, {"logging", true}, {"logging.config", false},
		{"logging.handlers", false}, {"urllib.parse", true}, {"urllib.request", false}, {"subprocess", false},
		{"unittest", true}, {"unittest.mock", false}, {"pickle", false},
	} {
		if got := c.Modules.ModuleAllowed(tt.mod); got != tt.want {
			t.Errorf("ModuleAllowed(%q) = %v, want %v", tt.mod, got, tt.want)
		}
	}
	if len(ModuleAttrsJSON()) == 0 {
		t.Error("embedded module table is empty")
	}
}

func TestModulesValidation(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(m *Modules)
		want   string
	}{
		{"deny outside allow", func(m *Modules) { m.Deny = append(m.Deny, "subprocess") }, "not inside an allowed module"},
		{"bad deny name", func(m *Modules) { m.Deny = append(m.Deny, "os..path") }, "not a module name"},
		{"bad capability key", func(m *Modules) { m.Capabilities["os system"] = []string{"process"} }, "not a module or module.attribute"},
		{"unknown capability", func(m *Modules) { m.Capabilities["os.system"] = []string{"shell"} }, "unknown capability"},
		{"dotted denied attribute", func(m *Modules) { m.DeniedAttributes["asyncio"] = []string{"a.b"} }, "not an attribute name"},
		{"bad denied method", func(m *Modules) { m.DeniedMethods["sqlite3"] = []string{"load extension"} }, "not a method name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			tt.mutate(&c.Modules)
			err := c.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}
