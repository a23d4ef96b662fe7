package mcpserver

import (
	"fmt"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
)

// Policy rule IDs (rego/deny.rego) that are not analyzer findings and need their own advice.
const (
	ruleParseError = "SBX800"
	ruleImport     = "SBX801"
)

// problems turns a decision's reasons into problems with fixes. A reason that names a finding (same
// rule and line) takes the finding's column, message and hint; policy-level reasons get advice by
// rule. An allowed decision has no problems.
func (s *Server) problems(rep *analyzer.Report, d policy.Decision) []Problem {
	ps := []Problem{}
	if d.Allow {
		return ps
	}
	type key struct {
		rule string
		line int
	}
	findings := map[key]analyzer.Finding{}
	if rep != nil {
		for _, f := range rep.Findings {
			k := key{f.Rule, f.Line}
			if _, dup := findings[k]; !dup {
				findings[k] = f
			}
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
		case r.Rule == ruleParseError:
			if rep != nil && rep.ParseError != nil {
				p.Col = rep.ParseError.Col
			}
			p.Fix = "make the code valid Python 3.11 (the gate analyzes only code that parses)"
		case r.Rule == ruleImport:
			p.Fix = "remove this import; use only the allowed modules (see Allowed modules)"
		case strings.HasPrefix(r.Rule, "SBX9"):
			p.Fix = "nothing in the code: the gate itself failed and denies to be safe; retry later or tell the operator"
		default:
			p.Fix = "change the code so this no longer applies"
		}
		if !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	return ps
}

// allowedModules is the config's module allowlist when a problem is a refused import, else nil.
func (s *Server) allowedModules(ps []Problem) []string {
	for _, p := range ps {
		if p.Rule == ruleImport {
			return s.cfg.Modules.Allow
		}
	}
	return nil
}
