package pipeline

import (
	"bytes"
	"context"
	"sync"

	"github.com/sbxgate/sbxgate/analyzer"
)

// Prefetch is a program a one-shot caller is about to submit (Options.Prefetch): its Path and Code
// as the Submission will have them.
type Prefetch struct {
	Path string
	Code []byte
}

// ahead holds the reports of the programs analyzed ahead of their submission. The analyzer is
// built before the policy is compiled, and would wait for it idle: the first analysis of a
// one-shot command (about 0.6 ms in a fresh process) is done in that time instead.
type ahead struct {
	mu      sync.Mutex
	entries []*aheadEntry // fixed once made; taken is guarded by mu
}

type aheadEntry struct {
	path  string
	code  []byte
	done  chan struct{}    // closed when rep is set
	rep   *analyzer.Report // nil when there was no analyzer
	taken bool
}

func newAhead(ps []Prefetch) *ahead {
	if len(ps) == 0 {
		return nil
	}
	a := &ahead{}
	for _, p := range ps {
		a.entries = append(a.entries, &aheadEntry{path: p.Path, code: p.Code, done: make(chan struct{})})
	}
	return a
}

// analyze analyzes the programs in order with an; when the analyzer could not be built (an nil),
// it releases them without a report.
func (a *ahead) analyze(ctx context.Context, an *analyzer.Analyzer) {
	if a == nil {
		return
	}
	for _, e := range a.entries {
		if an != nil {
			e.rep = an.Analyze(ctx, e.path, e.code)
		}
		close(e.done)
	}
}

// take returns the report analyzed ahead for a program of this path and code, once, waiting for
// it while it is being made; nil when there is none (then the caller analyzes the program).
func (a *ahead) take(ctx context.Context, path string, code []byte) *analyzer.Report {
	if a == nil {
		return nil
	}
	var e *aheadEntry
	a.mu.Lock()
	for _, x := range a.entries {
		if !x.taken && x.path == path && bytes.Equal(x.code, code) {
			e, x.taken = x, true
			break
		}
	}
	a.mu.Unlock()
	if e == nil {
		return nil
	}
	select {
	case <-e.done:
		return e.rep
	case <-ctx.Done():
		return nil
	}
}
