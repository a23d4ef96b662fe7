package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
)

// repoRoot is where the policy commands run in these tests, as a user runs them from a checkout.
var repoRoot, _ = filepath.Abs("../..")

// runPolicy runs `sbxgate policy ARGS...` from the repository root.
func runPolicy(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Chdir(repoRoot)
	var out, errb bytes.Buffer
	e := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code = dispatch(context.Background(), e, append([]string{"policy"}, args...))
	return code, out.String(), errb.String()
}

func TestPolicyCommands(t *testing.T) {
	report, err := os.ReadFile("../../policy/testdata/inputs/medium_filesystem.json")
	if err != nil {
		t.Fatal(err)
	}
	var in policy.Input
	if err := json.Unmarshal(report, &in); err != nil {
		t.Fatal(err)
	}
	bareReport, _ := json.Marshal(in.Report)

	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		stdout   string // substring expected on standard output
		stderr   string // substring expected on standard error
		noStdout bool
		usage    bool // stderr is the multi-line usage, not a one-line error
	}{
		{name: "no subcommand", args: nil, code: 2, stderr: "usage: sbxgate policy", usage: true},
		{name: "unknown subcommand", args: []string{"frobnicate"}, code: 2, stderr: `unknown subcommand "frobnicate"`},

		{name: "test embedded", args: []string{"test"}, code: 0, stdout: "tests passed, coverage 100.0%"},
		{name: "test dir verbose", args: []string{"test", "rego", "-v"}, code: 0, stdout: "PASS rego/sbxgate_test.rego"},
		{name: "test json", args: []string{"test", "--format", "json", "rego"}, code: 0, stdout: `"coverage": 100`},
		{name: "test below threshold", args: []string{"test", "--threshold", "99", "rego/testdata/strict"}, code: 1, stderr: "below the threshold"},
		{name: "test missing dir", args: []string{"test", "no/such/dir"}, code: 2, stderr: "does not exist"},
		{name: "test no tests", args: []string{"test", "policy/testdata/broken/undefined"}, code: 2, stderr: "no *_test.rego files"},

		{name: "fmt clean", args: []string{"fmt", "rego"}, code: 0, noStdout: true},
		{name: "check default", args: []string{"check"}, code: 0, stdout: "ok: 3 modules"},
		{name: "check http.send", args: []string{"check", "policy/testdata/forbidden/http_send"}, code: 1,
			stdout: "policy/testdata/forbidden/http_send/policy.rego:4:9: rego_type_error: undefined function http.send"},
		{name: "check strict mode", args: []string{"check", "policy/testdata/forbidden/not_strict"}, code: 1, stdout: "policy.rego:5:2:"},
		{name: "check no decision", args: []string{"check", "policy/testdata/forbidden/no_decision"}, code: 1, stdout: "no rule defines data.sbxgate.decision"},

		{name: "eval denied", args: []string{"eval", "--input", "policy/testdata/inputs/os_system.json"}, code: 1, stdout: `"rule": "SBX101"`},
		{name: "eval allowed", args: []string{"eval", "--input", "policy/testdata/inputs/trusted_request.json"}, code: 0, stdout: `"tier": "trusted"`},
		{name: "eval candidate", args: []string{"eval", "--policy", "rego/testdata/strict", "--input", "policy/testdata/inputs/medium_filesystem.json"}, code: 1, stdout: `"rule": "SBX501"`},
		{name: "eval bare report from stdin", stdin: string(bareReport), args: []string{"eval", "--input", "-", "--principal", "ci-bot", "--tier", "trusted"}, code: 0, stdout: `"tier": "trusted"`},
		{name: "eval explain", args: []string{"eval", "--explain", "--input", "policy/testdata/inputs/os_system.json"}, code: 1, stdout: `"file": "rego/deny.rego"`},
		{name: "eval broken policy fails closed", args: []string{"eval", "--policy", "policy/testdata/broken/unknown_tier", "--input", "policy/testdata/inputs/clean.json"}, code: 1, stdout: `"rule": "SBX906"`},
		{name: "eval without input", args: []string{"eval"}, code: 2, stderr: "--input FILE"},
		{name: "eval misspelt input", stdin: `{"reprot": {}}`, args: []string{"eval", "--input", "-"}, code: 2, stderr: `unknown field "reprot"`},

		{name: "diff changes", args: []string{"diff", "--candidate", "rego/testdata/strict", "policy/testdata/inputs/medium_filesystem.json", "policy/testdata/inputs/clean.json"}, code: 1,
			stdout: "allow:       allow -> deny"},
		{name: "diff analyzes .py files", args: []string{"diff", "--candidate", "rego/testdata/strict", "examples/hello.py", "examples/fib.py"}, code: 1,
			stdout: "SBX954 line 2: import of dataclasses is not permitted to untrusted principals"},
		{name: "diff same policy", args: []string{"diff", "--candidate", "rego", "policy/testdata/inputs/os_system.json"}, code: 0, stdout: "0 of 1 inputs changed"},
		{name: "diff json", args: []string{"diff", "--format", "json", "--candidate", "rego/testdata/strict", "policy/testdata/inputs/dynamic_import.json"}, code: 1, stdout: `"changed": [`},
		{name: "diff without candidate", args: []string{"diff", "policy/testdata/inputs/clean.json"}, code: 2, stderr: "--candidate DIR"},
		{name: "diff without inputs", args: []string{"diff", "--candidate", "rego"}, code: 2, stderr: "PATH... "},
		{name: "diff broken candidate", args: []string{"diff", "--candidate", "policy/testdata/forbidden/http_send", "policy/testdata/inputs/clean.json"}, code: 2, stderr: "candidate policy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runPolicy(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, stdout, stderr)
			}
			if !strings.Contains(stdout, tt.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, stdout)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr)
			}
			if tt.noStdout && stdout != "" {
				t.Errorf("stdout should be empty:\n%s", stdout)
			}
			if strings.Count(stderr, "\n") > 1 && !tt.usage {
				t.Errorf("an error must be one line:\n%s", stderr)
			}
		})
	}
}

func TestPolicyFmtRewrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.rego")
	ugly := "package sbxgate\ndecision := {\"allow\":false,\"trust_level\":\"untrusted\",\"tier\":\"none\",\"reasons\":[]}\n"
	if err := os.WriteFile(p, []byte(ugly), 0o640); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runPolicy(t, "", "fmt", dir); code != 1 || !strings.Contains(out, "p.rego") {
		t.Fatalf("fmt listed %q with exit %d, want p.rego and exit 1", out, code)
	}
	if b, _ := os.ReadFile(p); string(b) != ugly {
		t.Fatal("fmt without -w changed the file")
	}
	if code, _, errb := runPolicy(t, "", "fmt", "-w", dir); code != 0 {
		t.Fatalf("fmt -w: exit %d: %s", code, errb)
	}
	if code, out, _ := runPolicy(t, "", "fmt", dir); code != 0 || out != "" {
		t.Fatalf("after -w, fmt lists %q with exit %d", out, code)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Errorf("fmt -w changed the mode to %v", st.Mode().Perm())
	}
	if err := os.WriteFile(filepath.Join(dir, "q.rego"), []byte("package sbxgate\ndecision := {"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runPolicy(t, "", "fmt", dir); code != 1 || !strings.Contains(out, "q.rego:2:") {
		t.Errorf("a parse error: exit %d, output %q; want 1 and a located error", code, out)
	}
}

// TestPolicyDiffAudit replays the decision records of a real log under both policies.
func TestPolicyDiffAudit(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "audit.log")
	lg, err := audit.Open(logPath, audit.WithSchema(record.Schema))
	if err != nil {
		t.Fatal(err)
	}
	cur, err := policy.New(context.Background(), policy.WithDir("../../rego"))
	if err != nil {
		t.Fatal(err)
	}
	inputs, _ := filepath.Glob("../../policy/testdata/inputs/*.json")
	for _, p := range inputs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := policy.ParseInput(b)
		if err != nil {
			t.Fatal(err)
		}
		d := cur.Decide(context.Background(), in)
		rec := record.Record{Kind: record.KindDecision, Payload: record.Payload{Principal: in.Request.Principal, Request: in.Request, Report: in.Report, Decision: &d}}
		if _, err := record.Write(context.Background(), lg, rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := lg.Close(); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(logPath)

	code, out, errb := runPolicy(t, "", "diff", "--candidate", "rego/testdata/strict", "--audit", abs)
	if code != 1 || !strings.Contains(out, "tmpfiles.py") || !strings.Contains(out, "SBX501 line 3") {
		t.Errorf("diff against strict: exit %d\n%s%s", code, out, errb)
	}
	code, out, errb = runPolicy(t, "", "diff", "--candidate", "rego", "--audit", abs)
	if code != 0 || !strings.Contains(out, "0 of 6 inputs changed") {
		t.Errorf("diff against itself: exit %d\n%s%s", code, out, errb)
	}
	code, _, errb = runPolicy(t, "", "diff", "--candidate", "rego", "--audit", abs+".missing")
	if code != 2 || errb == "" {
		t.Errorf("missing log: exit %d, stderr %q", code, errb)
	}
}
