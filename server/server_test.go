package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/pipeline/record"
)

func TestCheck(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	tests := []struct {
		name  string
		code  string
		allow bool
	}{
		{"allowed", allowedCode, true},
		{"denied", deniedCode, false},
		{"parse error", "def f(:\n", false},
	}
	ids := map[string]string{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.post("/v1/check", aliceToken, map[string]any{"code": tt.code, "path": "prog.py", "labels": map[string]string{"team": "qa"}})
			if r.Status != http.StatusOK {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			m := r.json(t)
			// The shape of one `sbxgate check --format json` result, plus request and audit ids.
			for _, k := range []string{"path", "sha256", "parse_error", "imports", "findings", "decision", "request_id", "audit_id"} {
				if _, ok := m[k]; !ok {
					t.Errorf("response lacks %q: %s", k, r.Body)
				}
			}
			var got CheckResponse
			if err := json.Unmarshal(r.Body, &got); err != nil {
				t.Fatal(err)
			}
			if got.Decision.Allow != tt.allow {
				t.Errorf("allow = %v, want %v; reasons %+v", got.Decision.Allow, tt.allow, got.Decision.Reasons)
			}
			if got.Path != "prog.py" || got.AuditID == "" || got.RequestID != r.Header.Get("X-Request-Id") {
				t.Errorf("path %q, audit_id %q, request_id %q (header %q)", got.Path, got.AuditID, got.RequestID, r.Header.Get("X-Request-Id"))
			}
			if !tt.allow && len(got.Decision.Reasons) == 0 {
				t.Errorf("a denial without reasons")
			}
			ids[tt.name] = got.AuditID
		})
	}
	recs := e.verifyLog()
	if n := countKind(recs, record.KindDecision); n != len(tests) {
		t.Fatalf("%d decision records, want %d", n, len(tests))
	}
	for _, rec := range recs {
		if rec.Principal != "alice" || rec.Source != "http" || rec.Request.Labels["team"] != "qa" {
			t.Errorf("record %s: principal %q source %q labels %v, want alice/http/team=qa", rec.ID, rec.Principal, rec.Source, rec.Request.Labels)
		}
	}
}

// The principal comes from the token, never from the body.
func TestPrincipalFromToken(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	r := e.do(http.MethodPost, "/v1/check", bobToken, strings.NewReader(`{"code": "print(1)", "principal": "alice"}`))
	if r.Status != http.StatusBadRequest || !strings.Contains(r.errorMessage(t), `unknown field "principal"`) {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	r = e.post("/v1/check", bobToken, map[string]any{"code": "print(1)", "labels": map[string]string{"principal": "alice"}})
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	recs := e.verifyLog()
	if len(recs) != 1 || recs[0].Principal != "bob" || recs[0].Request.Principal != "bob" {
		t.Fatalf("records %+v, want one by bob", recs)
	}
}

func TestAuth(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	body := `{"code": "print(1)"}`
	tests := []struct {
		name      string
		header    string
		status    int
		challenge string // substring of WWW-Authenticate
		msg       string // substring of the error
	}{
		{"no header", "", 401, `Bearer realm="sbxgate"`, "missing Authorization header"},
		{"basic", "Basic YWxpY2U6cHc=", 401, `Bearer realm="sbxgate"`, "not a bearer token"},
		{"empty bearer", "Bearer ", 401, `Bearer realm="sbxgate"`, "bearer"},
		{"wrong token", "Bearer " + strings.Repeat("x", 32), 401, `error="invalid_token"`, "invalid bearer token"},
		{"token hash instead of token", "Bearer " + mustHash(t, aliceToken), 401, `error="invalid_token"`, "invalid bearer token"},
		{"prefix of a token", "Bearer " + aliceToken[:len(aliceToken)-1], 401, `error="invalid_token"`, "invalid bearer token"},
		{"valid", "Bearer " + aliceToken, 200, "", ""},
		{"two headers", "Bearer " + aliceToken + "\x00Bearer " + bobToken, 400, "", "more than one Authorization header"},
		{"two headers, one empty", "Bearer " + aliceToken + "\x00", 400, "", "more than one Authorization header"},
		{"scheme is case-insensitive", "bearer " + aliceToken, 200, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A NUL separates the values of a repeated header.
			var hdr []string
			for v := range strings.SplitSeq(tt.header, "\x00") {
				if tt.header != "" {
					hdr = append(hdr, "Authorization", v)
				}
			}
			r := e.do(http.MethodPost, "/v1/check", "", strings.NewReader(body), hdr...)
			if r.Status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Body)
			}
			if tt.status == 200 {
				return
			}
			if got := r.Header.Get("WWW-Authenticate"); !strings.Contains(got, tt.challenge) {
				t.Errorf("WWW-Authenticate %q, want it to contain %q", got, tt.challenge)
			}
			if msg := r.errorMessage(t); !strings.Contains(msg, tt.msg) {
				t.Errorf("error %q, want it to contain %q", msg, tt.msg)
			}
		})
	}
	// Only the two valid requests reached the pipeline.
	if n := len(e.verifyLog()); n != 2 {
		t.Fatalf("%d records, want 2", n)
	}
}

