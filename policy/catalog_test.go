package policy

import (
	"os"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/catalog"
)

// Every failure rule of the policy stage in the catalogue is documented in doc.go, and every
// failure rule Decide uses is in the catalogue as a rule of the gate.
func TestFailureRulesInCatalog(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range catalog.Stages {
		if r.Stage == catalog.Gate && !strings.Contains(string(doc), "//\t"+r.ID+"  ") {
			t.Errorf("%s (%s) is not in doc.go's list of failure rules", r.ID, r.Name)
		}
	}
	for _, id := range []string{RuleNoEngine, RuleEvalError, RuleTimeout, RuleUndefined, RuleMultiple, RuleMalformed,
		RuleUnknownTier, RuleUnknownTrust, RuleNoReport, RuleNoReason, RuleEnginePanic, RuleAllowedBroken} {
		if r, ok := catalog.Find(catalog.Stages, id); !ok || r.Stage != catalog.Gate {
			t.Errorf("%s is not a gate rule of the catalogue", id)
		}
	}
}
