package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/runner"
)

// The test binary doubles as a process that logs an allowed decision about to run and dies before
// its result: with SBXGATE_PIPELINE_HELPER=decide it appends one to the log named by
// SBXGATE_PIPELINE_LOG and exits.
func TestMain(m *testing.M) {
	if os.Getenv("SBXGATE_PIPELINE_HELPER") != "decide" {
		os.Exit(m.Run())
	}
	b, err := New(context.Background(), config.Default(), Options{AuditPath: os.Getenv("SBXGATE_PIPELINE_LOG")})
	if err == nil {
		// A pipeline whose runner is never reached: the decision is logged as about to run.
		b.Runner = dyingRunner{}
		_, err = b.Run(context.Background(), sub("print('never finishes')\n"))
	}
	fmt.Fprintln(os.Stderr, "the helper's run returned:", err)
	os.Exit(1)
}

// dyingRunner ends the helper process where a crash would: after the decision, before the result.
type dyingRunner struct{}

func (dyingRunner) Run(context.Context, runner.Request) (runner.Result, error) {
	os.Exit(0)
	return runner.Result{}, nil
}

// TestStartupWritesResultLost: a decision left open by a process that died before its result gets a
// result_lost record from the next process that opens the log, once.
func TestStartupWritesResultLost(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "audit.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SBXGATE_PIPELINE_HELPER=decide", "SBXGATE_PIPELINE_LOG="+logPath)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	recs := records(t, logPath)
	if len(recs) != 1 || recs[0].Owner == nil || !recs[0].Allowed() {
		t.Fatalf("the helper logged %+v, want one open, allowed decision", recs)
	}
	decided := recs[0].ID

	for round := range 2 {
		b, err := New(context.Background(), config.Default(), Options{AuditPath: logPath})
		if err != nil {
			t.Fatal(err)
		}
		lost, serr := b.LostResults, b.SweepError
		b.Close()
		if serr != nil {
			t.Fatal(serr)
		}
		if want := map[int]int{0: 1, 1: 0}[round]; len(lost) != want || (want == 1 && lost[0] != decided) {
			t.Fatalf("start-up %d wrote result_lost for %v, want %d of %s", round, lost, want, decided)
		}
	}
	recs = records(t, logPath)
	if len(recs) != 2 || recs[1].Kind != record.KindResultLost || recs[1].DecisionID != decided || recs[1].Lost == nil ||
		recs[1].Lost.By != record.LostByStartup || recs[1].Lost.Owner == nil || recs[1].Lost.Owner.PID != recs[0].Owner.PID {
		t.Fatalf("records %+v, want the decision and its result_lost", recs)
	}
	if _, err := audit.VerifyLog(logPath, audit.VerifyOptions{Schema: record.Schema}); err != nil {
		t.Fatal(err)
	}
}

// fillingRunner is the real runner, with the disk under the log filling up while the code runs.
type fillingRunner struct {
	Runner
	t   *testing.T
	dir string
}

func (r fillingRunner) Run(ctx context.Context, req runner.Request) (runner.Result, error) {
	res, err := r.Runner.Run(ctx, req)
	testenv.Fill(r.t, r.dir)
	return res, err
}

