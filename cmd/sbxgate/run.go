package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sbxgate/sbxgate/pipeline"
)

func init() {
	register(command{Name: "run", Summary: "check, then execute approved code in the hardened container", Run: cmdRun})
}

// Exit statuses of sbxgate run (docs/contract.md).
const (
	exitGateFailure = 125
	exitDenied      = 126
	exitTimeout     = 124
	exitKilled      = 137
)

func cmdRun(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	var g gateFlags
	g.register(fs, "text|json")
	var files fileFlag
	fs.Var(&files, "file", "input file LOCAL[:NAME], placed in the workspace as NAME (default: LOCAL's base name); repeatable")
	outDir := fs.String("out", "", "write the files the program leaves in out/ to this directory")
	// Usage and input errors are sbxgate's failures, 125 as for docker run: a 2 would read as the
	// program's own exit status.
	if code, done := parseFlags(e, fs, args); done {
		if code != 0 {
			return exitGateFailure
		}
		return code
	}
	if fs.NArg() != 1 {
		e.Errorf("run: want exactly one FILE or - (got %d): sbxgate run [flags] FILE|-", fs.NArg())
		return exitGateFailure
	}
	if g.format != "text" && g.format != "json" {
		e.Errorf("run: --format %q is not text or json", g.format)
		return exitGateFailure
	}
	path := fs.Arg(0)
	src, err := readSource(e, path)
	if err != nil {
		e.Errorf("run: %v", err)
		return exitGateFailure
	}
	b, err := g.build(ctx, e, true, pipeline.Prefetch{Path: displayPath(path), Code: src})
	if err != nil {
		e.Errorf("run: %v", err)
		return exitGateFailure
	}
	defer b.Close()
	inputs, err := files.read(b.Config.Files.InLimits())
	if err != nil {
		e.Errorf("run: %v", err)
		return exitGateFailure
	}

	out, err := b.Run(ctx, pipeline.Submission{Path: displayPath(path), Code: src, Request: g.request(), Files: inputs})
	doc := pipeline.RunDocument{Decision: &out.Decision, Result: out.Result, AuditID: out.AuditID, RequestID: out.RequestID}
	unlogged := errors.Is(err, pipeline.ErrResultNotLogged)
	if out.Result != nil && b.Log != nil {
		logged := !unlogged
		doc.ResultLogged = &logged
	}
	switch {
	case unlogged:
		// The code ran: report its result and exit with its status, and say the log lacks it.
		doc.Warning = "the code ran, but " + strings.TrimPrefix(err.Error(), "audit: ")
	case err != nil:
		doc.Error = err.Error()
	}
	if g.format == "json" {
		enc := json.NewEncoder(e.Stdout)
		enc.SetIndent("", "  ")
		if encErr := enc.Encode(doc); encErr != nil {
			e.Errorf("run: writing output: %v", encErr)
			return exitGateFailure
		}
	} else {
		writeRunText(e, displayPath(path), out)
	}
	if out.Result != nil && !saveArtifacts(e, displayPath(path), *outDir, out.Result) {
		return exitGateFailure
	}
	if unlogged {
		e.Errorf("run: warning: %s", doc.Warning)
		return runExitCode(out)
	}
	if err != nil {
		// The pipeline names its stage ("run: ..."), which is also this command's name.
		e.Errorf("run: %s", strings.TrimPrefix(err.Error(), "run: "))
		return exitGateFailure
	}
	return runExitCode(out)
}

func runExitCode(out pipeline.Outcome) int {
	switch {
	case !out.Decision.Allow:
		return exitDenied
	case out.Result == nil:
		return exitGateFailure
	case out.Result.TimedOut:
		return exitTimeout
	case out.Result.OOMKilled:
		return exitKilled
	}
	return out.Result.ExitCode
}

// writeRunText passes the program's output through and says on standard error what the gate did.
func writeRunText(e *Env, path string, out pipeline.Outcome) {
	d := out.Decision
	if !d.Allow {
		fmt.Fprintf(e.Stderr, "sbxgate: %s: denied by policy (trust %s): nothing was executed\n", path, d.TrustLevel)
		for _, r := range d.Reasons {
			if r.Line > 0 {
				fmt.Fprintf(e.Stderr, "  %s line %d: %s\n", r.Rule, r.Line, r.Message)
			} else {
				fmt.Fprintf(e.Stderr, "  %s: %s\n", r.Rule, r.Message)
			}
		}
		return
	}
	res := out.Result
	if res == nil {
		return
	}
	io.WriteString(e.Stdout, res.Stdout)
	io.WriteString(e.Stderr, res.Stderr)
	var notes []string
	if res.StdoutTruncated {
		notes = append(notes, "standard output truncated at the tier's limit")
	}
	if res.StderrTruncated {
		notes = append(notes, "standard error truncated at the tier's limit")
	}
	if res.TimedOut {
		notes = append(notes, fmt.Sprintf("killed after the tier's %d ms wall-clock limit", d.Limits.TimeoutMS))
	}
	if res.OOMKilled {
		notes = append(notes, fmt.Sprintf("killed at the tier's %d-byte memory limit", d.Limits.MemoryBytes))
	}
	for _, v := range res.Violations {
		notes = append(notes, fmt.Sprintf("stopped at run time: %s (%s: %s), which its tier does not grant", v.Capability, v.Event, v.Detail))
	}
	for _, n := range notes {
		fmt.Fprintf(e.Stderr, "sbxgate: %s: %s\n", path, n)
	}
}
