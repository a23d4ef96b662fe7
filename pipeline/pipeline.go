// Package pipeline composes the gate's stages once: analyze, decide, log the decision, run, log the
// result. Each stage is a small interface, so the CLI, the HTTP server and the MCP server share one path
// and one set of guarantees: a failure anywhere is a deny, and a decision is durable before code runs.
package pipeline

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline/record"
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

// Log is the audit log. Append returns once the record is durable; an error means absent.
type Log interface {
	Append(ctx context.Context, e audit.Entry) (audit.Stored, error)
	// Defer writes e as soon as the log takes writes again: the result_lost record of a run whose
	// result could not be written.
	Defer(e audit.Entry) error
	// Keyed returns the line of the record with key (see audit.Entry.Key) and the lines of the records
	// linking to it, in log order; an error wrapping audit.ErrNotFound when no record has the key.
	Keyed(ctx context.Context, key string) ([][]byte, error)
}

// LargeProgram is the size from which a program's analysis is large: it allocates up to
// analyzer.MemoryPerByte per byte of source and keeps a core for a hundred milliseconds and more, so
// long-lived front doors (serve, mcp) analyze such programs in worker processes of bounded memory.
const LargeProgram = 64 << 10

// BySize analyzes programs of LargeProgram bytes and more with Large (an analysis worker pool,
// whose memory is bounded and given back after each analysis), the others with Small.
type BySize struct {
	Small, Large Analyzer
}

func (a BySize) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	if len(src) >= LargeProgram {
		return a.Large.Analyze(ctx, path, src)
	}
	return a.Small.Analyze(ctx, path, src)
}

// AtOnce analyzes with an analyzer, at most n programs at a time; further ones wait for their turn,
// or, when their context ends first, are analyzed on the ended context, which denies at once. A
// front door that takes requests concurrently (mcp: the MCP SDK runs every tool call in its own
// goroutine, without a bound) needs it for the analyses it runs in its own process, whose memory is
// up to analyzer.MemoryPerByte per byte of source each.
func AtOnce(a Analyzer, n int) Analyzer {
	return atOnce{a, make(chan struct{}, max(1, n))}
}

type atOnce struct {
	a   Analyzer
	sem chan struct{}
}

func (b atOnce) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	select {
	case b.sem <- struct{}{}:
		defer func() { <-b.sem }()
	case <-ctx.Done():
	}
	return b.a.Analyze(ctx, path, src)
}

// Pipeline holds the stages. Runner may be nil for check-only use; Log may be nil when no log is kept.
type Pipeline struct {
	Analyzer Analyzer
	Decider  Decider
	Runner   Runner
	Log      Log
	// StoreCode says which records keep the submitted code (config audit.store_code); "" is on_deny.
	StoreCode string
	// CodeBudget bounds the code, and the report and reasons, kept in records whose program does
	// not run (config audit.code_budget); nil keeps them as StoreCode says. The decision of a run
	// keeps its code per StoreCode alone, and its report whole: an auditor needs what ran.
	CodeBudget *CodeBudget
	ahead      *ahead // the programs analyzed ahead (Options.Prefetch), or nil
}

// Submission is one program and who sent it.
type Submission struct {
	Path      string // for messages and reports: a file name, "<stdin>" or a client-given name
	Code      []byte
	Request   policy.Request
	RequestID string // generated when empty
	// Files are placed in the run's workspace (see runner.Request.Files); their names, sizes and
	// hashes go to the decision record.
	Files []runner.File
	// IdempotencyKey, when set on a Run, makes a retry with the same key by the same principal return
	// the recorded outcome of the first run instead of running the code again (see Run).
	IdempotencyKey string
	// Report, when set, is the analyzer's report of Path and Code, made by the caller (a server
	// whose analysis worker decoded the request made it there): the pipeline decides on it instead
	// of analyzing Code again. The caller vouches that it is of these bytes (the decision record
	// checks its hash against them); one of another path, size or analyzer version is not used.
	Report *analyzer.Report
}

// Outcome is everything the gate decided and did for one submission.
type Outcome struct {
	RequestID string
	Report    *analyzer.Report
	Decision  policy.Decision
	Result    *runner.Result // nil unless the code ran
	AuditID   string         // the decision record's id; "" when no log is kept
	// Replayed says the outcome is the recorded one of an earlier Run with the same idempotency key:
	// nothing ran for this call.
	Replayed bool
}

