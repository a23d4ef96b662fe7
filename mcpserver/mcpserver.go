// Package mcpserver exposes the gate to LLM agents as a Model Context Protocol server with two tools,
// check_python and run_python. Both go through pipeline.Pipeline, so an agent gets the CLI's
// guarantees: every decision is logged, denied code never runs, and a gate failure is a deny.
//
// A denial is a result, not an error: it comes back as problems an agent can act on, each with its
// line, what was found and what to do instead.
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// Source is the policy input's request.source for MCP submissions.
const Source = "mcp"

// DefaultPrincipal is the principal when none is configured.
const DefaultPrincipal = "mcp"

const defaultPath = "<mcp>"

// Server is the MCP server over a pipeline.
type Server struct {
	p         *pipeline.Pipeline
	cfg       *config.Config
	principal string
	version   string
	maxCode   int
	log       *slog.Logger
	srv       *mcp.Server
	calls     sync.WaitGroup // tool calls in progress
}

// Option configures a Server.
type Option func(*Server)

// WithPrincipal sets who the submissions come from (default "mcp"). It comes from the operator (a
// flag or the config), never from the client.
func WithPrincipal(name string) Option { return func(s *Server) { s.principal = name } }

// WithVersion sets the version the server reports to clients.
func WithVersion(v string) Option { return func(s *Server) { s.version = v } }

// WithLogger sets the logger for server activity; it must not write to standard output, which
// carries the protocol.
func WithLogger(l *slog.Logger) Option { return func(s *Server) { s.log = l } }

// New builds the server and registers its tools. p.Runner may be nil: run_python then reports that
// this server cannot run code.
func New(p *pipeline.Pipeline, cfg *config.Config, opts ...Option) (*Server, error) {
	if p == nil || p.Analyzer == nil || p.Decider == nil {
		return nil, errors.New("mcp: the pipeline needs an analyzer and a decider")
	}
	if cfg == nil {
		return nil, errors.New("mcp: no config")
	}
	s := &Server{p: p, cfg: cfg, principal: DefaultPrincipal, version: "dev"}
	for _, o := range opts {
		o(s)
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	// The SDK logs session chatter at Info; only its warnings and errors belong in the server's log.
	sdkLog := slog.New(minLevel{s.log.Handler(), slog.LevelWarn})
	if strings.TrimSpace(s.principal) == "" {
		return nil, errors.New("mcp: the principal is empty: pass --principal NAME")
	}
	s.maxCode = int(cfg.Server.MaxBodyBytes)
	if s.maxCode <= 0 {
		s.maxCode = 1 << 20
	}
	s.srv = mcp.NewServer(&mcp.Implementation{Name: "sbxgate", Title: "sbxgate Python sandbox gate", Version: s.version}, &mcp.ServerOptions{
		Instructions: "Use check_python to learn whether Python code would be allowed, and run_python to run it in a " +
			"locked-down sandbox (no network, limited CPU, memory and time). Denied code comes back with problems: " +
			"for each, the line, what was found and how to fix it. Rewrite the code and try again.",
		Logger: sdkLog,
	})
	no := false
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:  "check_python",
		Title: "Check Python code against the sandbox policy",
		Description: "Analyzes Python 3.11 code and asks the policy whether it may run; never executes it. " +
			"Returns allowed, the granted tier and, when denied, problems with line, what was found and a fix.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, s.checkPython)
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:  "run_python",
		Title: "Run Python code in the sandbox",
		Description: "Checks Python 3.11 code and, when the policy allows it, runs it in an isolated container with " +
			"no network and the tier's CPU, memory, process and time limits. Returns exit code, stdout and stderr; " +
			"when denied, the problems to fix instead (nothing ran). Print the values you need: only stdout and stderr come back.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &no},
	}, s.runPython)
	return s, nil
}

// MCP returns the underlying SDK server, e.g. to connect it to a custom transport.
func (s *Server) MCP() *mcp.Server { return s.srv }

// Run serves one session on t until the client disconnects or ctx ends, then waits for tool calls
// still in progress, so that a run's result is in the log before the caller closes it.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	err := s.srv.Run(ctx, t)
	s.calls.Wait()
	return err
}

// CheckInput is the argument of check_python.
type CheckInput struct {
	Code string `json:"code" jsonschema:"the complete Python 3.11 program to check"`
	Path string `json:"path,omitempty" jsonschema:"a file name for messages, e.g. main.py"`
}

// RunInput is the argument of run_python.
type RunInput struct {
	Code           string `json:"code" jsonschema:"the complete Python 3.11 program to run; print what you need to see"`
	Path           string `json:"path,omitempty" jsonschema:"a file name for messages, e.g. main.py"`
	RequestedTier  string `json:"requested_tier,omitempty" jsonschema:"a resource tier to ask for (the policy decides); leave empty for the default"`
	IdempotencyKey string `json:"idempotency_key,omitempty" jsonschema:"optional; a retry with the same key returns the first call's recorded result instead of running the code again"`
}

