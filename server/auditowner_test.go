package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
)

// TestAuditOwnerForAuditorsOnly (red team): GET /v1/audit/{id} of a tenant's own run showed the
// decision's owner, the server process that ran it (host name, kernel boot id, pid, start time),
// and a result_lost record's owner and reason (which names the pid and host). They are the
// operator's: a tenant's token gets its records without them, an auditor's with them. The log is
// real, written as the pipeline writes a run whose process died (an open decision, then the
// startup sweep's result_lost), and served by a real server.
func TestAuditOwnerForAuditorsOnly(t *testing.T) {
	dir := t.TempDir()
	stored, owner := writeLostRun(t, dir, record.Record{Kind: record.KindDecision, Time: time.Now().UTC(), Payload: record.Payload{
		RequestID: "r1", Principal: "alice", Source: "http", CodeSHA256: strings.Repeat("a", 64), CodeSize: 10,
		Decision: &policy.Decision{Allow: true, Tier: "untrusted"},
	}})

	env := startEnv(t, testConfig(t), envOpts{logDir: dir})
	for _, tc := range []struct {
		token   string
		visible bool
	}{{aliceToken, false}, {auditorToken, true}} {
		r := env.do(http.MethodGet, "/v1/audit/"+stored.ID, tc.token, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("lookup: %d %s", r.Status, r.Body)
		}
		body := string(r.Body)
		recs := r.json(t)["records"].([]any)
		if len(recs) != 2 {
			t.Fatalf("%d records, want the decision and its result_lost: %s", len(recs), body)
		}
		for _, secret := range []string{`"owner"`, owner.Host, owner.Boot, fmt.Sprintf("pid %d", owner.PID)} {
			if got := strings.Contains(body, secret); got != tc.visible {
				t.Errorf("visible=%v: %q in the answer is %v: %s", tc.visible, secret, got, body)
			}
		}
		if reason := recs[1].(map[string]any)["lost"].(map[string]any)["reason"]; reason == "" {
			t.Error("the result_lost record lost its reason")
		}
	}
	env.verifyLog()
}

// TestAuditLookupErrorHidesTheLogDir (red team): when the log could not be read (here, moved away
// by an operator's rotation), GET /v1/audit/{id} answered a tenant
// `audit: open /var/lib/sbxgate/audit.log: no such file or directory`: the directory where the
// server keeps its files, which every other answer leaves out.
func TestAuditLookupErrorHidesTheLogDir(t *testing.T) {
	dir := t.TempDir()
	env := startEnv(t, testConfig(t), envOpts{logDir: dir})
	r := env.do(http.MethodPost, "/v1/check", aliceToken, strings.NewReader(`{"code": "print(1)"}`))
	if r.Status != http.StatusOK {
		t.Fatalf("check: %d %s", r.Status, r.Body)
	}
	id := r.json(t)["audit_id"].(string)
	if err := os.Rename(filepath.Join(dir, "audit.log"), filepath.Join(dir, "audit.log.1")); err != nil {
		t.Fatal(err)
	}
	r = env.do(http.MethodGet, "/v1/audit/"+id, aliceToken, nil)
	if r.Status != http.StatusServiceUnavailable {
		t.Fatalf("lookup in a moved log: %d %s", r.Status, r.Body)
	}
	if strings.Contains(string(r.Body), dir) {
		t.Errorf("the answer names the log's directory: %s", r.Body)
	}
}

// writeLostRun writes dir/audit.log as the pipeline writes a run whose process died: dec as an open
// decision (the log names this process as its owner), then the startup sweep's result_lost, whose
// reason names the owner's pid and host. It returns the decision and its owner.
func writeLostRun(t *testing.T, dir string, dec record.Record) (audit.Stored, audit.Owner) {
	t.Helper()
	lg, err := audit.Open(filepath.Join(dir, "audit.log"), audit.WithSchema(record.Schema))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	e, err := dec.Entry()
	if err != nil {
		t.Fatal(err)
	}
	e.Open = true
	stored, err := lg.Append(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := audit.OpenReader(filepath.Join(dir, "audit.log"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.Linked(ctx, rd, stored.ID)
	rd.Close()
	if err != nil || len(recs) != 1 || recs[0].Owner == nil || recs[0].Owner.Host == "" || recs[0].Owner.Boot == "" {
		t.Fatalf("the open decision has no owner: %+v %v", recs, err)
	}
	owner := *recs[0].Owner
	lost := record.Record{Kind: record.KindResultLost, Time: time.Now().UTC(), Payload: record.Payload{
		RequestID: dec.RequestID, Principal: dec.Principal, Source: dec.Source, CodeSHA256: dec.CodeSHA256, CodeSize: dec.CodeSize, DecisionID: stored.ID,
		Lost: &record.Lost{
			Reason: fmt.Sprintf("the process that ran this decision's code (pid %d on %s) ended before it logged the result", owner.PID, owner.Host),
			By:     record.LostByStartup, Owner: &owner,
		},
	}}
	if e, err = lost.Entry(); err != nil {
		t.Fatal(err)
	}
	e.IfOpen = true
	if _, err := lg.Append(ctx, e); err != nil {
		t.Fatal(err)
	}
	if err := lg.Close(); err != nil {
		t.Fatal(err)
	}
	return stored, owner
}
