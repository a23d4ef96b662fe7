package analyzeproc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	// "nodecoder": a worker of a binary that serves no decodes.
	if w := os.Getenv(workerEnv); w == "1" || w == "nodecoder" {
		decode := testDecoder
		if w == "nodecoder" {
			decode = nil
		}
		if err := Serve(context.Background(), os.Stdin, os.Stdout, decode); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Setenv(workerEnv, "1") // inherited by the workers the tests start
	code := m.Run()
	os.Exit(code)
}

// testDecoder reads {"path": ..., "code": ...}; a body with a "refuse" member is refused with it.
func testDecoder(_ *config.Config, body []byte) (Decoded, *Refusal) {
	var req struct {
		Path, Code, Refuse string
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return Decoded{}, &Refusal{Status: 400, Message: "malformed JSON: " + err.Error()}
	}
	if req.Refuse != "" {
		return Decoded{}, &Refusal{Status: 422, Message: req.Refuse}
	}
	return Decoded{Path: req.Path, Code: []byte(req.Code), Meta: json.RawMessage(`{"len":` + strconv.Itoa(len(req.Code)) + `}`)}, nil
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
		attr, err := unix.SchedGetAttr(tid, 0)
		if err != nil {
			continue // the thread ended
		}
		if attr.Policy != unix.SCHED_IDLE {
			t.Errorf("worker thread %d runs under scheduling policy %d, want SCHED_IDLE (%d)", tid, attr.Policy, unix.SCHED_IDLE)
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

// A decode answers the program's bytes, the decoder's metadata and the report the worker's
// analyzer made of them, the same as Analyze's; a refusal goes back as it is, and leaves the worker
// in the pool. The program's bytes go into the caller's buffer when they fit in it, into their own
// array otherwise.
func TestDecodeAnswersTheProgramAndItsReport(t *testing.T) {
	p := newPool(t)
	ctx := context.Background()
	buf := make([]byte, 0, 4096)
	inBuf, outside := 0, 0
	for path, src := range corpus(t) {
		body, err := json.Marshal(map[string]string{"path": path, "code": string(src)})
		if err != nil {
			t.Fatal(err)
		}
		d, err := p.Decode(ctx, body, buf)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if d.Path != path || !bytes.Equal(d.Code, src) || string(d.Meta) != fmt.Sprintf(`{"len":%d}`, len(src)) {
			t.Fatalf("%s: decoded as path %q, %d bytes, meta %s", path, d.Path, len(d.Code), d.Meta)
		}
		if len(src) == 0 {
			continue
		}
		shared := &d.Code[0] == &buf[:1][0]
		if fits := len(src) <= cap(buf); shared != fits {
			t.Fatalf("%s: %d bytes, a buffer of %d: the program in the buffer %v, want %v", path, len(src), cap(buf), shared, fits)
		}
		if shared {
			inBuf++
		} else {
			outside++
		}
		want, _ := json.Marshal(p.Analyze(ctx, path, src))
		got, _ := json.Marshal(d.Report)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the decode's report differs from Analyze's:\ndecode:  %.300s\nanalyze: %.300s", path, got, want)
		}
	}
	for _, body := range []string{`{"refuse": "no thanks"}`, `{"path": `} {
		_, err := p.Decode(ctx, []byte(body), nil)
		var refusal *Refusal
		if !errors.As(err, &refusal) {
			t.Fatalf("decode of %s: %v, want a refusal", body, err)
		}
		if want := map[bool]int{true: 422, false: 400}[strings.Contains(body, "refuse")]; refusal.Status != want {
			t.Errorf("decode of %s: status %d, want %d", body, refusal.Status, want)
		}
	}
	if len(p.idle) != 1 {
		t.Errorf("decodes and refusals used %d workers, want 1 reused", len(p.idle))
	}
	if inBuf == 0 || outside == 0 {
		t.Errorf("%d programs decoded into the buffer, %d outside it: the corpus should have both", inBuf, outside)
	}
}

// A worker without a decoder fails the decode (the caller decodes instead) and is not reused.
func TestDecodeWithoutADecoderFails(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p, err := New([]string{"/usr/bin/env", workerEnv + "=nodecoder", self}, config.DefaultYAML())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	_, err = p.Decode(context.Background(), []byte(`{"path": "a.py", "code": "print(1)"}`), nil)
	var refusal *Refusal
	if err == nil || errors.As(err, &refusal) || !strings.Contains(err.Error(), "analysis worker") {
		t.Fatalf("decode by a worker without a decoder: %v, want the worker's failure", err)
	}
	if len(p.idle) != 0 {
		t.Errorf("the failed worker went back to the pool")
	}
}

// statements is a program of n one-statement lines: its analysis takes far more memory per byte of
// source than the usual program's (a megabyte took 330 MB of RSS in an unbounded worker).
func statements(n int) []byte { return bytes.Repeat([]byte("x=1\n"), n) }

// rss is a process's resident memory in bytes.
func rss(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// An analysis that passes the workers' memory bound is denied with a LimitError naming the bound,
// by Analyze and by Decode (which hands back the program it decoded rather than failing, so that it
// is not decoded and analyzed a second time); the next request gets a fresh worker.
func TestMemoryBoundDenies(t *testing.T) {
	p := newPool(t)
	p.SetMemoryLimit(64 << 20)
	ctx := context.Background()
	big := statements(250000)
	rep := p.Analyze(ctx, "big.py", big)
	if rep.ParseError == nil || rep.ParseError.Kind != "LimitError" || !strings.Contains(rep.ParseError.Message, "64 MiB") {
		t.Fatalf("an analysis past the memory bound answered %+v, want a LimitError naming the bound", rep.ParseError)
	}
	if rep.Size != len(big) || rep.Path != "big.py" {
		t.Errorf("the denial is of %q, %d bytes", rep.Path, rep.Size)
	}
	body, _ := json.Marshal(map[string]string{"path": "big.py", "code": string(big)})
	d, err := p.Decode(ctx, body, make([]byte, 0, len(body)))
	if err != nil {
		t.Fatalf("decode past the memory bound: %v, want the program and a denying report", err)
	}
	if !bytes.Equal(d.Code, big) || d.Report == nil || d.Report.ParseError == nil || d.Report.ParseError.Kind != "LimitError" {
		t.Fatalf("decode past the memory bound: %d bytes, report %+v", len(d.Code), d.Report)
	}
	if rep := p.Analyze(ctx, "small.py", []byte("print(1)\n")); rep.ParseError != nil {
		t.Fatalf("after a worker passed its bound: %+v", rep.ParseError)
	}
}

// A worker returns the memory of a large analysis to the system once it answered: an idle worker
// kept the 350 MB of its last analysis for minutes.
func TestIdleWorkerReturnsMemory(t *testing.T) {
	p := newPool(t)
	ctx := context.Background()
	if rep := p.Analyze(ctx, "big.py", statements(200000)); rep.ParseError != nil {
		t.Fatalf("report: %+v", rep.ParseError)
	}
	pid := p.idle[0].cmd.Process.Pid
	var n int64
	for range 100 {
		if n = rss(t, pid); n < 96<<20 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("an idle worker keeps %d MB resident after a large analysis", n>>20)
}

// Parallel requests share Workers() workers: unbounded, eight parallel calls of sbxgate mcp with
// 400 KB programs started eight workers, 1.8 GB of RSS between them. Every worker that answered goes
// back to the idle list, so its length is how many were started.
func TestWorkersAtOnce(t *testing.T) {
	p := newPool(t)
	src := []byte(strings.Repeat("a;", 20_000) + "\n")
	const calls = 6
	errs := make(chan string, calls)
	for range calls {
		go func() {
			rep := p.Analyze(context.Background(), "a.py", src)
			if rep.ParseError != nil {
				errs <- rep.ParseError.Message
				return
			}
			errs <- ""
		}()
	}
	for range calls {
		if msg := <-errs; msg != "" {
			t.Fatalf("analysis failed: %s", msg)
		}
	}
	if n := len(p.idle); n > Workers() {
		t.Errorf("%d parallel analyses started %d workers; want at most %d", calls, n, Workers())
	}
	// A request canceled while it waits for a worker is denied at once.
	p.slots <- struct{}{}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	for range Workers() - 1 {
		p.slots <- struct{}{}
	}
	rep := p.Analyze(ctx, "a.py", src)
	if rep.ParseError == nil || !strings.Contains(rep.ParseError.Message, "cancel") {
		t.Errorf("a request canceled while it waited: %+v, want a cancellation (deny)", rep.ParseError)
	}
}

// An analysis past the CPU bound is denied with a LimitError naming it, and its worker ends; the
// next program is analyzed by a new worker. Before the bound, a worker analyzed for as long as the
// program made it (findings/71: 1.9 s for 16 KB, growing 5x per doubling).
func TestCPUBoundDenies(t *testing.T) {
	p := newPool(t)
	p.SetCPUBound(20*time.Millisecond, 0)
	ctx := context.Background()
	big := statements(250000)
	rep := p.Analyze(ctx, "big.py", big)
	if rep.ParseError == nil || rep.ParseError.Kind != "LimitError" || !strings.Contains(rep.ParseError.Message, "CPU time") {
		t.Fatalf("an analysis past the CPU bound answered %+v, want a LimitError naming the bound", rep.ParseError)
	}
	if rep.Size != len(big) || rep.Path != "big.py" {
		t.Errorf("the denial is of %q, %d bytes", rep.Path, rep.Size)
	}
	body, _ := json.Marshal(map[string]string{"path": "big.py", "code": string(big)})
	d, err := p.Decode(ctx, body, make([]byte, 0, len(body)))
	if err != nil {
		t.Fatalf("decode past the CPU bound: %v, want the program and a denying report", err)
	}
	if !bytes.Equal(d.Code, big) || d.Report == nil || d.Report.ParseError == nil || d.Report.ParseError.Kind != "LimitError" {
		t.Fatalf("decode past the CPU bound: %d bytes, report %+v", len(d.Code), d.Report)
	}
	if rep := p.Analyze(ctx, "small.py", []byte("print(1)\n")); rep.ParseError != nil {
		t.Fatalf("after a worker passed its bound: %+v", rep.ParseError)
	}
}

// The default bound leaves a large ordinary program alone: 250,000 statements (1 MB) take about
// 0.7 s of CPU against a bound of 12 s.
func TestCPUBoundDefault(t *testing.T) {
	p := newPool(t)
	if rep := p.Analyze(context.Background(), "big.py", statements(250000)); rep.ParseError != nil {
		t.Fatalf("report: %+v", rep.ParseError)
	}
	if CPUBase+time.Duration(len(statements(250000)))*CPUPerByte < 5*time.Second {
		t.Errorf("the default CPU bound of a 1 MB program is under 5 s")
	}
}
