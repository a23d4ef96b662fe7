package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// Test tokens; the config stores only their hashes.
const (
	aliceToken   = "alice-0123456789abcdef0123456789"
	bobToken     = "bob-0123456789abcdef0123456789ab"
	auditorToken = "auditor-0123456789abcdef01234567"
)

const (
	allowedCode = "import json\nprint(json.dumps({'answer': 6 * 7}))\n"
	deniedCode  = "import os\nos.system('id')\n"
)

func mustHash(t testing.TB, tok string) string {
	t.Helper()
	h, err := HashToken(tok)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// testConfig is the embedded config with three principals and rate limiting off.
func testConfig(t testing.TB) *config.Config {
	t.Helper()
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Server.Tokens = []config.Token{
		{SHA256: mustHash(t, aliceToken), Principal: "alice"},
		{SHA256: mustHash(t, bobToken), Principal: "bob"},
		{SHA256: mustHash(t, auditorToken), Principal: "carol", Roles: []string{RoleAuditor}},
	}
	cfg.Server.RatePerMinute = 0
	return cfg
}

// testEnv is a real server on a loopback port over the real stages and an audit log in a temp dir.
type testEnv struct {
	t      testing.TB
	url    string
	client *http.Client
	audit  string
	srv    *Server
	built  *pipeline.Built
	stop   func() error // stops the server (graceful shutdown) and closes the pipeline; idempotent
}

type envOpts struct {
	runner bool
	noLog  bool
	opts   []Option
	// logDir, when set, holds the audit log (a small disk that a test fills).
	logDir string
	// wrap, when set, wraps the runner (e.g. to fill the disk while code runs).
	wrap func(pipeline.Runner) pipeline.Runner
}

func startEnv(t testing.TB, cfg *config.Config, eo envOpts) *testEnv {
	t.Helper()
	if eo.runner {
		testenv.RequireImage(t, cfg.Runner.Image)
	}
	e := &testEnv{t: t}
	if !eo.noLog {
		dir := eo.logDir
		if dir == "" {
			dir = t.TempDir()
		}
		e.audit = filepath.Join(dir, "audit.log")
	}
	ctx, cancel := context.WithCancel(context.Background())
	b, err := pipeline.New(ctx, cfg, pipeline.Options{AuditPath: e.audit, Runner: eo.runner})
	if err != nil {
		cancel()
		t.Fatalf("pipeline: %v", err)
	}
	e.built = b
	if eo.wrap != nil {
		b.Runner = eo.wrap(b.Runner)
	}
	opts := append([]Option{WithLogger(slog.New(slog.DiscardHandler)), WithAuditPath(e.audit)}, eo.opts...)
	srv, err := New(b.Pipeline, cfg, opts...)
	if err != nil {
		cancel()
		b.Close()
		t.Fatalf("server.New: %v", err)
	}
	e.srv = srv
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e.url = "http://" + ln.Addr().String()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	var stopped bool
	var stopErr error
	e.stop = func() error {
		if stopped {
			return stopErr
		}
		stopped = true
		cancel()
		stopErr = errors.Join(<-done, b.Close())
		return stopErr
	}
	t.Cleanup(func() {
		if err := e.stop(); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	return e
}

type response struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response is not a JSON object: %v: %s", err, r.Body)
	}
	return m
}

func (r response) errorMessage(t testing.TB) string {
	t.Helper()
	msg, _ := r.json(t)["error"].(string)
	if msg == "" {
		t.Fatalf("status %d without an error message: %s", r.Status, r.Body)
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error message is not one line: %q", msg)
	}
	return msg
}

func (e *testEnv) do(method, path, token string, body io.Reader, hdr ...string) response {
	e.t.Helper()
	req, err := http.NewRequest(method, e.url+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	// A header named twice is sent twice; a single one replaces the default.
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Del(hdr[i])
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Add(hdr[i], hdr[i+1])
	}
	client := e.client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
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

func (e *testEnv) post(path, token string, v any) response {
	e.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.do(http.MethodPost, path, token, bytes.NewReader(b))
}

// verifyLog stops the server, then checks the audit log's chain and returns its records.
func (e *testEnv) verifyLog() []record.Record {
	e.t.Helper()
	if err := e.stop(); err != nil {
		e.t.Fatalf("shutdown: %v", err)
	}
	sum, err := audit.VerifyLog(e.audit, audit.VerifyOptions{Schema: record.Schema})
	if err != nil {
		e.t.Fatalf("audit verify: %v", err)
	}
	var recs []record.Record
	if err := record.Scan(e.audit, func(r record.Record) error { recs = append(recs, r); return nil }); err != nil {
		e.t.Fatalf("audit scan: %v", err)
	}
	if int64(len(recs)) != sum.Records {
		e.t.Fatalf("scan read %d records, verify %d", len(recs), sum.Records)
	}
	return recs
}

func countKind(recs []record.Record, kind string) int {
	n := 0
	for _, r := range recs {
		if r.Kind == kind {
			n++
		}
	}
	return n
}
