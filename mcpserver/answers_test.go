package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/runner"
)

// The allowed modules reach a session once, in the first answer that refuses an import; later
// answers point to them, the allowed_modules tool lists them on request, and a new session gets
// them once again. The structured content never repeats the list.
func TestAllowedModulesOncePerSession(t *testing.T) {
	s := connect(t, false)
	list := strings.Join(s.srv.cfg.Modules.Allow, ", ")
	refuse := func(cs *mcp.ClientSession, tool string) string {
		t.Helper()
		res, text := call(t, cs, tool, map[string]any{"code": "import tomllib\n"})
		if res.IsError {
			t.Fatalf("%s: %s", tool, text)
		}
		if b, _ := json.Marshal(res.StructuredContent); strings.Contains(string(b), "zoneinfo") {
			t.Errorf("%s: the structured content lists the modules: %s", tool, b)
		}
		return text
	}
	if text := refuse(s.cs, "check_python"); !strings.Contains(text, list) {
		t.Fatalf("first refused import: the text lacks the allowed modules:\n%s", text)
	}
	for _, tool := range []string{"check_python", "run_python"} {
		text := refuse(s.cs, tool)
		if strings.Contains(text, "zoneinfo") || !strings.Contains(text, "allowed_modules lists them again") {
			t.Errorf("%s, later refused import: want a pointer, not the list again:\n%s", tool, text)
		}
	}
	res, text := s.call(t, "allowed_modules", map[string]any{})
	if out := structured[AllowedModulesOutput](t, res); res.IsError || !strings.Contains(text, list) || strings.Join(out.Modules, ", ") != list {
		t.Fatalf("allowed_modules: %s %+v", text, out)
	}
	other, wait := s.open(t)
	if text := refuse(other, "check_python"); !strings.Contains(text, list) {
		t.Errorf("a new session's first refused import lacks the allowed modules:\n%s", text)
	}
	other.Close()
	wait()
}

// failingLog is the real audit log, except that appends of one kind fail as a full disk fails them,
// with the log's path in the error.
type failingLog struct {
	pipeline.Log
	kind, path string
}

func (l failingLog) Append(ctx context.Context, e audit.Entry) (audit.Stored, error) {
	if e.Kind == l.kind {
		return audit.Stored{}, fmt.Errorf("audit: %w", &fs.PathError{Op: "write", Path: l.path, Err: syscall.ENOSPC})
	}
	return l.Log.Append(ctx, e)
}

// failingRunner is a sandbox that fails with err before producing a result.
type failingRunner struct{ err error }

func (r failingRunner) Run(context.Context, runner.Request) (runner.Result, error) {
	return runner.Result{}, r.err
}

// A gate failure says what happened to the code (nothing ran, or the sandbox failed under it), gives
// the request id, and shows none of the server's files or its daemon's address.
func TestGateFailureAnswers(t *testing.T) {
	const secret = "/srv/sbxgate/private/audit.jsonl"
	tests := []struct {
		name string
		tool string
		wrap func(p *pipeline.Pipeline)
		want string
	}{
		{"check, decision not logged", "check_python", func(p *pipeline.Pipeline) { p.Log = failingLog{p.Log, record.KindDecision, secret} },
			"could not record its decision in the audit log, so the code counts as denied"},
		{"run, decision not logged", "run_python", func(p *pipeline.Pipeline) {
			p.Log, p.Runner = failingLog{p.Log, record.KindDecision, secret}, failingRunner{errors.New("must not be called")}
		}, "could not record its decision in the audit log, so nothing ran"},
		{"run, no Docker daemon", "run_python", func(p *pipeline.Pipeline) {
			p.Runner = failingRunner{fmt.Errorf("%w at unix:///srv/sbxgate/private/docker.sock", runner.ErrNoDaemon)}
		}, "the sandbox is not available on this server, so nothing ran"},
		{"run, sandbox failed during the run", "run_python", func(p *pipeline.Pipeline) {
			p.Runner = failingRunner{errors.New("container 4f2a: wait: unexpected EOF from /srv/sbxgate/private/docker.sock")}
		}, "the sandbox failed while running the code, so there is no result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := connectWith(t, setup{wrap: tt.wrap})
			res, text := s.call(t, tt.tool, map[string]any{"code": allowedCode})
			if !res.IsError || !strings.Contains(text, tt.want) || !strings.Contains(text, "request_id ") {
				t.Fatalf("IsError %v, text %q; want an error saying %q with the request id", res.IsError, text, tt.want)
			}
			if strings.Contains(text, "/srv/") || strings.Contains(text, "no space") || strings.Contains(text, "did not run to completion") {
				t.Errorf("the answer shows the server's internals or says the code ran: %q", text)
			}
		})
	}
}

