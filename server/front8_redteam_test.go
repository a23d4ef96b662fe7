package server

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
)

// TestReplayOfLostRunHidesTheOwner (red team, round 8): GET /v1/audit/{id} hides from a tenant
// the process that owed a run's result (host name, pid: TestAuditOwnerForAuditorsOnly), but a
// retry of the run with its Idempotency-Key answered the result_lost record's reason verbatim:
// `"warning": "the code ran, but the result was not logged: the process that ran this
// decision's code (pid 4242 on build-host-7) ended before it logged the result"`. The log is real,
// written as the pipeline writes a keyed run whose process died (an open decision under the
// principal's key, then the startup sweep's result_lost), and served by a real server.
func TestReplayOfLostRunHidesTheOwner(t *testing.T) {
	dir := t.TempDir()
	const code, key = "print(1)\n", "retry-me"
	sum := sha256.Sum256([]byte(code))
	// The log key of alice's idempotency key (pipeline.idempotencyKey).
	h := sha256.New()
	h.Write([]byte("alice\x00" + key))
	stored, owner := writeLostRun(t, dir, record.Record{Kind: record.KindDecision, Time: time.Now().UTC(), Key: "idem:" + hex.EncodeToString(h.Sum(nil)), Payload: record.Payload{
		RequestID: "r1", Principal: "alice", Source: "http", CodeSHA256: hex.EncodeToString(sum[:]), CodeSize: len(code),
		Request:        policy.Request{Principal: "alice", Source: "http"},
		Decision:       &policy.Decision{Allow: true, Tier: "untrusted"},
		IdempotencyKey: key,
	}})

	env := startEnv(t, testConfig(t), envOpts{logDir: dir})
	r := env.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(`{"code": "print(1)\n"}`), map[string][]string{"Idempotency-Key": {key}})
	if r.Status != http.StatusOK || r.json(t)["replayed"] != true || r.json(t)["audit_id"] != stored.ID {
		t.Fatalf("retry of the lost run: %d %s", r.Status, r.Body)
	}
	for _, secret := range []string{owner.Host, owner.Boot, fmt.Sprintf("pid %d", owner.PID)} {
		if strings.Contains(string(r.Body), secret) {
			t.Errorf("the retry's answer shows the server's process (%q): %s", secret, r.Body)
		}
	}
	if w, _ := r.json(t)["warning"].(string); !strings.Contains(w, "result_lost") {
		t.Errorf("the warning no longer names the result_lost record: %q", w)
	}
	env.verifyLog()
}

// TestAuditLookupAfterRotation (red team, round 8): docs/audit.md says that after the log is moved
// away under a running server (a rotation) the writer reopens the file at the name, and lookups use
// that file. The server's lookups kept the reader they had opened on their first use, on the moved
// file, forever: a tenant's records decided after the rotation were "no audit record with id ...",
// and a reader that failed to open once (the log missing for a moment) failed every lookup until
// restart. The log is real, moved with rename(2) as logrotate does, under a real server.
func TestAuditLookupAfterRotation(t *testing.T) {
	dir := t.TempDir()
	env := startEnv(t, testConfig(t), envOpts{logDir: dir})
	check := func() string {
		t.Helper()
		for range 3 { // the first append after the move fails (and reopens the file at the name)
			r := env.do(http.MethodPost, "/v1/check", aliceToken, strings.NewReader(`{"code": "print(1)"}`))
			if r.Status == http.StatusOK {
				return r.json(t)["audit_id"].(string)
			}
		}
		t.Fatal("no check was logged after the move")
		return ""
	}
	before := check()
	if r := env.do(http.MethodGet, "/v1/audit/"+before, aliceToken, nil); r.Status != http.StatusOK {
		t.Fatalf("lookup before the move: %d %s", r.Status, r.Body)
	}
	if err := os.Rename(filepath.Join(dir, "audit.log"), filepath.Join(dir, "audit.log.1")); err != nil {
		t.Fatal(err)
	}
	after := check()
	if r := env.do(http.MethodGet, "/v1/audit/"+after, aliceToken, nil); r.Status != http.StatusOK {
		t.Errorf("lookup of a record written after the move: %d %s", r.Status, r.Body)
	}
}