// RunDocument is `sbxgate run --format json`, and the body of POST /v1/run.
// Decision is nil only when the gate failed before deciding; Error says why a gate failure happened.
type RunDocument struct {
	Decision  *policy.Decision `json:"decision"`
	Result    *runner.Result   `json:"result"`
	AuditID   string           `json:"audit_id"`
	RequestID string           `json:"request_id"`
	Error     string           `json:"error,omitempty"`
	// ResultLogged is false when the code ran but its result could not be written to the audit log;
	// Warning then says so, and a result_lost record follows as soon as the log takes writes.
	ResultLogged *bool  `json:"result_logged,omitempty"`
	Warning      string `json:"warning,omitempty"`
	// Replayed is true when the answer is the recorded outcome of an earlier run with the same
	// idempotency key: nothing ran for this request.
	Replayed bool `json:"replayed,omitempty"`
}

// Errors callers branch on.
var (
	// ErrNoRunner is returned by Run on a pipeline built without a runner.
	ErrNoRunner = errors.New("no runner configured")
	// ErrResultNotLogged is wrapped by Run's error when the code ran (the Outcome carries its result)
	// but the result record could not be written: the answer must say the code ran, and must not
	// invite a retry that would run it again.
	ErrResultNotLogged = errors.New("the run's result could not be written to the audit log")
	// ErrIdempotencyConflict is wrapped by Run's error when the idempotency key was used before by
	// the same principal for other code or another request.
	ErrIdempotencyConflict = errors.New("the idempotency key was used for a different request")
	// ErrRunInProgress is wrapped by Run's error when the run with the same idempotency key has not
	// finished yet.
	ErrRunInProgress = errors.New("the run with this idempotency key is still in progress")
)

// Check analyzes and decides, logs the decision, and never executes.
func (p *Pipeline) Check(ctx context.Context, s Submission) (Outcome, error) {
	out := p.decide(ctx, &s)
	id, err := p.logDecision(ctx, s, out, false)
	out.AuditID = id
	if err != nil {
		return out, fmt.Errorf("audit: %w", err)
	}
	return out, nil
}

// Run checks the submission and, when the policy allows it, executes exactly the analyzed bytes under
// the decided tier's limits. The decision is durable in the log before the code starts; the result is
// logged after it ends, also when the run fails or the caller gives up. When the result cannot be
// logged, Run still returns it, with an error wrapping ErrResultNotLogged, and has the log write a
// result_lost record as soon as it takes writes again.
//
// With s.IdempotencyKey set, the decision record carries the key (unique per principal in the log),
// and a Run with a key already in the log returns the recorded outcome (Replayed) instead of running
// again, or an error wrapping ErrIdempotencyConflict when the code or request differs, or
// ErrRunInProgress when the first run has not ended.
func (p *Pipeline) Run(ctx context.Context, s Submission) (Outcome, error) {
	if s.IdempotencyKey != "" {
		if err := ValidIdempotencyKey(s.IdempotencyKey); err != nil {
			return Outcome{RequestID: s.RequestID}, err
		}
		if p.Log == nil {
			return Outcome{RequestID: s.RequestID}, errors.New("an idempotency key needs an audit log to keep it: configure audit.path")
		}
		if out, found, err := p.replay(ctx, s); found || err != nil {
			return out, err
		}
	}
	out := p.decide(ctx, &s)
	id, err := p.logDecision(ctx, s, out, out.Decision.Allow && p.Runner != nil)
	out.AuditID = id
	if err != nil {
		if errors.Is(err, audit.ErrDuplicateKey) {
			// Another request with the key got its decision in first.
			if rec, found, rerr := p.replay(ctx, s); found || rerr != nil {
				return rec, rerr
			}
		}
		// Without a durable decision record nothing runs.
		return out, fmt.Errorf("audit: %w", err)
	}
	if !out.Decision.Allow {
		return out, nil
	}
	if p.Runner == nil {
		// Nothing will run: the decision gets its result now, the runner's failure, as any run the
		// runner could not do; left without one, it would read as a run whose outcome is missing,
		// and a retry with its key as still in progress for ever.
		if logErr := p.logResult(context.WithoutCancel(ctx), s, out, id, ErrNoRunner); logErr != nil {
			return out, fmt.Errorf("run: %w (and its result could not be logged: %v)", ErrNoRunner, logErr)
		}
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
		Files:   s.Files,
	})
	if runErr == nil {
		out.Result = &res
	}
	// The result is logged even when the caller's context is gone: a run that happened is recorded.
	logErr := p.logResult(context.WithoutCancel(ctx), s, out, id, runErr)
	if logErr != nil {
		p.deferLost(s, out, id, logErr)
	}
	if runErr != nil {
		return out, fmt.Errorf("run: %w", runErr)
	}
	if logErr != nil {
		return out, fmt.Errorf("audit: %w: %v; a result_lost record will be written when the log takes writes again", ErrResultNotLogged, logErr)
	}
	return out, nil
}

