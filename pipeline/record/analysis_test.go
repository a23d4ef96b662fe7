package record

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
)

func TestCutAnalysis(t *testing.T) {
	long := strings.Repeat("a", 200)
	rep := &analyzer.Report{SHA256: strings.Repeat("b", 64), Size: 999, ParseError: &analyzer.ParseError{Kind: "LimitError", Message: "more than 1000 imports"}, Capabilities: []string{"import"}}
	var names []string
	for i := range 500 {
		names = append(names, fmt.Sprint("n", i))
	}
	rep.Imports = append(rep.Imports, analyzer.Import{Module: "os", Names: names})
	dec := &policy.Decision{Allow: false, Tier: "none", PolicyRevision: "sha256:x"}
	for i := range 300 {
		rep.Imports = append(rep.Imports, analyzer.Import{Module: fmt.Sprint(long, i)})
		rep.Findings = append(rep.Findings, analyzer.Finding{Rule: "SBX100", Message: "import of " + fmt.Sprint(long, i)})
		dec.Reasons = append(dec.Reasons, policy.Reason{Rule: "SBX100", Message: "import of " + fmt.Sprint(long, i)})
	}
	// The policy's own reason, after a thousand of one rule (as SBX951 gives one for each import
	// outside the allowlist), is kept.
	dec.Reasons = append(dec.Reasons, policy.Reason{Rule: "SBX950", Message: "LimitError: more than 1000 imports"})
	before, _ := json.Marshal(rep)
	r := Record{Kind: KindDecision, Payload: Payload{Report: rep, Decision: dec}}
	whole := AnalysisLen(&r)
	const size = 16 << 10
	CutAnalysis(&r, size, OmittedBudget)

	if after, _ := json.Marshal(rep); string(after) != string(before) {
		t.Fatal("CutAnalysis changed the caller's report")
	}
	if len(dec.Reasons) != 301 {
		t.Fatal("CutAnalysis changed the caller's decision")
	}
	if got := AnalysisLen(&r); got > size {
		t.Errorf("the cut analysis takes %d bytes, over %d", got, size)
	}
	o := r.ReportOmitted
	if o == nil || o.Why != OmittedBudget || o.Bytes != whole {
		t.Fatalf("report_omitted %+v, want why budget and bytes %d", o, whole)
	}
	// What is kept is the first of each list, and kept and left out add up.
	if len(r.Report.Imports)+o.Imports != 301 || len(r.Report.Findings)+o.Findings != 300 || len(r.Decision.Reasons)+o.Reasons != 301 {
		t.Errorf("kept %d/%d/%d, omitted %+v: they do not add up to 301/300/301", len(r.Report.Imports), len(r.Report.Findings), len(r.Decision.Reasons), o)
	}
	if len(r.Report.Imports) == 0 || len(r.Report.Findings) == 0 || len(r.Decision.Reasons) == 0 || o.Imports == 0 || o.Findings == 0 || o.Reasons == 0 {
		t.Errorf("kept %d/%d/%d: want some of each kept and some left out", len(r.Report.Imports), len(r.Report.Findings), len(r.Decision.Reasons))
	}
	if first := r.Report.Imports[0]; first.Module != "os" || len(first.Names) != keptNames || o.ImportNames != 500-keptNames {
		t.Errorf("the first import keeps %d names, %d left out; want %d and %d", len(first.Names), o.ImportNames, keptNames, 500-keptNames)
	}
	if r.Report.Findings[0].Message != rep.Findings[0].Message || r.Decision.Reasons[0] != dec.Reasons[0] {
		t.Error("the cut lists do not start where the whole ones do")
	}
	if last := r.Decision.Reasons[len(r.Decision.Reasons)-1]; last.Rule != "SBX950" {
		t.Errorf("the policy's own reason, last of 301, was cut: the kept ones end with %+v", last)
	}
	// The decision and the report's other facts are whole.
	if r.Decision.Allow || r.Decision.Tier != "none" || r.Decision.PolicyRevision != "sha256:x" || r.Report.ParseError == nil || r.Report.SHA256 != rep.SHA256 || len(r.Report.Capabilities) != 1 {
		t.Errorf("cut more than the lists: %+v %+v", r.Decision, r.Report)
	}
}
