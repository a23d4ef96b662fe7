package analyzer_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/internal/cputime"
)

// llmProgram is a 200-line program written the way LLMs write them: dataclasses, typing, json,
// collections, a small CLI, f-strings, comprehensions.
func llmProgram(tb testing.TB) []byte {
	tb.Helper()
	src, err := os.ReadFile("testdata/llm_program.py")
	if err != nil {
		tb.Fatal(err)
	}
	return src
}

func BenchmarkAnalyze(b *testing.B) {
	a := newAnalyzer(b)
	src := llmProgram(b)
	ctx := context.Background()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := cputime.Process()
	for b.Loop() {
		rep := a.Analyze(ctx, "llm_program.py", src)
		if rep.ParseError != nil {
			b.Fatal(rep.ParseError.Message)
		}
	}
	// CPU time per op is steadier than wall time on a shared machine.
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}

// stdlibFiles lists the .py files of python3's standard library (without site-packages), or skips.
func stdlibFiles(tb testing.TB) []string {
	tb.Helper()
	out, err := exec.Command("python3", "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		tb.Skipf("python3 not available: %v", err)
	}
	root := strings.TrimSpace(string(out))
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "dist-packages") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".py") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		tb.Skip("no standard library found")
	}
	return files
}

func BenchmarkAnalyzeStdlib(b *testing.B) {
	a := newAnalyzer(b)
	var srcs [][]byte
	var total int64
	for _, f := range stdlibFiles(b) {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		srcs = append(srcs, src)
		total += int64(len(src))
	}
	ctx := context.Background()
	b.SetBytes(total)
	b.ResetTimer()
	start := cputime.Process()
	for b.Loop() {
		for _, src := range srcs {
			a.Analyze(ctx, "stdlib.py", src)
		}
	}
	cpu := float64(cputime.Process() - start)
	b.ReportMetric(float64(len(srcs))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
	b.ReportMetric(float64(len(srcs))*float64(b.N)/(cpu/1e9), "files/cpu-s")
}

// TestStdlib analyzes every standard-library file: none may produce an internal error, and every
// file CPython accepts must parse.
func TestStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	a := newAnalyzer(t)
	files := stdlibFiles(t)
	parseErrors := 0
	type slow struct {
		path string
		cpu  time.Duration
	}
	var slowest slow
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		start := cputime.Process()
		rep := a.Analyze(context.Background(), f, src)
		if d := cputime.Process() - start; d > slowest.cpu {
			slowest = slow{f, d}
		}
		if rep.ParseError != nil {
			if rep.ParseError.Kind == "InternalError" || strings.Contains(rep.ParseError.Message, "aliasing") {
				t.Errorf("%s: %s", f, rep.ParseError.Message)
			}
			parseErrors++
		}
	}
	t.Logf("%d files, %d parse errors (test files with deliberate bad syntax or encodings); slowest %s (%d ms CPU)",
		len(files), parseErrors, slowest.path, slowest.cpu.Milliseconds())
}
