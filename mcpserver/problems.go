package mcpserver

import (
	"fmt"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
)

// Policy rule IDs (policy/doc.go) that are not analyzer findings and need their own advice. The
// problems are also recognised from the report (a parse error or a refused import on the reason's
// line), so advice survives a renumbering of the policy's rules.
const (
	ruleParseError = "SBX950"
	ruleImport     = "SBX951"
)

// gateFailure reports whether rule is one of the gate's own failures (SBX900 to SBX949: the policy
// engine failed, so the deny says nothing about the code).
func gateFailure(rule string) bool {
	return len(rule) == len("SBX900") && rule >= "SBX900" && rule < "SBX950"
}

// problems turns a decision's reasons into problems with fixes. A reason that names a finding (same
// rule and line) takes the finding's column, message and hint; other reasons get advice by kind. An
// allowed decision has no problems. allowedModules is the module allowlist when an import was
// refused, so the agent can pick another.
func (s *Server) problems(rep *analyzer.Report, d policy.Decision) (ps []Problem, allowedModules []string) {
	ps = []Problem{}
	if d.Allow {
		return ps, nil
	}
	type key struct {
		rule string
		line int
	}
	findings := map[key]analyzer.Finding{}
	refusedImport := map[int]bool{}
	if rep == nil {
		rep = &analyzer.Report{}
	}
	for _, f := range rep.Findings {
		k := key{f.Rule, f.Line}
		if _, dup := findings[k]; !dup {
			findings[k] = f
		}
	}
	for _, imp := range rep.Imports {
		if !imp.Allowed {
			refusedImport[imp.Line] = true
		}
	}
	seen := map[Problem]bool{}
	for _, r := range d.Reasons {
		p := Problem{Line: r.Line, Rule: r.Rule, Found: r.Message}
		switch f, ok := findings[key{r.Rule, r.Line}]; {
		case ok:
			p.Col, p.Found = f.Col, f.Message
			p.Fix = f.Hint
			if p.Fix == "" {
				p.Fix = fmt.Sprintf("rewrite this without %s; the sandbox denies that capability", strings.ReplaceAll(f.Capability, "_", " "))
			}
		case gateFailure(r.Rule):
			p.Fix = "nothing in the code: the gate itself failed and denies to be safe; retry later or tell the operator"
		case r.Rule == ruleParseError || rep.ParseError != nil && r.Line == rep.ParseError.Line:
			if rep.ParseError != nil {
				p.Col = rep.ParseError.Col
			}
			p.Fix = "make the code valid Python 3.11 (the gate analyzes only code that parses)"
		case r.Rule == ruleImport || refusedImport[r.Line]:
			allowedModules = s.cfg.Modules.Allow
			p.Fix = "remove this import; use only the allowed modules (see Allowed modules)"
		default:
			p.Fix = "change the code so this no longer applies"
		}
		if !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	return ps, allowedModules
}
