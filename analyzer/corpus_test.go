package analyzer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

// The corpus (testdata/corpus, see its README) is the team's measure of the gate: every program
// must get exactly its labeled (line, rule) findings.

const corpusDir = "../testdata/corpus"

type corpusFile struct {
	path       string
	src        []byte
	label      string // evasion, benign or "" (parse_errors)
	wantParse  bool
	want       map[key]int
	needsAllow bool
}

type key struct {
	line int
	rule string
}

var (
	wantRE     = regexp.MustCompile(`#\s*want:\s*((?:SBX\d{3}\s*)+)\s*$`)
	wantLineRE = regexp.MustCompile(`^#\s*want-line\s+(\d+):\s*((?:SBX\d{3}\s*)+)$`)
	labelRE    = regexp.MustCompile(`^#\s*label:\s*(\w+)`)
)

// corpusLines splits src the way CPython counts lines: \r\n, \r and \n each end one.
func corpusLines(src []byte) [][]byte {
	var lines [][]byte
	start := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			lines = append(lines, src[start:i])
			start = i + 1
		case '\r':
			lines = append(lines, src[start:i])
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(src) {
		lines = append(lines, src[start:])
	}
	return lines
}

func loadCorpus(t testing.TB) []corpusFile {
	t.Helper()
	var files []corpusFile
	err := filepath.WalkDir(corpusDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".py") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(corpusDir, path)
		cf := corpusFile{path: filepath.ToSlash(rel), src: src, want: map[key]int{},
			needsAllow: strings.Contains(filepath.ToSlash(rel), "benign/needs_allowlist/")}
		header := true
		for i, line := range corpusLines(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))) {
			s := strings.TrimSpace(string(line))
			if header && (s == "" || strings.HasPrefix(s, "#")) {
				if m := labelRE.FindStringSubmatch(s); m != nil {
					cf.label = m[1]
				}
				if m := wantLineRE.FindStringSubmatch(s); m != nil {
					n, _ := strconv.Atoi(m[1])
					for _, id := range strings.Fields(m[2]) {
						cf.want[key{n, id}]++
					}
					continue
				}
				if strings.HasPrefix(s, "# want-parse-error") {
					cf.wantParse = true
				}
			} else {
				header = false
			}
			if m := wantRE.FindSubmatch(line); m != nil {
				for _, id := range strings.Fields(string(m[1])) {
					cf.want[key{i + 1, id}]++
				}
			}
		}
		files = append(files, cf)
		return nil
	})
	if err != nil {
		t.Fatalf("reading the corpus: %v", err)
	}
	if len(files) == 0 {
		t.Fatalf("no corpus files under %s", corpusDir)
	}
	return files
}

func newAnalyzer(t testing.TB) *analyzer.Analyzer {
	t.Helper()
	a, err := analyzer.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestCorpus(t *testing.T) {
	a := newAnalyzer(t)
	files := loadCorpus(t)
	for _, cf := range files {
		t.Run(cf.path, func(t *testing.T) {
			rep := a.Analyze(context.Background(), cf.path, cf.src)
			if cf.wantParse {
				if rep.ParseError == nil {
					t.Fatalf("want a parse error, got none (findings %v)", rep.Findings)
				}
				return
			}
			if rep.ParseError != nil {
				t.Fatalf("unexpected parse error: %+v", *rep.ParseError)
			}
			got := map[key]int{}
			for _, f := range rep.Findings {
				got[key{f.Line, f.Rule}]++
			}
			if diff := diffKeys(cf.want, got, rep); diff != "" {
				t.Errorf("findings differ from the # want labels (- missing, + unexpected):\n%s", diff)
			}
		})
	}
}

func diffKeys(want, got map[key]int, rep *analyzer.Report) string {
	all := map[key]bool{}
	for k := range want {
		all[k] = true
	}
	for k := range got {
		all[k] = true
	}
	keys := make([]key, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].line != keys[j].line {
			return keys[i].line < keys[j].line
		}
		return keys[i].rule < keys[j].rule
	})
	var b strings.Builder
	for _, k := range keys {
		w, g := want[k], got[k]
		for ; w > g; w-- {
			fmt.Fprintf(&b, "  - line %d %s\n", k.line, k.rule)
		}
		for ; g > w; g-- {
			msg := ""
			for _, f := range rep.Findings {
				if f.Line == k.line && f.Rule == k.rule {
					msg = f.Message
				}
			}
			fmt.Fprintf(&b, "  + line %d %s: %s\n", k.line, k.rule, msg)
		}
	}
	return b.String()
}

// benignDenialCeiling is the share of the benign corpus the default gate may deny: the static
// layer admits only what it can judge, and a few ordinary programs do what an attack does (a
// Formatter field path built at run time) in a way it cannot tell apart.
const benignDenialCeiling = 0.02

