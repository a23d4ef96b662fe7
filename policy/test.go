package policy

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/cover"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"

	"github.com/sbxgate/sbxgate/config"
)

// TestResult is one Rego unit test (a rule named test_*).
type TestResult struct {
	Name     string        `json:"name"` // data.pkg.test_x
	Location string        `json:"location"`
	Pass     bool          `json:"pass"`
	Skip     bool          `json:"skip,omitempty"`
	Error    string        `json:"error,omitempty"`
	Output   string        `json:"output,omitempty"` // what print() wrote
	Duration time.Duration `json:"duration_ns"`
	order    string        // file, then zero-padded row, for stable output
}

// FileCoverage is the coverage of one deciding module.
type FileCoverage struct {
	File       string   `json:"file"`
	Coverage   float64  `json:"coverage"`    // percent of lines with an expression that ran
	NotCovered []string `json:"not_covered"` // line ranges, "12" or "12-14"
}

// TestReport is the outcome of a policy's unit tests.
type TestReport struct {
	Results []TestResult `json:"results"`
	// Coverage is over the deciding modules only; tests cover themselves trivially.
	Coverage float64        `json:"coverage"`
	Files    []FileCoverage `json:"files"`
}

// Passed reports whether there was at least one test and every test passed (skips aside).
func (r *TestReport) Passed() bool {
	ran := 0
	for _, t := range r.Results {
		if t.Skip {
			continue
		}
		if !t.Pass {
			return false
		}
		ran++
	}
	return ran > 0
}

// testTimeout bounds one test, as opa test does.
const testTimeout = 5 * time.Second

// RunTests runs the policy's *_test.rego with OPA's tester, under the same capabilities and strict
// compilation as decisions, with the config's tiers mounted at data.sbxgate.config. An error means the
// tests could not run (compile error, no tests); failing tests are results, not errors.
func RunTests(ctx context.Context, files *Files, cfg *config.Config) (*TestReport, error) {
	if len(files.Tests) == 0 {
		return nil, fmt.Errorf("policy %s: no *_test.rego files: write tests named test_* next to the policy", files.Source)
	}
	if cfg == nil {
		cfg = config.Default()
	}
	doc, _, _, err := storeDocument(files, cfg)
	if err != nil {
		return nil, err
	}
	caps := Capabilities()
	all := append(append([]File{}, files.Modules...), files.Tests...)
	mods, errs := parseModules(all, caps)
	if len(errs) > 0 {
		return nil, fmt.Errorf("policy %s: %s", files.Source, oneLine(errs))
	}
	cov := cover.New()
	runner := tester.NewRunner().
		SetCompiler(newCompiler(caps).WithEnablePrintStatements(true)).
		SetStore(inmem.NewFromObjectWithOpts(doc, inmem.OptRoundTripOnWrite(false))).
		SetModules(mods).
		SetCoverageQueryTracer(cov).
		CapturePrintOutput(true).
		RaiseBuiltinErrors(true).
		SetTimeout(testTimeout)
	ch, err := runner.RunTests(ctx, nil)
	if err != nil {
		if es, ok := err.(ast.Errors); ok {
			return nil, fmt.Errorf("policy %s: %s", files.Source, oneLine(es))
		}
		return nil, fmt.Errorf("policy %s: %w", files.Source, err)
	}
	rep := &TestReport{}
	for r := range ch {
		tr := TestResult{
			Name:     r.Package + "." + r.Name,
			Location: locString(r.Location),
			Pass:     r.Pass(),
			Skip:     r.Skip,
			Output:   string(r.Output),
			Duration: r.Duration,
		}
		if r.Location != nil {
			tr.order = fmt.Sprintf("%s\x00%09d", r.Location.File, r.Location.Row)
		}
		if r.Error != nil {
			tr.Error = firstLine(r.Error)
		} else if r.Fail && r.FailedAt != nil {
			tr.Error = "failed at " + locString(r.FailedAt.Location) + ": " + r.FailedAt.String()
		}
		rep.Results = append(rep.Results, tr)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("policy tests: %w", err)
	}
	sort.Slice(rep.Results, func(i, j int) bool { return rep.Results[i].order < rep.Results[j].order })
	rep.Coverage, rep.Files = coverage(cov.Report(mods), files.Modules)
	return rep, nil
}

func coverage(cr cover.Report, modules []File) (float64, []FileCoverage) {
	var covered, total int
	var out []FileCoverage
	for _, m := range modules {
		fr := cr.Files[m.Display]
		fc := FileCoverage{File: m.Display}
		if fr != nil {
			covered += fr.CoveredLines
			total += fr.CoveredLines + fr.NotCoveredLines
			fc.Coverage = percent(fr.CoveredLines, fr.CoveredLines+fr.NotCoveredLines)
			for _, r := range fr.NotCovered {
				if r.Start.Row == r.End.Row {
					fc.NotCovered = append(fc.NotCovered, fmt.Sprint(r.Start.Row))
				} else {
					fc.NotCovered = append(fc.NotCovered, fmt.Sprintf("%d-%d", r.Start.Row, r.End.Row))
				}
			}
		}
		out = append(out, fc)
	}
	return percent(covered, total), out
}

func percent(n, of int) float64 {
	if of == 0 {
		return 100
	}
	return float64(n) * 100 / float64(of)
}

func locString(l *ast.Location) string {
	if l == nil {
		return "?"
	}
	return fmt.Sprintf("%s:%d:%d", l.File, l.Row, l.Col)
}

// Summary is one line for people: "23/23 tests passed, coverage 98.1%".
func (r *TestReport) Summary() string {
	var pass, fail, skip int
	for _, t := range r.Results {
		switch {
		case t.Skip:
			skip++
		case t.Pass:
			pass++
		default:
			fail++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d tests passed", pass, pass+fail)
	if skip > 0 {
		fmt.Fprintf(&b, ", %d skipped", skip)
	}
	fmt.Fprintf(&b, ", coverage %.1f%%", r.Coverage)
	return b.String()
}
