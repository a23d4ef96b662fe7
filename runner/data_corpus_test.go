package runner

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
)

// The data corpus: programs an LLM code interpreter writes for a user's data request (pandas,
// numpy, scipy, scikit-learn, matplotlib, PIL), each with its declared inputs and artifacts. Every
// one runs in the data profile with the static layer off and both run-time layers on, and must
// exit 0 and leave every declared artifact; a refusal of one of them is a false alarm of the
// run-time layers. The corpus is described in testdata/data/README.md.
//
//	go test -count=1 -run TestDataCorpus -v ./runner/
//	SBXGATE_DATA_PROGRAMS=pil_thumbnails.py,scipy_chi2.py go test -count=1 -run TestDataCorpus -v ./runner/
//	                                              (only those programs)

const dataCorpusDir = "../testdata/data"

// dataCorpusFalseAlarms is the largest share of the corpus the run-time layers may refuse.
const dataCorpusFalseAlarms = 0.02

// pngSignature begins every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

type dataProgram struct {
	name      string // the file name under benign/
	src       []byte
	modules   []string // what the analysis says it imports, as the gate hands the runner
	inputs    []string // names under inputs/, placed in the workspace under the same name
	artifacts []string // paths under out/ it must leave
}

var dataHeaderRE = regexp.MustCompile(`(?m)^# (task|artifacts|inputs):(.*)$`)

// loadDataCorpus reads benign/*.py and their headers: a task line is required, an artifacts line
// is required (it may list nothing), and every input must exist under inputs/.
func loadDataCorpus(t *testing.T) []dataProgram {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dataCorpusDir, "benign", "*.py"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no programs under %s/benign: %v", dataCorpusDir, err)
	}
	an, err := analyzer.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	var only []string
	if s := os.Getenv("SBXGATE_DATA_PROGRAMS"); s != "" {
		only = strings.Split(s, ",")
	}
	var progs []dataProgram
	for _, p := range paths {
		if only != nil && !slices.Contains(only, filepath.Base(p)) {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		dp := dataProgram{name: filepath.Base(p), src: src}
		seen := map[string]bool{}
		for _, m := range dataHeaderRE.FindAllSubmatch(src, -1) {
			key, fields := string(m[1]), strings.Fields(string(m[2]))
			if seen[key] {
				t.Errorf("%s: two %q lines", dp.name, key)
			}
			seen[key] = true
			switch key {
			case "task":
				if len(fields) == 0 {
					t.Errorf("%s: empty task line", dp.name)
				}
			case "artifacts":
				for _, a := range fields {
					if !strings.HasPrefix(a, OutDir+"/") || ValidName(a) != nil {
						t.Errorf("%s: artifact %q is not a file name under %s/", dp.name, a, OutDir)
					}
					dp.artifacts = append(dp.artifacts, strings.TrimPrefix(a, OutDir+"/"))
				}
			case "inputs":
				for _, in := range fields {
					if _, err := os.Stat(filepath.Join(dataCorpusDir, "inputs", in)); err != nil {
						t.Errorf("%s: input %q: %v", dp.name, in, err)
					}
					dp.inputs = append(dp.inputs, in)
				}
			}
		}
		if !seen["task"] || !seen["artifacts"] {
			t.Errorf("%s: needs a '# task:' and an '# artifacts:' line", dp.name)
		}
		for _, imp := range an.Analyze(context.Background(), dp.name, src).Imports {
			if imp.Level == 0 && imp.Module != "" {
				dp.modules = append(dp.modules, imp.Module)
			}
		}
		progs = append(progs, dp)
	}
	if len(progs) == 0 {
		t.Fatalf("no program of %s/benign is in SBXGATE_DATA_PROGRAMS", dataCorpusDir)
	}
	return progs
}

func (p dataProgram) request(l config.Limits) (Request, error) {
	req := Request{ID: "data-corpus", Path: p.name, Code: p.src, Modules: p.modules, Limits: l}
	for _, in := range p.inputs {
		b, err := os.ReadFile(filepath.Join(dataCorpusDir, "inputs", in))
		if err != nil {
			return Request{}, err
		}
		req.Files = append(req.Files, File{Name: in, Content: b})
	}
	return req, nil
}