func TestAuditAccess(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	r := e.post("/v1/check", aliceToken, map[string]any{"code": deniedCode})
	if r.Status != 200 {
		t.Fatalf("check: %d %s", r.Status, r.Body)
	}
	id, _ := r.json(t)["audit_id"].(string)
	tests := []struct {
		name   string
		token  string
		id     string
		status int
		msg    string
	}{
		{"own record", aliceToken, id, 200, ""},
		// Not 403: the answer must not tell bob that the id exists.
		{"another principal's record", bobToken, id, 404, "no audit record with id " + id + " for principal bob"},
		{"auditor", auditorToken, id, 200, ""},
		{"missing", aliceToken, "01ARZ3NDEKTSV4RRFFQ69G5FAV", 404, "no audit record with id 01ARZ3NDEKTSV4RRFFQ69G5FAV for principal alice"},
		{"missing, another principal", bobToken, "01ARZ3NDEKTSV4RRFFQ69G5FAV", 404, "no audit record with id 01ARZ3NDEKTSV4RRFFQ69G5FAV for principal bob"},
		{"malformed id", aliceToken, "..%2F..%2Fetc", 400, "audit id must be"},
		{"no token", "", id, 401, "missing Authorization"},
	}
	// The status and the body's text, request id aside, are the same for a record of another
	// principal and for none at all.
	answer := func(id string) string {
		r := e.do(http.MethodGet, "/v1/audit/"+id, bobToken, nil)
		return fmt.Sprint(r.Status, " ", strings.ReplaceAll(r.errorMessage(t), id, "ID"))
	}
	if other, none := answer(id), answer("01ARZ3NDEKTSV4RRFFQ69G5FAV"); other != none {
		t.Errorf("another principal's record: %q; no record: %q; want the same answer", other, none)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do(http.MethodGet, "/v1/audit/"+tt.id, tt.token, nil)
			if r.Status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Body)
			}
			if tt.status != 200 {
				if msg := r.errorMessage(t); !strings.Contains(msg, tt.msg) {
					t.Errorf("error %q, want it to contain %q", msg, tt.msg)
				}
				return
			}
			var got AuditResponse
			if err := json.Unmarshal(r.Body, &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Records) != 1 || got.Records[0].ID != id || got.Records[0].Kind != record.KindDecision || got.Records[0].Decision == nil || got.Records[0].Decision.Allow {
				t.Fatalf("records %s, want the one denied decision %s", r.Body, id)
			}
		})
	}
	e.verifyLog()
}

// TestAuditLookupsFairPerPrincipal: a principal with all its lookups in progress gets 429 for
// another, at once, while another principal's lookup goes through; when the shared slots are all
// taken, a lookup waits its turn and, past the queue wait, gets 503 with Retry-After.
func TestAuditLookupsFairPerPrincipal(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{opts: []Option{WithMaxConcurrentChecks(0, 50*time.Millisecond)}})
	id := "/v1/audit/01ARZ3NDEKTSV4RRFFQ69G5FAV"
	var releases []func()
	for range lookupsPerPrincipal {
		rel, mine, ok := e.srv.auditSlots.acquire(context.Background(), "carol", 0)
		if !mine || !ok {
			t.Fatal("could not take carol's lookup slots")
		}
		releases = append(releases, rel)
	}
	r := e.do(http.MethodGet, id, auditorToken, nil)
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || !strings.Contains(r.errorMessage(t), `principal "carol" has 2 audit lookups in progress`) {
		t.Fatalf("carol's third lookup: %d %s, want 429 with Retry-After", r.Status, r.Body)
	}
	if r := e.do(http.MethodGet, id, aliceToken, nil); r.Status != http.StatusNotFound {
		t.Fatalf("alice's lookup while carol has hers in progress: %d %s, want 404", r.Status, r.Body)
	}
	for _, rel := range releases {
		rel()
	}
	// The shared slots, all taken by others: the lookup waits, then gets 503.
	for range cap(e.srv.auditSlots.total) {
		e.srv.auditSlots.total <- struct{}{}
	}
	r = e.do(http.MethodGet, id, auditorToken, nil)
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" {
		t.Fatalf("lookup with the shared slots full: %d %s, want 503 with Retry-After", r.Status, r.Body)
	}
	for range cap(e.srv.auditSlots.total) {
		<-e.srv.auditSlots.total
	}
	if r := e.do(http.MethodGet, id, auditorToken, nil); r.Status != http.StatusNotFound {
		t.Fatalf("lookup once the slots are free: %d %s, want 404", r.Status, r.Body)
	}
}

