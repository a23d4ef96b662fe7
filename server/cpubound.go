package server

import (
	"context"
	"runtime"

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

// Analyze yields before it queues for a slot, which puts the request at the back of the run queue.
// Without the yield a busy connection keeps its processor: its goroutines (net/http's serving one
// and the background reader it starts per request) wake each other, each woken goroutine runs next
// and inherits the time slice, so a connection whose next request is already waiting is served
// again and again while requests on other connections wait out the 10 ms slice. Measured with wrk
// (scripts/bench_serve.sh, binaries with and without the yield alternating): the same checks per
// second, and a p99 of 5.1 and 5.6 ms instead of 18.1 and 19.4 at 8 connections, 8.9 and 11.1
// instead of 31.6 and 34.8 at 16.
func (b boundedAnalyzer) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	runtime.Gosched()
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