func TestWriteResult(t *testing.T) {
	lim := config.Limits{TimeoutMS: 10_000, MemoryBytes: 256 << 20, OutputBytes: 256 << 10, Pids: 64}
	tests := []struct {
		name  string
		res   runner.Result
		hit   string
		texts []string
	}{
		{"ok", runner.Result{Stdout: "42\n"}, "", []string{"exit code 0", "stdout:\n42\n", "stderr: (empty)"}},
		{"failed", runner.Result{ExitCode: 1, Stderr: "Traceback"}, "", []string{"exit code 1", "failed: see stderr", "stderr:\nTraceback"}},
		{"time limit", runner.Result{ExitCode: 137, TimedOut: true}, "time limit 10s", []string{"time limit of 10s"}},
		{"memory limit", runner.Result{ExitCode: 137, OOMKilled: true}, "memory limit 256MiB", []string{"memory limit of 256MiB"}},
		{"output limit", runner.Result{ExitCode: 137, Stdout: "xxxx", StdoutTruncated: true}, "output limit 256KiB",
			[]string{"killed the program (exit 137) when its stdout passed the tier's output limit of 256KiB", "[stdout cut at the tier's output limit of 256KiB]"}},
		{"killed otherwise", runner.Result{ExitCode: 137}, "", []string{"SIGKILL (exit 137)", "256MiB of memory and 64 processes"}},
		{"violation", runner.Result{ExitCode: 159, Violations: []runner.Violation{{Capability: "process", Event: "os.system", Detail: "id"}}}, "",
			[]string{"stopped the program (exit 159) when it tried at run time what its decision does not grant", "\n- process (os.system: id)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			rr := writeResult(&b, &tt.res, "untrusted", lim)
			for _, w := range tt.texts {
				if !strings.Contains(b.String(), w) {
					t.Errorf("text lacks %q:\n%s", w, b.String())
				}
			}
			if rr.LimitHit != tt.hit || rr.StdoutBytes != len(tt.res.Stdout) || rr.ExitCode != tt.res.ExitCode || len(rr.Violations) != len(tt.res.Violations) || rr.Violations == nil {
				t.Errorf("structured %+v, want limit_hit %q", rr, tt.hit)
			}
		})
	}
}

// Against the real sandbox: the limit that stopped a program is named with its value, its output is
// in the answer once, and a run whose result cannot be logged still shows the result and says the
// code ran.
func TestRunLimitsAndLostResult(t *testing.T) {
	fast := func(cfg *config.Config) {
		tier := cfg.Tiers["untrusted"]
		tier.Timeout = config.Duration{Duration: 2 * time.Second}
		cfg.Tiers["untrusted"] = tier
	}
	s := connectWith(t, setup{runner: true, cfg: fast})
	res, text := s.call(t, "run_python", map[string]any{"code": "print('x' * 400_000)\n"})
	out := structured[RunOutput](t, res)
	if res.IsError || out.Result == nil || out.Result.ExitCode != 137 || out.Result.LimitHit != "output limit 256KiB" || !strings.Contains(text, "output limit of 256KiB") {
		t.Fatalf("output overflow: IsError %v, %+v\n%.300s", res.IsError, out.Result, text)
	}
	// 256 KiB of output, once; twice would be over 512 KiB.
	if b, _ := json.Marshal(res); strings.Count(string(b), "x") > 300_000 {
		t.Errorf("the answer carries the output more than once: %d bytes", len(b))
	}
	res, text = s.call(t, "run_python", map[string]any{"code": "while True:\n    pass\n"})
	out = structured[RunOutput](t, res)
	if res.IsError || out.Result == nil || !out.Result.TimedOut || !strings.Contains(text, "time limit of 2s") {
		t.Fatalf("timeout: IsError %v, %+v\n%s", res.IsError, out.Result, text)
	}

	lost := connectWith(t, setup{runner: true, wrap: func(p *pipeline.Pipeline) {
		p.Log = failingLog{p.Log, record.KindResult, filepath.Join(t.TempDir(), "audit.log")}
	}})
	res, text = lost.call(t, "run_python", map[string]any{"code": allowedCode})
	out = structured[RunOutput](t, res)
	if res.IsError || out.Result == nil || out.Result.ExitCode != 0 || !strings.Contains(text, "The code ran, but the gate could not record its result") || out.ResultLogged == nil || *out.ResultLogged || out.Warning == "" || strings.Contains(text, "no space") {
		t.Fatalf("lost result: IsError %v, %+v\n%s", res.IsError, out, text)
	}
}
