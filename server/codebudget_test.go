package server

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// deniedOfSize is a denied program of about n bytes, made unique by tag.
func deniedOfSize(tag string, n int) string {
	head := fmt.Sprintf("import os\nos.system('id')  # %s\n", tag)
	return head + "# " + strings.Repeat("x", max(0, n-len(head)-3)) + "\n"
}

// TestCodeBudgetDeniedBodies (red team): with store_code on_deny, the default, every denied
// program's code went into the log, so a principal within its rate filled the log's disk with
// large programs it knew were denied (some 840 MB a minute with 1 MiB programs). Past its budget
// of code (audit.code_budget), a principal's records keep the code's hash and size and say why the
// code is not there; its decisions are logged all the same, and other principals keep theirs.
// A real server, a real log on the file system, verified at the end.
func TestCodeBudgetDeniedBodies(t *testing.T) {
	cfg := testConfig(t)
	cfg.Audit.CodeBudget = config.CodeBudget{Bytes: 64 << 10, Per: config.Duration{Duration: time.Hour}, MaxRecord: 24 << 10}
	e := startEnv(t, cfg, envOpts{})

	type sent struct {
		principal, code, omitted string
	}
	var want []sent
	check := func(token, principal, code, omitted string) {
		t.Helper()
		r := e.post("/v1/check", token, map[string]any{"code": code})
		if r.Status != http.StatusOK || r.json(t)["decision"].(map[string]any)["allow"] != false {
			t.Fatalf("%s: %d %s, want a 200 denial", principal, r.Status, r.Body)
		}
		want = append(want, sent{principal, code, omitted})
	}
	// 20 KiB each: three fit alice's 64 KiB, the fourth does not.
	for i := range 3 {
		check(aliceToken, "alice", deniedOfSize(fmt.Sprint("alice ", i), 20<<10), "")
	}
	check(aliceToken, "alice", deniedOfSize("alice 3", 20<<10), record.OmittedBudget)
	check(aliceToken, "alice", deniedOfSize("alice 4", 20<<10), record.OmittedBudget)
	// Bob's bucket is his own.
	check(bobToken, "bob", deniedOfSize("bob 0", 20<<10), "")
	// Over max_record: omitted whatever the budget, and the budget is not spent on it.
	check(bobToken, "bob", deniedOfSize("bob big", 30<<10), record.OmittedSize)
	// Escaped, < takes six bytes: 5 KiB of them is 30 KiB in the log, over max_record.
	check(bobToken, "bob", "import os\nos.system('id')\n#"+strings.Repeat("<", 5<<10)+"\n", record.OmittedSize)
	check(bobToken, "bob", deniedOfSize("bob 1", 20<<10), "")
	// Still budget for a small program of alice? 4 KiB of 64 are left: a short denial fits.
	check(aliceToken, "alice", deniedCode, "")

	recs := e.verifyLog()
	var decisions []record.Record
	for _, r := range recs {
		if r.Kind == record.KindDecision {
			decisions = append(decisions, r)
		}
	}
	if len(decisions) != len(want) {
		t.Fatalf("%d decision records for %d checks: every decision is logged", len(decisions), len(want))
	}
	for i, w := range want {
		r := decisions[i]
		if r.Principal != w.principal || r.CodeSize != len(w.code) || r.CodeSHA256 == "" || r.Decision == nil || r.Decision.Allow {
			t.Errorf("record %d: principal %s size %d sha256 %q decision %+v; want %s's denial of %d bytes", i, r.Principal, r.CodeSize, r.CodeSHA256, r.Decision, w.principal, len(w.code))
		}
		switch {
		case r.CodeOmitted != w.omitted:
			t.Errorf("record %d (%s): code_omitted %q, want %q", i, w.principal, r.CodeOmitted, w.omitted)
		case w.omitted == "" && (r.Code == nil || *r.Code != w.code):
			t.Errorf("record %d (%s): code not kept within the budget", i, w.principal)
		case w.omitted != "" && r.Code != nil:
			t.Errorf("record %d (%s): code kept although code_omitted is %q", i, w.principal, r.CodeOmitted)
		}
	}
}

// TestCodeBudgetKeepsWhatRan: with store_code always, the code of a run is kept past the
// principal's budget (an auditor needs what ran); a check of the same code, which runs nothing,
// is not.
func TestCodeBudgetKeepsWhatRan(t *testing.T) {
	cfg := testConfig(t)
	cfg.Audit.StoreCode = record.StoreAlways
	cfg.Audit.CodeBudget = config.CodeBudget{Bytes: 16 << 10, Per: config.Duration{Duration: time.Hour}, MaxRecord: 16 << 10}
	e := startEnv(t, cfg, envOpts{runner: true})
	big := "print(6 * 7)\n# " + strings.Repeat("x", 15<<10) + "\n"
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": deniedOfSize("spend", 15<<10)}); r.Status != http.StatusOK {
		t.Fatalf("check: %d %s", r.Status, r.Body)
	}
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": big}); r.Status != http.StatusOK {
		t.Fatalf("check: %d %s", r.Status, r.Body)
	}
	r := e.post("/v1/run", aliceToken, map[string]any{"code": big})
	if res, _ := r.json(t)["result"].(map[string]any); r.Status != http.StatusOK || res == nil || res["stdout"] != "42\n" {
		t.Fatalf("run: %d %s", r.Status, r.Body)
	}
	recs := e.verifyLog()
	var got []string
	for _, r := range recs {
		if r.Kind != record.KindDecision {
			continue
		}
		kept := "kept"
		if r.Code == nil {
			kept = "omitted:" + r.CodeOmitted
		}
		got = append(got, kept)
	}
	if want := []string{"kept", "omitted:budget", "kept"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("decisions' code: %v, want %v (the denial spends the budget, the check is past it, the run keeps its code)", got, want)
	}
}

