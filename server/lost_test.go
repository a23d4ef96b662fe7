package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/runner"
)

// TestReadyz: while the audit log cannot take writes, checks fail closed and /readyz says not
// ready, with the reason; /healthz stays ok; once the disk has room again the log recovers by
// itself and the server is ready.
func TestReadyz(t *testing.T) {
	dir := testenv.SmallDisk(t, "1m")
	e := startEnv(t, testConfig(t), envOpts{logDir: dir})
	if r := e.do(http.MethodGet, "/readyz", "", nil); r.Status != 200 || r.json(t)["status"] != "ready" {
		t.Fatalf("readyz: %d %s", r.Status, r.Body)
	}
	filler := testenv.Fill(t, dir)
	big := allowedCode + "#" + strings.Repeat("x", 200<<10) + "\n"
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": big}); r.Status != http.StatusServiceUnavailable ||
		!strings.HasPrefix(r.errorMessage(t), "audit: write ") || strings.Contains(r.errorMessage(t), "audit: audit:") {
		t.Fatalf("check on a full disk: %d %s", r.Status, r.Body)
	}
	r := e.do(http.MethodGet, "/readyz", "", nil)
	if r.Status != http.StatusServiceUnavailable || r.json(t)["status"] != "not ready" || !strings.Contains(r.json(t)["reason"].(string), "no space left") {
		t.Fatalf("readyz on a full disk: %d %s", r.Status, r.Body)
	}
	// Neither answer shows where the server keeps its log.
	for _, r := range []response{r, e.post("/v1/check", aliceToken, map[string]any{"code": big})} {
		if strings.Contains(string(r.Body), dir) {
			t.Errorf("an answer names the log's directory %s: %s", dir, r.Body)
		}
	}
	if r := e.do(http.MethodGet, "/healthz", "", nil); r.Status != 200 {
		t.Fatalf("healthz on a full disk: %d %s", r.Status, r.Body)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if r := e.do(http.MethodGet, "/readyz", "", nil); r.Status == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server did not become ready again")
		}
	}
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": big}); r.Status != 200 {
		t.Fatalf("check after recovery: %d %s", r.Status, r.Body)
	}
	e.verifyLog()
}

func TestIdempotencyKeyHeader(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	body := strings.NewReader(`{"code": "import os\nos.system('id')\n"}`)
	tests := []struct {
		name   string
		keys   []string
		status int
		msg    string
	}{
		{"twice", []string{"a", "b"}, 400, "Idempotency-Key appears 2 times"},
		{"space", []string{"a b"}, 400, "printable ASCII"},
		{"long", []string{strings.Repeat("k", 300)}, 400, "1 to 255"},
	}
	for _, tt := range tests {
		r := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, body, map[string][]string{"Idempotency-Key": tt.keys})
		if r.Status != tt.status || !strings.Contains(r.errorMessage(t), tt.msg) {
			t.Errorf("%s: %d %s", tt.name, r.Status, r.Body)
		}
	}
	// A denied run needs no runner: its retry is the recorded denial; other code under the key is 422.
	first := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "import os\nos.system('id')\n"}`), map[string][]string{"Idempotency-Key": {"req-7"}})
	again := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "import os\nos.system('id')\n"}`), map[string][]string{"Idempotency-Key": {"req-7"}})
	if first.Status != 200 || again.Status != 200 || again.json(t)["replayed"] != true || again.json(t)["audit_id"] != first.json(t)["audit_id"] {
		t.Fatalf("retry: %d %s then %d %s", first.Status, first.Body, again.Status, again.Body)
	}
	other := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "import os\nos.system('ls')\n"}`), map[string][]string{"Idempotency-Key": {"req-7"}})
	if other.Status != http.StatusUnprocessableEntity || !strings.Contains(other.json(t)["error"].(string), "new key") {
		t.Fatalf("other code under the key: %d %s", other.Status, other.Body)
	}
	if recs := e.verifyLog(); countKind(recs, record.KindDecision) != 1 {
		t.Fatalf("%d decisions, want 1", countKind(recs, record.KindDecision))
	}

	nolog := startEnv(t, testConfig(t), envOpts{noLog: true})
	r := nolog.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "print(1)"}`), map[string][]string{"Idempotency-Key": {"x"}})
	if r.Status != 400 || !strings.Contains(r.errorMessage(t), "keeps none") {
		t.Fatalf("a key on a server without a log: %d %s", r.Status, r.Body)
	}
}