// Problem is one reason for a denial, in terms an agent can act on.
type Problem struct {
	Line  int    `json:"line" jsonschema:"1-based line of the code; 0 when the problem is not tied to a line"`
	Col   int    `json:"col" jsonschema:"0-based column"`
	Rule  string `json:"rule" jsonschema:"the rule that matched, e.g. SBX101"`
	Found string `json:"found" jsonschema:"what was found"`
	Fix   string `json:"fix" jsonschema:"what to do instead"`
}

// CheckOutput is the structured result of check_python.
type CheckOutput struct {
	Allowed    bool                 `json:"allowed"`
	Tier       string               `json:"tier" jsonschema:"the resource tier granted, or none"`
	Problems   []Problem            `json:"problems" jsonschema:"why the code is denied, each with a fix; empty when allowed"`
	Findings   []analyzer.Finding   `json:"findings" jsonschema:"everything the analyzer found, also when allowed"`
	ParseError *analyzer.ParseError `json:"parse_error"`
	// AllowedModules lists what may be imported, when an import was refused.
	AllowedModules []string        `json:"allowed_modules,omitempty" jsonschema:"the modules code may import; set when an import was refused"`
	Decision       policy.Decision `json:"decision"`
	RequestID      string          `json:"request_id"`
	AuditID        string          `json:"audit_id"`
}

// RunOutput is the structured result of run_python. Result is null when the code was denied.
type RunOutput struct {
	Allowed  bool      `json:"allowed"`
	Tier     string    `json:"tier"`
	Problems []Problem `json:"problems"`
	// AllowedModules lists what may be imported, when an import was refused.
	AllowedModules []string        `json:"allowed_modules,omitempty" jsonschema:"the modules code may import; set when an import was refused"`
	Result         *runner.Result  `json:"result"`
	Decision       policy.Decision `json:"decision"`
	RequestID      string          `json:"request_id"`
	AuditID        string          `json:"audit_id"`
	// ResultLogged is false when the code ran but its result could not be written to the audit log.
	ResultLogged *bool  `json:"result_logged,omitempty"`
	Warning      string `json:"warning,omitempty"`
	// Replayed is true when this is the recorded result of an earlier call with the same idempotency_key.
	Replayed bool `json:"replayed,omitempty"`
}

