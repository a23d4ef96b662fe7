package record

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
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

func TestAnalysisBound(t *testing.T) {
	// AnalysisBound counts these fields: a new one must be counted there (or in the allowances).
	for _, tc := range []struct {
		v any
		n int
	}{{analyzer.Report{}, 10}, {analyzer.Import{}, 9}, {analyzer.Finding{}, 10}, {analyzer.ParseError{}, 4}, {policy.Reason{}, 3}} {
		if got := reflect.TypeOf(tc.v).NumField(); got != tc.n {
			t.Errorf("%T has %d fields, AnalysisBound knows %d: count the new ones there, then here", tc.v, got, tc.n)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	str := func() string {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return string(b)
	}
	big := math.MaxInt64
	// Each kind of entry alone, many of them, so that no allowance covers another's shortfall.
	for kind := range 4 {
		for range 50 {
			rep := &analyzer.Report{Path: str(), SHA256: str(), Size: -big, Encoding: str(), AnalyzerVersion: str(), Profile: str(),
				ParseError: &analyzer.ParseError{Kind: str(), Message: str(), Line: -big, Col: -big}, Capabilities: []string{str(), str()}}
			dec := &policy.Decision{}
			for range 50 {
				switch kind {
				case 1:
					rep.Imports = append(rep.Imports, analyzer.Import{Module: str(), Level: -big, Names: []string{str(), str()}, Alias: str(), Line: -big, Col: -big, Dynamic: true, Allowed: true, Capabilities: []string{str()}})
				case 2:
					rep.Findings = append(rep.Findings, analyzer.Finding{Rule: str(), Capability: str(), Severity: str(), CWE: -big, Line: -big, Col: -big, EndLine: -big, EndCol: -big, Message: str(), Hint: str()})
				case 3:
					dec.Reasons = append(dec.Reasons, policy.Reason{Rule: str(), Line: -big, Message: str()})
				}
			}
			r := Record{Payload: Payload{Report: rep, Decision: dec}}
			if b, n := AnalysisBound(&r), AnalysisLen(&r); b < n {
				t.Fatalf("entries of kind %d: AnalysisBound %d is below AnalysisLen %d", kind, b, n)
			}
		}
	}
	// An ordinary denial is known to be under the free 4 KiB without encoding it.
	rep := &analyzer.Report{Path: "<http>", SHA256: strings.Repeat("a", 64), Size: 40, AnalyzerVersion: "sbxgate-analyzer/0.1.1", Capabilities: []string{"import", "process"},
		Imports:  []analyzer.Import{{Module: "os", Line: 1, Allowed: true, Capabilities: []string{"process"}}},
		Findings: []analyzer.Finding{{Rule: "SBX101", Capability: "process", Severity: "critical", CWE: 78, Line: 2, EndLine: 2, EndCol: 15, Message: "os.system runs a process", Hint: "do not start processes; compute the result in Python"}}}
	r := Record{Payload: Payload{Report: rep, Decision: &policy.Decision{Reasons: []policy.Reason{{Rule: "SBX101", Line: 2, Message: "os.system runs a process (capability process, severity critical)"}}}}}
	if b := AnalysisBound(&r); b > 4<<10 || b < AnalysisLen(&r) {
		t.Errorf("an ordinary denial's bound is %d (its length %d): want it between, under 4 KiB", b, AnalysisLen(&r))
	}
}
