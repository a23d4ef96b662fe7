package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
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
}

// Built is a pipeline together with what must be closed when done with it.
type Built struct {
	*Pipeline
	Config *config.Config
	Policy *policy.Engine
	// Repairs are the records of torn tails the audit log set aside when it was opened (after a crash
	// of a writer), for the caller to tell its user about.
	Repairs []audit.Record
	closers []io.Closer
}

// New builds every stage from the config: the analyzer, the prepared policy, the audit log and, when
// asked for, the Docker runner. Options are validated and the policy compiled before any side effect
// on the log or the daemon.
func New(ctx context.Context, cfg *config.Config, o Options) (*Built, error) {
	// The analyzer's tables and the compiled policy take milliseconds each and need nothing of each
	// other: built side by side, a one-shot command waits for the longer only.
	var an *analyzer.Analyzer
	anErr := make(chan error, 1)
	go func() {
		var err error
		an, err = analyzer.New(cfg)
		anErr <- err
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
	b := &Built{Pipeline: &Pipeline{Analyzer: an, Decider: eng}, Config: cfg, Policy: eng}
	path := o.AuditPath
	if path == "" {
		path = cfg.Audit.Path
	}
	if path != "" {
		lg, err := audit.Open(path, audit.WithStoreCode(cfg.Audit.StoreCode))
		if err != nil {
			return nil, fmt.Errorf("audit: %w", err)
		}
		b.Log = lg
		b.Repairs = lg.Repairs()
		b.closers = append(b.closers, lg)
	}
	if o.Runner {
		ropts := []runner.Option{runner.WithConfig(cfg)}
		if o.NoPool {
			ropts = append(ropts, runner.WithPoolSize(0))
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

// Close releases the runner (removing its warm containers) and the log.
func (b *Built) Close() error {
	var errs []error
	for i := len(b.closers) - 1; i >= 0; i-- {
		errs = append(errs, b.closers[i].Close())
	}
	b.closers = nil
	return errors.Join(errs...)
}