// TestRequestMetadataBudget (red team, round 8): audit.code_budget bounds what a principal's
// records keep when their program does not run, but not their request: 32 labels at their bounds,
// made of "<" (six bytes each in the log), took 64 KB of log per check of a 10 KB body (docs said
// 10 KB), and a check can list 32 input files with 255-byte names besides. Within its rate
// (600 a minute) a principal wrote some 2.3 GB an hour of labels into the log every principal's
// decisions need, against a budget of 16 MiB. Past a small floor, the request's labels and files
// now spend the budget too; past it, the record keeps their number and a hash of them. A keyed
// run's retry still finds its recorded denial. A real server, a real log, verified at the end.
func TestRequestMetadataBudget(t *testing.T) {
	cfg := testConfig(t)
	cfg.Audit.CodeBudget = config.CodeBudget{Bytes: 128 << 10, Per: config.Duration{Duration: time.Hour}, MaxRecord: 128 << 10}
	e := startEnv(t, cfg, envOpts{})
	labels := map[string]string{}
	for i := range maxLabels {
		labels[fmt.Sprintf("%02d", i)+strings.Repeat("<", maxLabelKeyBytes-2)] = strings.Repeat("<", maxLabelValBytes)
	}
	size := func() int64 {
		fi, err := os.Stat(e.audit)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	var grew []int64
	for range 6 {
		before := size()
		r := e.post("/v1/check", aliceToken, map[string]any{"code": deniedCode, "labels": labels})
		if r.Status != http.StatusOK {
			t.Fatalf("check: %d %s", r.Status, r.Body)
		}
		grew = append(grew, size()-before)
	}
	t.Logf("log bytes by check: %v", grew)
	// 128 KiB of budget: the first checks keep their labels, the later ones may not.
	if last := grew[len(grew)-1]; last > 8<<10 {
		t.Errorf("past its budget, a principal's check of 32 labels took %d bytes of log each (by check: %v); want under 8 KiB", last, grew)
	}
	// Bob's labels are his own budget's: his small labels cost nothing and stay.
	r := e.post("/v1/check", bobToken, map[string]any{"code": deniedCode, "labels": map[string]string{"team": "a<b"}})
	if r.Status != http.StatusOK {
		t.Fatalf("bob: %d %s", r.Status, r.Body)
	}
	// A keyed denied run past the budget: its retry replays the recorded denial (not 422).
	hdr := map[string][]string{"Idempotency-Key": {"labels-1"}}
	body := jsonBody(t, map[string]any{"code": deniedCode, "labels": labels})
	first := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(body), hdr)
	again := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(body), hdr)
	if first.Status != 200 || again.Status != 200 || again.json(t)["replayed"] != true || again.json(t)["audit_id"] != first.json(t)["audit_id"] {
		t.Fatalf("retry of a keyed run past the budget: %d %s then %d %s", first.Status, first.Body, again.Status, again.Body)
	}
	other := map[string]string{"team": "other"}
	if r := e.doHeaders(http.MethodPost, "/v1/run", aliceToken, strings.NewReader(jsonBody(t, map[string]any{"code": deniedCode, "labels": other})), hdr); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("other labels under the key: %d %s, want 422", r.Status, r.Body)
	}
	recs := e.verifyLog()
	var cut, whole int
	for _, rec := range recs {
		if rec.Principal == "bob" {
			if rec.Request.Labels["team"] != "a<b" {
				t.Errorf("bob's small labels were not kept: %+v", rec.Request.Labels)
			}
			continue
		}
		if len(rec.Request.Labels) == maxLabels {
			whole++
		} else {
			cut++
		}
	}
	if whole == 0 || cut == 0 {
		t.Errorf("%d of alice's records keep their labels and %d do not; want some of each", whole, cut)
	}
}
