package server

import (
	"context"
	"runtime"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/policy"
)

// Context keys for what the handler hands to the stages inside the pipeline.
const (
	principalKey ctxKey = iota + 1
	turnKey
)

func withPrincipal(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, principalKey, name)
}

func principalOf(ctx context.Context) string {
	name, _ := ctx.Value(principalKey).(string)
	return name
}

// turn carries a request's turn in the work queue from stage to stage: the handler takes it to
// decode the body, the analyzer takes a new one if the handler gave it back, the decider ends it.
// One request's stages run one after the other, so it needs no lock.
type turn struct {
	q *fairQueue
	t *ticket // nil when the request holds no turn
}

// end gives the turn back, if the request holds one.
func (tn *turn) end() {
	if tn.t != nil {
		tn.q.release(tn.t)
		tn.t = nil
	}
}

func withTurn(ctx context.Context, tn *turn) context.Context {
	return context.WithValue(ctx, turnKey, tn)
}

func turnOf(ctx context.Context) *turn {
	tn, _ := ctx.Value(turnKey).(*turn)
	return tn
}

// cpuBound returns a copy of p whose analyzer runs on a turn of q, which is fair between principals
// by bytes of source, and whose decider runs at most n at a time and ends the turn. Both stages are
// CPU-bound, and the policy has an evaluation deadline: unbounded, a burst of requests would
// stretch every evaluation past it and the gate would deny benign code. Requests queue before the
// stages instead, outside the deadline. A request that finished its analysis decides (tens of
// microseconds) without queueing again behind every newer analysis, which would double the wait in
// the tail. The log append is not on the turn, so concurrent checks still share group-committed
// fsyncs.
func cpuBound(p *pipeline.Pipeline, large pipeline.Analyzer, q *fairQueue, n int) *pipeline.Pipeline {
	c := *p
	if large == nil {
		large = p.Analyzer
	}
	c.Analyzer = fairAnalyzer{p.Analyzer, large, q, q.cap.(*workCap)}
	c.Decider = boundedDecider{p.Decider, make(chan struct{}, n)}
	return &c
}

type fairAnalyzer struct {
	a pipeline.Analyzer
	// large analyzes programs of workCap.largeBytes and more (WithLargeAnalyzer).
	large pipeline.Analyzer
	q     *fairQueue
	c     *workCap
}

// yieldIfCrowded yields the processor before a request queues for a turn while another small
// program's request is at work, which puts it at the back of the run queue. Without the yield a
// busy connection keeps its processor: its goroutines (net/http's serving one and the background
// reader it starts per request) wake each other, each woken goroutine runs next and inherits the
// time slice, so a connection whose next request is already waiting is served again and again
// while requests on other connections wait out the 10 ms slice. Measured with wrk
// (scripts/bench_serve.sh, binaries with and without the yield alternating): the same checks per
// second, and a p99 of 5.1 and 5.6 ms instead of 18.1 and 19.4 at 8 connections, 8.9 and 11.1
// instead of 31.6 and 34.8 at 16. Beside a large program's analysis the yield only costs: the
// yielded request waits for that analysis's time slice to end (in a runtime trace of the fair-share
// row of bench_serve.sh, 302 of the 368 ms of scheduling delay that small checks had in the handler
// were in the yield; 11 ms once it was skipped there).
func yieldIfCrowded(c *workCap) {
	if c.crowded() {
		runtime.Gosched()
	}
}

// Analyze runs on the request's turn, taking one when it holds none; the decider ends a turn of a
// request that came through the handler, the analyzer its own otherwise.
func (f fairAnalyzer) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	tn := turnOf(ctx)
	if tn == nil {
		tn = &turn{q: f.q}
		defer tn.end()
	}
	if tn.t == nil {
		yieldIfCrowded(f.c)
		t, err := f.q.acquire(ctx, principalOf(ctx), int64(len(src)), -1)
		if err != nil {
			// The request is gone: the analyzer reports the ended context at once, which denies.
			return f.a.Analyze(ctx, path, src)
		}
		tn.t = t
	}
	if int64(len(src)) >= f.c.largeBytes {
		return f.large.Analyze(ctx, path, src)
	}
	return f.a.Analyze(ctx, path, src)
}

type boundedDecider struct {
	d   pipeline.Decider
	sem chan struct{}
}

// Decide evaluates the policy and ends the request's turn: what follows (the log, the run, the
// answer) waits on disks and containers, not on the processor.
func (b boundedDecider) Decide(ctx context.Context, in policy.Input) policy.Decision {
	if tn := turnOf(ctx); tn != nil {
		defer tn.end()
	}
	select {
	case b.sem <- struct{}{}:
		defer func() { <-b.sem }()
	case <-ctx.Done():
		// The request is gone; the decider fails closed on the ended context at once.
	}
	return b.d.Decide(ctx, in)
}
