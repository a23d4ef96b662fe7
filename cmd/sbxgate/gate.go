package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/policy"
)

// gateFlags are the flags check and run share (docs/contract.md).
type gateFlags struct {
	format    string
	policyDir string
	config    string
	audit     string
	principal string
	tier      string
	labels    labelFlag
}

func (g *gateFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&g.format, "format", "text", "output format: "+formats)
	fs.StringVar(&g.policyDir, "policy", "", "policy directory (default: the embedded policy)")
	fs.StringVar(&g.config, "config", "", "sandbox.yaml (default: the embedded config)")
	fs.StringVar(&g.audit, "audit", "", "append every decision and result to this audit log (default: from the config)")
	fs.StringVar(&g.principal, "principal", defaultPrincipal(), "who submits; goes to the policy input and the log")
	fs.StringVar(&g.tier, "tier", "", "requested resource tier (the policy decides whether it is granted)")
	fs.Var(&g.labels, "label", "request label key=value for the policy (repeatable)")
}

func (g *gateFlags) request() policy.Request {
	return policy.Request{Principal: g.principal, Source: "cli", RequestedTier: g.tier, Labels: g.labels.m}
}

// build loads the config and builds the pipeline; errors come back ready to print. A repair of the
// audit log (a torn record left by a crash, set aside) is reported on standard error.
// build builds the pipeline; prefetch are the programs the command submits first, analyzed while
// the policy compiles (pipeline.Options.Prefetch).
func (g *gateFlags) build(ctx context.Context, e *Env, withRunner bool, prefetch ...pipeline.Prefetch) (*pipeline.Built, error) {
	// The policy compiles while the config is read and the analyzer built.
	policy.Warm(g.policyDir)
	cfg, err := config.Load(g.config)
	if err != nil {
		return nil, err
	}
	b, err := pipeline.New(ctx, cfg, pipeline.Options{PolicyDir: g.policyDir, AuditPath: g.audit, Runner: withRunner, NoPool: true, Prefetch: prefetch})
	if err != nil {
		return nil, err
	}
	for _, r := range b.Repairs {
		e.Errorf("audit: set aside a torn record (%d bytes at offset %d) in %s: %s", r.Repair.Bytes, r.Repair.Offset, r.Repair.SavedAs, r.Repair.Reason)
	}
	reportSweep(e, b)
	return b, nil
}

func defaultPrincipal() string {
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "cli"
}

type labelFlag struct{ m map[string]string }

func (l *labelFlag) String() string { return fmt.Sprint(l.m) }

func (l *labelFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("label %q is not key=value", s)
	}
	if l.m == nil {
		l.m = map[string]string{}
	}
	l.m[k] = v
	return nil
}

// maxSource bounds a Python source read by a command; the analyzer refuses far less, so this only
// keeps a wrong file from being buffered whole.
const maxSource = 16 << 20

// readSource reads a Python program from a path, or standard input for "-".
func readSource(e *Env, path string) ([]byte, error) {
	return readCapped(e.Stdin, path, maxSource, "split the program")
}

// readCapped reads path, or stdin for "-", refusing more than limit bytes so that a huge input is
// refused, not buffered; hint says what to do instead.
func readCapped(stdin io.Reader, path string, limit int, hint string) ([]byte, error) {
	r := stdin
	if path != pipeline.Stdin {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > limit {
		return nil, fmt.Errorf("%s is larger than %d MiB: %s", displayPath(path), limit>>20, hint)
	}
	return b, nil
}

func displayPath(p string) string {
	if p == pipeline.Stdin {
		return "<stdin>"
	}
	return p
}

// parseFlags parses args; when it returns done, the command exits with code (0 for -h, 2 for a
// usage error, reported as one line).
func parseFlags(e *Env, fs *flag.FlagSet, args []string) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, false
	case err == flag.ErrHelp:
		fs.SetOutput(e.Stderr)
		fs.PrintDefaults()
		return 0, true
	default:
		e.Errorf("%s: %v: run sbxgate %s -h for usage", fs.Name(), err, fs.Name())
		return 2, true
	}
}

// reportSweep tells the user about runs of dead processes whose results were lost, which opening the
// log recorded as result_lost records.
func reportSweep(e *Env, b *pipeline.Built) {
	for _, id := range b.LostResults {
		e.Errorf("audit: the process that ran decision %s died before it logged the result: wrote a result_lost record", id)
	}
	if b.SweepError != nil {
		e.Errorf("audit: warning: %v", b.SweepError)
	}
}
