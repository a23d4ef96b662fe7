package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

func init() {
	register(command{Name: "policy", Summary: "tools for policy authors: test, fmt, check, eval, diff", Run: cmdPolicy})
}

const policyUsage = `usage: sbxgate policy SUBCOMMAND [flags]

  test [--config FILE] [-v] [--threshold PCT] [--format text|json] [DIR]
        run the policy's *_test.rego with coverage (DIR default: the embedded policy)
  fmt [-w] [DIR]
        list .rego files not formatted as opa fmt would (exit 1 if any); -w rewrites them (DIR default .)
  check [--config FILE] [DIR]
        compile strictly with sbxgate's capabilities; print located errors
  eval --input FILE [--policy DIR] [--config FILE] [--principal NAME] [--tier NAME] [--explain]
        decide one input (a policy input or an analyzer report; - for standard input)
  diff --candidate DIR [--policy DIR] [--config FILE] [--format text|json] (PATH... | --audit FILE)
        decide .py files, report .json files or an audit log's decisions under both policies and
        list every changed decision

exit status: 0 pass (eval: allowed; diff: no change), 1 fail (eval: denied; diff: changes), 2 error`

// authorTimeout bounds one evaluation in eval, check and diff: ten times the gate's deadline, so a
// busy workstation does not turn a replay into spurious SBX902 denials.
const authorTimeout = 10 * policy.DefaultTimeout

func cmdPolicy(ctx context.Context, e *Env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.Stderr, policyUsage)
		return 2
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "test":
		return policyTest(ctx, e, rest)
	case "fmt":
		return policyFmt(e, rest)
	case "check":
		return policyCheck(ctx, e, rest)
	case "eval":
		return policyEval(ctx, e, rest)
	case "diff":
		return policyDiff(ctx, e, rest)
	case "-h", "--help", "help":
		fmt.Fprintln(e.Stdout, policyUsage)
		return 0
	}
	e.Errorf("policy: unknown subcommand %q: run sbxgate policy help", sub)
	return 2
}

