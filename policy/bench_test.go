package policy

import (
	"context"
	"fmt"
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

// BenchmarkDecide measures one decision on a prepared query and reports the p50 and p99 latency.
// Goal: p50 < 50µs, p99 < 200µs.
func BenchmarkDecide(b *testing.B) {
	e := mustEngine(b)
	in := typicalInput()
	ctx := context.Background()
	if d := e.Decide(ctx, in); !d.Allow {
		b.Fatalf("the typical input must be allowed: %+v", d.Reasons)
	}
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		e.Decide(ctx, in)
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(lat)
	q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(q(0.50), "p50-µs")
	b.ReportMetric(q(0.99), "p99-µs")
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