func TestAuditWithoutLog(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{noLog: true})
	r := e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode})
	if r.Status != 200 || r.json(t)["audit_id"] != "" {
		t.Fatalf("check without a log: %d %s", r.Status, r.Body)
	}
	r = e.do(http.MethodGet, "/v1/audit/01ARZ3NDEKTSV4RRFFQ69G5FAV", aliceToken, nil)
	if r.Status != 404 || !strings.Contains(r.errorMessage(t), "--audit") {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
}

func TestBadRequests(t *testing.T) {
	cfg := testConfig(t)
	cfg.Server.MaxBodyBytes = 4096
	e := startEnv(t, cfg, envOpts{})
	big := `{"code": "` + strings.Repeat("x", 5000) + `"}`
	tests := []struct {
		name   string
		body   io.Reader
		hdr    []string
		status int
		msg    string
	}{
		{"oversized", strings.NewReader(big), nil, 413, "larger than 4096 bytes"},
		// No Content-Length: the limit is enforced while reading.
		{"oversized chunked", io.MultiReader(strings.NewReader(big)), nil, 413, "larger than 4096 bytes"},
		{"empty", strings.NewReader(""), nil, 400, "empty body"},
		{"malformed", strings.NewReader(`{"code": "print(1)",}`), nil, 400, "malformed JSON at byte"},
		{"truncated", strings.NewReader(`{"code": "print(1)`), nil, 400, "ends inside a value"},
		{"unknown field", strings.NewReader(`{"code": "print(1)", "tier": "trusted"}`), nil, 400, `unknown field "tier": the accepted fields are code, path, requested_tier, labels`},
		{"two objects", strings.NewReader(`{"code": "print(1)"} {"code": "print(2)"}`), nil, 400, "data after the first JSON object"},
		{"not an object", strings.NewReader(`["print(1)"]`), nil, 400, "not an object"},
		{"code missing", strings.NewReader(`{"path": "a.py"}`), nil, 400, `field "code" is missing`},
		{"code not a string", strings.NewReader(`{"code": 42}`), nil, 400, `field "code" is a JSON number: it must be a string`},
		{"labels not strings", strings.NewReader(`{"code": "1", "labels": {"a": 1}}`), nil, 400, "must be"},
		{"unknown tier", strings.NewReader(`{"code": "1", "requested_tier": "root"}`), nil, 400, `requested_tier "root" is not a tier`},
		{"path with control characters", strings.NewReader(`{"code": "1", "path": "a\u0000.py"}`), nil, 400, "printable"},
		{"huge unknown field is not echoed whole", strings.NewReader(`{"code": "1", "` + strings.Repeat("k", 3000) + `": 1}`), nil, 400, `unknown field "` + strings.Repeat("k", 64) + `...": the accepted`},
		{"not JSON content type", strings.NewReader(`{"code": "1"}`), []string{"Content-Type", "text/plain"}, 415, "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.do(http.MethodPost, "/v1/check", aliceToken, tt.body, tt.hdr...)
			if r.Status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Body)
			}
			if msg := r.errorMessage(t); !strings.Contains(msg, tt.msg) {
				t.Errorf("error %q, want it to contain %q", msg, tt.msg)
			}
		})
	}
	if n := len(e.verifyLog()); n != 0 {
		t.Fatalf("%d records for bad requests, want none", n)
	}
}

func TestRoutingErrors(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	r := e.do(http.MethodGet, "/v1/check", aliceToken, nil)
	if r.Status != 405 || r.Header.Get("Allow") != "POST" || !strings.Contains(r.errorMessage(t), "use POST") {
		t.Errorf("GET /v1/check: %d Allow=%q %s", r.Status, r.Header.Get("Allow"), r.Body)
	}
	r = e.do(http.MethodGet, "/v2/nothing", aliceToken, nil)
	if r.Status != 404 || !strings.Contains(r.errorMessage(t), "openapi.json") {
		t.Errorf("unknown route: %d %s", r.Status, r.Body)
	}
	r = e.do(http.MethodGet, "/healthz", "", nil)
	if r.Status != 200 || r.json(t)["status"] != "ok" {
		t.Errorf("healthz: %d %s", r.Status, r.Body)
	}
}