// policyFlags parses flags wherever they appear among the arguments, so `policy test rego -v` works,
// and returns the positional arguments. done means exit with code (0 for -h, 2 for a usage error).
func policyFlags(e *Env, fs *flag.FlagSet, args []string) (pos []string, code int, done bool) {
	fs.SetOutput(io.Discard)
	for {
		err := fs.Parse(args)
		if err == flag.ErrHelp {
			fs.SetOutput(e.Stderr)
			fs.PrintDefaults()
			return nil, 0, true
		}
		if err != nil {
			e.Errorf("%s: %v: run sbxgate %s -h for usage", fs.Name(), err, fs.Name())
			return nil, 2, true
		}
		if fs.NArg() == 0 {
			return pos, 0, false
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// loadPolicy reads a policy directory, or the embedded policy for "".
func loadPolicy(dir string) (*policy.Files, error) {
	if dir == "" {
		return policy.Embedded(), nil
	}
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("policy directory %s does not exist: pass a directory of .rego files", dir)
	}
	return policy.LoadFS(os.DirFS(dir), dir, filepath.ToSlash(filepath.Clean(dir)))
}

// oneDir returns the single optional DIR argument.
func oneDir(e *Env, name string, pos []string, def string) (string, bool) {
	switch len(pos) {
	case 0:
		return def, true
	case 1:
		return pos[0], true
	}
	e.Errorf("policy %s: takes one directory, got %d arguments: pass a single DIR", name, len(pos))
	return "", false
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func policyTest(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("policy test", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "sandbox.yaml whose tiers the tests see (default: the embedded config)")
	verbose := fs.Bool("v", false, "list every test, not only failures")
	threshold := fs.Float64("threshold", 0, "fail when coverage of the deciding modules is below this percentage")
	format := fs.String("format", "text", "output format: text or json")
	pos, code, done := policyFlags(e, fs, args)
	if done {
		return code
	}
	dir, ok := oneDir(e, "test", pos, "")
	if !ok || !validFormat(e, "policy test", *format) {
		return 2
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		e.Errorf("policy test: %v", err)
		return 2
	}
	files, err := loadPolicy(dir)
	if err != nil {
		e.Errorf("policy test: %v", err)
		return 2
	}
	rep, err := policy.RunTests(ctx, files, cfg)
	if err != nil {
		e.Errorf("policy test: %v", err)
		return 2
	}
	if *format == "json" {
		if err := writeJSON(e.Stdout, rep); err != nil {
			return 2
		}
	} else {
		writeTestText(e.Stdout, rep, *verbose)
	}
	switch {
	case !rep.Passed():
		return 1
	case rep.Coverage < *threshold:
		e.Errorf("policy test: coverage %.1f%% is below the threshold %.1f%%: test the lines listed as not covered", rep.Coverage, *threshold)
		return 1
	}
	return 0
}

func writeTestText(w io.Writer, rep *policy.TestReport, verbose bool) {
	for _, r := range rep.Results {
		switch {
		case r.Skip:
			if verbose {
				fmt.Fprintf(w, "SKIP %s %s\n", r.Location, r.Name)
			}
		case r.Pass:
			if verbose {
				fmt.Fprintf(w, "PASS %s %s (%v)\n", r.Location, r.Name, r.Duration)
			}
		default:
			fmt.Fprintf(w, "FAIL %s %s\n", r.Location, r.Name)
			if r.Error != "" {
				fmt.Fprintf(w, "  %s\n", r.Error)
			}
			for _, l := range strings.Split(strings.TrimRight(r.Output, "\n"), "\n") {
				if l != "" {
					fmt.Fprintf(w, "  %s\n", l)
				}
			}
		}
	}
	for _, f := range rep.Files {
		if len(f.NotCovered) > 0 {
			fmt.Fprintf(w, "coverage %s %.1f%%, not covered: lines %s\n", f.File, f.Coverage, strings.Join(f.NotCovered, ", "))
		} else if verbose {
			fmt.Fprintf(w, "coverage %s %.1f%%\n", f.File, f.Coverage)
		}
	}
	fmt.Fprintln(w, rep.Summary())
}

func policyFmt(e *Env, args []string) int {
	fs := flag.NewFlagSet("policy fmt", flag.ContinueOnError)
	write := fs.Bool("w", false, "rewrite files in place instead of listing them")
	pos, code, done := policyFlags(e, fs, args)
	if done {
		return code
	}
	dir, ok := oneDir(e, "fmt", pos, ".")
	if !ok {
		return 2
	}
	files, err := loadPolicy(dir)
	if err != nil {
		e.Errorf("policy fmt: %v", err)
		return 2
	}
	bad, err := files.Unformatted()
	if err != nil {
		// A file that does not parse cannot be formatted: show where, as check does.
		if errs, ok := errors.AsType[ast.Errors](err); ok {
			for _, err := range errs {
				fmt.Fprintln(e.Stdout, policy.FormatError(err))
			}
			return 1
		}
		e.Errorf("policy fmt: %v", err)
		return 2
	}
	for _, f := range bad {
		if *write {
			p := filepath.Join(dir, filepath.FromSlash(f.Name))
			if err := writeKeepMode(p, f.Bytes); err != nil {
				e.Errorf("policy fmt: %v", err)
				return 2
			}
		}
		fmt.Fprintln(e.Stdout, f.Display)
	}
	if len(bad) > 0 && !*write {
		return 1
	}
	return 0
}

// writeKeepMode replaces a file's contents through a temporary file and rename, keeping its mode, so
// an interrupted rewrite never leaves a half-written policy.
func writeKeepMode(path string, data []byte) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".sbxgate-fmt-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(st.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func policyCheck(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("policy check", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "sandbox.yaml whose tiers the policy sees (default: the embedded config)")
	pos, code, done := policyFlags(e, fs, args)
	if done {
		return code
	}
	dir, ok := oneDir(e, "check", pos, "")
	if !ok {
		return 2
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		e.Errorf("policy check: %v", err)
		return 2
	}
	files, err := loadPolicy(dir)
	if err != nil {
		e.Errorf("policy check: %v", err)
		return 2
	}
	if _, errs := policy.Compile(append(append([]policy.File{}, files.Modules...), files.Tests...)); len(errs) > 0 {
		for _, err := range errs {
			fmt.Fprintln(e.Stdout, policy.FormatError(err))
		}
		return 1
	}
	// Compiling is not all: the engine also needs a decision rule and valid data.
	eng, err := policy.NewFromFiles(ctx, files, cfg, authorTimeout)
	if err != nil {
		fmt.Fprintln(e.Stdout, err)
		return 1
	}
	fmt.Fprintf(e.Stdout, "ok: %d modules, %d test files, %d data files, revision %s\n", len(files.Modules), len(files.Tests), len(files.Data), eng.Revision())
	return 0
}

func policyEval(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("policy eval", flag.ContinueOnError)
	inputPath := fs.String("input", "", "policy input or analyzer report as JSON (- for standard input)")
	dir := fs.String("policy", "", "policy directory (default: the embedded policy)")
	cfgPath := fs.String("config", "", "sandbox.yaml (default: the embedded config)")
	principal := fs.String("principal", "", "principal for a bare report (an input's own request wins)")
	tier := fs.String("tier", "", "requested tier for a bare report")
	explain := fs.Bool("explain", false, "also print the rules that fired, with their locations")
	pos, code, done := policyFlags(e, fs, args)
	if done {
		return code
	}
	if len(pos) > 0 || *inputPath == "" {
		e.Errorf("policy eval: pass the input as --input FILE (or --input - for standard input)")
		return 2
	}
	b, err := readInputFile(e, *inputPath)
	if err != nil {
		e.Errorf("policy eval: %v", err)
		return 2
	}
	in, err := policy.ParseInput(b)
	if err != nil {
		e.Errorf("policy eval: %s: %v", *inputPath, err)
		return 2
	}
	if emptyRequest(in.Request) {
		in.Request = policy.Request{Principal: *principal, Source: "cli", RequestedTier: *tier}
	}
	eng, err := buildEngine(ctx, *dir, *cfgPath)
	if err != nil {
		e.Errorf("policy eval: %v", err)
		return 2
	}
	var d policy.Decision
	if *explain {
		x := eng.Explain(ctx, in)
		d = x.Decision
		err = writeJSON(e.Stdout, x)
	} else {
		d = eng.Decide(ctx, in)
		err = writeJSON(e.Stdout, d)
	}
	if err != nil {
		return 2
	}
	if !d.Allow {
		return 1
	}
	return 0
}

func buildEngine(ctx context.Context, dir, cfgPath string) (*policy.Engine, error) {
	cfg, err := config.Load(cfgPath)
	if err != nil {
		return nil, err
	}
	files, err := loadPolicy(dir)
	if err != nil {
		return nil, err
	}
	return policy.NewFromFiles(ctx, files, cfg, authorTimeout)
}

// maxInputFile bounds a JSON input; reports are small, and a wrong file should fail fast.
const maxInputFile = 64 << 20

func readInputFile(e *Env, path string) ([]byte, error) {
	return readCapped(e.Stdin, path, maxInputFile, "pass one input")
}

func validFormat(e *Env, cmd, f string) bool {
	if f == "text" || f == "json" {
		return true
	}
	e.Errorf("%s: format %q is not text or json", cmd, f)
	return false
}

// emptyRequest reports whether an input came without a request (a bare analyzer report).
func emptyRequest(r policy.Request) bool {
	return r.Principal == "" && r.Source == "" && r.RequestedTier == "" && len(r.Labels) == 0
}
