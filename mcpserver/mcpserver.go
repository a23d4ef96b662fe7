// Package mcpserver exposes the gate to LLM agents as a Model Context Protocol server with the tools
// check_python, run_python and allowed_modules. The first two go through pipeline.Pipeline, so an
// agent gets the CLI's guarantees: every decision is logged, denied code never runs, and a gate
// failure is a deny.
//
// Answers are written for a model to read: a denial is a result, not an error, and comes back as
// problems, each cause once, with its line, what was found and what to do instead; the allowed
// modules are listed once per session (and on request); a run's output is in the text once, with
// the limit that stopped the program and its value; a gate failure says whether anything ran and
// never shows the server's files.
package mcpserver

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
	"weak"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/google/jsonschema-go/jsonschema"
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
	// listed holds the sessions that were sent the allowed modules already; an entry goes when its
	// session is collected.
	mu     sync.Mutex
	listed map[weak.Pointer[mcp.ServerSession]]bool
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
	s := &Server{p: p, cfg: cfg, principal: DefaultPrincipal, version: "dev", listed: map[weak.Pointer[mcp.ServerSession]]bool{}}
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
			"for each, the line, what was found and how to fix it. Rewrite the code and try again. " +
			"allowed_modules lists the modules code may import.",
		Logger: sdkLog,
	})
	no := false
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:  "check_python",
		Title: "Check Python code against the sandbox policy",
		Description: "Analyzes Python 3.11 code and asks the policy whether it may run; never executes it. " +
			"Returns allowed, the granted tier and, when denied, problems with line, what was found and a fix.",
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
		OutputSchema: outputSchema[CheckOutput](),
	}, s.checkPython)
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:  "run_python",
		Title: "Run Python code in the sandbox",
		Description: "Checks Python 3.11 code and, when the policy allows it, runs it in an isolated container with " +
			"no network and the tier's CPU, memory, process and time limits. Returns exit code, stdout and stderr; " +
			"when denied, the problems to fix instead (nothing ran). Print the values you need. Input files (files) are placed in the " +
			"working directory; files the program writes under out/ (e.g. plt.savefig('out/plot.png')) come back: images as images, others as resources.",
		Annotations:  &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &no},
		OutputSchema: outputSchema[RunOutput](),
	}, s.runPython)
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:        "allowed_modules",
		Title:       "Modules Python code may import",
		Description: "Lists the modules the sandbox policy lets code import (standard-library modules; no third-party packages).",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &no},
	}, s.allowedModules)
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
	Code           string      `json:"code" jsonschema:"the complete Python 3.11 program to run; print what you need to see"`
	Path           string      `json:"path,omitempty" jsonschema:"a file name for messages, e.g. main.py"`
	RequestedTier  string      `json:"requested_tier,omitempty" jsonschema:"a resource tier to ask for (the policy decides); leave empty for the default"`
	IdempotencyKey string      `json:"idempotency_key,omitempty" jsonschema:"optional; a retry with the same key returns the first call's recorded result instead of running the code again"`
	Files          []InputFile `json:"files,omitempty" jsonschema:"optional input files, placed in the program's working directory under their names before it starts"`
}

// InputFile is a file run_python places in the program's working directory.
type InputFile struct {
	Name          string `json:"name" jsonschema:"a relative file name, e.g. data.csv or in/data.csv"`
	Content       string `json:"content,omitempty" jsonschema:"the file's text (UTF-8); leave empty when content_base64 is given"`
	ContentBase64 string `json:"content_base64,omitempty" jsonschema:"the file's bytes in base64, for binary files"`
}

// Problem is one cause of a denial, in terms an agent can act on.
type Problem struct {
	Line  int    `json:"line" jsonschema:"1-based line of the code; 0 when the problem is not tied to a line"`
	Col   int    `json:"col" jsonschema:"0-based column"`
	Rule  string `json:"rule" jsonschema:"the rule that matched, e.g. SBX101"`
	Found string `json:"found" jsonschema:"what was found"`
	Fix   string `json:"fix" jsonschema:"what to do instead"`
	// OtherRules are further rules behind the same cause, such as an import that is both outside
	// the allowlist and reaches a denied capability.
	OtherRules []string `json:"other_rules,omitempty" jsonschema:"further rules that matched the same code, e.g. SBX951 for an import also outside the allowlist"`
}

