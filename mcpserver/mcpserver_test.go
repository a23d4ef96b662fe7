package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

const (
	allowedCode = "import json\nprint(json.dumps({'answer': 6 * 7}))\n"
	deniedCode  = "x = 1\nimport os\nos.system('id')\n"
)

type session struct {
	cs    *mcp.ClientSession
	srv   *Server
	audit string
	close func() // ends the session and closes the pipeline; idempotent
}

// setup varies the stages a test session gets.
type setup struct {
	runner bool
	cfg    func(*config.Config)       // edits the embedded config before the stages are built
	wrap   func(p *pipeline.Pipeline) // replaces stages, e.g. with one that fails
}

// connect runs the MCP server over the real stages and an in-memory transport.
func connect(t *testing.T, withRunner bool, opts ...Option) *session {
	t.Helper()
	return connectWith(t, setup{runner: withRunner}, opts...)
}

func connectWith(t *testing.T, su setup, opts ...Option) *session {
	t.Helper()
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if su.cfg != nil {
		su.cfg(cfg)
	}
	if su.runner {
		testenv.RequireImage(t, cfg.Runner.Image)
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "audit.log")
	b, err := pipeline.New(ctx, cfg, pipeline.Options{AuditPath: path, Runner: su.runner})
	if err != nil {
		t.Fatal(err)
	}
	p := *b.Pipeline
	if su.wrap != nil {
		su.wrap(&p)
	}
	srv, err := New(&p, cfg, opts...)
	if err != nil {
		b.Close()
		t.Fatal(err)
	}
	s := &session{srv: srv, audit: path}
	cs, ssWait := s.open(t)
	s.cs = cs
	done := false
	s.close = func() {
		if done {
			return
		}
		done = true
		cs.Close()
		ssWait()
		if err := b.Close(); err != nil {
			t.Errorf("close pipeline: %v", err)
		}
	}
	t.Cleanup(s.close)
	return s
}

// open starts a client session with the server; wait waits for the server's side to end after the
// client closes.
func (s *session) open(t *testing.T) (cs *mcp.ClientSession, wait func()) {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err = mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs, func() { _ = ss.Wait() }
}

func (s *session) call(t *testing.T, tool string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	return call(t, s.cs, tool, args)
}

func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	return res, text.String()
}

func structured[T any](t *testing.T, res *mcp.CallToolResult) T {
	t.Helper()
	var v T
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("structured content: %v: %s", err, b)
	}
	return v
}