// fromImport is a denied program that imports n names from os: each name is a finding and a
// reason, some 360 bytes of analysis in the log for 5 bytes of code.
func fromImport(tag string, n int) string {
	var names []string
	for i := range n {
		names = append(names, fmt.Sprint("n", i))
	}
	return fmt.Sprintf("# %s\nfrom os import %s\n", tag, strings.Join(names, ","))
}

// TestAnalysisBudget (red team): with the code kept out, the record of a denied program could
// still be larger than the program: its report lists up to 1,000 imports and findings, each
// with the names it wrote, and the decision gives a reason for each (a 0.96 MB program of one
// from-import of 120,000 names was a 1.56 MB record without its code). Past 4 KiB, the report
// and the reasons spend the principal's budget too; past it, or past max_record, the record
// keeps their first entries and says what it left out. The decision itself is always whole.
func TestAnalysisBudget(t *testing.T) {
	cfg := testConfig(t)
	cfg.Audit.CodeBudget = config.CodeBudget{Bytes: 80 << 10, Per: config.Duration{Duration: time.Hour}, MaxRecord: 64 << 10}
	e := startEnv(t, cfg, envOpts{})
	type sent struct{ principal, why string }
	var want []sent
	check := func(token, principal, code, why string) {
		t.Helper()
		r := e.post("/v1/check", token, map[string]any{"code": code})
		if r.Status != http.StatusOK || r.json(t)["decision"].(map[string]any)["allow"] != false {
			t.Fatalf("%s: %d %.300s, want a 200 denial", principal, r.Status, r.Body)
		}
		// The answer has the whole report: only the log's record is cut.
		if n := len(r.json(t)["findings"].([]any)); n < 100 {
			t.Errorf("%s: the answer lists %d findings, want them all", principal, n)
		}
		want = append(want, sent{principal, why})
	}
	// About 36 KB of analysis each, 32 KB of it past the 4 KiB floor: two fit alice's 80 KiB.
	check(aliceToken, "alice", fromImport("alice 0", 100), "")
	check(aliceToken, "alice", fromImport("alice 1", 100), "")
	check(aliceToken, "alice", fromImport("alice 2", 100), record.OmittedBudget)
	check(bobToken, "bob", fromImport("bob 0", 100), "")
	check(bobToken, "bob", fromImport("bob big", 300), record.OmittedSize) // 108 KB, over max_record 64 KiB

	recs := e.verifyLog()
	lines := strings.Split(strings.TrimSuffix(string(must(os.ReadFile(e.audit))), "\n"), "\n")
	if len(lines) != len(recs) || len(recs) != len(want) {
		t.Fatalf("%d lines, %d records, %d checks", len(lines), len(recs), len(want))
	}
	for i, w := range want {
		r := recs[i]
		if r.Principal != w.principal || r.Decision == nil || r.Decision.Allow || r.Decision.PolicyRevision == "" {
			t.Errorf("record %d: %s %+v, want %s's whole denial", i, r.Principal, r.Decision, w.principal)
		}
		switch {
		case w.why == "" && r.ReportOmitted != nil:
			t.Errorf("record %d (%s): cut (%+v) within the budget", i, w.principal, r.ReportOmitted)
		case w.why != "" && (r.ReportOmitted == nil || r.ReportOmitted.Why != w.why):
			t.Errorf("record %d (%s): report_omitted %+v, want why %q", i, w.principal, r.ReportOmitted, w.why)
		case w.why != "":
			// A cut record holds 4 KiB of analysis, its code (within the budget) and the rest.
			code := 0
			if r.Code != nil {
				code = record.EncodedLen([]byte(*r.Code))
			}
			if n := len(lines[i]) - code; n > 6<<10 {
				t.Errorf("record %d (%s): %d bytes besides its code, want at most 6 KiB", i, w.principal, n)
			}
			if o := r.ReportOmitted; len(r.Report.Findings)+o.Findings < 100 || o.Findings == 0 || len(r.Decision.Reasons)+o.Reasons < 100 {
				t.Errorf("record %d: kept %d findings and %d reasons, left out %+v", i, len(r.Report.Findings), len(r.Decision.Reasons), o)
			}
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
