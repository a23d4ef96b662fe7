package gctune

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestApplySetsAndRestores(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set in the environment; Apply leaves it alone")
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		t.Skip("GOMEMLIMIT is set in the environment; Apply leaves it alone")
	}
	before := debug.SetGCPercent(123)
	defer debug.SetGCPercent(before)
	restore := Apply()
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("GC percent after Apply = %d, want %d", got, Percent)
	}
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		t.Errorf("memory limit after Apply = %d, want %d", got, MemoryLimit)
	}
	restore()
	if got := debug.SetGCPercent(before); got != 123 {
		t.Errorf("GC percent after restore = %d, want the 123 set before Apply", got)
	}
}

func TestApplyLeavesTheEnvironmentAlone(t *testing.T) {
	t.Setenv("GOGC", "50")
	before := debug.SetGCPercent(77)
	defer debug.SetGCPercent(before)
	restore := Apply()
	defer restore()
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("Apply changed the GC percent to %d although GOGC is set", got)
	}
}

func TestLimitMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	t.Setenv("GOMEMLIMIT", "2GiB")
	if LimitMemory(300<<20) || debug.SetMemoryLimit(-1) != before {
		t.Fatal("LimitMemory changed the limit although GOMEMLIMIT is set")
	}
	os.Unsetenv("GOMEMLIMIT")
	if !LimitMemory(300<<20) || debug.SetMemoryLimit(-1) != 300<<20 {
		t.Fatal("LimitMemory did not set the limit")
	}
}
