package config

import (
	"slices"
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