// A client that sends its headers slowly is cut off by ReadHeaderTimeout; one that sends its body
// slowly gets 408. Neither leaves anything in the log.
func TestSlowClients(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{opts: []Option{WithTimeouts(Timeouts{ReadHeader: 300 * time.Millisecond, Read: 600 * time.Millisecond})}})
	addr := strings.TrimPrefix(e.url, "http://")

	t.Run("slow headers", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		// Half a request, then silence: the server must hang up, not wait forever.
		fmt.Fprintf(c, "POST /v1/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n", aliceToken)
		_ = c.SetReadDeadline(time.Now().Add(30 * time.Second)) // only so a broken server fails instead of hanging
		got, err := io.ReadAll(c)
		if err != nil {
			t.Fatalf("the server did not close the connection: %v", err)
		}
		if len(got) != 0 && !bytes.HasPrefix(got, []byte("HTTP/1.1 408")) {
			t.Fatalf("unexpected answer to a stalled header: %q", got)
		}
	})

	t.Run("slow body", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /v1/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"code\": \"pri", aliceToken)
		_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("no answer to a stalled body: %v", err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		r := response{Status: resp.StatusCode, Header: resp.Header, Body: b}
		if r.Status != http.StatusRequestTimeout || !strings.Contains(r.errorMessage(t), "did not arrive in time") {
			t.Fatalf("status %d: %s", r.Status, b)
		}
	})
	if n := len(e.verifyLog()); n != 0 {
		t.Fatalf("%d records for slow clients, want none", n)
	}
}

func TestRateLimit(t *testing.T) {
	cfg := testConfig(t)
	cfg.Server.RatePerMinute = 60 // a burst of 6, then one per second
	e := startEnv(t, cfg, envOpts{})
	ok, limited := 0, 0
	for range 30 {
		r := e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode})
		switch r.Status {
		case 200:
			ok++
		case 429:
			limited++
			ra, err := strconv.Atoi(r.Header.Get("Retry-After"))
			if err != nil || ra < 1 {
				t.Errorf("Retry-After %q, want whole seconds >= 1", r.Header.Get("Retry-After"))
			}
			if msg := r.errorMessage(t); !strings.Contains(msg, `rate limit of 60 requests per minute for principal "alice"`) {
				t.Errorf("error %q", msg)
			}
		default:
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
	}
	if limited == 0 {
		t.Fatalf("30 quick requests at 60/min: none was limited")
	}
	// Another principal has its own bucket.
	if r := e.post("/v1/check", bobToken, map[string]any{"code": allowedCode}); r.Status != 200 {
		t.Fatalf("bob after alice was limited: %d %s", r.Status, r.Body)
	}
	if n := countKind(e.verifyLog(), record.KindDecision); n != ok+1 {
		t.Fatalf("%d decision records, want %d (the requests served)", n, ok+1)
	}
}

func TestMetrics(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode})
	e.post("/v1/check", aliceToken, map[string]any{"code": deniedCode})
	e.post("/v1/check", "", map[string]any{"code": deniedCode})
	// The auditor sees the series labelled by principal too (TestMetricsHidePrincipals).
	r := e.do(http.MethodGet, "/metrics", auditorToken, nil)
	if r.Status != 200 {
		t.Fatalf("status %d", r.Status)
	}
	for _, want := range []string{
		`sbxgate_http_requests_total{code="200",route="/v1/check"} 2`,
		`sbxgate_http_requests_total{code="401",route="/v1/check"} 1`,
		`sbxgate_decisions_total{decision="allow",endpoint="check"} 1`,
		`sbxgate_decisions_total{decision="deny",endpoint="check"} 1`,
		`sbxgate_runs_in_flight 0`,
		`sbxgate_run_duration_seconds_count 0`,
		// One request at a time: each decision record was its own group commit.
		`sbxgate_audit_commits_total 2`,
		`sbxgate_audit_committed_records_total 2`,
		`sbxgate_audit_fsync_seconds_total `,
		// Each of the two checks took room for its body and a turn without waiting.
		`sbxgate_queue_wait_seconds_bucket{principal="alice",queue="memory",le="0"} 2`,
		`sbxgate_queue_wait_seconds_bucket{principal="alice",queue="work",le="0"} 2`,
	} {
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	e.verifyLog()
}

