// Package pipeline composes the gate's stages once: analyze, decide, log the decision, run, log the
// result. Each stage is a small interface, so the CLI, the HTTP server and the MCP server share one path
// and one set of guarantees: a failure anywhere is a deny, and a decision is durable before code runs.
package pipeline

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// Analyzer turns source bytes into facts. It never fails: a parse error is part of the report.
type Analyzer interface {
	Analyze(ctx context.Context, path string, src []byte) *analyzer.Report
}

// Decider asks the policy. It never allows on failure.
type Decider interface {
	Decide(ctx context.Context, in policy.Input) policy.Decision
}

// Runner executes approved code in the sandbox.
type Runner interface {
	Run(ctx context.Context, req runner.Request) (runner.Result, error)
}

// Log is the audit log. Append returns once the record is durable.
type Log interface {
	Append(ctx context.Context, rec audit.Record) (audit.Record, error)
}

// Pipeline holds the stages. Runner may be nil for check-only use; Log may be nil when no log is kept.
type Pipeline struct {
	Analyzer Analyzer
	Decider  Decider
	Runner   Runner
	Log      Log
}

// Submission is one program and who sent it.
type Submission struct {
	Path      string // for messages and reports: a file name, "<stdin>" or a client-given name
	Code      []byte
	Request   policy.Request
	RequestID string // generated when empty
}

// Outcome is everything the gate decided and did for one submission.
type Outcome struct {
	RequestID string
	Report    *analyzer.Report
	Decision  policy.Decision
	Result    *runner.Result // nil unless the code ran
	AuditID   string         // the decision record's id; "" when no log is kept
}

// RunDocument is `sbxgate run --format json` (shared/CONTRACT.md), and the body of POST /v1/run.
// Decision is nil only when the gate failed before deciding; Error says why a gate failure happened.
type RunDocument struct {
	Decision  *policy.Decision `json:"decision"`
	Result    *runner.Result   `json:"result"`
	AuditID   string           `json:"audit_id"`
	RequestID string           `json:"request_id"`
	Error     string           `json:"error,omitempty"`
}

// ErrNoRunner is returned by Run on a pipeline built without a runner.
var ErrNoRunner = errors.New("no runner configured")

// Check analyzes and decides, logs the decision, and never executes.
func (p *Pipeline) Check(ctx context.Context, s Submission) (Outcome, error) {
	out := p.decide(ctx, &s)
	id, err := p.logDecision(ctx, s, out)
	out.AuditID = id
	if err != nil {
		return out, fmt.Errorf("audit: %w", err)
	}
	return out, nil
}

// Run checks the submission and, when the policy allows it, executes exactly the analyzed bytes under
// the decided tier's limits. The decision is durable in the log before the code starts; the result is
// logged after it ends, also when the run fails or the caller gives up.
func (p *Pipeline) Run(ctx context.Context, s Submission) (Outcome, error) {
	out := p.decide(ctx, &s)
	id, err := p.logDecision(ctx, s, out)
	out.AuditID = id
	if err != nil {
		// Without a durable decision record nothing runs.
		return out, fmt.Errorf("audit: %w", err)
	}
	if !out.Decision.Allow {
		return out, nil
	}
	if p.Runner == nil {
		return out, fmt.Errorf("run: %w", ErrNoRunner)
	}
	// Who submitted is in the log; the container carries only the request id, so a warm one
	// from the pool can take any request.
	res, runErr := p.Runner.Run(ctx, runner.Request{
		ID:      s.RequestID,
		Code:    s.Code,
		Path:    s.Path,
		Modules: importedModules(out.Report),
		Limits:  out.Decision.Limits,
	})
	if runErr == nil {
		out.Result = &res
	}
	// The result is logged even when the caller's context is gone: a run that happened is recorded.
	logErr := p.logResult(context.WithoutCancel(ctx), s, out, id, runErr)
	if runErr != nil {
		return out, fmt.Errorf("run: %w", runErr)
	}
	if logErr != nil {
		return out, fmt.Errorf("audit: %w", logErr)
	}
	return out, nil
}

func (p *Pipeline) decide(ctx context.Context, s *Submission) Outcome {
	if s.RequestID == "" {
		s.RequestID = NewRequestID()
	}
	rep := p.Analyzer.Analyze(ctx, s.Path, s.Code)
	dec := p.Decider.Decide(ctx, policy.Input{Request: s.Request, Report: rep})
	return Outcome{RequestID: s.RequestID, Report: rep, Decision: dec}
}

func (p *Pipeline) logDecision(ctx context.Context, s Submission, out Outcome) (string, error) {
	if p.Log == nil {
		return "", nil
	}
	dec := out.Decision
	rec := record(audit.KindDecision, s, out)
	rec.Code = codePtr(s.Code)
	rec.AnalyzerVersion = out.Report.AnalyzerVersion
	rec.Request = s.Request
	rec.Report = out.Report
	rec.Decision = &dec
	stored, err := p.Log.Append(ctx, rec)
	if err != nil {
		return "", err
	}
	return stored.ID, nil
}

func (p *Pipeline) logResult(ctx context.Context, s Submission, out Outcome, decisionID string, runErr error) error {
	if p.Log == nil {
		return nil
	}
	rec := record(audit.KindResult, s, out)
	rec.DecisionID = decisionID
	rec.Result = out.Result
	if runErr != nil {
		rec.Error = runErr.Error()
	}
	_, err := p.Log.Append(ctx, rec)
	return err
}

// record holds what every record of a submission says: who sent which code, when.
func record(kind string, s Submission, out Outcome) audit.Record {
	return audit.Record{
		Kind:       kind,
		Time:       time.Now().UTC(),
		RequestID:  s.RequestID,
		Principal:  s.Request.Principal,
		Source:     s.Request.Source,
		CodeSHA256: out.Report.SHA256,
		CodeSize:   len(s.Code),
	}
}

// importedModules are the absolute modules the report says the program imports, with the names
// of from-imports that may be submodules, for the sandbox to load their native code up front.
func importedModules(rep *analyzer.Report) []string {
	mods := []string{}
	for _, imp := range rep.Imports {
		if imp.Level != 0 || imp.Module == "" {
			continue
		}
		mods = append(mods, imp.Module)
		for _, n := range imp.Names {
			if n != "*" {
				mods = append(mods, imp.Module+"."+n)
			}
		}
	}
	return mods
}

func codePtr(b []byte) *string {
	s := string(b)
	return &s
}

// NewRequestID returns a random 128-bit id in hex.
func NewRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}