// TestCorpusPolicy runs the real default policy on the corpus: every evasion is denied, and at
// most benignDenialCeiling of the benign programs are. A benign program that is denied is listed
// with its reasons (its findings are labeled like any other); an allowed one has no finding whose
// capability the policy denies.
func TestCorpusPolicy(t *testing.T) {
	ctx := context.Background()
	a, eng := defaultGate(t)
	denied := deniedCapabilities(t)
	var benign, benignDenied int
	for _, cf := range loadCorpus(t) {
		rep := a.Analyze(ctx, cf.path, cf.src)
		d := eng.Decide(ctx, policy.Input{Request: policy.Request{Principal: "ci-bot", Source: "cli"}, Report: rep})
		switch cf.label {
		case "evasion":
			if d.Allow {
				t.Errorf("%s: evasion allowed by the default policy (findings %v)", cf.path, rep.Findings)
			}
		case "benign":
			benign++
			if !d.Allow {
				benignDenied++
				t.Logf("%s: benign program denied: %v", cf.path, d.Reasons)
				continue
			}
			for _, f := range rep.Findings {
				if denied[f.Capability] {
					t.Errorf("%s:%d: benign program has %s with denied capability %s: %s", cf.path, f.Line, f.Rule, f.Capability, f.Message)
				}
			}
		}
	}
	if benign == 0 {
		t.Fatal("no benign programs in the corpus")
	}
	rate := float64(benignDenied) / float64(benign)
	t.Logf("benign programs: %d, denied: %d (%.1f%%)", benign, benignDenied, 100*rate)
	if rate > benignDenialCeiling {
		t.Errorf("the default gate denies %.1f%% of the benign corpus, above the ceiling of %.0f%%", 100*rate, 100*benignDenialCeiling)
	}
}

// deniedCapabilities is the set of capabilities the default policy denies, read from its data so the
// tests follow the policy.
func deniedCapabilities(t *testing.T) map[string]bool {
	raw, err := os.ReadFile("../rego/data.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Sbxgate struct {
			DeniedCapabilities []string `json:"denied_capabilities"`
		} `json:"sbxgate"`
	}
	if err := json.Unmarshal(raw, &data); err != nil || len(data.Sbxgate.DeniedCapabilities) == 0 {
		t.Fatalf("rego/data.json: no sbxgate.denied_capabilities (%v)", err)
	}
	set := map[string]bool{}
	for _, c := range data.Sbxgate.DeniedCapabilities {
		set[c] = true
	}
	return set
}

// defaultGate is the analyzer with the default config and the default policy engine.
func defaultGate(t *testing.T) (*analyzer.Analyzer, *policy.Engine) {
	t.Helper()
	eng, err := policy.New(context.Background(), policy.WithConfig(config.Default()))
	if err != nil {
		t.Fatalf("policy: %v", err)
	}
	return newAnalyzer(t), eng
}

// dataCorpusDir holds the data profile's benign programs (testdata/data, see its README).
const dataCorpusDir = "../testdata/data/benign"

// TestDataCorpusPolicy runs the static layer and the default policy on the data profile's benign
// programs, as a trusted principal (whose default tier, standard, offers the data profile): at
// most benignDenialCeiling of them are denied, and every one allowed that imports a package of
// the data image is sent to that image.
func TestDataCorpusPolicy(t *testing.T) {
	ctx := context.Background()
	a, eng := defaultGate(t)
	paths, err := filepath.Glob(filepath.Join(dataCorpusDir, "*.py"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no programs in %s (%v)", dataCorpusDir, err)
	}
	denied, data := 0, 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rep := a.Analyze(ctx, path, src)
		d := eng.Decide(ctx, policy.Input{Request: policy.Request{Principal: "ci-bot", Source: "cli"}, Report: rep})
		if !d.Allow {
			denied++
			t.Logf("%s: denied: %v", path, d.Reasons)
			continue
		}
		if rep.Profile == "data" {
			data++
			if d.Limits.Profile != "data" {
				t.Errorf("%s: needs the data profile and is allowed with profile %q", path, d.Limits.Profile)
			}
		}
	}
	rate := float64(len(paths)-denied) / float64(len(paths))
	t.Logf("data programs: %d, allowed: %d (%.1f%%), with profile data: %d", len(paths), len(paths)-denied, 100*rate, data)
	if rate < 1-benignDenialCeiling {
		t.Errorf("the default gate allows %.1f%% of the data corpus, below %.0f%%", 100*rate, 100*(1-benignDenialCeiling))
	}
	if data == 0 {
		t.Error("no program of the data corpus was sent to the data profile")
	}
}
