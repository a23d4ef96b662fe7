package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

func runAudit(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	code = dispatch(context.Background(), e, append([]string{"audit"}, args...))
	return code, out.String(), errb.String()
}

// auditFixture writes a small log: alice denied, bob allowed and run.
func auditFixture(t *testing.T) (path string, recs []audit.Stored) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.Open(path, audit.WithSchema(record.Schema))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	add := func(r record.Record) audit.Stored {
		if err := record.ApplyStoreCode(&r, record.StoreAlways); err != nil {
			t.Fatal(err)
		}
		got, err := record.Write(context.Background(), l, r)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, got)
		return got
	}
	code := "import os\n"
	add(record.Record{Kind: record.KindDecision, Payload: record.Payload{Principal: "alice", Code: &code,
		Decision: &policy.Decision{Allow: false, Tier: "none", Reasons: []policy.Reason{{Rule: "SBX101", Message: "process"}}}}})
	ok := "print(1)\n"
	d := add(record.Record{Kind: record.KindDecision, Payload: record.Payload{Principal: "bob", Code: &ok, Decision: &policy.Decision{Allow: true, Tier: "standard"}}})
	add(record.Record{Kind: record.KindResult, Payload: record.Payload{Principal: "bob", DecisionID: d.ID, Result: &runner.Result{ExitCode: 0, Stdout: "1\n"}}})
	return path, recs
}

func TestAuditReadCommands(t *testing.T) {
	path, recs := auditFixture(t)
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings expected on standard output
		lines  int      // lines expected on standard output; -1: don't count
		stderr string
	}{
		{"usage", nil, 2, nil, 0, "usage: sbxgate audit"},
		{"unknown", []string{"frob"}, 2, nil, 0, `unknown subcommand "frob"`},
		{"verify", []string{"verify", "--audit", path}, 0, []string{"intact: 3 records", "verified in full"}, 2, ""},
		{"verify no log", []string{"verify"}, 2, nil, 0, "no audit log: pass --audit FILE"},
		{"verify missing", []string{"verify", "--audit", path + ".nope"}, 2, nil, 0, "no such file"},
		{"verify half a checkpoint", []string{"verify", "--audit", path, "--checkpoint", "x"}, 2, nil, 0, "go together"},
		{"list", []string{"list", "--audit", path}, 0, []string{"principal=alice decision=deny", "result"}, 3, ""},
		{"list principal", []string{"list", "--audit", path, "--principal", "bob"}, 0, []string{recs[1].ID, recs[2].ID}, 2, ""},
		{"list deny", []string{"list", "--audit", path, "--decision", "deny"}, 0, []string{recs[0].ID}, 1, ""},
		{"list rule", []string{"list", "--rule", "SBX101", "--audit", path}, 0, []string{recs[0].ID}, 1, ""},
		{"list kind", []string{"list", "--audit", path, "--kind", "result"}, 0, []string{"exit=0 decision_id=" + recs[1].ID}, 1, ""},
		{"list sha256", []string{"list", "--audit", path, "--sha256", fmt.Sprintf("%x", sha256.Sum256([]byte("print(1)\n")))[:12]}, 0, []string{recs[1].ID}, 1, ""},
		{"list until", []string{"list", "--audit", path, "--until", "2000-01-01T00:00:00Z"}, 0, nil, 0, ""},
		{"list since", []string{"list", "--audit", path, "--since", "2000-01-01T00:00:00Z"}, 0, nil, 3, ""},
		{"list csv", []string{"list", "--audit", path, "--format", "csv"}, 0, []string{"seq,id,time,kind"}, 4, ""},
		{"export", []string{"export", "--audit", path}, 0, []string{`"hash":"` + recs[2].Hash + `"}`}, 3, ""},
		{"list bad decision", []string{"list", "--audit", path, "--decision", "maybe"}, 2, nil, 0, "use allow or deny"},
		{"list bad time", []string{"list", "--audit", path, "--since", "yesterday"}, 2, nil, 0, "not an RFC 3339 time"},
		{"list bad rule", []string{"list", "--audit", path, "--rule", "101"}, 2, nil, 0, "rule id like SBX101"},
		{"list bad format", []string{"list", "--audit", path, "--format", "xml"}, 2, nil, 0, "use one of text, json, csv"},
		{"list stray arg", []string{"list", "--audit", path, "alice"}, 2, nil, 0, "unexpected argument"},
		{"show id", []string{"show", recs[1].ID, "--audit", path}, 0, []string{`"principal": "bob"`, `"code": "print(1)\n"`}, -1, ""},
		{"show seq text", []string{"show", "--audit", path, "--format", "text", "2"}, 0, []string{recs[2].ID}, 1, ""},
		{"show unknown", []string{"show", "--audit", path, "nope"}, 2, nil, 0, "no record with id or seq"},
		{"show nothing", []string{"show", "--audit", path}, 2, nil, 0, "want one record id or seq"},
	}
	for _, tt := range tests {
		code, stdout, stderr := runAudit(t, tt.args...)
		if code != tt.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tt.name, code, tt.code, stderr)
		}
		for _, s := range tt.stdout {
			if !strings.Contains(stdout, s) {
				t.Errorf("%s: stdout lacks %q:\n%s", tt.name, s, stdout)
			}
		}
		if tt.lines >= 0 && strings.Count(stdout, "\n") != tt.lines {
			t.Errorf("%s: %d lines on stdout, want %d:\n%s", tt.name, strings.Count(stdout, "\n"), tt.lines, stdout)
		}
		if !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: stderr %q lacks %q", tt.name, stderr, tt.stderr)
		}
		if tt.code == 2 && tt.stderr != "" && !strings.HasPrefix(tt.stderr, "usage") && strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: error is not one line: %q", tt.name, stderr)
		}
	}
}

