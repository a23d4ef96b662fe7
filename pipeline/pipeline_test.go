package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/gctune"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
)

// newChecker builds the real analyzer and policy with a real log in a temp dir.
func newChecker(t testing.TB, runner bool) (*Built, string) {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), "audit.jsonl")
	b, err := New(context.Background(), config.Default(), Options{AuditPath: logPath, Runner: runner, NoPool: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, logPath
}

func records(t *testing.T, path string) []record.Record {
	t.Helper()
	var out []record.Record
	if err := record.Scan(path, func(r record.Record) error { out = append(out, r); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func sub(code string) Submission {
	return Submission{Path: "t.py", Code: []byte(code), Request: policy.Request{Principal: "tester", Source: "cli"}}
}

func TestCheckLogsEveryDecision(t *testing.T) {
	b, logPath := newChecker(t, false)
	ctx := context.Background()
	cases := []struct {
		code  string
		allow bool
	}{
		{"print(sum(range(10)))\n", true},
		{"import subprocess\nsubprocess.run(['id'])\n", false},
		{"def f(:\n", false}, // a parse error is a deny
		{"__import__('o'+'s').system('id')\n", false},
	}
	for _, c := range cases {
		out, err := b.Check(ctx, sub(c.code))
		if err != nil {
			t.Fatalf("%q: %v", c.code, err)
		}
		if out.Decision.Allow != c.allow {
			t.Errorf("%q: allow = %v, want %v (reasons %v)", c.code, out.Decision.Allow, c.allow, out.Decision.Reasons)
		}
		if out.AuditID == "" || out.Result != nil {
			t.Errorf("%q: audit id %q, result %v: want a logged decision and no result", c.code, out.AuditID, out.Result)
		}
	}
	recs := records(t, logPath)
	if len(recs) != len(cases) {
		t.Fatalf("log has %d records, want %d", len(recs), len(cases))
	}
	for i, r := range recs {
		if r.Kind != record.KindDecision || r.Decision == nil || r.Decision.Allow != cases[i].allow || r.Principal != "tester" {
			t.Errorf("record %d: kind %s decision %+v principal %q", i, r.Kind, r.Decision, r.Principal)
		}
		if r.Report == nil || r.CodeSize != len(cases[i].code) {
			t.Errorf("record %d: report %v, code size %d", i, r.Report != nil, r.CodeSize)
		}
	}
}

// failingLog stands for a log that refuses every write; it checks the pipeline's ordering rule, not
// the log (TestResultNotLogged fills a real disk).
type failingLog struct{}

func (failingLog) Append(context.Context, audit.Entry) (audit.Stored, error) {
	return audit.Stored{}, errors.New("disk full")
}

func (failingLog) Defer(audit.Entry) error { return errors.New("disk full") }

func (failingLog) Keyed(context.Context, string) ([][]byte, error) { return nil, audit.ErrNotFound }

func TestNothingRunsWithoutADurableDecision(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	b, _ := newChecker(t, true)
	p := *b.Pipeline
	p.Log = failingLog{}
	out, err := p.Run(context.Background(), sub("print('should not run')\n"))
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Run with a failing log: err %v, want the log's error", err)
	}
	if out.Result != nil {
		t.Fatalf("code ran although its decision was not logged: %+v", out.Result)
	}
}

func TestRunLogsDecisionThenResult(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	b, logPath := newChecker(t, true)
	ctx := context.Background()

	out, err := b.Run(ctx, sub("import hashlib, sys\nprint('hello from the sandbox')\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !out.Decision.Allow || out.Result == nil || out.Result.ExitCode != 0 || out.Result.Stdout != "hello from the sandbox\n" {
		t.Fatalf("allowed run: decision %+v result %+v", out.Decision, out.Result)
	}
	denied, err := b.Run(ctx, sub("import os\nos.system('id')\n"))
	if err != nil {
		t.Fatal(err)
	}
	if denied.Decision.Allow || denied.Result != nil {
		t.Fatalf("denied run: decision %+v result %+v", denied.Decision, denied.Result)
	}

	recs := records(t, logPath)
	var kinds []string
	for _, r := range recs {
		kinds = append(kinds, r.Kind)
	}
	if got := strings.Join(kinds, ","); got != "decision,result,decision" {
		t.Fatalf("record kinds %s, want decision,result,decision", got)
	}
	if recs[1].DecisionID != recs[0].ID || recs[1].Result == nil || recs[1].Result.Stdout != out.Result.Stdout {
		t.Errorf("result record not linked to its decision: %+v", recs[1])
	}
	if recs[0].CodeSHA256 != out.Report.SHA256 {
		t.Errorf("logged hash %s, analyzed %s", recs[0].CodeSHA256, out.Report.SHA256)
	}
}

func TestCanceledRunIsStillLogged(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	b, logPath := newChecker(t, true)
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	_, err := b.Run(ctx, sub("while True:\n    pass\n"))
	if err == nil {
		t.Fatal("a run whose caller gave up returned no error")
	}
	recs := records(t, logPath)
	if len(recs) != 2 || recs[1].Kind != record.KindResult || recs[1].Error == "" {
		t.Fatalf("want a decision and a result record carrying the error, got %d records: %+v", len(recs), recs)
	}
}

// program200 is a 200-line program in the style an LLM writes.
func program200() []byte {
	var sb strings.Builder
	sb.WriteString("from dataclasses import dataclass, field\nimport json\nimport math\nfrom typing import Optional\n\n")
	for i := 0; sb.Len() < 1<<20 && strings.Count(sb.String(), "\n") < 195; i++ {
		fmt.Fprintf(&sb, "@dataclass\nclass Item%d:\n    name: str\n    price: float = %d.5\n    tags: list[str] = field(default_factory=list)\n\n", i, i)
		fmt.Fprintf(&sb, "def total%d(items: list[Item%d], tax: Optional[float] = None) -> float:\n", i, i)
		fmt.Fprintf(&sb, "    s = sum(it.price for it in items if it.price > 0)\n    if (t := tax) is not None:\n        s *= 1 + t\n")
		fmt.Fprintf(&sb, "    print(f\"total {s:.2f} for {len(items)} items\", json.dumps({'n': math.floor(s)}))\n    return s\n\n")
	}
	return []byte(sb.String())
}

// BenchmarkCheckPipeline is parse + analyze + decide of a 200-line program, in process, without a log.
// It reports p50 and p99 latency in microseconds.
// The collector is set as the sbxgate binary sets it (internal/gctune); run with GOGC=100 in the
// environment to measure Go's default instead.
func BenchmarkCheckPipeline(b *testing.B) {
	defer gctune.Apply()()
	cfg := config.Default()
	built, err := New(context.Background(), cfg, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer built.Close()
	src := program200()
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		out, err := built.Check(ctx, Submission{Path: "p.py", Code: src})
		lat = append(lat, time.Since(start))
		if err != nil || !out.Decision.Allow {
			b.Fatalf("benign program: err %v, decision %+v", err, out.Decision)
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(lat)))) - 1
		return float64(lat[max(i, 0)].Microseconds())
	}
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(float64(strings.Count(string(src), "\n")), "lines")
}
