package mcpserver

import (
	"encoding/json"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// TestOutputSchemasAcceptAnswers: every answer must validate against its tool's output schema,
// or the SDK turns it into a protocol error after the code ran. The grants and enforcement
// layers, bit sets written as lists, once broke run_python under any tier that set them.
func TestOutputSchemasAcceptAnswers(t *testing.T) {
	l := config.Limits{CPUs: 1, MemoryBytes: 1 << 28, TimeoutMS: 1000, Pids: 8, Network: "none",
		Grants: config.GrantProcess | config.GrantNativeCode, Enforce: config.LayerAuditHook}
	dec := policy.Decision{Allow: true, TrustLevel: "trusted", Tier: "t", Limits: l, Reasons: []policy.Reason{}}
	run := RunOutput{Allowed: true, Tier: "t", Problems: []Problem{}, Decision: dec, Result: &RunResult{
		Violations:  []runner.Violation{{Capability: "process", Event: "os.system", Detail: "[id]"}},
		Enforcement: &runner.Enforcement{Runtime: "runc", Limits: l, Grants: l.Grants.Names(), Layers: l.Enforce.Names()},
	}}
	check := CheckOutput{Allowed: true, Tier: "t", Problems: []Problem{}, Decision: dec}
	for name, tc := range map[string]struct {
		out    any
		schema *jsonschema.Schema
	}{
		"run_python":   {run, outputSchema[RunOutput]()},
		"check_python": {check, outputSchema[CheckOutput]()},
	} {
		r, err := tc.schema.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(tc.out)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if err := r.Validate(v); err != nil {
			t.Errorf("%s: an answer does not validate against the tool's output schema: %v", name, err)
		}
	}
}
