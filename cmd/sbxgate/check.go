package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/format"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/policy"
)

func init() {
	register(command{Name: "check", Summary: "parse, analyze and decide; never executes", Run: cmdCheck})
}

// explained is one check result with the policy rules that fired, for --explain --format json.
type explained struct {
	format.Result
	Explain []policy.FiredRule `json:"explain"`
}

func cmdCheck(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	var g gateFlags
	g.register(fs, "text|json|sarif")
	explain := fs.Bool("explain", false, "show which policy rules fired, with their locations in the Rego source")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	switch g.format {
	case "text", "json", "sarif":
	default:
		e.Errorf("check: --format %q is not text, json or sarif", g.format)
		return 2
	}
	if fs.NArg() == 0 {
		e.Errorf("check: no input: sbxgate check [flags] PATH... (a .py file, a directory, or - for standard input)")
		return 2
	}
	paths, err := pipeline.ExpandPaths(fs.Args())
	if err != nil {
		e.Errorf("check: %v", err)
		return 2
	}
	// The first input is read before the pipeline is built, so that its analysis starts as soon as
	// the analyzer is ready; a read error is reported in its place below, as for the others.
	first := readInput(e, paths[0])
	var prefetch []pipeline.Prefetch
	if first.err == nil {
		prefetch = append(prefetch, pipeline.Prefetch{Path: displayPath(paths[0]), Code: first.src})
	}
	b, err := g.build(ctx, e, false, prefetch...)
	if err != nil {
		e.Errorf("check: %v", err)
		return 2
	}
	defer b.Close()

	// Files are checked in parallel, one worker per CPU. Output keeps the sorted input order: text and
	// JSON are written as each next result is ready, and the result is dropped once written, so a large
	// tree is never held in memory whole; SARIF and --explain need every result before writing.
	slots := make([]checked, len(paths))
	ready := make([]chan struct{}, len(paths))
	work := make(chan int, len(paths))
	for i := range paths {
		ready[i] = make(chan struct{})
		work <- i
	}
	close(work)
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		go func() {
			for i := range work {
				in := first
				if i > 0 {
					in = readInput(e, paths[i])
				}
				slots[i] = checkOne(ctx, b, g.request(), paths[i], in, *explain)
				close(ready[i])
			}
		}()
	}

	var stream format.Stream
	switch {
	case *explain || g.format == "sarif":
	case g.format == "json":
		stream = format.NewJSONStream(e.Stdout)
	default:
		stream = format.NewTextStream(e.Stdout)
	}
	exit := 0
	var werr error
	var results []format.Result
	var fired [][]policy.FiredRule
	for i := range slots {
		<-ready[i]
		c := slots[i]
		slots[i] = checked{}
		if c.err != "" {
			// One unreadable input does not hide the others' results; the exit status says it.
			e.Errorf("check: %s", c.err)
			exit = 2
		}
		if c.result == nil {
			continue
		}
		if !c.result.Decision.Allow && exit == 0 {
			exit = 1
		}
		switch {
		case stream == nil:
			results = append(results, *c.result)
			if *explain {
				fired = append(fired, c.fired)
			}
		case werr == nil:
			werr = stream.Write(*c.result)
		}
	}
	if stream != nil {
		if werr == nil {
			werr = stream.Close()
		}
	} else {
		werr = writeCheck(e.Stdout, g.format, results, fired)
	}
	if werr != nil {
		e.Errorf("check: writing output: %v", werr)
		return 2
	}
	return exit
}

// checked is one input's outcome: a result, an error to report, or both (a decision that could not
// be logged is still shown, and the exit status says the run failed).
type checked struct {
	result *format.Result
	fired  []policy.FiredRule
	err    string
}

// input is a program read, or why it could not be.
type input struct {
	src []byte
	err error
}

func readInput(e *Env, path string) input {
	src, err := readSource(e, path)
	return input{src, err}
}

func checkOne(ctx context.Context, b *pipeline.Built, req policy.Request, path string, in input, explain bool) checked {
	if in.err != nil {
		return checked{err: in.err.Error()}
	}
	src := in.src
	var c checked
	sub := pipeline.Submission{Path: displayPath(path), Code: src, Request: req}
	out, err := b.Check(ctx, sub)
	if err != nil {
		c.err = fmt.Sprintf("%s: %v", sub.Path, err)
	}
	dec := out.Decision
	c.result = &format.Result{Report: *out.Report, Decision: &dec, Source: src}
	if explain {
		c.fired = b.Policy.Explain(ctx, policy.Input{Request: sub.Request, Report: out.Report}).Fired
	}
	return c
}

// writeCheck writes what the stream cannot: SARIF, and the results with --explain.
func writeCheck(w io.Writer, f string, results []format.Result, fired [][]policy.FiredRule) error {
	switch {
	case f == "sarif":
		return format.WriteSARIF(w, results, version, ruleDocs())
	case f == "json": // with --explain; plain JSON is streamed
		doc := struct {
			Results []explained `json:"results"`
		}{}
		for i := range results {
			doc.Results = append(doc.Results, explained{Result: format.Normalized(results[i]), Explain: fired[i]})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	if err := format.WriteText(w, results); err != nil {
		return err
	}
	for i, fr := range fired {
		fmt.Fprintf(w, "%s: policy rules that fired:\n", results[i].Path)
		for _, r := range fr {
			fmt.Fprintf(w, "  %s  %s (x%d)\n", r.Location(), r.Rule, r.Times)
		}
	}
	return nil
}

// ruleDocs is the analyzer's part of the catalogue, for SARIF's rule table.
func ruleDocs() []format.RuleDoc { return analyzer.Rules() }
