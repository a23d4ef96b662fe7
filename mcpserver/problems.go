package mcpserver

import (
	"fmt"
	"slices"
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

const importFix = "remove this import; only the allowed modules can be imported"

// gateFailure reports whether rule is one of the gate's own failures (SBX900 to SBX949: the policy
// engine failed, so the deny says nothing about the code).
func gateFailure(rule string) bool {
	return len(rule) == len("SBX900") && rule >= "SBX900" && rule < "SBX950"
}

// problems turns a decision's reasons into problems with fixes, each cause once. A reason that names
// a finding takes the finding's column, message and hint; other reasons get advice by kind. Every
// reason about one refused import (outside the allowlist, and a finding on the same import such as
// "reaches process") makes a single problem for that import. An allowed decision has no problems.
// refusedImport says whether an import was refused, so the caller can point to the allowed modules.
func problems(rep *analyzer.Report, d policy.Decision) (ps []Problem, refusedImport bool) {
	ps = []Problem{}
	if d.Allow {
		return ps, false
	}
	if rep == nil {
		rep = &analyzer.Report{}
	}
	var refused []analyzer.Import
	for _, imp := range rep.Imports {
		if !imp.Allowed {
			refused = append(refused, imp)
		}
	}
	byImport := map[int]int{} // index in refused -> index in ps
	seen := map[string]bool{}
	for _, r := range d.Reasons {
		p := Problem{Line: r.Line, Rule: r.Rule, Found: r.Message}
		imp := -1
		switch f, ok := findingFor(rep.Findings, r); {
		case ok:
			p.Col, p.Found = f.Col, f.Message
			p.Fix = f.Hint
			if p.Fix == "" {
				p.Fix = fmt.Sprintf("rewrite this without %s; the sandbox denies that capability", strings.ReplaceAll(f.Capability, "_", " "))
			}
			imp = importAt(refused, f.Line, f.Col)
		case gateFailure(r.Rule):
			p.Fix = "nothing in the code: the gate itself failed and denies to be safe; retry later or tell the operator"
		case r.Rule == ruleParseError || rep.ParseError != nil && r.Line == rep.ParseError.Line:
			if rep.ParseError != nil {
				p.Col = rep.ParseError.Col
			}
			p.Fix = "make the code valid Python 3.11 (the gate analyzes only code that parses)"
		case r.Rule == ruleImport || onLine(refused, r.Line):
			imp = importNamed(refused, r)
			p.Fix = importFix
		default:
			p.Fix = "change the code so this no longer applies"
		}
		if imp < 0 {
			if k := fmt.Sprint(p.Line, p.Col, p.Rule, p.Found, p.Fix); !seen[k] {
				seen[k] = true
				ps = append(ps, p)
			}
			continue
		}
		refusedImport = true
		i, merged := byImport[imp]
		if !merged {
			p.Col = refused[imp].Col
			if p.Fix != importFix {
				p.Fix = importFix + "; " + p.Fix
			}
			byImport[imp] = len(ps)
			ps = append(ps, p)
			continue
		}
		q := &ps[i]
		if !strings.Contains(q.Found, p.Found) {
			q.Found += "; " + p.Found
		}
		if p.Rule != q.Rule && !slices.Contains(q.OtherRules, p.Rule) {
			q.OtherRules = append(q.OtherRules, p.Rule)
		}
		if p.Fix != importFix && !strings.Contains(q.Fix, p.Fix) {
			q.Fix += "; " + p.Fix
		}
	}
	return ps, refusedImport
}

// findingFor is the finding a reason was made from: same rule and line, and the reason's message
// starts with the finding's (the default policy appends the capability and severity). Failing that,
// the first finding with the same rule and line.
func findingFor(fs []analyzer.Finding, r policy.Reason) (analyzer.Finding, bool) {
	first := -1
	for i, f := range fs {
		if f.Rule != r.Rule || f.Line != r.Line {
			continue
		}
		if strings.HasPrefix(r.Message, f.Message) {
			return f, true
		}
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		return analyzer.Finding{}, false
	}
	return fs[first], true
}

// importAt is the refused import that starts where a finding starts (the finding is about that
// import), or -1.
func importAt(refused []analyzer.Import, line, col int) int {
	for i, imp := range refused {
		if imp.Line == line && imp.Col == col {
			return i
		}
	}
	return -1
}

func onLine(refused []analyzer.Import, line int) bool {
	for _, imp := range refused {
		if imp.Line == line {
			return true
		}
	}
	return false
}

// importNamed is the refused import on the reason's line that the reason names (one line can import
// several modules), the only one on that line, or -1 when none is on it.
func importNamed(refused []analyzer.Import, r policy.Reason) int {
	found := -1
	for i, imp := range refused {
		if imp.Line != r.Line {
			continue
		}
		if found < 0 {
			found = i
		}
		if name := strings.Repeat(".", imp.Level) + imp.Module; name != "" && containsWord(r.Message, name) {
			return i
		}
	}
	return found
}

// containsWord reports whether name occurs in s between spaces or the ends of s.
func containsWord(s, name string) bool {
	for _, w := range strings.Fields(s) {
		if w == name {
			return true
		}
	}
	return false
}
