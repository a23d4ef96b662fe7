package mcpserver

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

func TestProblems(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: cfg}
	rep := &analyzer.Report{
		Imports: []analyzer.Import{{Module: "json", Line: 1, Allowed: true}, {Module: "pandas", Line: 2}},
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
		modules bool
	}{
		{"finding with hint", rep, policy.Reason{Rule: "SBX101", Line: 4, Message: "policy words"}, 2, "os.system reaches process", "compute it in Python", false},
		{"finding without hint", rep, policy.Reason{Rule: "SBX201", Line: 5, Message: "m"}, 0, "call of eval", "rewrite this without dynamic code", false},
		{"refused import by rule", rep, policy.Reason{Rule: ruleImport, Line: 2, Message: "import of pandas is not allowed"}, 0, "import of pandas is not allowed", "remove this import", true},
		{"refused import by line, renumbered rule", rep, policy.Reason{Rule: "SBX801", Line: 2, Message: "import of pandas"}, 0, "import of pandas", "remove this import", true},
		{"parse error", &analyzer.Report{ParseError: &analyzer.ParseError{Line: 3, Col: 7}}, policy.Reason{Rule: "SBX950", Line: 3, Message: "SyntaxError"}, 7, "SyntaxError", "valid Python 3.11", false},
		{"gate failure", rep, policy.Reason{Rule: policy.RuleTimeout, Message: "policy evaluation did not finish"}, 0, "policy evaluation did not finish", "the gate itself failed", false},
		{"policy rule without a finding", rep, policy.Reason{Rule: "SBX960", Line: 9, Message: "tier not granted"}, 0, "tier not granted", "change the code", false},
		{"no report", nil, policy.Reason{Rule: "SBX952", Message: "no analyzer report"}, 0, "no analyzer report", "change the code", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, modules := s.problems(tt.rep, policy.Decision{Reasons: []policy.Reason{tt.reason, tt.reason}})
			if len(ps) != 1 {
				t.Fatalf("%d problems for one (repeated) reason: %+v", len(ps), ps)
			}
			p := ps[0]
			if p.Line != tt.reason.Line || p.Rule != tt.reason.Rule || p.Col != tt.col || p.Found != tt.found || !strings.Contains(p.Fix, tt.fix) {
				t.Errorf("problem %+v; want line %d rule %s col %d found %q fix ~%q", p, tt.reason.Line, tt.reason.Rule, tt.col, tt.found, tt.fix)
			}
			if (modules != nil) != tt.modules {
				t.Errorf("allowed modules listed: %v, want %v", modules != nil, tt.modules)
			}
		})
	}
	if ps, _ := s.problems(rep, policy.Decision{Allow: true, Reasons: []policy.Reason{{Rule: "X"}}}); len(ps) != 0 {
		t.Errorf("an allowed decision has problems: %+v", ps)
	}
}
