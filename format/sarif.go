package format

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/policy"
)

const (
	toolName = "sbxgate"
	toolURI  = "https://github.com/sbxgate/sbxgate"
	// fingerprintKey names our partialFingerprints algorithm. GitHub's primaryLocationLineHash is a
	// different algorithm, so it is not claimed here.
	fingerprintKey = "sbxgate/v1"
)

// WriteSARIF writes one SARIF 2.1.0 log with one run: tool.driver.rules from rules (the analyzer's
// registry) plus any rule a finding or a policy reason names that rules lacks, one result per finding,
// per parse error and per policy-stage reason of a deny, one artifact per program carrying its hash
// and the policy decision.
//
// Columns are 1-based UTF-16 code units (columnKind utf16CodeUnits, SARIF's default), converted from
// CPython's 0-based UTF-8 byte offsets with the program's Source; without Source a byte offset is
// used as is, which is exact for ASCII lines only. Lines end at "\r\n", "\n" and a lone "\r", as
// CPython counts them.
func WriteSARIF(w io.Writer, results []Result, toolVersion string, rules []RuleDoc) error {
	run := sarif.NewRunWithInformationURI(toolName, toolURI)
	run.Tool.Driver.WithVersion(toolVersion)
	run.Tool.Driver.WithSemanticVersion(strings.TrimPrefix(toolVersion, "v"))
	run.WithColumnKind("utf16CodeUnits")
	run.WithNewlineSequences([]string{"\r\n", "\n", "\r"})
	run.WithDefaultSourceLanguage("python")

	docs := ruleTable(results, rules)
	for _, d := range docs {
		addRule(run, d)
	}
	for _, r := range results {
		addArtifact(run, r)
	}
	for i, r := range results {
		src := newSource(r.Source)
		seen := map[string]int{}
		if pe := r.ParseError; pe != nil {
			res := newResult(run, ParseErrorRule, "error", fmt.Sprintf("%s: %s", pe.Kind, pe.Message))
			res.WithLocations([]*sarif.Location{location(r.Path, i, src, pe.Line, pe.Col, 0, 0)})
			text, _ := src.line(pe.Line)
			res.WithPartialFingerprints(fingerprint(ParseErrorRule, r.Path, text, seen))
			res.WithProperties(sarif.NewPropertyBag().Add("fix", parseErrorHint(pe.Kind)))
		}
		for _, f := range sortedFindings(r.Findings) {
			res := newResult(run, f.Rule, level(f.Severity), f.Message)
			res.WithLocations([]*sarif.Location{location(r.Path, i, src, f.Line, f.Col, f.EndLine, f.EndCol)})
			text, _ := src.line(f.Line)
			res.WithPartialFingerprints(fingerprint(f.Rule, r.Path, text, seen))
			props := sarif.NewPropertyBag().Add("severity", f.Severity).Add("capability", f.Capability)
			if hint := findingHint(f); hint != "" {
				props.Add("fix", hint)
			}
			if f.CWE > 0 {
				props.Add("cwe", fmt.Sprintf("CWE-%d", f.CWE))
			}
			res.WithProperties(props)
		}
		for _, rs := range policyOnlyReasons(r) {
			res := newResult(run, rs.Rule, "error", rs.Message)
			res.WithLocations([]*sarif.Location{location(r.Path, i, src, rs.Line, 0, 0, 0)})
			text, _ := src.line(rs.Line)
			res.WithPartialFingerprints(fingerprint(rs.Rule, r.Path, text, seen))
		}
	}

	rep := sarif.NewReport()
	rep.Schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	rep.AddRun(run)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rep)
}

// ruleTable returns rules in registry order, then the rules that findings name but the registry
// lacks (sorted), then the parse-error rule, each once.
func ruleTable(results []Result, rules []RuleDoc) []RuleDoc {
	var out []RuleDoc
	known := map[string]bool{}
	for _, d := range rules {
		if d.ID == "" || known[d.ID] {
			continue
		}
		known[d.ID] = true
		out = append(out, d)
	}
	var extra []RuleDoc
	for _, r := range results {
		for _, f := range r.Findings {
			if !known[f.Rule] {
				known[f.Rule] = true
				extra = append(extra, RuleDoc{ID: f.Rule, Capability: f.Capability, Severity: f.Severity, CWE: f.CWE})
			}
		}
	}
	for _, r := range results {
		for _, rs := range policyOnlyReasons(r) {
			if !known[rs.Rule] {
				known[rs.Rule] = true
				// The catalogue describes the gate's and the default policy's rules; a candidate
				// policy's own IDs get the bare descriptor.
				d, ok := catalog.Find(catalog.Stages, rs.Rule)
				if !ok {
					d = RuleDoc{ID: rs.Rule, Severity: "high"}
				}
				d.Capability = "policy" // SARIF's tag for a rule of the policy stage
				extra = append(extra, d)
			}
		}
	}
	slices.SortFunc(extra, func(a, b RuleDoc) int { return strings.Compare(a.ID, b.ID) })
	out = append(out, extra...)
	if !known[ParseErrorRule] {
		d, _ := catalog.Find(catalog.Stages, ParseErrorRule)
		out = append(out, d)
	}
	return out
}