// fillingRunner is the real runner, with the disk under the log filling up while the code runs.
type fillingRunner struct {
	pipeline.Runner
	t   *testing.T
	dir string
}

func (r fillingRunner) Run(ctx context.Context, req runner.Request) (runner.Result, error) {
	res, err := r.Runner.Run(ctx, req)
	testenv.Fill(r.t, r.dir)
	return res, err
}

// TestRunResultNotLogged: the code ran but its result could not be logged: the answer is a 200 with
// the result, "result_logged": false and a warning, not a 503 that would invite running it again.
// A retry with the same Idempotency-Key says so too, and nothing runs twice.
func TestRunResultNotLogged(t *testing.T) {
	dir := testenv.SmallDisk(t, "2m")
	e := startEnv(t, testConfig(t), envOpts{runner: true, logDir: dir, wrap: func(r pipeline.Runner) pipeline.Runner {
		return fillingRunner{Runner: r, t: t, dir: dir}
	}})
	hdr := map[string][]string{"Idempotency-Key": {"once"}}
	r := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "print('x' * 200000)"}`), hdr)
	var got RunResponse
	if err := json.Unmarshal(r.Body, &got); err != nil {
		t.Fatal(err)
	}
	if r.Status != 200 || got.Result == nil || len(got.Result.Stdout) != 200001 || got.ResultLogged == nil || *got.ResultLogged || got.Error != "" ||
		!strings.HasPrefix(got.Warning, "the code ran, but the run's result could not be written") || strings.Contains(got.Warning, "audit: audit:") {
		t.Fatalf("run whose result could not be logged: %d, result %v, logged %v, error %q, warning %q", r.Status, got.Result != nil, got.ResultLogged, got.Error, got.Warning)
	}
	if r := e.do(http.MethodGet, "/readyz", "", nil); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("readyz: %d %s", r.Status, r.Body)
	}
	if err := os.Remove(filepath.Join(dir, "filler")); err != nil {
		t.Fatal(err)
	}
	var recs []record.Record
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		recs = nil
		record.Scan(e.audit, func(r record.Record) error { recs = append(recs, r); return nil })
		if len(recs) == 2 || time.Now().After(deadline) {
			break
		}
	}
	if len(recs) != 2 || recs[1].Kind != record.KindResultLost || recs[1].DecisionID != got.AuditID {
		t.Fatalf("records %+v, want the decision and its result_lost", recs)
	}
	again := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "print('x' * 200000)"}`), hdr)
	var rep RunResponse
	if err := json.Unmarshal(again.Body, &rep); err != nil {
		t.Fatal(err)
	}
	if again.Status != 200 || !rep.Replayed || rep.AuditID != got.AuditID || rep.Result != nil || !strings.Contains(rep.Warning, "result_lost") ||
		rep.ResultLogged == nil || *rep.ResultLogged {
		t.Fatalf("retry: %d %s", again.Status, again.Body)
	}
	if recs := e.verifyLog(); len(recs) != 2 {
		t.Fatalf("%d records after the retry, want 2: nothing ran again", len(recs))
	}
}

// doHeaders is do with headers that may repeat.
func (e *testEnv) doHeaders(method, path, token string, body io.Reader, hdr map[string][]string) response {
	e.t.Helper()
	req, err := http.NewRequest(method, e.url+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}