func (s *Server) submission(code, path, tier string) (pipeline.Submission, error) {
	if len(code) > s.maxCode {
		return pipeline.Submission{}, fmt.Errorf("code is %d bytes, over the limit of %d: send a shorter program", len(code), s.maxCode)
	}
	if path == "" {
		path = defaultPath
	}
	if len(path) > 255 || strings.IndexFunc(path, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 || !utf8.ValidString(path) {
		return pipeline.Submission{}, errors.New("path must be a file name of at most 255 printable characters, e.g. main.py")
	}
	if tier != "" {
		if _, ok := s.cfg.Tiers[tier]; !ok {
			return pipeline.Submission{}, fmt.Errorf("requested_tier %q is not a tier: use one of %s, or leave it empty", tier, strings.Join(s.cfg.TierNames(), ", "))
		}
	}
	return pipeline.Submission{
		Path:    path,
		Code:    []byte(code),
		Request: policy.Request{Principal: s.principal, Source: Source, RequestedTier: tier},
	}, nil
}

func (s *Server) checkPython(ctx context.Context, _ *mcp.CallToolRequest, in CheckInput) (*mcp.CallToolResult, CheckOutput, error) {
	s.calls.Add(1)
	defer s.calls.Done()
	sub, err := s.submission(in.Code, in.Path, "")
	if err != nil {
		return nil, CheckOutput{}, err
	}
	start := time.Now()
	out, err := s.p.Check(ctx, sub)
	s.logCall(ctx, "check_python", out, start, err)
	if err != nil {
		return nil, CheckOutput{}, fmt.Errorf("the gate failed, so the code counts as denied: %v", err)
	}
	co := CheckOutput{
		Allowed:    out.Decision.Allow,
		Tier:       out.Decision.Tier,
		Findings:   nonNil(out.Report.Findings),
		ParseError: out.Report.ParseError,
		Decision:   out.Decision,
		RequestID:  out.RequestID,
		AuditID:    out.AuditID,
	}
	co.Problems, co.AllowedModules = s.problems(out.Report, out.Decision)
	var b strings.Builder
	if co.Allowed {
		fmt.Fprintf(&b, "Allowed: the policy grants tier %s. run_python may run this code.", co.Tier)
	} else {
		writeDenial(&b, co.Problems, co.AllowedModules)
	}
	return textResult(b.String()), co, nil
}

func (s *Server) runPython(ctx context.Context, _ *mcp.CallToolRequest, in RunInput) (*mcp.CallToolResult, RunOutput, error) {
	s.calls.Add(1)
	defer s.calls.Done()
	sub, err := s.submission(in.Code, in.Path, in.RequestedTier)
	if err != nil {
		return nil, RunOutput{}, err
	}
	sub.IdempotencyKey = in.IdempotencyKey
	start := time.Now()
	out, err := s.p.Run(ctx, sub)
	s.logCall(ctx, "run_python", out, start, err)
	warning := ""
	if errors.Is(err, pipeline.ErrResultNotLogged) {
		// The code ran: its result is the answer; calling again would run it again.
		warning, err = "The code ran, but "+strings.TrimPrefix(err.Error(), "audit: ")+".", nil
	}
	if errors.Is(err, pipeline.ErrIdempotencyConflict) || errors.Is(err, pipeline.ErrRunInProgress) {
		return nil, RunOutput{}, err
	}
	if err != nil {
		if errors.Is(err, pipeline.ErrNoRunner) {
			return nil, RunOutput{}, errors.New("this MCP server cannot run code (it was started without a runner): use check_python")
		}
		return nil, RunOutput{}, fmt.Errorf("the sandbox failed, the code did not run to completion: %v", err)
	}
	ro := RunOutput{
		Allowed:   out.Decision.Allow,
		Tier:      out.Decision.Tier,
		Result:    out.Result,
		Decision:  out.Decision,
		RequestID: out.RequestID,
		AuditID:   out.AuditID,
		Replayed:  out.Replayed,
		Warning:   warning,
	}
	if warning != "" || out.Result != nil && s.p.Log != nil {
		logged := warning == ""
		ro.ResultLogged = &logged
	}
	ro.Problems, ro.AllowedModules = s.problems(out.Report, out.Decision)
	var b strings.Builder
	if out.Replayed {
		b.WriteString("This is the recorded outcome of an earlier call with the same idempotency_key; nothing ran now.\n")
	}
	if warning != "" && out.Result == nil {
		b.WriteString(warning)
		return textResult(b.String()), ro, nil
	}
	if !ro.Allowed {
		writeDenial(&b, ro.Problems, ro.AllowedModules)
		b.WriteString("\nNothing ran.")
		return textResult(b.String()), ro, nil
	}
	writeResult(&b, out.Result, ro.Tier)
	if warning != "" {
		b.WriteString("\n" + warning)
	}
	return textResult(b.String()), ro, nil
}

// logCall writes one line per tool call: who, what was decided, how long; never the code.
func (s *Server) logCall(ctx context.Context, tool string, out pipeline.Outcome, start time.Time, err error) {
	attrs := []slog.Attr{
		slog.String("tool", tool),
		slog.String("request_id", out.RequestID),
		slog.String("principal", s.principal),
		slog.Bool("allowed", out.Decision.Allow),
		slog.String("audit_id", out.AuditID),
		slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000),
	}
	level := slog.LevelInfo
	if err != nil {
		level = slog.LevelError
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	s.log.LogAttrs(ctx, level, "tool call", attrs...)
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func writeDenial(b *strings.Builder, ps []Problem, allowedModules []string) {
	fmt.Fprintf(b, "Denied by policy (%d %s). Fix each and try again:", len(ps), plural(len(ps), "problem", "problems"))
	for _, p := range ps {
		b.WriteString("\n")
		if p.Line > 0 {
			fmt.Fprintf(b, "line %d: ", p.Line)
		}
		fmt.Fprintf(b, "%s; fix: %s", p.Found, p.Fix)
	}
	if len(allowedModules) > 0 {
		fmt.Fprintf(b, "\nAllowed modules: %s.", strings.Join(allowedModules, ", "))
	}
}

func writeResult(b *strings.Builder, r *runner.Result, tier string) {
	fmt.Fprintf(b, "Ran in tier %s: exit code %d, %d ms.", tier, r.ExitCode, r.DurationMS)
	switch {
	case r.TimedOut:
		b.WriteString(" The program was stopped at the tier's time limit: make it finish sooner.")
	case r.OOMKilled:
		b.WriteString(" The program was killed at the tier's memory limit: use less memory.")
	}
	section := func(name, text string, truncated bool) {
		if text == "" && !truncated {
			fmt.Fprintf(b, "\n%s: (empty)", name)
			return
		}
		fmt.Fprintf(b, "\n%s:\n%s", name, text)
		if truncated {
			fmt.Fprintf(b, "\n[%s truncated at the tier's output limit]", name)
		}
	}
	section("stdout", r.Stdout, r.StdoutTruncated)
	section("stderr", r.Stderr, r.StderrTruncated)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// minLevel drops records below min.
type minLevel struct {
	slog.Handler
	min slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h minLevel) WithAttrs(as []slog.Attr) slog.Handler {
	return minLevel{h.Handler.WithAttrs(as), h.min}
}

func (h minLevel) WithGroup(name string) slog.Handler {
	return minLevel{h.Handler.WithGroup(name), h.min}
}
