package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
)

func policyDiff(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("policy diff", flag.ContinueOnError)
	candidate := fs.String("candidate", "", "the candidate policy directory")
	dir := fs.String("policy", "", "the current policy directory (default: the embedded policy)")
	cfgPath := fs.String("config", "", "sandbox.yaml (default: the embedded config)")
	auditPath := fs.String("audit", "", "replay the decisions recorded in this audit log")
	principal := fs.String("principal", "cli", "principal for .py files and bare reports")
	tier := fs.String("tier", "", "requested tier for .py files and bare reports")
	format := fs.String("format", "text", "output format: text or json")
	pos, code, done := policyFlags(e, fs, args)
	if done {
		return code
	}
	switch {
	case *candidate == "":
		e.Errorf("policy diff: pass the candidate policy as --candidate DIR")
		return 2
	case (len(pos) == 0) == (*auditPath == ""):
		e.Errorf("policy diff: pass either PATH... (.py files, directories, .json reports) or --audit FILE")
		return 2
	case !validFormat(e, "policy diff", *format):
		return 2
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		e.Errorf("policy diff: %v", err)
		return 2
	}
	cur, err := engineFor(ctx, *dir, cfg)
	if err != nil {
		e.Errorf("policy diff: current policy: %v", err)
		return 2
	}
	cand, err := engineFor(ctx, *candidate, cfg)
	if err != nil {
		e.Errorf("policy diff: candidate policy: %v", err)
		return 2
	}
	rep := &policy.DiffReport{CurrentRevision: cur.Revision(), CandidateRevision: cand.Revision(), Changes: []policy.Change{}}
	visit := func(name string, in policy.Input) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		rep.Inputs++
		if c, changed := policy.Compare(ctx, cur, cand, name, in); changed {
			rep.Changes = append(rep.Changes, c)
		}
		return nil
	}
	req := policy.Request{Principal: *principal, Source: "cli", RequestedTier: *tier}
	if *auditPath != "" {
		err = diffAudit(*auditPath, visit)
	} else {
		err = diffPaths(ctx, cfg, pos, req, visit)
	}
	if err != nil {
		e.Errorf("policy diff: %v", err)
		return 2
	}
	if *format == "json" {
		err = writeJSON(e.Stdout, rep)
	} else {
		err = rep.WriteText(e.Stdout)
	}
	if err != nil {
		return 2
	}
	if len(rep.Changes) > 0 {
		return 1
	}
	return 0
}

func engineFor(ctx context.Context, dir string, cfg *config.Config) (*policy.Engine, error) {
	files, err := loadPolicy(dir)
	if err != nil {
		return nil, err
	}
	return policy.NewFromFiles(ctx, files, cfg, authorTimeout)
}

// diffAudit replays the inputs of the log's decision records, as the gate saw them.
func diffAudit(path string, visit func(string, policy.Input) error) error {
	n := 0
	err := record.Scan(path, func(rec record.Record) error {
		if rec.Kind != record.KindDecision {
			return nil
		}
		n++
		name := fmt.Sprintf("%s (seq %d)", rec.ID, rec.Seq)
		if rec.Report == nil {
			// Without its report a decision cannot be replayed; say so rather than skip it silently.
			return fmt.Errorf("audit record %s has no report to replay", name)
		}
		if rec.Report.Path != "" {
			name += " " + rec.Report.Path
		}
		if rec.ReportOmitted != nil {
			// The record kept the first of its findings (audit.code_budget): both policies decide
			// on those alone.
			name += " (report cut in the log: replayed on its first findings)"
		}
		if rec.RequestOmitted != nil {
			// The record kept the number and digest of its labels, not the labels: both policies
			// decide without them.
			name += " (labels left out in the log: replayed without them)"
		}
		return visit(name, policy.Input{Request: rec.Request, Report: rec.Report})
	})
	if err == nil && n == 0 {
		return fmt.Errorf("%s holds no decision records: nothing to compare", path)
	}
	return err
}

// diffPaths decides .json inputs as they are and analyzes everything else (.py files, directories
// of them) with the analyzer the gate uses.
func diffPaths(ctx context.Context, cfg *config.Config, paths []string, req policy.Request, visit func(string, policy.Input) error) error {
	var sources []string
	for _, p := range paths {
		if strings.HasSuffix(p, ".json") {
			b, err := readCapped(nil, p, maxInputFile, "pass one input")
			if err != nil {
				return err
			}
			in, err := policy.ParseInput(b)
			if err != nil {
				return fmt.Errorf("%s: %v", p, err)
			}
			if emptyRequest(in.Request) {
				in.Request = req
			}
			if err := visit(p, in); err != nil {
				return err
			}
			continue
		}
		sources = append(sources, p)
	}
	if len(sources) == 0 {
		return nil
	}
	files, err := pipeline.ExpandPaths(sources)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return errors.New("no .py files under the given paths")
	}
	an, err := analyzer.New(cfg)
	if err != nil {
		return fmt.Errorf("analyzer: %w", err)
	}
	for _, f := range files {
		if f == pipeline.Stdin {
			return errors.New("policy diff does not read standard input: pass files")
		}
		src, err := readCapped(nil, f, maxSource, "split the program")
		if err != nil {
			return err
		}
		if err := visit(f, policy.Input{Request: req, Report: an.Analyze(ctx, f, src)}); err != nil {
			return err
		}
	}
	return nil
}
