package parity

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

func loadStdlib(b *testing.B) ([]string, [][]byte, int64) {
	b.Helper()
	_, files := stdlibFilesNoShort(b)
	srcs := make([][]byte, len(files))
	var total int64
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs[i] = src
		total += int64(len(src))
	}
	return files, srcs, total
}

// BenchmarkParseStdlib parses the whole stdlib (31 MB) per iteration; its
// MB/s compares with BenchmarkCPythonParseStdlib's.
func BenchmarkParseStdlib(b *testing.B) {
	_, srcs, total := loadStdlib(b)
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, src := range srcs {
			parser.Parse(src, "bench")
		}
	}
}

// BenchmarkCPythonParseStdlib has python3 time its own ast.parse loop over
// the same files (in memory, single thread, at least 2 s), times ours over
// them in the same run, and reports both rates and their ratio.
func BenchmarkCPythonParseStdlib(b *testing.B) {
	files, srcs, total := loadStdlib(b)
	var py struct {
		Bytes   float64 `json:"bytes"`
		Seconds float64 `json:"seconds"`
	}
	for i := 0; i < b.N; i++ {
		cmd := exec.Command("python3", "testdata/bench_cpython.py", "speed")
		cmd.Stdin = strings.NewReader(strings.Join(files, "\n"))
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("python3 testdata/bench_cpython.py: %v", err)
		}
		if err := json.Unmarshal(out, &py); err != nil {
			b.Fatalf("bench_cpython.py output %q: %v", out, err)
		}
	}
	b.StopTimer()
	var loops int
	start := time.Now()
	for loops == 0 || time.Since(start) < 2*time.Second {
		for _, src := range srcs {
			parser.Parse(src, "bench")
		}
		loops++
	}
	goRate := float64(total) * float64(loops) / time.Since(start).Seconds() / 1e6
	pyRate := py.Bytes / py.Seconds / 1e6
	b.ReportMetric(pyRate, "cpython-MB/s")
	b.ReportMetric(goRate, "go-MB/s")
	b.ReportMetric(goRate/pyRate, "go/cpython")
}

// gen5MB writes about 5 MB of varied Python (functions, classes, calls,
// f-strings, comprehensions, matches) to a temp file.
func gen5MB(b *testing.B) (string, []byte) {
	b.Helper()
	var sb strings.Builder
	for i := 0; sb.Len() < 5<<20; i++ {
		fmt.Fprintf(&sb, `import os.path as p%[1]d
from collections import defaultdict, OrderedDict as OD%[1]d

@decorator(arg=%[1]d)
class Widget%[1]d(Base, metaclass=Meta):
    """Docstring %[1]d with some text."""
    limit: int = %[1]d

    def method(self, a, /, b=2, *args, c: str = "x", **kw) -> dict:
        total = sum(x * 2 for x in range(a) if x %% 3 == 0)
        table = {k: [v, (v + 1) ** 2, f"{k!r:>10} {v=}"] for k, v in kw.items()}
        if (n := len(table)) > %[1]d and not self.limit or b is None:
            raise ValueError(f"too many: {n}") from None
        try:
            with open(p%[1]d.join("a", "b")) as fh, lock:
                data = fh.read()[1:-1:2]
        except (OSError, KeyError) as exc:
            data = exc.args[0] if exc.args else b"\x00bytes"
        finally:
            del total
        match data:
            case {"kind": "x", **rest} | [1, 2, *rest]:
                pass
            case Point(x=0, y=yy) if yy > 0:
                return {"y": yy}
        return lambda q=%[1]d: q + 1.5e-3j

async def worker%[1]d(queue):
    async for item in queue:
        await item.process(*item.args, **item.kwargs)

`, i)
	}
	src := []byte(sb.String())
	path := filepath.Join(b.TempDir(), "gen5mb.py")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	return path, src
}

// BenchmarkParse5MB parses a generated 5 MB file in a child process (this
// test binary, TestParseFileHelper) and reports its peak RSS next to
// python3's for ast.parse of the same file, plus CPython's tracemalloc peak.
// Process RSS is the same measure for both and needs no sampling.
func BenchmarkParse5MB(b *testing.B) {
	path, src := gen5MB(b)
	out, err := exec.Command("python3", "testdata/bench_cpython.py", "mem", path).Output()
	if err != nil {
		b.Fatalf("python3 bench_cpython.py mem: %v", err)
	}
	var py struct {
		PeakBytes float64 `json:"peak_bytes"`
		MaxRSSKB  float64 `json:"maxrss_kb"`
	}
	if err := json.Unmarshal(out, &py); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer() // tracemalloc makes the python3 run above slow; time only our child
	var maxRSS int64
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestParseFileHelper$", "-test.count=1")
		cmd.Env = append(os.Environ(), "SBX_PARSE_FILE="+path)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("child parse: %v\n%s", err, out)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			maxRSS = max(maxRSS, ru.Maxrss)
		}
	}
	b.ReportMetric(float64(maxRSS)/1024, "go-maxrss-MB")
	b.ReportMetric(py.MaxRSSKB/1024, "cpython-maxrss-MB")
	b.ReportMetric(py.PeakBytes/1e6, "cpython-tracemalloc-MB")
}

// TestParseFileHelper is BenchmarkParse5MB's child process: it parses
// $SBX_PARSE_FILE and exits. Without the variable it has nothing to do.
func TestParseFileHelper(t *testing.T) {
	path := os.Getenv("SBX_PARSE_FILE")
	if path == "" {
		t.Skip("helper process for BenchmarkParse5MB")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := parser.Parse(src, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(m)
}

// benchmarkParseFile parses one small program per iteration, the unit of work of `sbxgate check`; its
// allocs/op and B/op track the front end's per-file cost.
func benchmarkParseFile(b *testing.B, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parser.Parse(src, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLLMProgram parses the analyzer's 200-line LLM-style program.
func BenchmarkParseLLMProgram(b *testing.B) {
	benchmarkParseFile(b, "../../testdata/llm_program.py")
}

// BenchmarkParseBenchProgram parses the server benchmark's 100-line program.
func BenchmarkParseBenchProgram(b *testing.B) {
	benchmarkParseFile(b, "../../../server/testdata/bench_program.py")
}
