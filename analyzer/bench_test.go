package analyzer_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// hostileShapes are the costliest shapes per byte found by the algorithmic-complexity review
// (findings/70 and 71), with ordinary ones to compare: each a construct repeated to the size.
func hostileShapes(size int) map[string]string {
	rep := func(head, unit string) string {
		return head + strings.Repeat(unit, (size-len(head))/len(unit))
	}
	seq := func(f func(i int) string) string {
		var b strings.Builder
		for i := 0; b.Len() < size; i++ {
			b.WriteString(f(i))
		}
		return b.String()
	}
	return map[string]string{
		"assignments":  rep("", "x=1\n"),
		"subscripts":   rep("", "a[b][c][d]\n"),
		"call_args":    "f(" + rep("", "a,") + ")\n",
		"fold_replace": rep("s='a'*4096\n", "getattr(o,s.replace('a',s))\n"),
		"fold_iterate": rep("s='a'*4096\n", "getattr(o,[x.y for c in s])\n"),
		"fold_names":   seq(func(i int) string { return fmt.Sprintf("n%d='x'+n%d[:3]\ngetattr(o,n%d)\n", i, max(i-1, 0), i) }),
		"class_lattice": seq(func(i int) string {
			var bs []string
			for j := max(0, i-21); j < i; j++ {
				bs = append(bs, fmt.Sprintf("B%d", j))
			}
			if i == 0 {
				return "class B0:pass\n"
			}
			return fmt.Sprintf("class B%d(%s):\n def m(self):vars(self)\n", i, strings.Join(bs, ","))
		}),
		"class_two_bases": rep("class A:pass\nclass B:pass\n", "class C(A,B):\n def m(self):\n  self._a=1\n  return vars(self)\n"),
	}
}

// BenchmarkHostileShapes reports the analysis's CPU per byte of the costliest shapes found at
// 16 KiB and 64 KiB: linear analysis keeps cpu-ns/byte about equal at both sizes (findings/70:
// folding made 16 MB a step; findings/71: class ancestry questions grew 5x per doubling). A
// program refused for a bound (LimitError) counts: it is what an attacker pays for.
func BenchmarkHostileShapes(b *testing.B) {
	a := newAnalyzer(b)
	ctx := context.Background()
	for _, size := range []int{16 << 10, 64 << 10} {
		shapes := hostileShapes(size)
		names := make([]string, 0, len(shapes))
		for name := range shapes {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			src := []byte(shapes[name])
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				start := cputime.Process()
				for b.Loop() {
					a.Analyze(ctx, "shape.py", src)
				}
				b.ReportMetric(float64(cputime.Process()-start)/float64(b.N)/float64(len(src)), "cpu-ns/byte")
			})
		}
	}
}
