package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/server"
)

func runCmd(ctx context.Context, stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = dispatch(ctx, &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestTokenHash(t *testing.T) {
	const tok = "sbxg_0123456789abcdefghij"
	want, _ := server.HashToken(tok)
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"from stdin", tok + "\n", []string{"token", "hash"}, 0, want + "\n", ""},
		{"crlf", tok + "\r\n", []string{"token", "hash"}, 0, want + "\n", ""},
		{"short", "abc\n", []string{"token", "hash"}, 2, "", "use at least 16"},
		{"empty", "", []string{"token", "hash"}, 2, "", "token is empty"},
		{"token as argument", "", []string{"token", "hash", tok}, 2, "", "never on the command line"},
		{"no subcommand", "", []string{"token"}, 2, "", "sbxgate token hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(context.Background(), tt.stdin, tt.args...)
			if code != tt.code || stdout != tt.stdout || !strings.Contains(stderr, tt.stderr) {
				t.Fatalf("exit %d stdout %q stderr %q; want %d %q %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
			if tt.code != 0 && (strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "sbxgate: ")) {
				t.Errorf("error is not one sbxgate: line: %q", stderr)
			}
		})
	}
}

func TestTokenHashNew(t *testing.T) {
	code, stdout, stderr := runCmd(context.Background(), "", "token", "hash", "--new")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var tok, sum string
	if _, err := fmt.Sscanf(stdout, "token: %s\nsha256: %s\n", &tok, &sum); err != nil {
		t.Fatalf("output %q: %v", stdout, err)
	}
	if h, err := server.HashToken(tok); err != nil || h != sum {
		t.Fatalf("printed sha256 %s is not the hash of the printed token (%s, %v)", sum, h, err)
	}
}

func TestServeRefusesWithoutTokens(t *testing.T) {
	code, _, stderr := runCmd(context.Background(), "", "serve", "--check-only", "--listen", "127.0.0.1:0")
	if code != 2 || !strings.Contains(stderr, "server.tokens is empty") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// The command end to end: config file, token, listen, a check, the audit log, shutdown on cancel.
func TestServeCommand(t *testing.T) {
	dir := t.TempDir()
	tok := server.NewToken()
	sum, _ := server.HashToken(tok)
	yaml := strings.Replace(string(config.DefaultYAML()), "tokens: []", fmt.Sprintf("tokens:\n    - sha256: %s\n      principal: ci\n", sum), 1)
	cfgPath := filepath.Join(dir, "sandbox.yaml")
	if err := os.WriteFile(cfgPath, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "audit.log")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		done <- dispatch(ctx, &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr},
			[]string{"serve", "--check-only", "--config", cfgPath, "--audit", logPath, "--listen", addr})
	}()
	var resp *http.Response
	for {
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/v1/check", strings.NewReader(`{"code": "print(1)"}`))
		req.Header.Set("Authorization", "Bearer "+tok)
		if resp, err = http.DefaultClient.Do(req); err == nil {
			break
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited %d: %s", code, stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	var body struct {
		AuditID  string `json:"audit_id"`
		Decision struct{ Allow bool }
	}
	err = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != 200 || err != nil || !body.Decision.Allow || body.AuditID == "" {
		t.Fatalf("check: %d %+v %v", resp.StatusCode, body, err)
	}
	// A large program is analyzed in a worker process (serve --isolate-large, the default), and
	// decided as in process: an import of subprocess after 64 KiB of assignments is denied.
	large := strings.Repeat("x = 1\n", 12000) + "import subprocess\n"
	bodyJSON, _ := json.Marshal(map[string]string{"code": large})
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/v1/check", bytes.NewReader(bodyJSON))
	req.Header.Set("Authorization", "Bearer "+tok)
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	var denied struct {
		Decision struct {
			Allow   bool
			Reasons []struct{ Rule string }
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&denied)
	resp.Body.Close()
	if resp.StatusCode != 200 || err != nil || denied.Decision.Allow || len(denied.Decision.Reasons) == 0 || denied.Decision.Reasons[0].Rule != "SBX101" {
		t.Fatalf("large check: %d %+v %v (%s)", resp.StatusCode, denied, err, stderr.String())
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve exited %d after cancel: %s", code, stderr.String())
	}
	var recs []record.Record
	if err := record.Scan(logPath, func(r record.Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].ID != body.AuditID || recs[0].Principal != "ci" || recs[0].Source != "http" {
		t.Fatalf("records %+v", recs)
	}
	// Structured logs carry the request but never the token or the code.
	if logs := stderr.String(); strings.Contains(logs, tok) || strings.Contains(logs, "print(1)") || !strings.Contains(logs, `"principal":"ci"`) || !strings.Contains(logs, `"audit_id":"`+body.AuditID+`"`) {
		t.Fatalf("server log: %s", logs)
	}
}

// Without a Docker daemon, serve and mcp exit 125 (as run does) and say how to go on without one.
func TestServeNoDaemon(t *testing.T) {
	t.Setenv("DOCKER_HOST", "unix://"+filepath.Join(t.TempDir(), "no-docker.sock"))
	tok := server.NewToken()
	sum, _ := server.HashToken(tok)
	cfgPath := filepath.Join(t.TempDir(), "sandbox.yaml")
	yaml := strings.Replace(string(config.DefaultYAML()), "tokens: []", fmt.Sprintf("tokens:\n    - sha256: %s\n      principal: ci\n", sum), 1)
	if err := os.WriteFile(cfgPath, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"serve", "--config", cfgPath, "--listen", "127.0.0.1:0"}, {"mcp"}} {
		code, _, stderr := runCmd(context.Background(), "", args...)
		if code != 125 || !strings.Contains(stderr, "no Docker daemon") || !strings.Contains(stderr, "--check-only") {
			t.Errorf("%s: exit %d: %s", args[0], code, stderr)
		}
	}
}