// TestResultNotLogged: the disk fills while the code runs, so its result cannot be logged. Run
// still returns the result, with ErrResultNotLogged, and once space is freed the log writes a
// result_lost record by itself.
func TestResultNotLogged(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	dir := testenv.SmallDisk(t, "2m")
	logPath := filepath.Join(dir, "audit.jsonl")
	b, err := New(context.Background(), config.Default(), Options{AuditPath: logPath, Runner: true, NoPool: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p := *b.Pipeline
	p.Runner = fillingRunner{Runner: b.Runner, t: t, dir: dir}
	// A result too large for what is left of the disk.
	out, err := p.Run(context.Background(), sub("print('x' * 200000)\n"))
	if !errors.Is(err, ErrResultNotLogged) || out.Result == nil || len(out.Result.Stdout) != 200001 || out.AuditID == "" {
		t.Fatalf("Run on a disk that filled: err %v, result %v; want the result and ErrResultNotLogged", err, out.Result != nil)
	}
	if strings.Contains(err.Error(), "audit: audit:") {
		t.Errorf("error %q repeats its stage", err)
	}
	lg := b.Log.(*audit.Log)
	if lg.Ready() == nil {
		t.Fatal("the log says it takes writes on a full disk")
	}
	if err := os.Remove(filepath.Join(dir, "filler")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	var recs []record.Record
	for {
		recs = records(t, logPath)
		if len(recs) == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(recs) != 2 || recs[1].Kind != record.KindResultLost || recs[1].DecisionID != out.AuditID || recs[1].Lost == nil ||
		recs[1].Lost.By != record.LostByRunner || recs[1].Lost.ExitCode == nil || *recs[1].Lost.ExitCode != 0 {
		t.Fatalf("records %+v, want the decision and a result_lost written by the runner's process", recs)
	}
	if lg.Ready() != nil {
		t.Fatalf("the log wrote but is not ready: %v", lg.Ready())
	}
}

// blockingRunner's runs start, say so, and end when release is closed.
type blockingRunner struct{ started, release chan struct{} }

func (r blockingRunner) Run(ctx context.Context, req runner.Request) (runner.Result, error) {
	close(r.started)
	<-r.release
	return runner.Result{}, nil
}

// TestIdempotencyKey: a second Run with the same key and code by the same principal returns the
// recorded outcome and writes nothing; other code under the key is refused; another principal's
// key is its own; the log keeps the key across restarts.
func TestIdempotencyKey(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "audit.jsonl")
	open := func() *Built {
		b, err := New(context.Background(), config.Default(), Options{AuditPath: logPath})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return b
	}
	b := open()
	ctx := context.Background()
	keyed := func(principal, code, key string) Submission {
		s := sub(code)
		s.Request.Principal, s.IdempotencyKey = principal, key
		return s
	}
	denied := "import os\nos.system('id')\n"
	first, err := b.Run(ctx, keyed("alice", denied, "k-1"))
	if err != nil || first.Decision.Allow || first.Replayed {
		t.Fatalf("first run: %+v %v", first, err)
	}
	again, err := b.Run(ctx, keyed("alice", denied, "k-1"))
	if err != nil || !again.Replayed || again.AuditID != first.AuditID || again.Decision.Allow || again.Report == nil {
		t.Fatalf("retry: %+v %v; want the recorded denial %s", again, err, first.AuditID)
	}
	if _, err := b.Run(ctx, keyed("alice", "print(1)\n", "k-1")); !errors.Is(err, ErrIdempotencyConflict) || !strings.Contains(err.Error(), "new key") {
		t.Fatalf("other code under the key: %v, want ErrIdempotencyConflict", err)
	}
	tiered := keyed("alice", denied, "k-1")
	tiered.Request.RequestedTier = "large"
	if _, err := b.Run(ctx, tiered); !errors.Is(err, ErrIdempotencyConflict) {
		t.Fatalf("another tier under the key: %v, want ErrIdempotencyConflict", err)
	}
	bob, err := b.Run(ctx, keyed("bob", denied, "k-1"))
	if err != nil || bob.Replayed || bob.AuditID == first.AuditID {
		t.Fatalf("bob's k-1: %+v %v; want a run of his own", bob, err)
	}
	for _, bad := range []string{"has space", strings.Repeat("k", 256), "tab\t", "é"} {
		if _, err := b.Run(ctx, keyed("alice", denied, bad)); err == nil {
			t.Errorf("key %q accepted", bad)
		}
	}
	b.Close()
	b = open()
	if out, err := b.Run(ctx, keyed("alice", denied, "k-1")); err != nil || !out.Replayed || out.AuditID != first.AuditID {
		t.Fatalf("retry after a restart: %+v %v", out, err)
	}
	// An allowed decision under a key whose run has not logged a result yet is in progress.
	started, release := make(chan struct{}), make(chan struct{})
	blocking := *b.Pipeline
	blocking.Runner = blockingRunner{started, release}
	done := make(chan error, 1)
	go func() {
		_, err := blocking.Run(ctx, keyed("alice", "print(2)\n", "k-2"))
		done <- err
	}()
	<-started
	if _, err := blocking.Run(ctx, keyed("alice", "print(2)\n", "k-2")); !errors.Is(err, ErrRunInProgress) {
		t.Fatalf("retry of a run that has no result yet: %v, want ErrRunInProgress", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("the first run: %v", err)
	}
	b.Close()
	recs := records(t, logPath)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 3 decisions (alice k-1, bob k-1, alice k-2) and k-2's result", len(recs))
	}
	if _, err := audit.VerifyLog(logPath, audit.VerifyOptions{Schema: record.Schema}); err != nil {
		t.Fatal(err)
	}
	// Without a log there is nowhere to keep a key.
	nolog := checkerNoLog(t)
	if _, err := nolog.Run(ctx, keyed("alice", denied, "k-3")); err == nil || !strings.Contains(err.Error(), "audit log") {
		t.Fatalf("a key without a log: %v", err)
	}
}

// TestIdempotentRunRuns: with Docker, a retry of a run that finished returns its recorded result, and
// a retry while it runs is told it is in progress; the code runs once.
func TestIdempotentRunRuns(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	b, logPath := newChecker(t, true)
	ctx := context.Background()
	s := sub("import time\ntime.sleep(3)\nprint('once')\n")
	s.IdempotencyKey = "run-1"
	done := make(chan Outcome, 1)
	go func() {
		out, err := b.Run(ctx, s)
		if err != nil {
			t.Error(err)
		}
		done <- out
	}()
	// Once the decision is logged, the run is in progress.
	key := idempotencyKey(s.Request.Principal, s.IdempotencyKey)
	for deadline := time.Now().Add(20 * time.Second); ; {
		if _, err := b.Log.Keyed(ctx, key); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the decision was not logged")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := b.Run(ctx, s); !errors.Is(err, ErrRunInProgress) {
		t.Errorf("retry while it runs: %v, want ErrRunInProgress", err)
	}
	first := <-done
	again, err := b.Run(ctx, s)
	if err != nil || !again.Replayed || again.Result == nil || again.Result.Stdout != "once\n" || again.AuditID != first.AuditID {
		t.Fatalf("retry after the run: %+v %v", again, err)
	}
	recs := records(t, logPath)
	if len(recs) != 2 || recs[0].Kind != record.KindDecision || recs[1].Kind != record.KindResult {
		t.Fatalf("records %d, want one decision and one result", len(recs))
	}
}