// deferLost has the log write a result_lost record for decision id once it takes writes again.
func (p *Pipeline) deferLost(s Submission, out Outcome, id string, logErr error) {
	rec := p.record(record.KindResultLost, s, out)
	rec.DecisionID = id
	rec.Lost = &record.Lost{Reason: "the result record could not be written: " + logErr.Error(), By: record.LostByRunner}
	if out.Result != nil {
		code := out.Result.ExitCode
		rec.Lost.ExitCode = &code
	}
	e, err := rec.Entry()
	if err != nil {
		return // cannot happen for this record; the decision stays open for the next start-up
	}
	e.IfOpen = true
	// When even queueing fails (the log is closed), the decision stays open: the next start-up
	// writes its result_lost record.
	p.Log.Defer(e)
}

// maxIdempotencyKey bounds a key, as common HTTP APIs do.
const maxIdempotencyKey = 255

// ValidIdempotencyKey checks a client's idempotency key: 1 to 255 printable ASCII characters.
func ValidIdempotencyKey(k string) error {
	if k == "" || len(k) > maxIdempotencyKey {
		return fmt.Errorf("idempotency key is %d bytes: use 1 to %d printable ASCII characters, e.g. a UUID", len(k), maxIdempotencyKey)
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return fmt.Errorf("idempotency key has a byte %#x: use printable ASCII characters without spaces, e.g. a UUID", k[i])
		}
	}
	return nil
}

// idempotencyKey is the log key of a principal's idempotency key: principals never share keys.
func idempotencyKey(principal, key string) string {
	h := sha256.New()
	h.Write([]byte(principal))
	h.Write([]byte{0})
	h.Write([]byte(key))
	return "idem:" + hex.EncodeToString(h.Sum(nil))
}

// replay finds the decision logged under s's idempotency key and returns its recorded outcome.
// found is false when there is none. It fails closed: a log it cannot read is an error, not a run.
func (p *Pipeline) replay(ctx context.Context, s Submission) (out Outcome, found bool, err error) {
	out.RequestID = s.RequestID
	lines, err := p.Log.Keyed(ctx, idempotencyKey(s.Request.Principal, s.IdempotencyKey))
	if errors.Is(err, audit.ErrNotFound) {
		return out, false, nil
	}
	if err != nil {
		return out, true, fmt.Errorf("audit: look up the idempotency key: %w", err)
	}
	dec, err := record.Decode(lines[0])
	if err != nil || dec.Kind != record.KindDecision || dec.Decision == nil {
		return out, true, fmt.Errorf("audit: the record under idempotency key %q is not a decision: run sbxgate audit verify", s.IdempotencyKey)
	}
	sum := sha256.Sum256(s.Code)
	switch {
	case dec.Principal != s.Request.Principal || dec.IdempotencyKey != s.IdempotencyKey:
		return out, true, fmt.Errorf("audit: the record under idempotency key %q belongs to another request: run sbxgate audit verify", s.IdempotencyKey)
	case dec.CodeSHA256 != hex.EncodeToString(sum[:]):
		return out, true, fmt.Errorf("%w: key %q was first used for other code (sha256 %.12s, decision %s): use a new key for new code", ErrIdempotencyConflict, s.IdempotencyKey, dec.CodeSHA256, dec.ID)
	case dec.Request.RequestedTier != s.Request.RequestedTier || !record.SameRequest(dec, s.Request.Labels, record.Files(s.Files)):
		return out, true, fmt.Errorf("%w: key %q was first used with another requested tier, labels or files (decision %s): use a new key for a new request", ErrIdempotencyConflict, s.IdempotencyKey, dec.ID)
	}
	out = Outcome{RequestID: dec.RequestID, Report: dec.Report, Decision: *dec.Decision, AuditID: dec.ID, Replayed: true}
	if !dec.Decision.Allow {
		return out, true, nil
	}
	for _, line := range lines[1:] {
		r, err := record.Decode(line)
		if err != nil {
			return out, true, fmt.Errorf("audit: %w", err)
		}
		switch r.Kind {
		case record.KindResult:
			out.Result = r.Result
			if r.Error != "" {
				return out, true, fmt.Errorf("run: %s (recorded for idempotency key %q: use a new key to run the code again)", r.Error, s.IdempotencyKey)
			}
			return out, true, nil
		case record.KindResultLost:
			reason := ""
			if r.Lost != nil {
				reason = r.Lost.Public()
			}
			return out, true, fmt.Errorf("audit: %w: %s (result_lost record %s)", ErrResultNotLogged, reason, r.ID)
		}
	}
	return out, true, fmt.Errorf("%w (decision %s): retry later with the same key", ErrRunInProgress, dec.ID)
}

