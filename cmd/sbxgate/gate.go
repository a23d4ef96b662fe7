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

// gateFlags are the flags check and run share (shared/CONTRACT.md).
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
func (g *gateFlags) build(ctx context.Context, e *Env, withRunner bool) (*pipeline.Built, error) {
	cfg, err := config.Load(g.config)
	if err != nil {
		return nil, err
	}
	b, err := pipeline.New(ctx, cfg, pipeline.Options{PolicyDir: g.policyDir, AuditPath: g.audit, Runner: withRunner, NoPool: true})
	if err != nil {
		return nil, err
	}
	for _, r := range b.Repairs {
		if r.Repair != nil {
			e.Errorf("audit: set aside a torn record (%d bytes at offset %d) in %s: %s", r.Repair.Bytes, r.Repair.Offset, r.Repair.SavedAs, r.Repair.Reason)
		}
	}
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

// readSource reads a path, or standard input for "-", capped so a huge input is refused, not buffered.
func readSource(e *Env, path string) ([]byte, error) {
	const maxSource = 16 << 20
	var r io.Reader
	if path == pipeline.Stdin {
		r = e.Stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxSource+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxSource {
		return nil, fmt.Errorf("%s is larger than %d MiB: split the program", displayPath(path), maxSource>>20)
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
