package main

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/pipeline"
)

// countingAnalyzer records how many analyses run at once.
type countingAnalyzer struct {
	now, peak atomic.Int32
}

func (c *countingAnalyzer) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	n := c.now.Add(1)
	defer c.now.Add(-1)
	for {
		p := c.peak.Load()
		if n <= p || c.peak.CompareAndSwap(p, n) {
			break
		}
	}
	time.Sleep(20 * time.Millisecond)
	return &analyzer.Report{}
}

// The MCP SDK runs each tool call in its own goroutine: parallel calls of programs just under the
// workers' threshold (65,000 bytes of "a;", about 36 MB of analysis each) were all analyzed in the
// mcp process at once, 611 MiB of peak RSS for 16 of them. mcpAnalyzer analyzes at most n there at
// once, with and without the workers.
func TestMCPAnalysesInProcessAtOnce(t *testing.T) {
	for _, isolate := range []bool{true, false} {
		small, large := &countingAnalyzer{}, &countingAnalyzer{}
		var l pipeline.Analyzer
		if isolate {
			l = large
		}
		a := mcpAnalyzer(small, l, 2)
		src := []byte(strings.Repeat("a;", 32_500))
		var wg sync.WaitGroup
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a.Analyze(context.Background(), "p.py", src)
			}()
		}
		wg.Wait()
		if p := small.peak.Load(); p != 2 {
			t.Errorf("isolate=%v: %d analyses of %d bytes at once in the mcp process; want 2", isolate, p, len(src))
		}
		if isolate {
			a.Analyze(context.Background(), "p.py", make([]byte, pipeline.LargeProgram))
			if large.peak.Load() != 1 {
				t.Errorf("a program of %d bytes was not analyzed by the workers", pipeline.LargeProgram)
			}
		}
	}
	// A call canceled while it waits is analyzed on its ended context (which denies) at once.
	blocker := make(chan struct{})
	a := pipeline.AtOnce(blockingAnalyzer(blocker), 1)
	go a.Analyze(context.Background(), "p.py", nil)
	time.Sleep(10 * time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan struct{})
	go func() { a.Analyze(ctx, "p.py", nil); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Error("a canceled call waited for the analysis in progress")
	}
	close(blocker)
}

type blockingAnalyzer chan struct{}

func (b blockingAnalyzer) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	if ctx.Err() == nil {
		<-b
	}
	return &analyzer.Report{}
}
