package server

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/policy"
)

// A decision waiting for a CPU slot gives up with its request, failing closed at once.
func TestBoundedDeciderCanceled(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{noLog: true})
	bp := cpuBound(e.built.Pipeline, nil, newFairQueue(&workCap{slots: 1, large: 1, largeBytes: largeProgram}), 1)
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

// countingAnalyzer is the real analyzer, counting what it was handed.
type countingAnalyzer struct {
	a pipeline.Analyzer
	n *atomic.Int64
}

func (c countingAnalyzer) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	c.n.Add(1)
	return c.a.Analyze(ctx, path, src)
}

// Programs of largeProgram bytes and more go to the large analyzer (in serve, worker processes),
// smaller ones to the pipeline's.
func TestLargeProgramsGoToTheLargeAnalyzer(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{noLog: true})
	var n atomic.Int64
	bp := cpuBound(e.built.Pipeline, countingAnalyzer{e.built.Pipeline.Analyzer, &n}, newFairQueue(&workCap{slots: 2, large: 1, largeBytes: largeProgram}), 1)
	ctx := context.Background()
	if rep := bp.Analyzer.Analyze(ctx, "small.py", []byte(allowedCode)); rep.ParseError != nil || n.Load() != 0 {
		t.Fatalf("a small program: %+v, large analyzer called %d times", rep.ParseError, n.Load())
	}
	big := strings.Repeat("x = 1\n", largeProgram/6+1) + "import subprocess\n"
	rep := bp.Analyzer.Analyze(ctx, "big.py", []byte(big))
	if n.Load() != 1 {
		t.Fatalf("a %d-byte program did not go to the large analyzer", len(big))
	}
	if d := bp.Decider.Decide(ctx, policy.Input{Report: rep}); d.Allow {
		t.Fatalf("the large program importing subprocess was allowed: %+v", d)
	}
}
