// Package e2e drives the real sbxgate binary the way its users do: the CLI (check, run, audit), the
// HTTP service and the MCP server, against the real Docker daemon, the real policy and one real audit
// log, which must verify at the end and hold exactly the records of what was done.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/server"
)

var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sbxgate-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	bin = filepath.Join(dir, "sbxgate")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/sbxgate").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sbxgate runs the binary and returns its exit status and outputs.
func sbxgate(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("sbxgate %v: %v", args, err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

type checkDoc struct {
	Results []struct {
		Path     string
		SHA256   string
		Findings []struct{ Rule string }
		Decision struct {
			Allow bool
			Tier  string
		}
	}
}

func TestEndToEnd(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	dir := t.TempDir()
	logPath := filepath.Join(dir, "audit.jsonl")
	tok := server.NewToken()
	sum, err := server.HashToken(tok)
	if err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "sandbox.yaml")
	yaml := strings.Replace(string(config.DefaultYAML()), "tokens: []",
		fmt.Sprintf("tokens:\n    - sha256: %s\n      principal: agent-http\n", sum), 1)
	if err := os.WriteFile(cfgPath, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	common := []string{"--config", cfgPath, "--audit", logPath}
	wantRecords := 0

	// 1. check: a directory of examples, JSON out, exit 1 because something is denied.
	code, out, stderr := sbxgate(t, "", append([]string{"check", "--format", "json", "--principal", "dev"}, append(common, "../examples")...)...)
	if code != 1 {
		t.Fatalf("check examples: exit %d, want 1: %s", code, stderr)
	}
	var doc checkDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check JSON: %v\n%s", err, out)
	}
	verdict := map[string]bool{}
	for _, r := range doc.Results {
		verdict[filepath.Base(r.Path)] = r.Decision.Allow
	}
	want := map[string]bool{"hello.py": true, "fib.py": true, "evasion.py": false, "subclasses.py": false}
	for name, allow := range want {
		if got, ok := verdict[name]; !ok || got != allow {
			t.Errorf("check %s: allow=%v (present %v), want %v", name, got, ok, allow)
		}
	}
	wantRecords += len(doc.Results)

	// check from standard input, text out, exit 0.
	code, out, stderr = sbxgate(t, "print('hi')\n", append([]string{"check"}, append(common, "-")...)...)
	if code != 0 || !strings.Contains(out, "ALLOW") {
		t.Fatalf("check stdin: exit %d\n%s%s", code, out, stderr)
	}
	wantRecords++

	// 2. run: allowed code runs in the container; its exit status is ours.
	code, out, stderr = sbxgate(t, "import sys\nprint('from the sandbox')\nsys.exit(3)\n", append([]string{"run"}, append(common, "-")...)...)
	if code != 3 || out != "from the sandbox\n" {
		t.Fatalf("run: exit %d, stdout %q, stderr %q; want 3 and the program's output", code, out, stderr)
	}
	wantRecords += 2
	// A denial executes nothing and exits 126.
	code, _, stderr = sbxgate(t, "", append([]string{"run"}, append(common, "../examples/evasion.py")...)...)
	if code != 126 || !strings.Contains(stderr, "denied by policy") {
		t.Fatalf("run evasion: exit %d, want 126: %s", code, stderr)
	}
	wantRecords++
	// A wall-clock timeout exits 124.
	code, out, _ = sbxgate(t, "while True:\n    pass\n", append([]string{"run", "--format", "json"}, append(common, "-")...)...)
	if code != 124 || !strings.Contains(out, `"timed_out": true`) {
		t.Fatalf("run loop: exit %d, want 124: %s", code, out)
	}
	wantRecords += 2

	// 3. serve: check and run over HTTP with a bearer token.
	addr := freeAddr(t)
	srv := exec.Command(bin, append([]string{"serve", "--listen", addr}, common...)...)
	var srvErr bytes.Buffer
	srv.Stderr = &srvErr
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	post := func(path, body string) (int, map[string]any) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			req, _ := http.NewRequest(http.MethodPost, "http://"+addr+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				if time.Now().After(deadline) {
					t.Fatalf("serve never answered: %v\n%s", err, srvErr.String())
				}
				time.Sleep(50 * time.Millisecond)
				continue
			}
			defer resp.Body.Close()
			var m map[string]any
			b, _ := io.ReadAll(resp.Body)
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
			}
			return resp.StatusCode, m
		}
	}
	status, body := post("/v1/check", `{"code": "import socket\nsocket.create_connection(('example.com', 80))\n", "path": "net.py"}`)
	if status != 200 || body["decision"].(map[string]any)["allow"] != false {
		t.Fatalf("POST /v1/check: %d %v", status, body)
	}
	wantRecords++
	status, body = post("/v1/run", `{"code": "print(6*7)\n"}`)
	if status != 200 || body["result"] == nil || body["result"].(map[string]any)["stdout"] != "42\n" {
		t.Fatalf("POST /v1/run: %d %v", status, body)
	}
	wantRecords += 2
	srv.Process.Signal(os.Interrupt)
	if err := srv.Wait(); err != nil {
		t.Fatalf("serve did not stop cleanly: %v\n%s", err, srvErr.String())
	}

	// 4. mcp: an agent calls check_python and run_python over stdio.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	mcpCmd := exec.Command(bin, append([]string{"mcp", "--principal", "agent-mcp"}, common...)...)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: mcpCmd}, nil)
	if err != nil {
		t.Fatalf("mcp connect: %v", err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "check_python", Arguments: map[string]any{"code": "eval(input())\n"}})
	if err != nil || !strings.Contains(toolText(res), "Denied by policy") || !strings.Contains(toolText(res), "line 1: eval") {
		t.Fatalf("check_python: %v %s", err, toolText(res))
	}
	wantRecords++
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_python", Arguments: map[string]any{"code": "print(sum(range(101)))\n"}})
	if err != nil || !strings.Contains(toolText(res), "5050") {
		t.Fatalf("run_python: %v %s", err, toolText(res))
	}
	wantRecords += 2
	cs.Close()

	// 5. The log: intact, and exactly one record per decision and per result, from every front door.
	code, out, stderr = sbxgate(t, "", "audit", "verify", "--audit", logPath)
	if code != 0 {
		t.Fatalf("audit verify: exit %d: %s%s", code, out, stderr)
	}
	sources := map[string]int{}
	n := 0
	if err := record.Scan(logPath, func(r record.Record) error { n++; sources[r.Source]++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != wantRecords {
		t.Errorf("log has %d records, want %d", n, wantRecords)
	}
	for _, s := range []string{"cli", "http", "mcp"} {
		if sources[s] == 0 {
			t.Errorf("no record from source %s: %v", s, sources)
		}
	}
	// Tampering is caught by the same command.
	data, _ := os.ReadFile(logPath)
	tampered := bytes.Replace(data, []byte(`"principal":"dev"`), []byte(`"principal":"eve"`), 1)
	if bytes.Equal(tampered, data) {
		t.Fatal("test setup: no record of principal dev to tamper with")
	}
	if err := os.WriteFile(logPath, tampered, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := sbxgate(t, "", "audit", "verify", "--audit", logPath); code != 1 {
		t.Fatalf("audit verify of a tampered log: exit %d, want 1: %s", code, out)
	}
}

func toolText(res *mcp.CallToolResult) string {
	if res == nil {
		return ""
	}
	var sb strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			sb.WriteString(tc.Text)
		}
	}
	return sb.String()
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestNoDaemon(t *testing.T) {
	cmd := exec.Command(bin, "run", "-")
	cmd.Stdin = strings.NewReader("print(1)\n")
	cmd.Env = append(os.Environ(), "DOCKER_HOST=unix:///nonexistent/docker.sock")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run()
	msg := strings.TrimSpace(stderr.String())
	if cmd.ProcessState.ExitCode() != 125 || strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "start Docker or set DOCKER_HOST") {
		t.Fatalf("run without a daemon: exit %d, stderr %q; want 125 and one line saying how to fix it", cmd.ProcessState.ExitCode(), msg)
	}
}

// A large program sent to sbxgate mcp is analyzed in a worker process, not in the long-lived mcp
// process: 0.9 MB of "a;" allocates about 640 MB in the analysis, which the mcp process kept (its
// peak RSS) when it analyzed it itself.
func TestMCPLargeProgramOutOfProcess(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.Command(bin, "mcp", "--check-only", "--audit", filepath.Join(t.TempDir(), "audit.jsonl"))
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("mcp connect: %v", err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "check_python", Arguments: map[string]any{"code": strings.Repeat("a;", 450_000) + "\n"}})
	if err != nil || res.IsError {
		t.Fatalf("check_python: %v %s", err, toolText(res))
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	var hwm int64
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%d", &hwm)
		}
	}
	if hwm == 0 || hwm > 200<<10 {
		t.Fatalf("the mcp process's peak RSS is %d KiB after a 0.9 MB program: want it under 200 MiB (analyzed in a worker)", hwm)
	}
	t.Logf("mcp peak RSS %d MiB; %s", hwm>>10, strings.SplitN(toolText(res), "\n", 2)[0])
}
