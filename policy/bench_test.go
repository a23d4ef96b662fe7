package policy

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/internal/gctune"
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

// largeInput is a report the size of a big standard-library module: 40 imports and 200 findings.
// As in the stdlib, about half the findings are the tolerated SBX100 (an import outside the
// allowlist, medium) and the rest come from the other checks, most of which deny.
func largeInput() Input {
	r := &analyzer.Report{
		Path: "big.py", SHA256: "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae", Size: 180000,
		AnalyzerVersion: "bench", Capabilities: []string{"filesystem", "introspection", "process", "import"},
	}
	for i := range 40 {
		r.Imports = append(r.Imports, analyzer.Import{
			Module: fmt.Sprintf("mod%d.sub", i), Level: i % 3, Line: i + 1, Allowed: i%4 != 0,
			Names: []string{"a", "b"}, Capabilities: []string{},
		})
	}
	checks := analyzer.Checks()
	i100 := slices.IndexFunc(checks, func(c analyzer.Check) bool { return c.ID == "SBX100" })
	for i := range 200 {
		c := checks[i100]
		if i%2 == 1 {
			c = checks[(i100+1+(i/2)%(len(checks)-1))%len(checks)]
		}
		r.Findings = append(r.Findings, analyzer.Finding{
			Rule: c.ID, Capability: c.Capability, Severity: c.Severity, CWE: c.CWE, Hint: c.Hint,
			Line: 50 + 3*i, Col: 4, EndLine: 50 + 3*i, EndCol: 30, Message: fmt.Sprintf("finding %d of %s", i, c.ID),
		})
	}
	return Input{Request: Request{Principal: "analyst", Source: "cli"}, Report: r}
}

// BenchmarkDecide measures one decision on a prepared query and reports the p50 and p99 wall-clock
// latency, and on Linux the p50 and p99 CPU time of the deciding thread, which a busy machine does
// not inflate. Goal: p50 < 50µs, p99 < 200µs.
// The collector is set as the sbxgate binary sets it (internal/gctune); run with GOGC=100 in the
// environment to measure Go's default instead.
func BenchmarkDecide(b *testing.B) {
	defer gctune.Apply()()
	benchDecide(b, mustEngine(b), typicalInput(), true)
}

// BenchmarkDecideLarge measures the per-finding cost: a denied report with 200 findings.
func BenchmarkDecideLarge(b *testing.B) {
	benchDecide(b, mustEngine(b), largeInput(), false)
}

func benchDecide(b *testing.B, e *Engine, in Input, allow bool) {
	ctx := context.Background()
	if d := e.Decide(ctx, in); d.Allow != allow {
		b.Fatalf("allow is %v, want %v: %+v", d.Allow, allow, d.Reasons)
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