func TestAuditCheckpointAndProofCommands(t *testing.T) {
	path, recs := auditFixture(t)
	dir := t.TempDir()
	key, cp := filepath.Join(dir, "audit.key"), filepath.Join(dir, "checkpoint")

	code, vkey, stderr := runAudit(t, "keygen", "--out", key)
	if code != 0 || !strings.HasPrefix(vkey, "sbxgate-audit+") {
		t.Fatalf("keygen: %d %q %q", code, vkey, stderr)
	}
	vkey = strings.TrimSpace(vkey)
	if fi, err := os.Stat(key); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("signer key file: %v %v", fi, err)
	}
	if code, _, stderr := runAudit(t, "keygen", "--out", key); code != 2 || !strings.Contains(stderr, "exists") {
		t.Errorf("keygen over an existing key: %d %q", code, stderr)
	}
	if code, _, stderr := runAudit(t, "checkpoint", "--audit", path); code != 2 || !strings.Contains(stderr, "no signing key") {
		t.Errorf("checkpoint without a key: %d %q", code, stderr)
	}
	if code, out, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key, "--out", cp); code != 0 || !strings.Contains(out, "checkpoint of 3 records") {
		t.Fatalf("checkpoint: %d %q %q", code, out, stderr)
	}
	if code, out, stderr := runAudit(t, "verify", "--audit", path, "--checkpoint", cp, "--vkey", vkey); code != 0 || !strings.Contains(out, "extends the checkpoint of 3 records") {
		t.Fatalf("verify against checkpoint: %d %q %q", code, out, stderr)
	}

	// prove, then check the proof without the log.
	code, proof, stderr := runAudit(t, "prove", recs[1].ID, "--audit", path, "--checkpoint", cp, "--vkey", vkey)
	if code != 0 {
		t.Fatalf("prove: %d %q", code, stderr)
	}
	pf := filepath.Join(dir, "proof.json")
	os.WriteFile(pf, []byte(proof), 0o600)
	vkeyFile := filepath.Join(dir, "audit.vkey")
	os.WriteFile(vkeyFile, []byte(vkey+"\n"), 0o600)
	if code, out, stderr := runAudit(t, "verify-proof", "--checkpoint", cp, "--vkey", vkeyFile, pf); code != 0 || !strings.Contains(out, "seq 1 id "+recs[1].ID) {
		t.Fatalf("verify-proof: %d %q %q", code, out, stderr)
	}
	forged := strings.Replace(proof, `\"principal\":\"bob\"`, `\"principal\":\"eve\"`, 1)
	if forged == proof {
		t.Fatal("test bug: the proof's line has no principal to forge")
	}
	os.WriteFile(pf, []byte(forged), 0o600)
	if code, _, stderr := runAudit(t, "verify-proof", "--checkpoint", cp, "--vkey", vkey, pf); code != 1 || !strings.Contains(stderr, "does not verify") {
		t.Errorf("verify-proof of a forged proof: %d %q", code, stderr)
	}

	// Tampering: a flipped byte names the record; a trimmed tail is caught by the checkpoint.
	data, _ := os.ReadFile(path)
	lines := bytes.SplitAfter(data, []byte("\n"))
	flipped := bytes.Join([][]byte{lines[0], bytes.Replace(lines[1], []byte("bob"), []byte("bib"), 1), lines[2]}, nil)
	os.WriteFile(path, flipped, 0o600)
	if code, _, stderr := runAudit(t, "verify", "--audit", path); code != 1 || !strings.Contains(stderr, "seq 1 (line 2)") {
		t.Errorf("verify of an edited log: %d %q", code, stderr)
	}
	os.WriteFile(path, bytes.Join(lines[:2], nil), 0o600)
	if code, _, _ := runAudit(t, "verify", "--audit", path); code != 0 {
		t.Errorf("a trimmed log verifies on its own, as it must without a checkpoint: exit %d", code)
	}
	if code, _, stderr := runAudit(t, "verify", "--audit", path, "--checkpoint", cp, "--vkey", vkey); code != 1 || !strings.Contains(stderr, "were removed") {
		t.Errorf("verify of a trimmed log against the checkpoint: %d %q", code, stderr)
	}
	// A torn tail: verify reports it, repair sets it aside, and the log verifies again.
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"seq":2,"pr`)
	f.Close()
	if code, _, stderr := runAudit(t, "verify", "--audit", path); code != 1 || !strings.Contains(stderr, "seq 2 (line 3): incomplete last line") {
		t.Errorf("verify of a torn log: %d %q", code, stderr)
	}
	if code, out, stderr := runAudit(t, "list", "--audit", path); code != 0 || strings.Count(out, "\n") != 2 || !strings.Contains(stderr, "warning") {
		t.Errorf("list of a torn log: %d %q %q", code, out, stderr)
	}
	if code, out, stderr := runAudit(t, "repair", "--audit", path); code != 0 || !strings.Contains(out, "set aside 12 torn bytes from offset") {
		t.Errorf("repair: %d %q %q", code, out, stderr)
	}
	if code, out, _ := runAudit(t, "repair", "--audit", path); code != 0 || !strings.Contains(out, "no torn tail") {
		t.Errorf("second repair: %d %q", code, out)
	}
	if code, out, stderr := runAudit(t, "verify", "--audit", path); code != 0 || !strings.Contains(out, "intact: 3 records") || !strings.Contains(out, "1 torn tails were set aside") {
		t.Errorf("verify after repair: %d %q %q", code, out, stderr)
	}
	if code, _, stderr := runAudit(t, "verify", "--audit", path, "--checkpoint", cp, "--vkey", "nope"); code != 2 || !strings.Contains(stderr, "verifier key") {
		t.Errorf("verify with a bad key: %d %q", code, stderr)
	}
}

