package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/pipeline/record"
)

func TestRun(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{runner: true})
	tests := []struct {
		name   string
		code   string
		allow  bool
		exit   int
		stdout string
	}{
		{"allowed", allowedCode, true, 0, "{\"answer\": 42}\n"},
		{"exit status", "import sys\nprint('bye')\nsys.exit(3)\n", true, 3, "bye\n"},
		{"denied", deniedCode, false, 0, ""},
	}
	ran := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.post("/v1/run", aliceToken, map[string]any{"code": tt.code})
			if r.Status != http.StatusOK {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			m := r.json(t)
			for _, k := range []string{"decision", "result", "audit_id"} {
				if _, ok := m[k]; !ok {
					t.Errorf("response lacks %q: %s", k, r.Body)
				}
			}
			var got RunResponse
			if err := json.Unmarshal(r.Body, &got); err != nil {
				t.Fatal(err)
			}
			if got.Decision == nil || got.Decision.Allow != tt.allow || got.AuditID == "" {
				t.Fatalf("decision %+v audit_id %q, want allow=%v", got.Decision, got.AuditID, tt.allow)
			}
			if !tt.allow {
				if got.Result != nil {
					t.Fatalf("denied code has a result: %+v", got.Result)
				}
				return
			}
			ran++
			if got.Result == nil || got.Result.ExitCode != tt.exit || got.Result.Stdout != tt.stdout {
				t.Fatalf("result %+v, want exit %d stdout %q", got.Result, tt.exit, tt.stdout)
			}
			// The owner reads the decision and its linked result.
			a := e.do(http.MethodGet, "/v1/audit/"+got.AuditID, aliceToken, nil)
			var ar AuditResponse
			if a.Status != 200 || json.Unmarshal(a.Body, &ar) != nil || len(ar.Records) != 2 ||
				ar.Records[0].Kind != record.KindDecision || ar.Records[1].Kind != record.KindResult || ar.Records[1].DecisionID != got.AuditID {
				t.Fatalf("audit %s: %d %s", got.AuditID, a.Status, a.Body)
			}
		})
	}
	m := e.do(http.MethodGet, "/metrics", "", nil)
	if !strings.Contains(string(m.Body), "sbxgate_run_duration_seconds_count 2") {
		t.Errorf("metrics: want 2 observed runs")
	}
	recs := e.verifyLog()
	if d, r := countKind(recs, record.KindDecision), countKind(recs, record.KindResult); d != len(tests) || r != ran {
		t.Fatalf("%d decisions and %d results, want %d and %d", d, r, len(tests), ran)
	}
}

func TestRunWithoutRunner(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	r := e.post("/v1/run", aliceToken, map[string]any{"code": allowedCode})
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(r.errorMessage(t), "no runner") {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	// A denial needs no runner: it is still a 200.
	r = e.post("/v1/run", aliceToken, map[string]any{"code": deniedCode})
	if r.Status != http.StatusOK {
		t.Fatalf("denied run without a runner: %d %s", r.Status, r.Body)
	}
	e.verifyLog()
}

// sleeper runs until it is killed; the default untrusted tier's timeout is far longer than a test
// needs it to run.
const sleeper = "import time\nprint('started', flush=True)\ntime.sleep(9)\n"

// waitInFlight blocks until the server reports n runs in flight.
func waitInFlight(t *testing.T, e *testEnv, n int) {
	t.Helper()
	want := "sbxgate_runs_in_flight " + strconv.Itoa(n) + "\n"
	for !strings.Contains(string(e.do(http.MethodGet, "/metrics", "", nil).Body), want) {
		time.Sleep(20 * time.Millisecond)
	}
}

// waitAllowed blocks until the log holds an allowing decision: from then on the run is past the
// policy and headed for the container.
func waitAllowed(t *testing.T, e *testEnv) {
	t.Helper()
	for {
		found := false
		_ = record.Scan(e.audit, func(r record.Record) error {
			found = found || (r.Kind == record.KindDecision && r.Allowed())
			return nil
		})
		if found {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestConcurrentRunLimit(t *testing.T) {
	cfg := testConfig(t)
	cfg.Server.MaxConcurrentRuns = 1
	e := startEnv(t, cfg, envOpts{runner: true, opts: []Option{WithRunQueueWait(0)}})
	var wg sync.WaitGroup
	var first response
	// Long enough for the second request to find the slot taken.
	wg.Go(func() { first = e.post("/v1/run", aliceToken, map[string]any{"code": "import time\ntime.sleep(3)\n"}) })
	waitInFlight(t, e, 1)
	r := e.post("/v1/run", bobToken, map[string]any{"code": allowedCode})
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || !strings.Contains(r.errorMessage(t), "max_concurrent_runs") {
		t.Fatalf("second run: %d %s", r.Status, r.Body)
	}
	// Checks are not runs: they still go through.
	if r := e.post("/v1/check", bobToken, map[string]any{"code": allowedCode}); r.Status != 200 {
		t.Fatalf("check during a run: %d %s", r.Status, r.Body)
	}
	wg.Wait()
	if first.Status != 200 {
		t.Fatalf("first run: %d %s", first.Status, first.Body)
	}
	recs := e.verifyLog()
	if d, res := countKind(recs, record.KindDecision), countKind(recs, record.KindResult); d != 2 || res != 1 {
		t.Fatalf("%d decisions, %d results; want 2 and 1", d, res)
	}
}

// On shutdown, a run that outlives the grace period is canceled: the client gets 503, the runner
// kills the container, and the result record is still written.
func TestShutdownCancelsRuns(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{runner: true, opts: []Option{WithGrace(200 * time.Millisecond)}})
	var wg sync.WaitGroup
	var r response
	wg.Go(func() { r = e.post("/v1/run", aliceToken, map[string]any{"code": sleeper}) })
	waitAllowed(t, e)
	recs := e.verifyLog() // stops the server first
	wg.Wait()
	if r.Status != http.StatusServiceUnavailable {
		t.Fatalf("run canceled by shutdown: %d %s", r.Status, r.Body)
	}
	var got RunResponse
	if err := json.Unmarshal(r.Body, &got); err != nil || got.AuditID == "" || !strings.Contains(got.Error, "canceled") {
		t.Fatalf("body %s", r.Body)
	}
	if len(recs) != 2 || recs[1].Kind != record.KindResult || recs[1].DecisionID != got.AuditID || recs[1].Error == "" {
		t.Fatalf("records %+v: want the decision and a result record with the run's error", recs)
	}
}

// Within the grace period, a run finishes normally and its client gets the result.
func TestShutdownLetsRunsFinish(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{runner: true, opts: []Option{WithGrace(2 * time.Minute)}})
	var wg sync.WaitGroup
	var r response
	code := "import time\ntime.sleep(1)\nprint('done')\n"
	wg.Go(func() { r = e.post("/v1/run", aliceToken, map[string]any{"code": code}) })
	waitAllowed(t, e)
	recs := e.verifyLog()
	wg.Wait()
	var got RunResponse
	if r.Status != 200 || json.Unmarshal(r.Body, &got) != nil || got.Result == nil || got.Result.Stdout != "done\n" {
		t.Fatalf("run during shutdown: %d %s", r.Status, r.Body)
	}
	if countKind(recs, record.KindResult) != 1 {
		t.Fatalf("records %+v", recs)
	}
}