func (p *Pipeline) decide(ctx context.Context, s *Submission) Outcome {
	if s.RequestID == "" {
		s.RequestID = NewRequestID()
	}
	rep := s.Report
	if rep != nil && (rep.Path != s.Path || rep.Size != len(s.Code) || rep.AnalyzerVersion != analyzer.Version) {
		rep = nil
	}
	if rep == nil {
		rep = p.ahead.take(ctx, s.Path, s.Code)
	}
	if rep == nil {
		rep = p.Analyzer.Analyze(ctx, s.Path, s.Code)
	}
	dec := p.Decider.Decide(ctx, policy.Input{Request: s.Request, Report: rep})
	return Outcome{RequestID: s.RequestID, Report: rep, Decision: dec}
}

// logDecision writes the decision record; open says the code is about to run (the record then
// carries this process as its owner, and keeps its code per StoreCode whatever the budget).
func (p *Pipeline) logDecision(ctx context.Context, s Submission, out Outcome, open bool) (string, error) {
	if p.Log == nil {
		return "", nil
	}
	dec := out.Decision
	rec := p.record(record.KindDecision, s, out)
	rec.AnalyzerVersion = out.Report.AnalyzerVersion
	rec.Request = s.Request
	rec.Report = out.Report
	rec.Decision = &dec
	rec.Files = record.Files(s.Files)
	if s.IdempotencyKey != "" {
		rec.Key = idempotencyKey(s.Request.Principal, s.IdempotencyKey)
		rec.IdempotencyKey = s.IdempotencyKey
	}
	var limit record.CodeLimit
	if !open {
		limit = p.CodeBudget.For(s.Request.Principal)
	}
	if err := record.SetCode(&rec, s.Code, p.StoreCode, limit); err != nil {
		return "", err
	}
	if !open {
		p.CodeBudget.LimitAnalysis(&rec)
		p.CodeBudget.LimitRequest(&rec)
	}
	e, err := rec.Entry()
	if err != nil {
		return "", err
	}
	// A decision about to run carries this process's identity until its result links to it.
	e.Open = open
	stored, err := p.Log.Append(ctx, e)
	if err != nil {
		return "", err
	}
	return stored.ID, nil
}

func (p *Pipeline) logResult(ctx context.Context, s Submission, out Outcome, decisionID string, runErr error) error {
	if p.Log == nil {
		return nil
	}
	rec := p.record(record.KindResult, s, out)
	rec.DecisionID = decisionID
	rec.Result = out.Result
	record.ApplyStoreArtifacts(&rec, p.StoreCode)
	if runErr != nil {
		rec.Error = runErr.Error()
	}
	e, err := rec.Entry()
	if err != nil {
		return err
	}
	_, err = p.Log.Append(ctx, e)
	return err
}

// record holds what every record of a submission says: who sent which code, when.
func (p *Pipeline) record(kind string, s Submission, out Outcome) record.Record {
	return record.Record{
		Kind: kind,
		Time: time.Now().UTC(),
		Payload: record.Payload{
			RequestID:  s.RequestID,
			Principal:  s.Request.Principal,
			Source:     s.Request.Source,
			CodeSHA256: out.Report.SHA256,
			CodeSize:   len(s.Code),
		},
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

// NewRequestID returns a random 128-bit id in hex.
func NewRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}