// dataCorpusProblem says what is wrong with a run of p, or "" when it exited 0 with its declared
// artifacts, each non-empty and whole (a PNG with its signature), and nothing undeclared.
func dataCorpusProblem(p dataProgram, res Result) string {
	if res.ExitCode != 0 || len(res.Violations) > 0 {
		return fmt.Sprintf("exit %d, violations %+v, timed out %v, oom %v\nstderr: %s", res.ExitCode, res.Violations,
			res.TimedOut, res.OOMKilled, clip(res.Stderr))
	}
	got := map[string]Artifact{}
	for _, a := range res.Artifacts {
		got[a.Name] = a
	}
	var problems []string
	for _, name := range p.artifacts {
		a, ok := got[name]
		switch {
		case !ok:
			problems = append(problems, "missing "+name)
		case a.Size == 0 || a.Truncated || int64(len(a.Content)) != a.Size:
			problems = append(problems, fmt.Sprintf("%s: size %d, %d bytes back, truncated %v", name, a.Size, len(a.Content), a.Truncated))
		case strings.HasSuffix(name, ".png") && !bytes.HasPrefix(a.Content, pngSignature):
			problems = append(problems, name+" is not a PNG")
		}
		delete(got, name)
	}
	for name := range got {
		problems = append(problems, "undeclared artifact "+name)
	}
	for _, s := range res.ArtifactsSkipped {
		problems = append(problems, fmt.Sprintf("skipped %s: %s", s.Name, s.Reason))
	}
	slices.Sort(problems)
	return strings.Join(problems, "; ")
}

func TestDataCorpus(t *testing.T) {
	progs := loadDataCorpus(t)
	l := dataLimits // both run-time layers on
	// Two runs at once, each taking a warm container of the data profile when one is ready, as a
	// server's pool would give it.
	const concurrent = 2
	d := newDataDocker(t, WithPoolSize(concurrent), WithMaxConcurrent(concurrent), WithPrewarm(l))

	var mu sync.Mutex
	failed := map[string]string{}
	var wg sync.WaitGroup
	// A program's deadline starts when it may run, not when it queues behind the others: on a busy
	// machine the last of 59 waited past a deadline taken at the start.
	slots := make(chan struct{}, concurrent)
	for _, p := range progs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			problem := func() string {
				req, err := p.request(l)
				if err != nil {
					return err.Error()
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				res, err := d.Run(ctx, req)
				if err != nil {
					return "run: " + err.Error()
				}
				if len(res.Enforcement.Layers) != 2 {
					return fmt.Sprintf("ran with layers %v, not both", res.Enforcement.Layers)
				}
				return dataCorpusProblem(p, res)
			}()
			if problem != "" {
				mu.Lock()
				failed[p.name] = problem
				mu.Unlock()
			}
		}()
	}
	wg.Wait()

	// A failure is a false alarm of the run-time layers when the program passes without them, and a
	// broken program (or environment) when it fails there too.
	off := l
	off.Enforce = config.LayerSeccomp | config.LayerAuditHook
	falseAlarms := 0
	for _, name := range slices.Sorted(maps.Keys(failed)) {
		i := slices.IndexFunc(progs, func(p dataProgram) bool { return p.name == name })
		req, err := progs[i].request(off)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		res, err := d.Run(ctx, req)
		cancel()
		switch {
		case err != nil:
			t.Errorf("%s under both layers: %s\nwithout them: run: %v", name, failed[name], err)
		case dataCorpusProblem(progs[i], res) == "":
			// Within the budget below, a false alarm is reported, not failed.
			falseAlarms++
			t.Logf("%s: FALSE ALARM: passes without the run-time layers, under both: %s", name, failed[name])
		default:
			t.Errorf("%s fails without the run-time layers too (a broken program): %s", name, dataCorpusProblem(progs[i], res))
		}
	}
	t.Logf("%d of %d programs passed under both run-time layers; %d false alarms, %d failing without the layers too",
		len(progs)-len(failed), len(progs), falseAlarms, len(failed)-falseAlarms)
	if float64(falseAlarms) > dataCorpusFalseAlarms*float64(len(progs)) {
		t.Errorf("%d false alarms in %d programs, over %.0f%%", falseAlarms, len(progs), 100*dataCorpusFalseAlarms)
	}
}
