package engine_test

import (
	"context"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/policy"
)

// TestSubmoduleBindings generates, for every allowed module and every submodule path under it, a
// program per way Python binds that module (import a.b as c, from a import b, from a import b as c,
// import a.b then a.b) that reaches, through a module-valued attribute the module table lists, a
// module with a capability the default policy denies, or sys.modules. The default policy must deny
// every one: a submodule must resolve the same whichever way it was bound.
func TestSubmoduleBindings(t *testing.T) {
	ctx := context.Background()
	a, eng := defaultGate(t)
	deniedCap := deniedCapabilities(t)
	progs := engine.SubmodulePrograms(a, deniedCap)
	if len(progs) < 100 {
		t.Fatalf("only %d programs generated: the module table or the allowlist changed shape", len(progs))
	}
	allowed := 0
	for _, src := range progs {
		rep := a.Analyze(ctx, "gen.py", []byte(src))
		d := eng.Decide(ctx, policy.Input{Request: policy.Request{Principal: "ci-bot", Source: "cli"}, Report: rep})
		if d.Allow {
			allowed++
			if allowed <= 20 {
				t.Errorf("allowed by the default policy:\n%s", src)
			}
		}
	}
	if allowed > 0 {
		t.Errorf("%d of %d generated programs allowed", allowed, len(progs))
	}
	t.Logf("%d generated programs", len(progs))
}
