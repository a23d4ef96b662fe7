package record

import (
	"encoding/json"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
)

// ReportOmitted says what a decision record left out of its analysis, the analyzer's report and
// the decision's reasons (CutAnalysis), and why (OmittedBudget, OmittedSize): how many of their
// entries are not in the record. What is kept is the first of each, in order.
type ReportOmitted struct {
	Why string `json:"why"`
	// Bytes is the size the report and the reasons would have taken, as written.
	Bytes       int `json:"bytes"`
	Imports     int `json:"imports,omitempty"`
	ImportNames int `json:"import_names,omitempty"` // names left out of the imports kept
	Findings    int `json:"findings,omitempty"`
	Reasons     int `json:"reasons,omitempty"`
}

// AnalysisLen is the number of bytes r's report and its decision's reasons take in the log: what
// a program can make large (up to 1,000 imports and findings, each with the names it wrote, and a
// reason for each), beside its code.
func AnalysisLen(r *Record) int {
	n := 0
	if r.Report != nil {
		b, _ := json.Marshal(r.Report)
		n += len(b)
	}
	if r.Decision != nil {
		b, _ := json.Marshal(r.Decision.Reasons)
		n += len(b)
	}
	return n
}

// Upper bounds of what a report's and a reason's members take as JSON besides their strings: the
// member names, quotes, commas and brackets, and each number at its longest (20 characters).
// TestAnalysisBound holds them to the structs' fields.
const (
	reportFixed  = 400 // path, sha256, size, encoding, analyzer_version, parse_error, the lists' brackets, profile
	importFixed  = 200
	findingFixed = 300
	reasonFixed  = 80
)

// AnalysisBound is at least AnalysisLen(r), found without encoding anything: each string's escaped
// length (encodedLen) and a generous allowance for the rest. Most records are far under the free
// floor, and encoding their report again to learn so took 21 µs a check.
func AnalysisBound(r *Record) int {
	n := 0
	if rep := r.Report; rep != nil {
		n += reportFixed + encodedLen(rep.Path) + encodedLen(rep.SHA256) + encodedLen(rep.Encoding) +
			encodedLen(rep.AnalyzerVersion) + encodedLen(rep.Profile) + stringsLen(rep.Capabilities)
		if pe := rep.ParseError; pe != nil {
			n += encodedLen(pe.Kind) + encodedLen(pe.Message)
		}
		for _, imp := range rep.Imports {
			n += importFixed + encodedLen(imp.Module) + encodedLen(imp.Alias) + stringsLen(imp.Names) + stringsLen(imp.Capabilities)
		}
		for _, f := range rep.Findings {
			n += findingFixed + encodedLen(f.Rule) + encodedLen(f.Capability) + encodedLen(f.Severity) + encodedLen(f.Message) + encodedLen(f.Hint)
		}
	}
	if r.Decision != nil {
		n += 2
		for _, rs := range r.Decision.Reasons {
			n += reasonFixed + encodedLen(rs.Rule) + encodedLen(rs.Message)
		}
	}
	return n
}

// stringsLen bounds a list of strings as JSON: each escaped, and a comma.
func stringsLen(list []string) int {
	n := 2
	for _, s := range list {
		n += encodedLen(s) + 1
	}
	return n
}

// keptNames is how many names of one from-import a cut report keeps.
const keptNames = 16

// CutAnalysis keeps in r the first imports, findings and reasons, each list within a third of size
// bytes (the reasons: see reasonsWithin), and the first names of each import, and says what it
// left out and why in ReportOmitted. The report and the decision are copied, never changed: the caller's stay whole. Everything else
// of the report (its parse error, capabilities, hash, size) and of the decision stays.
func CutAnalysis(r *Record, size int, why string) {
	omitted := &ReportOmitted{Why: why, Bytes: AnalysisLen(r)}
	share := size / 3
	if r.Report != nil {
		rep := *r.Report
		rep.Imports = nil
		used := 0
		for i, imp := range r.Report.Imports {
			cut := max(0, len(imp.Names)-keptNames)
			if cut > 0 {
				imp.Names = imp.Names[:keptNames:keptNames]
			}
			if used += jsonLen(imp); used > share {
				omitted.Imports = len(r.Report.Imports) - i
				break
			}
			omitted.ImportNames += cut
			rep.Imports = append(rep.Imports, imp)
		}
		if rep.Imports == nil {
			rep.Imports = []analyzer.Import{}
		}
		rep.Findings, omitted.Findings = within(r.Report.Findings, share)
		r.Report = &rep
	}
	if r.Decision != nil {
		dec := *r.Decision
		dec.Reasons, omitted.Reasons = reasonsWithin(r.Decision.Reasons, share)
		r.Decision = &dec
	}
	r.ReportOmitted = omitted
}

// within is the first elements of list that take at most size bytes as JSON, and how many are left.
func within[T analyzer.Finding | policy.Reason](list []T, size int) ([]T, int) {
	used := 0
	for i, v := range list {
		if used += jsonLen(v); used > size {
			return list[:i:i], len(list) - i
		}
	}
	return list, 0
}

// reasonsWithin is the first of a decision's reasons within half of size bytes, and then, within
// the other half, the first reason of each rule not kept yet: a policy's own reason (a parse
// error, a limit, an undefined tier) may come after a thousand of the findings'.
func reasonsWithin(list []policy.Reason, size int) ([]policy.Reason, int) {
	size /= 2
	kept, _ := within(list, size)
	rules := map[string]bool{}
	for _, rs := range kept {
		rules[rs.Rule] = true
	}
	used := 0
	for _, rs := range list[len(kept):] {
		if !rules[rs.Rule] && used+jsonLen(rs) <= size {
			used += jsonLen(rs)
			rules[rs.Rule] = true
			kept = append(kept, rs)
		}
	}
	return kept, len(list) - len(kept)
}

func jsonLen(v any) int {
	b, _ := json.Marshal(v)
	return len(b) + 1 // and its comma
}
