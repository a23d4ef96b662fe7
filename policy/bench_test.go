package policy

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
)

// typicalInput is a report as the analyzer produces it for an ordinary LLM-written script: a handful
// of allowed imports and a few low-severity findings, decided for a known principal.
func typicalInput() Input {
	r := &analyzer.Report{
		Path: "job.py", SHA256: "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae", Size: 2048,
		AnalyzerVersion: "bench", Capabilities: []string{"filesystem", "threading"},
	}
	for i, m := range []string{"json", "csv", "math", "statistics", "collections", "itertools", "re", "datetime"} {
		r.Imports = append(r.Imports, analyzer.Import{Module: m, Line: i + 1, Allowed: true, Names: []string{}, Capabilities: []string{}})
	}
	for i := range 4 {
		r.Findings = append(r.Findings, analyzer.Finding{
			Rule: fmt.Sprintf("SBX5%02d", i), Capability: "filesystem", Severity: "low",
			Line: 20 + i, Col: 4, EndLine: 20 + i, EndCol: 30, Message: "open() of a path under /tmp",
		})
	}
	return Input{Request: Request{Principal: "analyst", Source: "http", RequestedTier: "standard"}, Report: r}
}

// BenchmarkDecide measures one decision on a prepared query and reports the p50 and p99 wall-clock
// latency, and on Linux the p50 and p99 CPU time of the deciding thread, which a busy machine does
// not inflate. Goal: p50 < 50µs, p99 < 200µs.
func BenchmarkDecide(b *testing.B) {
	e := mustEngine(b)
	in := typicalInput()
	ctx := context.Background()
	if d := e.Decide(ctx, in); !d.Allow {
		b.Fatalf("the typical input must be allowed: %+v", d.Reasons)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	_, haveCPU := threadCPU()
	wall := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		c0, _ := threadCPU()
		t0 := time.Now()
		e.Decide(ctx, in)
		wall = append(wall, time.Since(t0))
		c1, _ := threadCPU()
		cpu = append(cpu, c1-c0)
	}
	b.StopTimer()
	b.ReportMetric(quantile(wall, 0.50), "p50-µs")
	b.ReportMetric(quantile(wall, 0.99), "p99-µs")
	if haveCPU {
		b.ReportMetric(quantile(cpu, 0.50), "cpu-p50-µs")
		b.ReportMetric(quantile(cpu, 0.99), "cpu-p99-µs")
	}
}

// quantile returns the q-quantile of ds in microseconds; it sorts ds.
func quantile(ds []time.Duration, q float64) float64 {
	slices.Sort(ds)
	return float64(ds[int(q*float64(len(ds)-1))].Nanoseconds()) / 1e3
}

// BenchmarkExplain shows what tracing costs compared with Decide.
func BenchmarkExplain(b *testing.B) {
	e := mustEngine(b)
	in := typicalInput()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		e.Explain(ctx, in)
	}
}
