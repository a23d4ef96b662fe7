package server

import (
	"context"
	"testing"

	"github.com/sbxgate/sbxgate/policy"
)

// A decision waiting for a CPU slot gives up with its request, failing closed at once.
func TestBoundedDeciderCanceled(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{noLog: true})
	bp := cpuBound(e.built.Pipeline, newFairQueue(&workCap{slots: 1, large: 1, largeBytes: largeProgram}), 1)
	dec := bp.Decider.(boundedDecider)
	dec.sem <- struct{}{} // the only slot is busy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep := bp.Analyzer.(fairAnalyzer).a.Analyze(ctx, "p.py", []byte(allowedCode))
	d := dec.Decide(ctx, policy.Input{Report: rep})
	if d.Allow || len(d.Reasons) == 0 || d.Reasons[0].Rule != policy.RuleTimeout {
		t.Fatalf("decision %+v, want a deny with %s", d, policy.RuleTimeout)
	}
	<-dec.sem
	// With the slot free, the same stages allow the program.
	rep = bp.Analyzer.Analyze(context.Background(), "p.py", []byte(allowedCode))
	if d := bp.Decider.Decide(context.Background(), policy.Input{Report: rep}); !d.Allow {
		t.Fatalf("decision %+v, want allow", d)
	}
	if len(dec.sem) != 0 {
		t.Fatalf("a slot was not released")
	}
}
