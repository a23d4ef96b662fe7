package analyzer

import (
	"context"
	"os"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/internal/cputime"
)

// BenchmarkPass is the analysis alone, without decoding and parsing: the part of BenchmarkAnalyze
// this package's own code spends, for profiling it.
func BenchmarkPass(b *testing.B) {
	a := newTestAnalyzer(b)
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
	start := cputime.Process()
	for b.Loop() {
		p := newPass(a, &Report{}, src, string(src), mod)
		p.run(ctx)
		p.release()
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}
