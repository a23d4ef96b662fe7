package engine_test

import (
	"context"
	"os"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/internal/cputime"
)

// BenchmarkPass is the analysis alone, with every check, without decoding and parsing: the part of
// BenchmarkAnalyze the engine and the checks spend, for profiling them.
func BenchmarkPass(b *testing.B) {
	a := newEngine(b)
	src, err := os.ReadFile("../testdata/llm_program.py")
	if err != nil {
		b.Fatal(err)
	}
	mod, err := parser.Parse(src, "llm_program.py")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	start := cputime.Process()
	for b.Loop() {
		a.RunPass(ctx, src, mod)
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}
