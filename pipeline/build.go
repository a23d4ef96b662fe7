package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// Options say which optional stages to build.
type Options struct {
	PolicyDir string // "" uses the embedded default policy
	AuditPath string // "" falls back to the config's audit.path; still "" means no log
	Runner    bool   // connect to Docker (and warm the pool, unless NoPool)
	// NoPool skips the warm pool: a one-shot caller (the CLI) would pay for warming a container
	// per tier and use at most one.
	NoPool bool
	// Prefetch are the programs a one-shot caller submits first: each is analyzed as soon as the
	// analyzer is built, while the policy may still compile, and the first analysis of the same
	// path and code takes that report.
	Prefetch []Prefetch
}

// Built is a pipeline together with what must be closed when done with it.
type Built struct {
	*Pipeline
	Config *config.Config
	Policy *policy.Engine
	// Repairs are the records of torn tails the audit log set aside when it was opened (after a crash
	// of a writer), for the caller to tell its user about.
	Repairs []audit.Repaired
	// LostResults are the decisions whose process died before it logged their result, for which New
	// wrote a result_lost record; SweepError says why that could not be done, if it could not.
	LostResults []string
	SweepError  error
	closers     []io.Closer
}

// New builds every stage from the config: the analyzer, the prepared policy, the audit log and, when
// asked for, the Docker runner. Options are validated and the policy compiled before any side effect
// on the log or the daemon.
func New(ctx context.Context, cfg *config.Config, o Options) (*Built, error) {
	// The analyzer's tables and the compiled policy take milliseconds each and need nothing of each
	// other: built side by side, a one-shot command waits for the longer only.
	var an *analyzer.Analyzer
	anErr := make(chan error, 1)
	ahead := newAhead(o.Prefetch)
	go func() {
		a, err := analyzer.New(cfg)
		an = a
		anErr <- err
		ahead.analyze(ctx, a) // past New's return, when the policy is ready first
	}()
	popts := []policy.Option{policy.WithConfig(cfg)}
	if o.PolicyDir != "" {
		popts = append(popts, policy.WithDir(o.PolicyDir))
	}
	eng, err := policy.New(ctx, popts...)
	if aerr := <-anErr; aerr != nil {
		return nil, fmt.Errorf("analyze: %w", aerr)
	}
	if err != nil {
		return nil, fmt.Errorf("decide: %w", err)
	}
	if err := record.ValidStoreCode(cfg.Audit.StoreCode); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	b := &Built{Pipeline: &Pipeline{Analyzer: an, Decider: eng, StoreCode: cfg.Audit.StoreCode, CodeBudget: NewCodeBudget(cfg.Audit.CodeBudget), ahead: ahead}, Config: cfg, Policy: eng}
	path := o.AuditPath
	if path == "" {
		path = cfg.Audit.Path
	}
	if path != "" {
		lg, err := audit.Open(path, audit.WithSchema(record.Schema))
		if err != nil {
			return nil, fmt.Errorf("audit: %w", err)
		}
		b.Log = lg
		b.Repairs = lg.Repairs()
		b.closers = append(b.closers, lg)
		b.LostResults, b.SweepError = sweep(ctx, lg)
	}
	if o.Runner {
		ropts := []runner.Option{runner.WithConfig(cfg)}
		if o.NoPool {
			ropts = append(ropts, runner.WithPoolSize(0))
		} else {
			// A long-running server reaps on a timer: leftovers of dead sbxgate processes, its own
			// sandboxes past their deadline, and cgroups the daemon no longer lists.
			ropts = append(ropts, runner.WithReaper(30*time.Second))
		}
		r, err := runner.New(ctx, ropts...)
		if err != nil {
			b.Close()
			return nil, fmt.Errorf("run: %w", err)
		}
		b.Runner = r
		b.closers = append(b.closers, r)
	}
	return b, nil
}

// sweep writes a result_lost record for each decision that a dead process was running when it died:
// a decision about to run, with no result, whose process is gone.
func sweep(ctx context.Context, lg *audit.Log) ([]string, error) {
	orphans, err := lg.Orphans()
	if err != nil {
		return nil, fmt.Errorf("audit: find runs of dead processes: %w", err)
	}
	var lost []string
	for _, o := range orphans {
		dec, err := record.Decode(o.Line)
		if err != nil {
			return lost, fmt.Errorf("audit: decision %s: %w", o.ID, err)
		}
		rec := record.Record{Kind: record.KindResultLost, Time: time.Now().UTC(), Payload: record.Payload{
			RequestID: dec.RequestID, Principal: dec.Principal, Source: dec.Source,
			CodeSHA256: dec.CodeSHA256, CodeSize: dec.CodeSize, DecisionID: o.ID,
			Lost: &record.Lost{
				Reason: fmt.Sprintf("the process that ran this decision's code (pid %d on %s) ended before it logged the result", o.Owner.PID, o.Owner.Host),
				By:     record.LostByStartup, Owner: o.Owner,
			},
		}}
		e, err := rec.Entry()
		if err != nil {
			return lost, fmt.Errorf("audit: %w", err)
		}
		// Another process starting now may close it first; then there is nothing to do.
		e.IfOpen = true
		if _, err := lg.Append(ctx, e); err != nil {
			if errors.Is(err, audit.ErrNotOpen) {
				continue
			}
			return lost, fmt.Errorf("audit: write result_lost for decision %s: %w", o.ID, err)
		}
		lost = append(lost, o.ID)
	}
	return lost, nil
}

// Close releases the runner (removing its warm containers) and the log.
func (b *Built) Close() error {
	var errs []error
	for i := len(b.closers) - 1; i >= 0; i-- {
		errs = append(errs, b.closers[i].Close())
	}
	b.closers = nil
	return errors.Join(errs...)
}
