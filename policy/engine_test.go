package policy

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	regofiles "github.com/sbxgate/sbxgate/rego"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// mustEngine builds an engine with a deadline long enough for a machine busy with other builds;
// tests of the deadline itself pass their own WithTimeout, which comes later and wins.
func mustEngine(t testing.TB, opts ...Option) *Engine {
	t.Helper()
	e, err := New(context.Background(), append([]Option{WithTimeout(time.Minute)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func readInput(t testing.TB, path string) Input {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseInput(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return in
}

func cleanInput() Input {
	return Input{
		Request: Request{Principal: "ci-bot", Source: "cli"},
		Report:  &analyzer.Report{Path: "t.py", Imports: []analyzer.Import{}, Findings: []analyzer.Finding{}},
	}
}

// assertDenied checks the invariants of every deny: no tier, no resources, a reason with rule.
func assertDenied(t *testing.T, d Decision, rule string) {
	t.Helper()
	if d.Allow {
		t.Fatalf("allowed, want a deny with %s: %+v", rule, d)
	}
	if d.Tier != NoneTier || d.Limits != (config.Limits{Network: "none"}) {
		t.Errorf("deny has tier %q limits %+v, want none and zero limits", d.Tier, d.Limits)
	}
	if !slices.ContainsFunc(d.Reasons, func(r Reason) bool { return r.Rule == rule }) {
		t.Errorf("reasons %+v lack %s", d.Reasons, rule)
	}
	if !slices.Contains(TrustLevels, d.TrustLevel) {
		t.Errorf("trust level %q is not a known level", d.TrustLevel)
	}
}

func TestDecideGolden(t *testing.T) {
	e := mustEngine(t)
	inputs, _ := filepath.Glob("testdata/inputs/*.json")
	if len(inputs) == 0 {
		t.Fatal("no inputs under testdata/inputs")
	}
	for _, path := range inputs {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			d := e.Decide(context.Background(), readInput(t, path))
			d.PolicyRevision = "" // changes with every policy edit; TestRevision covers it
			got, _ := json.MarshalIndent(d, "", "  ")
			got = append(got, '\n')
			golden := filepath.Join("testdata", "golden", name+".decision.json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v: run go test ./policy -update", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("decision differs from %s:\n got %s\nwant %s", golden, got, want)
			}
		})
	}
}

func TestAllowFillsLimitsFromConfig(t *testing.T) {
	e := mustEngine(t)
	in := cleanInput()
	in.Request.RequestedTier = "trusted"
	d := e.Decide(context.Background(), in)
	if !d.Allow || d.Tier != "trusted" {
		t.Fatalf("got %+v, want allow with tier trusted", d)
	}
	if want := config.Default().Tiers["trusted"].Limits(); d.Limits != want {
		t.Errorf("limits %+v, want the config's %+v", d.Limits, want)
	}
	if d.PolicyRevision != e.Revision() || !strings.HasPrefix(d.PolicyRevision, "sha256:") {
		t.Errorf("policy_revision %q, want the engine's %q", d.PolicyRevision, e.Revision())
	}
}

func TestFailClosed(t *testing.T) {
	tests := []struct {
		dir  string
		rule string
	}{
		{"undefined", RuleUndefined},
		{"not_object", RuleMalformed},
		{"wrong_type", RuleMalformed},
		{"unknown_key", RuleMalformed},
		{"bad_reason", RuleMalformed},
		{"conflict", RuleEvalError},
		{"eval_error", RuleEvalError},
		{"timeout", RuleTimeout},
		{"unknown_tier", RuleUnknownTier},
		{"profile_not_allowed", RuleUnknownTier},
		{"profile_type", RuleMalformed},
		{"none_tier", RuleUnknownTier},
		{"unknown_trust", RuleUnknownTrust},
		{"deny_no_reason", RuleNoReason},
		{"allow_everything", RuleAllowedBroken},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			// Only the runaway policy should hit the deadline; on a busy machine even a trivial
			// evaluation can take longer than the default, so the others get a generous one.
			timeout := time.Minute
			if tt.rule == RuleTimeout {
				timeout = 200 * time.Millisecond
			}
			e := mustEngine(t, WithDir(filepath.Join("testdata", "broken", tt.dir)), WithTimeout(timeout), WithConfig(withoutProfiles()))
			in := cleanInput()
			if tt.rule == RuleAllowedBroken {
				in.Report.ParseError = &analyzer.ParseError{Kind: "SyntaxError", Message: "invalid syntax", Line: 1}
			}
			d := e.Decide(context.Background(), in)
			assertDenied(t, d, tt.rule)
			if d.PolicyRevision != e.Revision() {
				t.Errorf("a failed decision must still name the policy revision")
			}
			x := e.Explain(context.Background(), in)
			assertDenied(t, x.Decision, tt.rule)
		})
	}
}

func TestFailClosedWithoutPolicy(t *testing.T) {
	var nilEngine *Engine
	assertDenied(t, nilEngine.Decide(context.Background(), cleanInput()), RuleNoEngine)
	assertDenied(t, nilEngine.Explain(context.Background(), cleanInput()).Decision, RuleNoEngine)

	e := mustEngine(t)
	assertDenied(t, e.Decide(context.Background(), Input{Request: Request{Principal: "ci-bot"}}), RuleNoReport)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assertDenied(t, e.Decide(ctx, cleanInput()), RuleTimeout)
}

// More than one result cannot come out of a single-ref query today; interpret still refuses one.
func TestInterpretRejectsMultipleResults(t *testing.T) {
	e := mustEngine(t)
	one := rego.Result{Expressions: []*rego.ExpressionValue{{Value: ast.MustParseTerm(
		`{"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []}`,
	)}}}
	d := e.interpret(context.Background(), time.Second, rego.ResultSet{one, one}, nil)
	assertDenied(t, d, RuleMultiple)
	if d := e.interpret(context.Background(), time.Second, rego.ResultSet{one}, nil); !d.Allow {
		t.Fatalf("the same result alone must allow: %+v", d)
	}
}

func TestForbiddenPoliciesDoNotLoad(t *testing.T) {
	tests := []struct {
		dir, want string
	}{
		{"http_send", "http.send"},
		{"opa_runtime", "opa.runtime"},
		{"net_lookup", "net.lookup_ip_addr"},
		{"time_now", "time.now_ns"},
		{"schema_ref", "json.verify_schema"},
		{"no_decision", "no rule defines data.sbxgate.decision"},
		{"reserved_config", "data.sbxgate.config is reserved"},
		{"not_strict", "assigned var x unused"},
		{"input_typo", "undefined ref: input.report.findigs"},
		{"input_type", "rego_type_error"},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			_, err := New(context.Background(), WithDir(filepath.Join("testdata", "forbidden", tt.dir)))
			if err == nil {
				t.Fatal("policy loaded, want an error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
}

func TestCapabilitiesAreDeterministicAndOffline(t *testing.T) {
	caps := Capabilities()
	if caps.AllowNet == nil || len(caps.AllowNet) != 0 {
		t.Errorf("AllowNet = %v, want an empty list (no host)", caps.AllowNet)
	}
	names := map[string]bool{}
	for _, b := range caps.Builtins {
		names[b.Name] = true
		if b.Nondeterministic {
			t.Errorf("non-deterministic builtin %s is available to policies", b.Name)
		}
	}
	for _, n := range removedBuiltins {
		if names[n] {
			t.Errorf("removed builtin %s is available to policies", n)
		}
	}
	for _, n := range []string{"sprintf", "object.get", "sort", "count", "concat"} {
		if !names[n] {
			t.Errorf("builtin %s, which policies need, was removed", n)
		}
	}
}

// copyPolicy writes the embedded policy to a directory, so a test can edit it.
func copyPolicy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range slices.Concat(Embedded().Modules, Embedded().Tests, Embedded().Data) {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRevision(t *testing.T) {
	ctx := context.Background()
	base := mustEngine(t).Revision()
	edit := func(name string, change func([]byte) []byte, cfg *config.Config) string {
		t.Helper()
		dir := copyPolicy(t)
		if name != "" {
			p := filepath.Join(dir, name)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, change(b), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		e, err := New(ctx, WithDir(dir), WithConfig(cfg))
		if err != nil {
			t.Fatal(err)
		}
		return e.Revision()
	}
	appendComment := func(b []byte) []byte { return append(b, "\n# edited\n"...) }
	bigger := config.Default()
	tier := bigger.Tiers["standard"]
	tier.Pids++
	bigger.Tiers["standard"] = tier

	if got := edit("", nil, nil); got != base {
		t.Errorf("the same files in a directory have revision %s, embedded %s", got, base)
	}
	if edit("deny.rego", appendComment, nil) == base {
		t.Error("editing a module left the revision unchanged")
	}
	if edit("data.json", func(b []byte) []byte { return bytes.Replace(b, []byte(`"analyst"`), []byte(`"analyst2"`), 1) }, nil) == base {
		t.Error("editing the data left the revision unchanged")
	}
	if edit("", nil, bigger) == base {
		t.Error("changing the config's tiers left the revision unchanged")
	}
	if got := edit("sbxgate_test.rego", appendComment, nil); got != base {
		t.Error("editing a test changed the revision, but tests cannot change a decision")
	}
}

func TestInputValueMatchesJSON(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/inputs/*.json")
	var all []Input
	for _, p := range inputs {
		all = append(all, readInput(t, p))
	}
	all = append(all,
		Input{},
		Input{Request: Request{Labels: map[string]string{}}, Report: &analyzer.Report{}},
		Input{Report: &analyzer.Report{Encoding: "latin-1", Imports: []analyzer.Import{{}}, Findings: []analyzer.Finding{{CWE: 78, Hint: "h"}}}},
	)
	for i, in := range all {
		want, err := ast.InterfaceToValue(emptyLists(in))
		if err != nil {
			t.Fatal(err)
		}
		if got := inputValue(&in); got.Compare(want) != 0 {
			t.Errorf("input %d:\n got %v\nwant %v", i, got, want)
		}
	}
}

// emptyLists returns in as inputValue presents it: every nil list of the report is empty.
func emptyLists(in Input) Input {
	if in.Report == nil {
		return in
	}
	r := *in.Report
	r.Imports = append([]analyzer.Import{}, r.Imports...)
	r.Findings = append([]analyzer.Finding{}, r.Findings...)
	r.Capabilities = append([]string{}, r.Capabilities...)
	for i := range r.Imports {
		r.Imports[i].Names = append([]string{}, r.Imports[i].Names...)
		r.Imports[i].Capabilities = append([]string{}, r.Imports[i].Capabilities...)
	}
	in.Report = &r
	return in
}

func TestParseInput(t *testing.T) {
	full := readInput(t, "testdata/inputs/os_system.json")
	reportOnly, err := json.Marshal(full.Report)
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseInput(reportOnly)
	if err != nil {
		t.Fatal(err)
	}
	if in.Report == nil || in.Report.Path != "evil.py" || in.Request.Principal != "" {
		t.Errorf("a bare report parsed as %+v", in)
	}
	for _, bad := range []string{`[]`, `{"request": {}, "report": 3}`, `{"reprot": {}}`, `{} {}`} {
		if _, err := ParseInput([]byte(bad)); err == nil {
			t.Errorf("ParseInput(%s) succeeded, want an error", bad)
		}
	}
}

func TestEmbeddedPolicyMatchesRegoDir(t *testing.T) {
	// The embedded copy and the rego/ directory are the same files; a stale embed would be a bug.
	e := mustEngine(t, WithDir(filepath.Join("..", "rego")))
	if e.Revision() != mustEngine(t).Revision() {
		t.Error("rego/ and the embedded policy differ")
	}
	if regofiles.FS() == nil {
		t.Fatal("no embedded policy")
	}
}

// A policy picks an image profile among those the config lets the tier use; the decision's limits
// carry it, and the config stays the ceiling (profile_not_allowed in TestFailClosed).
// withoutProfiles is the default config with no tier offering an image profile.
func withoutProfiles() *config.Config {
	cfg := config.Default()
	for name, t := range cfg.Tiers {
		t.Profiles = nil
		cfg.Tiers[name] = t
	}
	return cfg
}

func TestDecisionProfile(t *testing.T) {
	cfg := config.Default()
	tier := cfg.Tiers["standard"]
	tier.Profiles = []string{"data"}
	cfg.Tiers["standard"] = tier
	e := mustEngine(t, WithDir(filepath.Join("testdata", "profile")), WithConfig(cfg))
	in := cleanInput()
	if d := e.Decide(context.Background(), in); !d.Allow || d.Limits.Profile != "" {
		t.Fatalf("no data import: %+v, want base", d)
	}
	in.Report.Imports = append(in.Report.Imports, analyzer.Import{Module: "pandas"})
	d := e.Decide(context.Background(), in)
	if !d.Allow || d.Limits.Profile != "data" {
		t.Fatalf("a pandas import: %+v, want profile data", d)
	}
	// Without the tier's profiles, the policy finds none to choose: it does not decide, a deny.
	base := mustEngine(t, WithDir(filepath.Join("testdata", "profile")), WithConfig(withoutProfiles()))
	assertDenied(t, base.Decide(context.Background(), in), RuleUndefined)
}
