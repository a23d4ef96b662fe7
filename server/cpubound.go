package server

import (
	"context"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/policy"
)

// cpuBound returns a copy of p whose analyzer runs at most n at a time, and whose decider too. Both
// stages are CPU-bound, and the policy has an evaluation deadline: unbounded, a burst of requests
// would stretch every evaluation past it and the gate would deny benign code. Requests queue before
// the stage instead, outside the deadline. Each stage has its own slots: a request that finished its
// analysis decides (tens of microseconds) without queueing again behind every newer analysis, which
// would double the wait in the tail. The log append is not bounded here, so concurrent checks still
// share group-committed fsyncs.
func cpuBound(p *pipeline.Pipeline, n int) *pipeline.Pipeline {
	c := *p
	c.Analyzer = boundedAnalyzer{p.Analyzer, make(chan struct{}, n)}
	c.Decider = boundedDecider{p.Decider, make(chan struct{}, n)}
	return &c
}

type boundedAnalyzer struct {
	a   pipeline.Analyzer
	sem chan struct{}
}

func (b boundedAnalyzer) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	b.sem <- struct{}{}
	defer func() { <-b.sem }()
	return b.a.Analyze(ctx, path, src)
}

type boundedDecider struct {
	d   pipeline.Decider
	sem chan struct{}
}

func (b boundedDecider) Decide(ctx context.Context, in policy.Input) policy.Decision {
	select {
	case b.sem <- struct{}{}:
		defer func() { <-b.sem }()
	case <-ctx.Done():
		// The request is gone; the decider fails closed on the ended context at once.
	}
	return b.d.Decide(ctx, in)
}
