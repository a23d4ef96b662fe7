package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// TestAuditVerifyModes: with the key, verify reads only what follows the last verified checkpoint
// and says so; --full reads all; a forged checkpoint exits 1 for verify, prove and verify-proof.
func TestAuditVerifyModes(t *testing.T) {
	path, recs := auditFixture(t)
	_, cp, vkey := signedCheckpoint(t, path)
	dir := filepath.Dir(cp)
	l, err := audit.Open(path, audit.WithSchema(record.Schema))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := record.Write(context.Background(), l, record.Record{Kind: record.KindDecision, Payload: record.Payload{Principal: "dave"}}); err != nil {
		t.Fatal(err)
	}
	l.Close()

	code, out, stderr := runAudit(t, "verify", "--audit", path, "--vkey", vkey)
	if code != 0 || !strings.Contains(out, "intact: 4 records") || !strings.Contains(out, "verified incrementally: read seq 3 to 3 after the signed checkpoint of 3 records") {
		t.Fatalf("verify --vkey: %d %q %q", code, out, stderr)
	}
	code, out, stderr = runAudit(t, "verify", "--audit", path, "--vkey", vkey, "--full")
	if code != 0 || !strings.Contains(out, "verified in full") || !strings.Contains(out, "extends the checkpoint of 3 records") {
		t.Fatalf("verify --full: %d %q %q", code, out, stderr)
	}
	if code, _, stderr := runAudit(t, "verify", "--audit", path, "--checkpoint", cp); code != 2 || !strings.Contains(stderr, "--vkey") {
		t.Errorf("verify --checkpoint without --vkey: %d %q", code, stderr)
	}

	signed, err := os.ReadFile(cp)
	if err != nil {
		t.Fatal(err)
	}
	forged := filepath.Join(dir, "forged")
	os.WriteFile(forged, []byte(strings.Replace(string(signed), "\n3\n", "\n2\n", 1)), 0o600)
	code, proof, _ := runAudit(t, "prove", recs[1].ID, "--audit", path)
	if code != 0 {
		t.Fatal("prove")
	}
	pf := filepath.Join(dir, "proof.json")
	os.WriteFile(pf, []byte(proof), 0o600)
	for _, args := range [][]string{
		{"verify", "--audit", path, "--checkpoint", forged, "--vkey", vkey},
		{"prove", recs[1].ID, "--audit", path, "--checkpoint", forged, "--vkey", vkey},
		{"verify-proof", "--checkpoint", forged, "--vkey", vkey, pf},
	} {
		code, _, stderr := runAudit(t, args...)
		if code != 1 || !strings.Contains(stderr, "checkpoint does not verify") {
			t.Errorf("%s with a forged checkpoint: exit %d %q, want 1", args[0], code, stderr)
		}
		if strings.Contains(stderr, "audit: audit:") {
			t.Errorf("%s: %q repeats its stage", args[0], stderr)
		}
	}
}

// TestAuditListViolations: --violations and --violation CAP select the results whose runs tried what
// their decision did not grant.
func TestAuditListViolations(t *testing.T) {
	path, recs := auditFixture(t)
	l, err := audit.Open(path, audit.WithSchema(record.Schema))
	if err != nil {
		t.Fatal(err)
	}
	// A result as the runner reports violations (result.violations).
	body := fmt.Sprintf(`{"principal":"bob","request":{"principal":"","source":""},"result":{"exit_code":1,"violations":[{"capability":"network","event":"connect","detail":"10.0.0.1:80"}]},"decision_id":%q}`, recs[1].ID)
	v, err := l.Append(context.Background(), audit.Entry{Kind: record.KindResult, Body: []byte(body)})
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	tests := []struct {
		args  []string
		lines int
		want  string
	}{
		{[]string{"--violations"}, 1, v.ID + " result   principal=bob exit=1 violations=network"},
		{[]string{"--violation", "network"}, 1, v.ID},
		{[]string{"--violation", "process"}, 0, ""},
	}
	for _, tt := range tests {
		code, out, stderr := runAudit(t, append([]string{"list", "--audit", path}, tt.args...)...)
		if code != 0 || strings.Count(out, "\n") != tt.lines || !strings.Contains(out, tt.want) {
			t.Errorf("list %v: %d %q %q", tt.args, code, out, stderr)
		}
	}
	if code, _, stderr := runAudit(t, "list", "--audit", path, "--violation", "Not A Cap"); code != 2 || !strings.Contains(stderr, "capability name") {
		t.Errorf("list --violation with a bad name: %d %q", code, stderr)
	}
}

// TestAuditReindex rebuilds a removed index; lookups work before (from the log) and after.
func TestAuditReindex(t *testing.T) {
	path, recs := auditFixture(t)
	for _, suffix := range []string{".idx-off", ".idx-tree", ".idx-keys"} {
		if err := os.Remove(path + suffix); err != nil {
			t.Fatal(err)
		}
	}
	if code, out, _ := runAudit(t, "show", recs[2].ID, "--audit", path); code != 0 || !strings.Contains(out, recs[1].ID) {
		t.Fatalf("show without an index: %d %q", code, out)
	}
	if code, out, stderr := runAudit(t, "reindex", "--audit", path); code != 0 || !strings.Contains(out, "index rebuilt: 3 records") {
		t.Fatalf("reindex: %d %q %q", code, out, stderr)
	}
	if _, err := os.Stat(path + ".idx-keys"); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := runAudit(t, "verify", "--audit", path); code != 0 || stderr != "" {
		t.Fatalf("verify after reindex: %d %q %q", code, out, stderr)
	}
	if code, _, stderr := runAudit(t, "reindex", "--audit", path+".missing"); code != 2 || strings.Contains(stderr, "audit: audit:") {
		t.Errorf("reindex of a missing log: %d %q", code, stderr)
	}
}

// signedCheckpoint makes a signing key in a temp dir and signs a checkpoint of the log at path:
// the key file, the checkpoint file and the verifier key.
func signedCheckpoint(t *testing.T, path string) (key, cp, vkey string) {
	t.Helper()
	dir := t.TempDir()
	key, cp = filepath.Join(dir, "key"), filepath.Join(dir, "cp")
	_, vkey, _ = runAudit(t, "keygen", "--out", key)
	vkey = strings.TrimSpace(vkey)
	if code, _, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key, "--out", cp); code != 0 {
		t.Fatalf("checkpoint: %s", stderr)
	}
	return key, cp, vkey
}
