package analyzeproc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
)

// The test binary is its own worker: started with this variable set, it serves and exits.
const workerEnv = "SBXGATE_ANALYZEPROC_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Setenv(workerEnv, "1") // inherited by the workers the tests start
	code := m.Run()
	os.Exit(code)
}

func newPool(t *testing.T) *Pool {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p, err := New([]string{self}, config.DefaultYAML())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// corpus returns some of the labeled corpus's programs, and one of several hundred KiB.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, dir := range []string{"benign", "evasion/builtins", "evasion/code_runners"} {
		files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "corpus", dir, "*.py"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no corpus under %s: %v", dir, err)
		}
		for _, f := range files[:min(10, len(files))] {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = b
		}
	}
	var big bytes.Buffer
	for i := range 4000 {
		fmt.Fprintf(&big, "def f%d(x):\n    return [y * %d for y in range(x)]\n\n", i, i)
	}
	big.WriteString("import subprocess\nsubprocess.run(['id'])\n")
	out["big.py"] = big.Bytes()
	return out
}

func TestPoolAgreesWithTheAnalyzer(t *testing.T) {
	an, err := analyzer.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	p := newPool(t)
	ctx := context.Background()
	for path, src := range corpus(t) {
		want, _ := json.Marshal(an.Analyze(ctx, path, src))
		got, _ := json.Marshal(p.Analyze(ctx, path, src))
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the worker's report differs from the analyzer's:\nworker:  %.300s\nanalyzer: %.300s", path, got, want)
		}
	}
	if len(p.idle) != 1 {
		t.Errorf("one analysis at a time used %d workers, want 1 reused", len(p.idle))
	}
}

func TestWorkerRunsAtTheLowestPriority(t *testing.T) {
	p := newPool(t)
	rep := p.Analyze(context.Background(), "a.py", []byte("print(1)\n"))
	if rep.ParseError != nil {
		t.Fatalf("report: %+v", rep.ParseError)
	}
	pid := p.idle[0].cmd.Process.Pid
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		prio, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
		if err != nil {
			continue
		}
		if nice := 20 - prio; nice != niceness {
			t.Errorf("worker thread %d runs at nice %d, want %d", tid, nice, niceness)
		}
	}
	if len(tasks) < 2 {
		t.Errorf("the worker has %d threads: the test would not see the runtime's own", len(tasks))
	}
}

func TestAWorkerThatDiesDenies(t *testing.T) {
	p := newPool(t)
	ctx := context.Background()
	if rep := p.Analyze(ctx, "a.py", []byte("print(1)\n")); rep.ParseError != nil {
		t.Fatalf("report: %+v", rep.ParseError)
	}
	p.idle[0].cmd.Process.Kill()
	rep := p.Analyze(ctx, "b.py", []byte("print(2)\n"))
	if rep.ParseError == nil || rep.ParseError.Kind != "InternalError" || !strings.Contains(rep.ParseError.Message, "analysis worker") {
		t.Fatalf("a dead worker's answer is %+v, want an InternalError parse error", rep.ParseError)
	}
	// The next analysis gets a fresh worker.
	if rep := p.Analyze(ctx, "c.py", []byte("print(3)\n")); rep.ParseError != nil || rep.Path != "c.py" {
		t.Fatalf("after a dead worker: %+v", rep.ParseError)
	}
}

func TestCancelKillsTheWorker(t *testing.T) {
	p := newPool(t)
	var big bytes.Buffer
	for i := range 40000 {
		fmt.Fprintf(&big, "x%d = [a for a in range(%d) if a %% 3]\n", i, i)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	rep := p.Analyze(ctx, "big.py", big.Bytes())
	if rep.ParseError == nil || !strings.Contains(rep.ParseError.Message, "cancel") {
		t.Fatalf("a canceled analysis answered %+v, want a cancellation (deny)", rep.ParseError)
	}
	if len(p.idle) != 0 {
		t.Errorf("the canceled worker went back to the pool")
	}
}

func TestNoWorkerDenies(t *testing.T) {
	p, err := New([]string{"/nonexistent/sbxgate"}, config.DefaultYAML())
	if err != nil {
		t.Fatal(err)
	}
	rep := p.Analyze(context.Background(), "a.py", []byte("print(1)\n"))
	if rep.ParseError == nil || rep.ParseError.Kind != "InternalError" {
		t.Fatalf("with no worker binary: %+v, want an InternalError parse error", rep.ParseError)
	}
	if err := p.Probe(context.Background()); err == nil || !strings.Contains(err.Error(), "start an analysis worker") {
		t.Fatalf("Probe with no worker binary: %v", err)
	}
	if err := newPool(t).Probe(context.Background()); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	if _, err := New([]string{"x"}, []byte("tiers: [")); err == nil {
		t.Error("a broken config was accepted")
	}
}