// CheckOutput is the structured result of check_python.
// jsonTypes are the types whose JSON is not what their Go kind says: the grants and the
// enforcement layers are bit sets written as lists of names.
var jsonTypes = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[config.Grants](): {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	reflect.TypeFor[config.Layers](): {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
}

// outputSchema is T's schema as its values are written: the SDK validates every answer against
// it, and a schema that disagreed would turn an answer into a protocol error after the code ran.
func outputSchema[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: jsonTypes})
	if err != nil {
		panic(fmt.Sprintf("mcpserver: output schema of %T: %v", *new(T), err))
	}
	return s
}

type CheckOutput struct {
	Allowed    bool                 `json:"allowed"`
	Tier       string               `json:"tier" jsonschema:"the resource tier granted, or none"`
	Problems   []Problem            `json:"problems" jsonschema:"why the code is denied, each with a fix; empty when allowed"`
	Findings   []analyzer.Finding   `json:"findings" jsonschema:"everything the analyzer found, also when allowed"`
	ParseError *analyzer.ParseError `json:"parse_error"`
	Decision   policy.Decision      `json:"decision"`
	RequestID  string               `json:"request_id"`
	AuditID    string               `json:"audit_id"`
}

// RunOutput is the structured result of run_python. Result is null when the code was denied.
type RunOutput struct {
	Allowed   bool            `json:"allowed"`
	Tier      string          `json:"tier"`
	Problems  []Problem       `json:"problems"`
	Result    *RunResult      `json:"result"`
	Decision  policy.Decision `json:"decision"`
	RequestID string          `json:"request_id"`
	AuditID   string          `json:"audit_id"`
	// ResultLogged is false when the code ran but its result could not be written to the audit log.
	ResultLogged *bool  `json:"result_logged,omitempty"`
	Warning      string `json:"warning,omitempty"`
	// Replayed is true when this is the recorded result of an earlier call with the same idempotency_key.
	Replayed bool `json:"replayed,omitempty"`
}

// RunResult is what a run did. The program's stdout and stderr are not here: the answer's text
// carries them once, where every client shows them to the model (both places doubled the answer).
type RunResult struct {
	ExitCode        int   `json:"exit_code" jsonschema:"the program's exit status; 137 when the sandbox killed it at a limit, 159 when it stopped the program for a violation"`
	StdoutBytes     int   `json:"stdout_bytes" jsonschema:"bytes of stdout, which the text content carries"`
	StderrBytes     int   `json:"stderr_bytes" jsonschema:"bytes of stderr, which the text content carries"`
	StdoutTruncated bool  `json:"stdout_truncated"`
	StderrTruncated bool  `json:"stderr_truncated"`
	TimedOut        bool  `json:"timed_out"`
	OOMKilled       bool  `json:"oom_killed"`
	DurationMS      int64 `json:"duration_ms"`
	CPUMS           int64 `json:"cpu_ms"`
	PeakMemoryBytes int64 `json:"peak_memory_bytes"`
	// LimitHit names the tier limit that stopped the program, with its value.
	LimitHit string `json:"limit_hit,omitempty" jsonschema:"the tier limit that stopped the program and its value, e.g. time limit 10s; empty when none did"`
	// Violations are what the program tried that its decision did not grant; the first ended it.
	Violations  []runner.Violation  `json:"violations" jsonschema:"what the program tried at run time that its decision did not grant; empty when nothing"`
	Enforcement *runner.Enforcement `json:"enforcement,omitempty"`
	// Artifacts are the files the program wrote in out/, without their content: the answer's
	// content carries them (images as images, others as embedded resources).
	Artifacts        []ArtifactInfo           `json:"artifacts" jsonschema:"the files the program wrote in out/; their content follows the text as image or resource content"`
	ArtifactsSkipped []runner.SkippedArtifact `json:"artifacts_skipped,omitempty" jsonschema:"entries of out/ that did not come back, and why"`
}

