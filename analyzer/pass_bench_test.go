package analyzer

import (
	"context"
	"os"
	"syscall"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/config"
)

// BenchmarkPass is the analysis alone, without decoding and parsing: the part of BenchmarkAnalyze
// this package's own code spends, for profiling it.
func BenchmarkPass(b *testing.B) {
	a, err := New(config.Default())
	if err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile("testdata/llm_program.py")
	if err != nil {
		b.Fatal(err)
	}
	mod, err := parser.Parse(src, "llm_program.py")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	start := cpuTimeNs()
	for b.Loop() {
		p := newPass(a, &Report{}, src, string(src), mod)
		p.run(ctx)
		p.release()
	}
	b.ReportMetric(float64(cpuTimeNs()-start)/float64(b.N), "cpu-ns/op")
}

// cpuTimeNs is the process's user+system CPU time in nanoseconds.
func cpuTimeNs() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