// records closes the session, verifies the log's chain and returns its records.
func (s *session) records(t *testing.T) []record.Record {
	t.Helper()
	s.close()
	if _, err := audit.VerifyLog(s.audit, audit.VerifyOptions{Schema: record.Schema}); err != nil {
		t.Fatalf("audit verify: %v", err)
	}
	var recs []record.Record
	if err := record.Scan(s.audit, func(r record.Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestTools(t *testing.T) {
	s := connect(t, false)
	res, err := s.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"check_python": {"code", "path"}, "run_python": {"code", "path", "requested_tier", "idempotency_key", "files"}, "allowed_modules": {}}
	for _, tool := range res.Tools {
		props, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %q", tool.Name)
			continue
		}
		delete(want, tool.Name)
		b, _ := json.Marshal(tool.InputSchema)
		var schema struct {
			Type       string                     `json:"type"`
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		if schema.Type != "object" || len(props) > 0 && (len(schema.Required) != 1 || schema.Required[0] != "code") || len(schema.Properties) != len(props) {
			t.Errorf("%s input schema %s", tool.Name, b)
		}
		for _, p := range props {
			if _, ok := schema.Properties[p]; !ok {
				t.Errorf("%s input schema lacks %q", tool.Name, p)
			}
		}
		if tool.OutputSchema == nil || tool.Description == "" {
			t.Errorf("%s: no output schema or description", tool.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing tools: %v", want)
	}
}

func TestCheckPython(t *testing.T) {
	s := connect(t, false, WithPrincipal("agent-7"))
	tests := []struct {
		name     string
		code     string
		allowed  bool
		wantText []string // substrings of the text block
		wantLine []int    // a problem on one of these lines
	}{
		{"allowed", allowedCode, true, []string{"Allowed: the policy grants tier"}, nil},
		{"denied", deniedCode, false, []string{"Denied by policy", "\nline ", "; fix: "}, []int{2, 3}},
		{"refused import", "import tomllib\n", false, []string{"line 1: import of tomllib", "Allowed modules (listed once per session", "json"}, []int{1}},
		{"parse error", "x = 1\ndef f(:\n    pass\n", false, []string{"Denied by policy", "line 2: ", "fix: make the code valid Python 3.11"}, []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, text := s.call(t, "check_python", map[string]any{"code": tt.code, "path": "agent.py"})
			if res.IsError {
				t.Fatalf("tool error: %s", text)
			}
			for _, w := range tt.wantText {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q:\n%s", w, text)
				}
			}
			out := structured[CheckOutput](t, res)
			if out.Allowed != tt.allowed || out.AuditID == "" || out.Decision.Allow != tt.allowed {
				t.Fatalf("allowed %v audit_id %q, want %v", out.Allowed, out.AuditID, tt.allowed)
			}
			if tt.allowed {
				if len(out.Problems) != 0 {
					t.Errorf("allowed code with problems %+v", out.Problems)
				}
				return
			}
			found := false
			for _, p := range out.Problems {
				if p.Found == "" || p.Fix == "" || p.Rule == "" {
					t.Errorf("problem without rule, finding or fix: %+v", p)
				}
				found = found || slices.Contains(tt.wantLine, p.Line)
			}
			if !found {
				t.Errorf("no problem on lines %v: %+v", tt.wantLine, out.Problems)
			}
		})
	}
	recs := s.records(t)
	if len(recs) != len(tests) {
		t.Fatalf("%d records, want %d", len(recs), len(tests))
	}
	for _, r := range recs {
		if r.Principal != "agent-7" || r.Source != Source || r.Kind != record.KindDecision {
			t.Errorf("record %s: %s by %q from %q, want a decision by agent-7 from mcp", r.ID, r.Kind, r.Principal, r.Source)
		}
	}
}

func TestBadArguments(t *testing.T) {
	s := connect(t, false)
	tests := []struct {
		name string
		tool string
		args map[string]any
		want string
	}{
		{"no code", "check_python", map[string]any{"path": "a.py"}, "code"},
		{"code not a string", "check_python", map[string]any{"code": 3}, "code"},
		{"unknown argument", "check_python", map[string]any{"code": "1", "principal": "root"}, "principal"},
		{"too large", "check_python", map[string]any{"code": strings.Repeat("#", 2<<20)}, "over the limit"},
		{"path with a newline", "check_python", map[string]any{"code": "1", "path": "a\nb.py"}, "printable"},
		{"unknown tier", "run_python", map[string]any{"code": "1", "requested_tier": "root"}, `requested_tier "root" is not a tier`},
		{"no runner", "run_python", map[string]any{"code": allowedCode}, "cannot run code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, text := s.call(t, tt.tool, tt.args)
			if !res.IsError || !strings.Contains(text, tt.want) {
				t.Fatalf("IsError %v, text %q; want an error mentioning %q", res.IsError, text, tt.want)
			}
		})
	}
	// Only the allowed run reached the log (its decision, and the result that records that no
	// runner ran it); the rest were refused before the gate.
	if n := len(s.records(t)); n != 2 {
		t.Fatalf("%d records, want 2", n)
	}
}

func TestRunPython(t *testing.T) {
	s := connect(t, true)
	res, text := s.call(t, "run_python", map[string]any{"code": allowedCode})
	out := structured[RunOutput](t, res)
	const stdout = "{\"answer\": 42}\n"
	if res.IsError || !out.Allowed || out.Result == nil || out.Result.StdoutBytes != len(stdout) || !strings.Contains(text, "exit code 0") || !strings.Contains(text, "stdout:\n"+stdout) {
		t.Fatalf("allowed run: IsError %v, %+v\n%s", res.IsError, out.Result, text)
	}
	// The output is in the answer once: in the text, not again in the structured content.
	if b, _ := json.Marshal(res.StructuredContent); strings.Contains(string(b), "answer") {
		t.Errorf("structured content repeats the output: %s", b)
	}
	res, text = s.call(t, "run_python", map[string]any{"code": deniedCode})
	out = structured[RunOutput](t, res)
	if res.IsError || out.Allowed || out.Result != nil || len(out.Problems) == 0 || !strings.Contains(text, "Nothing ran.") {
		t.Fatalf("denied run: IsError %v, %+v\n%s", res.IsError, out, text)
	}
	recs := s.records(t)
	if d, r := countKind(recs, record.KindDecision), countKind(recs, record.KindResult); d != 2 || r != 1 {
		t.Fatalf("%d decisions, %d results; want 2 and 1", d, r)
	}
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

// The real binary over stdio, as an MCP client (and the lead's e2e) starts it.
func TestStdioSubprocess(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	logPath := filepath.Join(dir, "audit.log")
	cmd := exec.Command(bin, "mcp", "--check-only", "--audit", logPath, "--principal", "agent-stdio")
	cmd.Stderr = os.Stderr
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to sbxgate mcp: %v", err)
	}
	if got := cs.InitializeResult().ServerInfo.Name; got != "sbxgate" {
		t.Errorf("server name %q", got)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "check_python", Arguments: map[string]any{"code": deniedCode}})
	if err != nil {
		t.Fatal(err)
	}
	out := structured[CheckOutput](t, res)
	if out.Allowed || len(out.Problems) == 0 {
		t.Fatalf("denied code over stdio: %+v", out)
	}
	if err := cs.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	if _, err := audit.VerifyLog(logPath, audit.VerifyOptions{Schema: record.Schema}); err != nil {
		t.Fatalf("audit verify: %v", err)
	}
	var recs []record.Record
	if err := record.Scan(logPath, func(r record.Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Principal != "agent-stdio" || recs[0].Source != "mcp" || recs[0].ID != out.AuditID {
		t.Fatalf("records %+v", recs)
	}
}

// binDir holds the sbxgate binary built once for the subprocess tests; TestMain removes it.
var binDir string

var buildOnce = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(binDir, "sbxgate")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/sbxgate").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the sbxgate binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sbxgate-mcp-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A client that hangs up during a run: the server still records the run's result before it exits,
// and the log stays intact.
func TestStdioDisconnectDuringRun(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	testenv.RequireImage(t, cfg.Runner.Image)
	bin := buildBinary(t)
	logPath := filepath.Join(t.TempDir(), "audit.log")
	cmd := exec.Command(bin, "mcp", "--audit", logPath)
	cmd.Stderr = os.Stderr
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	callErr := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run_python", Arguments: map[string]any{"code": "import time\ntime.sleep(8)\n"}})
		callErr <- err
	}()
	// Hang up once the decision is durable, i.e. the run is under way.
	for {
		n := 0
		_ = record.Scan(logPath, func(r record.Record) error { n++; return nil })
		if n > 0 {
			break
		}
		select {
		case err := <-callErr:
			t.Fatalf("the call ended before its decision was logged: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
	}
	_ = cs.Close() // closes stdin, waits for the process (SIGTERM after a grace period)
	<-callErr
	if _, err := audit.VerifyLog(logPath, audit.VerifyOptions{Schema: record.Schema}); err != nil {
		t.Fatalf("audit verify: %v", err)
	}
	var recs []record.Record
	if err := record.Scan(logPath, func(r record.Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Kind != record.KindDecision || !recs[0].Allowed() || recs[1].Kind != record.KindResult || recs[1].DecisionID != recs[0].ID {
		t.Fatalf("records %+v: want the decision and its result", recs)
	}
}