// policyOnlyReasons are the reasons of a deny that name a policy-stage rule (SBX9xx, or an ID outside
// the analyzer's SBX1xx-SBX8xx families) that no finding explains, such as "no tier admits this
// request": SARIF reports them too, so that every denied program shows up in a code scanning view.
// A reason naming an analyzer family is left out: its finding is already a result, and without one
// the ID would be shown with the analyzer rule's description.
func policyOnlyReasons(r Result) []policy.Reason {
	d := r.Decision
	if d == nil || d.Allow || r.ParseError != nil {
		return nil
	}
	seen := map[string]bool{}
	for _, f := range r.Findings {
		seen[f.Rule] = true
	}
	var out []policy.Reason
	for _, rs := range d.Reasons {
		if stage, _ := catalog.StageOf(rs.Rule); rs.Rule == "" || seen[rs.Rule] || stage == catalog.Analyzer {
			continue
		}
		seen[rs.Rule] = true
		out = append(out, rs)
	}
	return out
}

func addRule(run *sarif.Run, d RuleDoc) {
	rule := run.AddRule(d.ID)
	if d.Name != "" {
		rule.WithName(d.Name)
	}
	doc := d.Doc
	if doc == "" {
		doc = d.ID
	}
	rule.WithShortDescription(sarif.NewMultiformatMessageString().WithText(doc))
	if d.Hint != "" {
		rule.WithHelp(sarif.NewMultiformatMessageString().WithText(d.Hint))
	}
	rule.WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(level(d.Severity)))
	props := sarif.NewPropertyBag()
	tags := []string{"security"}
	if d.Capability != "" {
		tags = append(tags, d.Capability)
	}
	if d.CWE > 0 {
		tags = append(tags, fmt.Sprintf("external/cwe/cwe-%d", d.CWE))
	}
	props.Tags = tags
	if s, ok := securitySeverity[d.Severity]; ok {
		props.Add("security-severity", s)
	}
	rule.WithProperties(props)
}

// securitySeverity maps our severities onto the CVSS-like scores code scanning sorts by.
var securitySeverity = map[string]string{"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "2.0"}

// level maps a severity onto SARIF's levels; unknown severities are errors, failing closed.
func level(severity string) string {
	switch severity {
	case "medium":
		return "warning"
	case "low":
		return "note"
	}
	return "error"
}

func addArtifact(run *sarif.Run, r Result) {
	a := sarif.NewArtifact().WithLocation(artifactLocation(r.Path, -1))
	a.WithSourceLanguage("python")
	if r.Source != nil {
		a.WithLength(len(r.Source))
	}
	if r.SHA256 != "" {
		a.WithHashes(map[string]string{"sha-256": r.SHA256})
	}
	if r.Encoding != "" {
		a.WithEncoding(r.Encoding)
	}
	props := sarif.NewPropertyBag()
	if d := r.Decision; d != nil {
		verdict := "deny"
		if d.Allow && r.ParseError == nil {
			verdict = "allow"
		}
		props.Add("decision", verdict).Add("trust_level", d.TrustLevel).Add("tier", d.Tier)
		if d.PolicyRevision != "" {
			props.Add("policy_revision", d.PolicyRevision)
		}
	} else {
		props.Add("decision", "deny")
	}
	a.WithProperties(props)
	run.AddArtifact(a)
}

// artifactLocation turns a path into a URI reference: absolute paths as file URIs, relative ones
// against %SRCROOT%, the base code scanning resolves to the repository root.
func artifactLocation(path string, index int) *sarif.ArtifactLocation {
	loc := sarif.NewArtifactLocation()
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		loc.WithURI((&url.URL{Scheme: "file", Path: p}).String())
	} else {
		loc.WithURI((&url.URL{Path: p}).String()).WithURIBaseID("%SRCROOT%")
	}
	if index >= 0 {
		loc.WithIndex(index)
	}
	return loc
}

func newResult(run *sarif.Run, ruleID, lvl, message string) *sarif.Result {
	res := run.CreateResultForRule(ruleID)
	res.WithLevel(lvl)
	res.WithMessage(sarif.NewTextMessage(message))
	return res
}

// location builds a physical location; lines below 1 (a decoding error CPython reports at line 0)
// leave out the region, which SARIF then reads as the whole file.
func location(path string, index int, src source, line, col, endLine, endCol int) *sarif.Location {
	phys := sarif.NewPhysicalLocation().WithArtifactLocation(artifactLocation(path, index))
	if line >= 1 {
		sc := column(src, line, col)
		region := sarif.NewRegion().WithStartLine(line).WithStartColumn(sc)
		if endLine >= line {
			ec := column(src, endLine, endCol)
			if endLine == line && ec <= sc {
				// SARIF's endColumn is exclusive: an empty span still covers one character.
				ec = sc + 1
			}
			region.WithEndLine(endLine).WithEndColumn(ec)
		}
		phys.WithRegion(region)
	}
	return sarif.NewLocationWithPhysicalLocation(phys)
}

func column(src source, line, col int) int {
	if text, ok := src.line(line); ok {
		return utf16Column(text, col)
	}
	return max(col, 0) + 1
}

// fingerprint identifies a result across runs by rule, file, the trimmed text of its line and its
// rank among identical lines, so that it survives code moving up or down the file.
func fingerprint(rule, path, lineText string, seen map[string]int) map[string]string {
	key := rule + "\x00" + path + "\x00" + strings.TrimSpace(lineText)
	n := seen[key]
	seen[key] = n + 1
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", key, n)))
	return map[string]string{fingerprintKey: hex.EncodeToString(sum[:16])}
}