// TestAuditProveLargeLog proves records spread over a log far larger than any read buffer (the first,
// one in the middle and the last) and checks each proof offline; a forged proof fails with exit 1.
func TestAuditProveLargeLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.Open(path, audit.WithSchema(record.Schema))
	if err != nil {
		t.Fatal(err)
	}
	const n = 1200
	var ids []string
	pad := strings.Repeat("#", 2000) // about 2 KB a record: the log is 2.4 MB
	for i := range n {
		code := fmt.Sprintf("print(%d)\n%s\n", i, pad)
		rec := record.Record{Kind: record.KindDecision, Payload: record.Payload{Principal: "p", Code: &code,
			Decision: &policy.Decision{Allow: true, Tier: "standard"}}}
		if err := record.ApplyStoreCode(&rec, record.StoreAlways); err != nil {
			t.Fatal(err)
		}
		r, err := record.Write(context.Background(), l, rec)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() < 32*(64<<10) {
		t.Fatalf("log is too small for this test: %v %v", fi.Size(), err)
	}
	_, cp, vkey := signedCheckpoint(t, path)
	dir := filepath.Dir(cp)
	for _, i := range []int{0, n / 2, n - 1} {
		for _, ref := range []string{ids[i], strconv.Itoa(i)} {
			code, proof, stderr := runAudit(t, "prove", ref, "--audit", path)
			if code != 0 || !strings.Contains(proof, ids[i]) {
				t.Fatalf("prove %s: exit %d, %d bytes, %q", ref, code, len(proof), stderr)
			}
			pf := filepath.Join(dir, "proof.json")
			if err := os.WriteFile(pf, []byte(proof), 0o600); err != nil {
				t.Fatal(err)
			}
			if code, out, stderr := runAudit(t, "verify-proof", "--checkpoint", cp, "--vkey", vkey, pf); code != 0 || !strings.Contains(out, "id "+ids[i]) {
				t.Fatalf("verify-proof of record %d: exit %d %q %q", i, code, out, stderr)
			}
			forged := strings.Replace(proof, fmt.Sprintf(`print(%d)`, i), fmt.Sprintf(`print(%d)`, i+1), -1)
			if err := os.WriteFile(pf, []byte(forged), 0o600); err != nil {
				t.Fatal(err)
			}
			if code, _, stderr := runAudit(t, "verify-proof", "--checkpoint", cp, "--vkey", vkey, pf); code != 1 || !strings.Contains(stderr, "does not verify") {
				t.Fatalf("verify-proof of a forged proof of record %d: exit %d %q", i, code, stderr)
			}
		}
	}
}