func TestNewRejects(t *testing.T) {
	cfg := testConfig(t)
	e := startEnv(t, cfg, envOpts{})
	tests := []struct {
		name   string
		tokens func() // mutates cfg.Server.Tokens
		msg    string
	}{
		{"no tokens", func() { cfg.Server.Tokens = nil }, "server.tokens is empty"},
		{"duplicate token", func() { cfg.Server.Tokens = append(cfg.Server.Tokens, cfg.Server.Tokens[0]) }, "appears twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saved := cfg.Server.Tokens
			defer func() { cfg.Server.Tokens = saved }()
			tt.tokens()
			_, err := New(e.built.Pipeline, cfg)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err %v, want %q", err, tt.msg)
			}
		})
	}
}

func TestHashToken(t *testing.T) {
	tests := []struct {
		tok string
		err string
	}{
		{"", "empty"},
		{"short", "use at least 16"},
		{"has space in it 0123456789", "whitespace"},
		{NewToken(), ""},
	}
	for _, tt := range tests {
		h, err := HashToken(tt.tok)
		if tt.err == "" {
			if err != nil || len(h) != 64 {
				t.Errorf("HashToken(%q) = %q, %v", tt.tok, h, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("HashToken(%q) error %v, want %q", tt.tok, err, tt.err)
		}
	}
	if a, b := NewToken(), NewToken(); a == b || !strings.HasPrefix(a, tokenPrefix) {
		t.Errorf("NewToken: %q, %q", a, b)
	}
}

// When every check slot is taken and the queue wait is over, a check gets 503 with Retry-After.
func TestCheckCapacity(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{opts: []Option{WithMaxConcurrentChecks(1, 0)}})
	e.srv.checkSlots <- struct{}{} // another check holds the only slot
	r := e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode})
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") != "1" || !strings.Contains(r.errorMessage(t), "at capacity") {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	<-e.srv.checkSlots
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode}); r.Status != 200 {
		t.Fatalf("after the slot is free: %d %s", r.Status, r.Body)
	}
	if n := len(e.verifyLog()); n != 1 {
		t.Fatalf("%d records, want 1", n)
	}
}

// validAuditID accepts what the OpenAPI pattern accepts, and nothing else.
func TestValidAuditID(t *testing.T) {
	pattern := regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)
	for _, id := range []string{"", "a", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "a-b_c", strings.Repeat("x", 128), strings.Repeat("x", 129),
		"../etc", "a b", "a.b", "é", "a\x00", "A:Z", "id\n"} {
		if got, want := validAuditID(id), pattern.MatchString(id); got != want {
			t.Errorf("validAuditID(%q) = %v, the pattern says %v", id, got, want)
		}
	}
}

// Two principals holding every admitted byte with bodies they send slowly cannot keep a third out
// (found by the front-door red team: the third got 503 after its queue wait): an admitted body must
// arrive within half the queue wait, so the bytes it holds come back before the wait of a request
// queued behind it ends, and the fair queue gives them to the principal that has had none.
func TestSlowBodiesDoNotHoldAdmission(t *testing.T) {
	cfg := testConfig(t)
	maxBody := int64(cfg.Server.MaxBodyBytes)
	const wait = 3 * time.Second
	e := startEnv(t, cfg, envOpts{noLog: true, opts: []Option{WithMaxBytesInFlight(4 * maxBody), WithMaxConcurrentChecks(64, wait)}})
	addr := strings.TrimPrefix(e.url, "http://")
	answered := make(chan int, 4)
	for _, token := range []string{aliceToken, aliceToken, bobToken, bobToken} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		// Each announces the largest body and sends its first bytes only: half the bytes in flight
		// per principal, all of them between the two.
		fmt.Fprintf(c, "POST /v1/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"code\": \"pri", token, maxBody)
		go func() {
			_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				answered <- 0
				return
			}
			resp.Body.Close()
			answered <- resp.StatusCode
		}()
	}
	time.Sleep(300 * time.Millisecond) // the four are admitted
	start := time.Now()
	if r := e.post("/v1/check", auditorToken, map[string]any{"code": "print(1)\n"}); r.Status != http.StatusOK {
		t.Fatalf("the third principal's check beside the slow bodies: %d %s", r.Status, r.Body)
	}
	if d := time.Since(start); d > wait {
		t.Errorf("the third principal's check took %v, past the queue wait of %v", d, wait)
	}
	for range 4 {
		if code := <-answered; code != http.StatusRequestTimeout {
			t.Errorf("a slow body got %d, want 408", code)
		}
	}
}