// ArtifactInfo describes a file the program wrote in out/.
type ArtifactInfo struct {
	Name      string `json:"name" jsonschema:"relative to out/"`
	Size      int64  `json:"size"`
	SHA256    string `json:"sha256"`
	MediaType string `json:"media_type"`
	Truncated bool   `json:"truncated" jsonschema:"only the start of the file came back"`
}

// AllowedModulesOutput is the structured result of allowed_modules.
type AllowedModulesOutput struct {
	Modules []string `json:"modules" jsonschema:"the modules code may import, with their submodules"`
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

func (s *Server) checkPython(ctx context.Context, req *mcp.CallToolRequest, in CheckInput) (*mcp.CallToolResult, CheckOutput, error) {
	s.calls.Add(1)
	defer s.calls.Done()
	if err := oneReading(req); err != nil {
		return nil, CheckOutput{}, err
	}
	sub, err := s.submission(in.Code, in.Path, "")
	if err != nil {
		return nil, CheckOutput{}, err
	}
	start := time.Now()
	out, err := s.p.Check(ctx, sub)
	s.logCall(ctx, "check_python", out, start, err)
	if err != nil {
		// The error names the server's files; the server's log has it under the request id.
		return nil, CheckOutput{}, fmt.Errorf("the gate could not record its decision in the audit log, so the code counts as denied; retry later or tell the operator (request_id %s)", out.RequestID)
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
	var refused bool
	co.Problems, refused = problems(out.Report, out.Decision)
	var b strings.Builder
	if co.Allowed {
		fmt.Fprintf(&b, "Allowed: the policy grants tier %s. run_python may run this code.", co.Tier)
	} else {
		s.writeDenial(&b, req.Session, co.Problems, refused)
	}
	return textResult(b.String()), co, nil
}

func (s *Server) runPython(ctx context.Context, req *mcp.CallToolRequest, in RunInput) (*mcp.CallToolResult, RunOutput, error) {
	s.calls.Add(1)
	defer s.calls.Done()
	if err := oneReading(req); err != nil {
		return nil, RunOutput{}, err
	}
	sub, err := s.submission(in.Code, in.Path, in.RequestedTier)
	if err != nil {
		return nil, RunOutput{}, err
	}
	if k := in.IdempotencyKey; k != "" {
		// Refused here, as over HTTP: the pipeline refuses it too, but before deciding, which
		// runFailure cannot tell from a gate failure.
		if err := pipeline.ValidIdempotencyKey(k); err != nil {
			return nil, RunOutput{}, fmt.Errorf("idempotency_key: %v; nothing ran", err)
		}
		if s.p.Log == nil {
			return nil, RunOutput{}, errors.New("idempotency_key needs an audit log to keep it, and this server keeps none; nothing ran: call without it")
		}
	}
	sub.IdempotencyKey = in.IdempotencyKey
	if sub.Files, err = s.inputFiles(in.Files); err != nil {
		return nil, RunOutput{}, err
	}
	start := time.Now()
	out, err := s.p.Run(ctx, sub)
	s.logCall(ctx, "run_python", out, start, err)
	warning := ""
	if errors.Is(err, pipeline.ErrResultNotLogged) {
		// The code ran: its result is the answer; calling again would run it again. The error
		// names the server's files; the server's log has it under the request id.
		warning, err = fmt.Sprintf("The code ran, but the gate could not record its result in the audit log; do not run it again only for that. The operator can find it under request_id %s.", out.RequestID), nil
	}
	if errors.Is(err, pipeline.ErrIdempotencyConflict) || errors.Is(err, pipeline.ErrRunInProgress) {
		return nil, RunOutput{}, err
	}
	if err != nil {
		return nil, RunOutput{}, s.runFailure(out, err)
	}
	ro := RunOutput{
		Allowed:   out.Decision.Allow,
		Tier:      out.Decision.Tier,
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
	var refused bool
	ro.Problems, refused = problems(out.Report, out.Decision)
	var b strings.Builder
	if out.Replayed {
		b.WriteString("This is the recorded outcome of an earlier call with the same idempotency_key; nothing ran now.\n")
	}
	if warning != "" && out.Result == nil {
		b.WriteString(warning)
		return textResult(b.String()), ro, nil
	}
	if !ro.Allowed {
		s.writeDenial(&b, req.Session, ro.Problems, refused)
		b.WriteString("\nNothing ran.")
		return textResult(b.String()), ro, nil
	}
	ro.Result = writeResult(&b, out.Result, ro.Tier, out.Decision.Limits)
	if warning != "" {
		b.WriteString("\n" + warning)
	}
	res := textResult(b.String())
	res.Content = append(res.Content, artifactContent(out.RequestID, out.Result.Artifacts)...)
	return res, ro, nil
}

// oneReading refuses tool arguments that two readers could read differently: a member named twice
// in an object (the SDK keeps the last copy; a client that shows or checks the call may take the
// first) or invalid UTF-8 (which decoding turns into U+FFFD, so the gate would decide other bytes
// than were sent). The HTTP API refuses the same bodies.
func oneReading(req *mcp.CallToolRequest) error {
	if req == nil || req.Params == nil || len(req.Params.Arguments) == 0 {
		return nil
	}
	err := jsontext.NewDecoder(bytes.NewReader(req.Params.Arguments)).SkipValue()
	var se *jsontext.SyntacticError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se) && errors.Is(se.Err, jsontext.ErrDuplicateName):
		return fmt.Errorf("argument %s appears twice: send each argument once", se.JSONPointer)
	case errors.As(err, &se) && errors.Is(se.Err, errInvalidUTF8):
		return fmt.Errorf("the arguments are not valid UTF-8 at byte %d: send the code and names as UTF-8", se.ByteOffset)
	}
	return fmt.Errorf("the arguments are not one JSON object: %v", err)
}

// errInvalidUTF8 is jsontext's (unexported) cause of a syntactic error for invalid UTF-8.
var errInvalidUTF8 = func() error {
	_, err := jsontext.AppendQuote(nil, "\xff")
	return errors.Unwrap(err)
}()

// inputFiles decodes run_python's files and checks them against files.in.
func (s *Server) inputFiles(in []InputFile) ([]runner.File, error) {
	l := s.cfg.Files.InLimits()
	if len(in) > l.MaxCount {
		return nil, fmt.Errorf("%d files, over the limit of %d: send fewer files", len(in), l.MaxCount)
	}
	var files []runner.File
	for i, f := range in {
		content := []byte(f.Content)
		switch {
		case f.Content != "" && f.ContentBase64 != "":
			return nil, fmt.Errorf("files[%d] %q has both content and content_base64: send one", i, f.Name)
		case f.ContentBase64 != "":
			var err error
			if content, err = base64.StdEncoding.DecodeString(f.ContentBase64); err != nil {
				return nil, fmt.Errorf("files[%d] %q: content_base64 is not base64 (standard, with padding): %v", i, f.Name, err)
			}
		}
		files = append(files, runner.File{Name: f.Name, Content: content})
	}
	if err := runner.CheckFiles(files, l); err != nil {
		return nil, err
	}
	return files, nil
}

// artifactContent is the answer's content for the artifacts: an image a client shows the model
// (PNG, JPEG, GIF or WebP whose bytes are what the name says, and complete), or an embedded
// resource, as text when it is text. A truncated artifact is only in the text and the
// structured answer.
func artifactContent(requestID string, arts []runner.Artifact) []mcp.Content {
	var out []mcp.Content
	for _, a := range arts {
		if a.Truncated || int64(len(a.Content)) != a.Size {
			continue // cut, or replayed from a log that did not keep it
		}
		if imageTypes[a.MediaType] && http.DetectContentType(a.Content) == a.MediaType {
			out = append(out, &mcp.ImageContent{Data: a.Content, MIMEType: a.MediaType})
			continue
		}
		rc := &mcp.ResourceContents{URI: "sbxgate://runs/" + requestID + "/out/" + url.PathEscape(a.Name), MIMEType: a.MediaType}
		if isText(a.MediaType) && utf8.Valid(a.Content) {
			rc.Text = string(a.Content)
		} else {
			rc.Blob = a.Content
		}
		out = append(out, &mcp.EmbeddedResource{Resource: rc})
	}
	return out
}

// imageTypes are the image types MCP clients show a model.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

func isText(mediaType string) bool {
	return strings.HasPrefix(mediaType, "text/") || mediaType == "application/json" || mediaType == "application/xml" || mediaType == "image/svg+xml"
}

// runFailure words a gate failure by what happened to the code: nothing ran (no runner, no
// sandbox, or the decision could not be recorded), or the sandbox failed under it. The error
// itself names the server's files and daemon; the server's log has it under the request id.
func (s *Server) runFailure(out pipeline.Outcome, err error) error {
	ask := fmt.Sprintf("retry later or tell the operator (request_id %s)", out.RequestID)
	switch {
	case errors.Is(err, pipeline.ErrNoRunner):
		return errors.New("this MCP server cannot run code (it was started without a runner): use check_python")
	case s.p.Log != nil && out.AuditID == "":
		return fmt.Errorf("the gate could not record its decision in the audit log, so nothing ran; %s", ask)
	case errors.Is(err, runner.ErrNoDaemon) || errors.Is(err, runner.ErrImageMissing):
		return fmt.Errorf("the sandbox is not available on this server, so nothing ran; %s", ask)
	}
	return fmt.Errorf("the sandbox failed while running the code, so there is no result (the program may have started); %s", ask)
}

func (s *Server) allowedModules(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, AllowedModulesOutput, error) {
	s.markListed(req.Session)
	mods := nonNil(s.cfg.Modules.Allow)
	return textResult(fmt.Sprintf("Code may import these modules and their submodules: %s.", strings.Join(mods, ", "))), AllowedModulesOutput{Modules: mods}, nil
}

// markListed records that session has been sent the allowed modules, and reports whether it had
// been already.
func (s *Server) markListed(session *mcp.ServerSession) (already bool) {
	if session == nil {
		return false
	}
	k := weak.Make(session)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listed[k] {
		return true
	}
	s.listed[k] = true
	runtime.AddCleanup(session, func(k weak.Pointer[mcp.ServerSession]) {
		s.mu.Lock()
		delete(s.listed, k)
		s.mu.Unlock()
	}, k)
	return false
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

// writeDenial lists the problems, then where the allowed modules are when an import was refused: the
// list itself the first time in a session, after that a pointer to it.
func (s *Server) writeDenial(b *strings.Builder, session *mcp.ServerSession, ps []Problem, refusedImport bool) {
	fmt.Fprintf(b, "Denied by policy (%d %s). Fix each and try again:", len(ps), plural(len(ps), "problem", "problems"))
	for _, p := range ps {
		b.WriteString("\n")
		if p.Line > 0 {
			fmt.Fprintf(b, "line %d: ", p.Line)
		}
		fmt.Fprintf(b, "%s; fix: %s", p.Found, p.Fix)
	}
	if !refusedImport {
		return
	}
	if s.markListed(session) {
		b.WriteString("\nAllowed modules: as listed earlier in this session; allowed_modules lists them again.")
		return
	}
	fmt.Fprintf(b, "\nAllowed modules (listed once per session; allowed_modules lists them again): %s.", strings.Join(s.cfg.Modules.Allow, ", "))
}

// writeResult writes the run's summary, what stopped it (a violation, or the limit with its value),
// and its output, and returns the structured result without the output.
func writeResult(b *strings.Builder, r *runner.Result, tier string, lim config.Limits) *RunResult {
	rr := &RunResult{
		ExitCode: r.ExitCode, StdoutBytes: len(r.Stdout), StderrBytes: len(r.Stderr),
		StdoutTruncated: r.StdoutTruncated, StderrTruncated: r.StderrTruncated,
		TimedOut: r.TimedOut, OOMKilled: r.OOMKilled,
		DurationMS: r.DurationMS, CPUMS: r.CPUMS, PeakMemoryBytes: r.PeakMemoryBytes,
		Violations: nonNil(r.Violations), Enforcement: r.Enforcement,
		Artifacts: []ArtifactInfo{}, ArtifactsSkipped: r.ArtifactsSkipped,
	}
	for _, a := range r.Artifacts {
		rr.Artifacts = append(rr.Artifacts, ArtifactInfo{Name: a.Name, Size: a.Size, SHA256: a.SHA256, MediaType: a.MediaType, Truncated: a.Truncated})
	}
	fmt.Fprintf(b, "Ran in tier %s: exit code %d, %d ms.", tier, r.ExitCode, r.DurationMS)
	var stream string
	switch {
	case r.StdoutTruncated:
		stream = "stdout"
	case r.StderrTruncated:
		stream = "stderr"
	}
	switch {
	case len(r.Violations) > 0:
		fmt.Fprintf(b, " The sandbox stopped the program (exit %d) when it tried at run time what its decision does not grant; rewrite it without:", r.ExitCode)
		for _, v := range r.Violations {
			fmt.Fprintf(b, "\n- %s (%s", strings.ReplaceAll(v.Capability, "_", " "), v.Event)
			if v.Detail != "" {
				fmt.Fprintf(b, ": %s", v.Detail)
			}
			b.WriteString(")")
		}
	case r.TimedOut:
		rr.LimitHit = "time limit " + duration(lim.TimeoutMS)
		fmt.Fprintf(b, " The sandbox stopped the program at the tier's time limit of %s: make it finish sooner.", duration(lim.TimeoutMS))
	case r.OOMKilled:
		rr.LimitHit = "memory limit " + size(lim.MemoryBytes)
		fmt.Fprintf(b, " The sandbox killed the program at the tier's memory limit of %s: use less memory.", size(lim.MemoryBytes))
	case stream != "":
		rr.LimitHit = "output limit " + size(lim.OutputBytes)
		fmt.Fprintf(b, " The sandbox killed the program (exit %d) when its %s passed the tier's output limit of %s: print less. What it wrote up to the limit is below.", r.ExitCode, stream, size(lim.OutputBytes))
	case r.ExitCode == 137:
		fmt.Fprintf(b, " The program was killed by SIGKILL (exit 137) without a limit the sandbox recorded; the tier allows %s of memory and %d processes.", size(lim.MemoryBytes), lim.Pids)
	case r.ExitCode != 0:
		b.WriteString(" The program failed: see stderr.")
	}
	section := func(name, text string, truncated bool) {
		if text == "" && !truncated {
			fmt.Fprintf(b, "\n%s: (empty)", name)
			return
		}
		fmt.Fprintf(b, "\n%s:\n%s", name, text)
		if truncated {
			fmt.Fprintf(b, "\n[%s cut at the tier's output limit of %s]", name, size(lim.OutputBytes))
		}
	}
	section("stdout", r.Stdout, r.StdoutTruncated)
	section("stderr", r.Stderr, r.StderrTruncated)
	if len(r.Artifacts) > 0 {
		b.WriteString("\nfiles in out/:")
		for _, a := range r.Artifacts {
			fmt.Fprintf(b, "\n- %s (%s, %d bytes)", a.Name, a.MediaType, a.Size)
			switch {
			case a.Truncated:
				fmt.Fprintf(b, ": too large to return whole (%d bytes came back); write a smaller file", len(a.Content))
			case a.Size > 0 && len(a.Content) == 0:
				b.WriteString(": its content was not kept")
			}
		}
	}
	for _, sk := range r.ArtifactsSkipped {
		name := "out/"
		if sk.Name != "" {
			name += sk.Name
		}
		fmt.Fprintf(b, "\n%s not returned: %s", name, sk.Reason)
	}
	return rr
}

// duration formats a limit in milliseconds as Go writes durations: 10s, 1m30s, 250ms.
func duration(ms int64) string {
	return (time.Duration(ms) * time.Millisecond).String()
}

// size formats a limit in bytes in the largest binary unit that divides it: 256KiB, 1GiB.
func size(n int64) string {
	for _, u := range []struct {
		name string
		mult int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.mult && n%u.mult == 0 {
			return fmt.Sprintf("%d%s", n/u.mult, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
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
