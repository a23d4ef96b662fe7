package policy

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/sbxgate/sbxgate/analyzer"
)

// parseOutput reads the decision as OPA's AST. These are the shapes the JSON route used to
// normalize; each must keep its old verdict.
func TestParseOutput(t *testing.T) {
	tests := []struct {
		name, decision string
		wantErr        string // "" means the decision parses
		wantReasons    []Reason
	}{
		{name: "allow", decision: `{"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []}`},
		{
			name:        "reasons as a set",
			decision:    `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": {{"rule": "SBX1", "message": "m", "line": 3}}}`,
			wantReasons: []Reason{{Rule: "SBX1", Message: "m", Line: 3}},
		},
		{
			name:        "line",
			decision:    `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"rule": "SBX1", "message": "m", "line": 7}]}`,
			wantReasons: []Reason{{Rule: "SBX1", Message: "m", Line: 7}},
		},
		{name: "not an object", decision: `true`, wantErr: "is a boolean, want an object"},
		{name: "non-string key", decision: `{"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": [], 1: 2}`, wantErr: `unknown key "1"`},
		{name: "misspelt key", decision: `{"allow": true, "trust_level": "trusted", "tier": "standard", "reason": []}`, wantErr: `unknown key "reason"`},
		{name: "missing reasons", decision: `{"allow": true, "trust_level": "trusted", "tier": "standard"}`, wantErr: `key "reasons" is missing`},
		{name: "allow a string", decision: `{"allow": "yes", "trust_level": "trusted", "tier": "standard", "reasons": []}`, wantErr: "allow is a string, want a boolean"},
		{name: "reasons an object", decision: `{"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": {}}`, wantErr: "reasons is an object, want an array"},
		{name: "reason not an object", decision: `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": ["no"]}`, wantErr: "reasons[0]: is a string"},
		{name: "empty rule", decision: `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"rule": "", "message": "m"}]}`, wantErr: "rule is empty"},
		{name: "fractional line", decision: `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"rule": "SBX1", "message": "m", "line": 1.5}]}`, wantErr: "line is the number 1.5"},
		{name: "negative line", decision: `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"rule": "SBX1", "message": "m", "line": -1}]}`, wantErr: "line is the number -1"},
		{name: "line a string", decision: `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"rule": "SBX1", "message": "m", "line": "3"}]}`, wantErr: "line is a string"},
		{name: "extra reason key", decision: `{"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"rule": "SBX1", "message": "m", "col": 1}]}`, wantErr: `unknown key "col"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := parseOutput(ast.MustParseTerm(tt.decision))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Reasons) != len(tt.wantReasons) {
				t.Fatalf("reasons %+v, want %+v", out.Reasons, tt.wantReasons)
			}
			for i := range out.Reasons {
				if out.Reasons[i] != tt.wantReasons[i] {
					t.Errorf("reasons[%d] = %+v, want %+v", i, out.Reasons[i], tt.wantReasons[i])
				}
			}
		})
	}
	if _, err := parseOutput(map[string]any{"allow": true}); err == nil {
		t.Error("a Go value instead of an AST term must not parse")
	}
}

// Explain evaluates like Decide and names each rule that fired where the policy defines it.
func TestExplainLocatesFiredRules(t *testing.T) {
	e := mustEngine(t)
	in := cleanInput()
	in.Report.Findings = []analyzer.Finding{
		{Rule: "SBX101", Capability: "process", Severity: "high", Line: 3, Message: "os.system"},
		{Rule: "SBX102", Capability: "process", Severity: "high", Line: 5, Message: "subprocess.run"},
	}
	x := e.Explain(context.Background(), in)
	if d := e.Decide(context.Background(), in); !reflect.DeepEqual(x.Decision, d) {
		t.Fatalf("Explain decided %+v, Decide %+v", x.Decision, d)
	}
	var found bool
	for _, f := range x.Fired {
		if f.File == "" || f.Row <= 0 || f.Col <= 0 {
			t.Errorf("fired rule %s has no location: %+v", f.Rule, f)
		}
		// The report has findings and no imports, so the only deny rule that fires is the findings'.
		if f.Rule == "data.sbxgate.deny" && f.File == "rego/deny.rego" {
			found = true
			if f.Times != 2 {
				t.Errorf("deny at %s fired %d times, want once per finding (2)", f.Location(), f.Times)
			}
		}
	}
	if !found {
		t.Errorf("deny in rego/deny.rego is not among the fired rules: %+v", x.Fired)
	}
}
