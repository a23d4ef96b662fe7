// Package catalog is the one table of what sbxgate reports: every rule ID with its name, stage,
// capability, severity, CWE and what it means, and the capabilities findings are judged by.
//
// The analyzer's checks declare their own rules, each in its own file (analyzer/checks), and the
// analyzer lists them; the rules of the other stages are declared here (gate.go). analyzer.Catalog
// joins the two, and everything that names rules reads that: the policy's failure IDs, the SARIF
// rule descriptors, `sbxgate rules`, docs/rules.md, and the tests that hold the Rego policy and its
// data to the table. The package imports nothing of sbxgate, so every stage can depend on it.
package catalog

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Stage is the part of the gate that reports a rule.
type Stage string

const (
	FrontEnd Stage = "front end" // SBX000: the source was refused before analysis
	Analyzer Stage = "analyzer"  // SBX100 to SBX899: the analyzer's checks
	Gate     Stage = "gate"      // SBX900 to SBX949: failures of the policy stage itself (policy)
	Policy   Stage = "policy"    // SBX950 to SBX999: the default policy's own rules (rego)
)

// Rule is one entry of the catalogue. The field names are those `sbxgate rules --format json`
// has always printed; fields may be added, never renamed.
type Rule struct {
	ID         string `json:"id"`         // SBX201
	Name       string `json:"name"`       // short kebab-case name: "eval-exec-compile"
	Stage      Stage  `json:"stage"`      // front end, analyzer, gate, policy
	Family     string `json:"family"`     // of the ID's hundreds (analyzer) or range (others): "dynamic code"
	Capability string `json:"capability"` // of its findings; config-driven checks may report others. "" outside the analyzer
	Severity   string `json:"severity"`   // low, medium, high, critical
	CWE        int    `json:"cwe"`        // 0 when none
	Doc        string `json:"doc"`        // one sentence: what the rule finds or decides
	Hint       string `json:"hint"`       // one line a person or an LLM can act on
}

// family is a range of IDs: the hundreds digit for the analyzer, wider blocks for the others.
type family struct {
	lo, hi string // first and last ID
	name   string
	stage  Stage
	hint   string // the fix for the family, for findings that carry none of their own
}

var families = []family{
	{"SBX000", "SBX000", "parse error", FrontEnd, ""},
	{"SBX100", "SBX199", "imports", Analyzer, "import only modules from the sandbox allowlist, by a plain `import` statement"},
	{"SBX200", "SBX299", "dynamic code", Analyzer, "compute the result directly instead of building and running code at run time"},
	{"SBX300", "SBX399", "introspection", Analyzer, "use the objects you need directly instead of walking the interpreter's internals"},
	{"SBX400", "SBX499", "builtins access", Analyzer, "call builtins by their plain names and use constant attribute names"},
	{"SBX500", "SBX599", "module internals and name resolvers", Analyzer, "use the module's public, documented API"},
	{"SBX600", "SBX699", "code runners, interactive use, monkeypatching", Analyzer, "remove debugging, profiling and patching code from the program"},
	{"SBX700", "SBX799", "string tricks", Analyzer, "format values with f-strings or plain {} fields, never attribute paths"},
	{"SBX800", "SBX899", "source-level tricks", Analyzer, "save the file as plain UTF-8 with \\n line endings and ASCII identifiers"},
	{"SBX900", "SBX949", "gate failures", Gate, ""},
	{"SBX950", "SBX999", "default policy", Policy, ""},
}

// The patterns are compiled on first use, off every command's start.
var idPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^SBX[0-9]{3}$`) })

func familyOf(id string) (family, bool) {
	if !idPattern().MatchString(id) {
		return family{}, false
	}
	for _, f := range families {
		if id >= f.lo && id <= f.hi {
			return f, true
		}
	}
	return family{}, false
}

// StageOf is the stage that reports id, by its range; false for an ID outside every range.
func StageOf(id string) (Stage, bool) {
	f, ok := familyOf(id)
	return f.stage, ok
}

// FamilyOf is the family of id ("dynamic code"), or "".
func FamilyOf(id string) string {
	f, _ := familyOf(id)
	return f.name
}

// FamilyHint is the fix for the family of an analyzer rule, for a finding that carries no hint.
func FamilyHint(id string) string {
	f, _ := familyOf(id)
	return f.hint
}

// Severities are the severities a rule or finding may have, least first.
var Severities = []string{"low", "medium", "high", "critical"}

var namePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`) })

// Validate checks a table of rules: well-formed IDs in their stage's range, unique IDs and names,
// a kebab-case name, a known capability (required of analyzer rules) and severity, a CWE for
// analyzer rules, a doc and a hint. Family is filled in by the caller's table (Complete).
func Validate(rules []Rule) error {
	var errs []error
	ids, names := map[string]bool{}, map[string]bool{}
	for i, r := range rules {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("rule %d (%s): %s", i, r.ID, fmt.Sprintf(format, args...)))
		}
		f, ok := familyOf(r.ID)
		switch {
		case !ok:
			bad("ID is not SBX followed by three digits in a known range (SBX000, SBX100-SBX899, SBX900-SBX999)")
		case f.stage != r.Stage:
			bad("ID is in the range of stage %q, not %q", f.stage, r.Stage)
		case ids[r.ID]:
			bad("duplicate ID")
		}
		ids[r.ID] = true
		switch {
		case !namePattern().MatchString(r.Name):
			bad("name %q is not kebab-case (eval-exec-compile)", r.Name)
		case names[r.Name]:
			bad("duplicate name %q", r.Name)
		}
		names[r.Name] = true
		if r.Doc == "" || r.Hint == "" {
			bad("empty doc or hint")
		}
		if !slices.Contains(Severities, r.Severity) {
			bad("severity %q is not one of %s", r.Severity, strings.Join(Severities, ", "))
		}
		if r.Stage == Analyzer {
			if _, ok := capabilityOf(r.Capability); !ok {
				bad("unknown capability %q", r.Capability)
			}
			if r.CWE <= 0 {
				bad("no CWE")
			}
		} else if r.Capability != "" {
			bad("capability %q on a rule of stage %s, whose rules report no findings", r.Capability, r.Stage)
		}
	}
	return errors.Join(errs...)
}

// Complete returns the rules sorted by ID, each with its family filled in.
func Complete(rules []Rule) []Rule {
	out := slices.Clone(rules)
	for i := range out {
		out[i].Family = FamilyOf(out[i].ID)
	}
	slices.SortFunc(out, func(a, b Rule) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Find returns the rule with id from rules.
func Find(rules []Rule, id string) (Rule, bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
