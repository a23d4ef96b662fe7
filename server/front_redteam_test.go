package server

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/runner"
)

// TestContentTypeOneReading (red team): the body is decoded as UTF-8 JSON whatever the request
// says. A Content-Type naming another charset (a proxy or a log that honours it reads other
// characters out of the same bytes: latin-1 reads "Ã©" where we read "é"), or two Content-Type
// headers (one reader takes the first, another the last), were accepted. Both must be refused
// before the body is read, as two Authorization headers are.
func TestContentTypeOneReading(t *testing.T) {
	tests := []struct {
		name   string
		ct     []string
		status int // 0: accepted
	}{
		{"none", nil, 0},
		{"json", []string{"application/json"}, 0},
		{"json utf-8", []string{"application/json; charset=utf-8"}, 0},
		{"json UTF-8 quoted", []string{`Application/JSON; charset="UTF-8"`}, 0},
		{"latin-1", []string{"application/json; charset=iso-8859-1"}, http.StatusUnsupportedMediaType},
		{"utf-16", []string{"application/json; charset=utf-16"}, http.StatusUnsupportedMediaType},
		{"utf-8 and utf-16", []string{"application/json; charset=utf-8; charset=utf-16"}, http.StatusUnsupportedMediaType},
		{"twice, same", []string{"application/json", "application/json"}, http.StatusBadRequest},
		{"twice, other", []string{"application/json", "text/plain"}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodPost, "/v1/check", strings.NewReader(`{"code":"1"}`))
		for _, v := range tt.ct {
			r.Header.Add("Content-Type", v)
		}
		herr := checkHeaders(r, 4096)
		switch {
		case tt.status == 0 && herr != nil:
			t.Errorf("%s: refused: %d %s", tt.name, herr.code, herr.msg)
		case tt.status != 0 && herr == nil:
			t.Errorf("%s: accepted, want %d", tt.name, tt.status)
		case tt.status != 0 && herr.code != tt.status:
			t.Errorf("%s: %d %s, want %d", tt.name, herr.code, herr.msg, tt.status)
		}
	}
}

// TestMetricsHidePrincipals (red team): GET /metrics needs no token, and its fair-queue series are
// labelled by principal. Anyone who reached the port, any tenant among them, read every principal's
// name and watched its requests come and go (their counts and waits, scrape by scrape). The
// per-principal series are for the operator: a token with the auditor role; others get the rest.
func TestMetricsHidePrincipals(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode})
	for _, tc := range []struct {
		who, token string
		status     int
		principals bool
	}{
		{"no token", "", 200, false},
		{"a tenant", bobToken, 200, false},
		{"an auditor", auditorToken, 200, true},
		{"a bad token", "sbxg_not-a-token-of-this-server", 401, false},
	} {
		r := e.do(http.MethodGet, "/metrics", tc.token, nil)
		body := string(r.Body)
		if r.Status != tc.status {
			t.Errorf("%s: status %d, want %d", tc.who, r.Status, tc.status)
			continue
		}
		if r.Status != 200 {
			continue
		}
		if got := strings.Contains(body, `principal="alice"`); got != tc.principals {
			t.Errorf("%s: alice's series shown: %v, want %v", tc.who, got, tc.principals)
		}
		if !strings.Contains(body, `sbxgate_decisions_total{decision="allow",endpoint="check"} 1`) {
			t.Errorf("%s: the totals are missing", tc.who)
		}
	}
}

// TestOutwardHidesTheLogDirectory (red team): answers left out the audit log's directory only
// with its separator, as a failed write names a file in it; setting a torn last line aside also
// syncs the directory itself, whose error ("sync /srv/gate/logs: input/output error", inside the
// 503 of the request whose append found the torn line) named it whole.
func TestOutwardHidesTheLogDirectory(t *testing.T) {
	s := &Server{}
	WithAuditPath("/srv/gate/logs/audit.jsonl")(s)
	for _, msg := range []string{
		"audit: write /srv/gate/logs/audit.jsonl: no space left on device",
		"audit: /srv/gate/logs/audit.jsonl has a torn last line, and setting it aside failed: sync /srv/gate/logs: input/output error: free space or fix permissions, then retry",
		"audit: open /srv/gate/logs: permission denied",
	} {
		if got := s.outward(msg); strings.Contains(got, "/srv/gate") {
			t.Errorf("outward(%q) = %q: it names the server's directory", msg, got)
		}
	}
	if got := s.outward("run: exit status 1"); got != "run: exit status 1" {
		t.Errorf("outward changed a message without the directory: %q", got)
	}
}

// heldRunner is a runner whose runs of code that prints "held" last until the test lets them end;
// the others end at once.
type heldRunner struct {
	started chan struct{}
	end     chan struct{}
}

func (h heldRunner) Run(ctx context.Context, req runner.Request) (runner.Result, error) {
	if !bytes.Contains(req.Code, []byte("held")) {
		return runner.Result{ExitCode: 0}, nil
	}
	h.started <- struct{}{}
	select {
	case <-h.end:
	case <-ctx.Done():
	}
	return runner.Result{ExitCode: 0}, nil
}

// TestRunShare (red team): the server's runs (server.max_concurrent_runs) were one pool for all
// principals. Runs last seconds to minutes: a principal that kept every slot busy (two allowed
// programs at a time, each sleeping out its tier's time limit) had every other principal's runs
// answered 429 after the 2 s run queue wait, for as long as it went on. Now a principal has at
// most half of them (at least one) in progress, and its next run gets 429 at once, naming its share.
func TestRunShare(t *testing.T) {
	cfg := testConfig(t)
	cfg.Server.MaxConcurrentRuns = 2
	h := heldRunner{started: make(chan struct{}, 4), end: make(chan struct{})}
	e := startEnv(t, cfg, envOpts{
		opts: []Option{WithRunQueueWait(300 * time.Millisecond)},
		wrap: func(pipeline.Runner) pipeline.Runner { return h },
	})
	defer close(h.end)
	alice := make(chan response, 2)
	for range 2 {
		go func() { alice <- e.post("/v1/run", aliceToken, map[string]any{"code": "print('held')\n"}) }()
	}
	// Alice's first run holds a slot; her second is refused at once, or (before the share)
	// holds the other slot.
	<-h.started
	var refused response
	select {
	case refused = <-alice:
	case <-h.started:
	}
	bob := e.post("/v1/run", bobToken, map[string]any{"code": "print(1)\n"})
	if bob.Status != http.StatusOK {
		t.Fatalf("bob's run beside alice's: status %d %s; want 200 (alice holds every run slot)", bob.Status, bob.Body)
	}
	if refused.Status != http.StatusTooManyRequests || !strings.Contains(refused.errorMessage(t), `principal "alice" has 1 runs in progress`) {
		t.Errorf("alice's run past her share: %d %s; want 429 naming her share", refused.Status, refused.Body)
	}
}
