package mcpserver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

func TestProblems(t *testing.T) {
	rep := &analyzer.Report{
		Imports: []analyzer.Import{{Module: "json", Line: 1, Allowed: true}, {Module: "pandas", Line: 2, Col: 7}},
		Findings: []analyzer.Finding{
			{Rule: "SBX101", Capability: "process", Line: 4, Col: 2, Message: "os.system reaches process", Hint: "compute it in Python"},
			{Rule: "SBX201", Capability: "dynamic_code", Line: 5, Message: "call of eval"},
		},
	}
	tests := []struct {
		name    string
		rep     *analyzer.Report
		reason  policy.Reason
		col     int
		found   string
		fix     string // substring
		refused bool
	}{
		{"finding with hint", rep, policy.Reason{Rule: "SBX101", Line: 4, Message: "policy words"}, 2, "os.system reaches process", "compute it in Python", false},
		{"finding without hint", rep, policy.Reason{Rule: "SBX201", Line: 5, Message: "m"}, 0, "call of eval", "rewrite this without dynamic code", false},
		{"refused import by rule", rep, policy.Reason{Rule: ruleImport, Line: 2, Message: "import of pandas is not allowed"}, 7, "import of pandas is not allowed", "remove this import", true},
		{"refused import by line, renumbered rule", rep, policy.Reason{Rule: "SBX801", Line: 2, Message: "import of pandas"}, 7, "import of pandas", "remove this import", true},
		{"parse error", &analyzer.Report{ParseError: &analyzer.ParseError{Line: 3, Col: 7}}, policy.Reason{Rule: "SBX950", Line: 3, Message: "SyntaxError"}, 7, "SyntaxError", "valid Python 3.11", false},
		{"gate failure", rep, policy.Reason{Rule: policy.RuleTimeout, Message: "policy evaluation did not finish"}, 0, "policy evaluation did not finish", "the gate itself failed", false},
		{"policy rule without a finding", rep, policy.Reason{Rule: "SBX960", Line: 9, Message: "tier not granted"}, 0, "tier not granted", "change the code", false},
		{"no report", nil, policy.Reason{Rule: "SBX952", Message: "no analyzer report"}, 0, "no analyzer report", "change the code", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, refused := problems(tt.rep, policy.Decision{Reasons: []policy.Reason{tt.reason, tt.reason}})
			if len(ps) != 1 {
				t.Fatalf("%d problems for one (repeated) reason: %+v", len(ps), ps)
			}
			p := ps[0]
			if p.Line != tt.reason.Line || p.Rule != tt.reason.Rule || p.Col != tt.col || p.Found != tt.found || !strings.Contains(p.Fix, tt.fix) || len(p.OtherRules) != 0 {
				t.Errorf("problem %+v; want line %d rule %s col %d found %q fix ~%q", p, tt.reason.Line, tt.reason.Rule, tt.col, tt.found, tt.fix)
			}
			if refused != tt.refused {
				t.Errorf("refused import: %v, want %v", refused, tt.refused)
			}
		})
	}
	if ps, _ := problems(rep, policy.Decision{Allow: true, Reasons: []policy.Reason{{Rule: "X"}}}); len(ps) != 0 {
		t.Errorf("an allowed decision has problems: %+v", ps)
	}
}

// The real analyzer and the default policy give several reasons for one import (outside the
// allowlist, and reaching a denied capability); the agent gets one problem per import, naming every
// rule, and separate problems for separate causes on the same line.
func TestProblemsOncePerCause(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	an, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := policy.New(context.Background(), policy.WithConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		line  int
		rules string // rule and other rules, comma-separated
	}
	tests := []struct {
		name string
		code string
		want []want
		// profile: a module of an image profile the tier does not offer, not an import the
		// allowlist refuses
		profile bool
	}{
		{"import from a process module", "from subprocess import run\n", []want{{1, "SBX101,SBX951"}}, false},
		{"two modules, one refused", "import os, subprocess\n", []want{{1, "SBX101,SBX951"}}, false},
		{"two refused modules on a line", "import subprocess, socket\n", []want{{1, "SBX101,SBX951"}, {1, "SBX101,SBX951"}}, false},
		{"refused import and a call on one line", "import tomllib; import os; os.system('x')\n", []want{{1, "SBX101"}, {1, "SBX951"}}, false},
		{"dynamic import", "import importlib\nimportlib.import_module('socket')\n", []want{{1, "SBX951"}, {2, "SBX103,SBX951"}}, false},
		{"outside the allowlist only", "import tomllib\n", []want{{1, "SBX951"}}, false},
		{"a data package where the tier does not offer its image", "import pandas\n", []want{{1, "SBX953"}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := an.Analyze(context.Background(), "t.py", []byte(tt.code))
			d := eng.Decide(context.Background(), policy.Input{Request: policy.Request{Principal: "mcp", Source: Source}, Report: rep})
			ps, refused := problems(rep, d)
			var got []want
			for _, p := range ps {
				got = append(got, want{p.Line, strings.Join(append([]string{p.Rule}, p.OtherRules...), ",")})
				if strings.Count(p.Found, ";") != len(p.OtherRules) {
					t.Errorf("problem %+v: want what each rule found, once", p)
				}
				if onImport := p.Rule == ruleImport || slices.Contains(p.OtherRules, ruleImport); onImport != strings.HasPrefix(p.Fix, importFix) {
					t.Errorf("problem %+v: the import's fix only for an import", p)
				}
			}
			slices.SortFunc(got, func(a, b want) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
			if !slices.Equal(got, tt.want) || refused == tt.profile {
				t.Errorf("problems %+v (refused import %v); want %v from reasons %+v", ps, refused, tt.want, d.Reasons)
			}
		})
	}
}
