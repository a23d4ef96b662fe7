package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rehash rewrites one line of a log after an edit so that its own hash member matches it again, as
// someone who edits a record and knows the format would: only the chain and the tree betray it.
func rehash(t *testing.T, line []byte) []byte {
	t.Helper()
	i := bytes.LastIndex(line, []byte(`,"hash":"`))
	if i < 0 {
		t.Fatalf("test bug: no hash member in %q", line)
	}
	leaf := append(append([]byte{}, line[:i]...), '}')
	sum := sha256.Sum256(append([]byte{0}, leaf...))
	return append(append(append([]byte{}, line[:i]...), `,"hash":"`+hex.EncodeToString(sum[:])+`"}`...), '\n')
}

// TestAuditProveEditedRecord (red team): a record before a signed checkpoint is edited in the log,
// its hash member recomputed, the index left as it was. The index still gives the checkpoint's tree,
// so prove's check of the checkpoint passed, then the record's read fell back to the log alone and
// prove printed, with exit 0, a proof of the edited record in a tree that is not the checkpoint's.
// prove against a checkpoint must exit 1 and name the broken record instead.
func TestAuditProveEditedRecord(t *testing.T) {
	path, recs := auditFixture(t)
	_, cp, vkey := signedCheckpoint(t, path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	edited := bytes.Replace(lines[0], []byte(`"principal":"alice"`), []byte(`"principal":"carol"`), 1)
	if bytes.Equal(edited, lines[0]) {
		t.Fatal("test bug: nothing to edit")
	}
	lines[0] = rehash(t, bytes.TrimSuffix(edited, []byte("\n")))
	if err := os.WriteFile(path, bytes.Join(lines, nil), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runAudit(t, "prove", recs[0].ID, "--audit", path, "--checkpoint", cp, "--vkey", vkey)
	if code != 1 || out != "" || !strings.Contains(stderr, "broken at seq 1") {
		t.Fatalf("prove of an edited record against the checkpoint: exit %d, %d bytes of proof, %q; want exit 1, no proof, the broken record named", code, len(out), stderr)
	}
}

// TestAuditVerifySavedCheckpoint (red team): with --vkey alone, verify anchors the log on the
// checkpoint saved in FILE.verified. Whoever could cut the log could also alter that file, and
// verify then ignored it in silence: a log cut below the checkpoint verified "intact" with exit 0.
// A saved checkpoint that does not verify with the key is damage (exit 1); none at all is said on
// standard error, since the log could then have been cut or rewritten as a whole.
func TestAuditVerifySavedCheckpoint(t *testing.T) {
	path, _ := auditFixture(t)
	_, cp, vkey := signedCheckpoint(t, path)
	dir := filepath.Dir(cp)
	saved, err := os.ReadFile(path + ".verified")
	if err != nil {
		t.Fatal(err)
	}
	// The log cut to one record and its index rebuilt: the saved checkpoint of 3 catches it.
	data, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.SplitAfter(data, []byte("\n"))[0], 0o600)
	if code, _, stderr := runAudit(t, "reindex", "--audit", path); code != 0 {
		t.Fatalf("reindex: %s", stderr)
	}
	if code, _, stderr := runAudit(t, "verify", "--audit", path, "--vkey", vkey); code != 1 || !strings.Contains(stderr, "were removed") {
		t.Fatalf("verify of a cut log: exit %d %q, want 1", code, stderr)
	}
	// The saved checkpoint altered to cover one record: its signature no longer holds.
	forged := strings.Replace(string(saved), `\n3\n`, `\n1\n`, 1)
	if forged == string(saved) {
		t.Fatalf("test bug: no tree size to alter in %s", saved)
	}
	os.WriteFile(path+".verified", []byte(forged), 0o600)
	if code, out, stderr := runAudit(t, "verify", "--audit", path, "--vkey", vkey); code != 1 || !strings.Contains(stderr, "checkpoint does not verify") || !strings.Contains(stderr, ".verified") {
		t.Errorf("verify with an altered saved checkpoint: exit %d %q %q, want 1", code, out, stderr)
	}
	os.WriteFile(path+".verified", []byte("{}\n"), 0o600)
	if code, out, stderr := runAudit(t, "verify", "--audit", path, "--vkey", vkey); code != 1 || !strings.Contains(stderr, ".verified") {
		t.Errorf("verify with an emptied saved checkpoint: exit %d %q %q, want 1", code, out, stderr)
	}
	// Removed: the chain alone is whole, and verify says that nothing anchored it.
	os.Remove(path + ".verified")
	if code, out, stderr := runAudit(t, "verify", "--audit", path, "--vkey", vkey); code != 0 || !strings.Contains(stderr, "no signed checkpoint") {
		t.Errorf("verify without a saved checkpoint: exit %d %q %q, want 0 and a warning", code, out, stderr)
	}
	// Signed by another key (the key was changed): not damage, but no anchor either.
	os.WriteFile(path+".verified", saved, 0o600)
	_, vkey2, _ := runAudit(t, "keygen", "--out", filepath.Join(dir, "key2"))
	if code, out, stderr := runAudit(t, "verify", "--audit", path, "--vkey", strings.TrimSpace(vkey2)); code != 0 || !strings.Contains(stderr, "no signed checkpoint") {
		t.Errorf("verify with a checkpoint of another key: exit %d %q %q, want 0 and a warning", code, out, stderr)
	}
}

// TestAuditShowEditedRecord (red team): a record edited in the log, its hash member recomputed and
// the index left alone, contradicts the index's leaf hash. show answered from the log alone, exit
// 0, without a word: the edited record read as any other. It must say that the log contradicts its
// index there (the record shown is the log's), so that an edit no incremental verification reads
// is not shown as if nothing were wrong.
func TestAuditShowEditedRecord(t *testing.T) {
	path, recs := auditFixture(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	lines[0] = rehash(t, bytes.TrimSuffix(bytes.Replace(lines[0], []byte(`"principal":"alice"`), []byte(`"principal":"carol"`), 1), []byte("\n")))
	if err := os.WriteFile(path, bytes.Join(lines, nil), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"0", recs[0].ID} {
		code, out, stderr := runAudit(t, "show", ref, "--audit", path)
		if code != 0 || !strings.Contains(out, "carol") || !strings.Contains(stderr, "contradicts") || !strings.Contains(stderr, "verify --full") {
			t.Errorf("show %s of an edited record: exit %d, %q, %q; want the log's record and a warning", ref, code, out, stderr)
		}
	}
	// An intact log shows without a warning.
	path, recs = auditFixture(t)
	if code, _, stderr := runAudit(t, "show", recs[0].ID, "--audit", path); code != 0 || stderr != "" {
		t.Errorf("show of an intact record: exit %d %q", code, stderr)
	}
}

// TestAuditCheckpointRefusesRollback (red team): audit checkpoint verified the log on its own and
// signed whatever it found. A log cut back below the last checkpoint (or rewritten as a whole) was
// signed anew, and the new checkpoint replaced the old one in FILE.verified: from then on verify
// --vkey said intact, the signer having laundered the rollback. A checkpoint must extend the one
// this key signed before; one in FILE.verified that this key did not sign is refused too.
func TestAuditCheckpointRefusesRollback(t *testing.T) {
	path, _ := auditFixture(t)
	key, cp, vkey := signedCheckpoint(t, path)
	dir := filepath.Dir(cp)
	// A second checkpoint of the same log extends the first.
	if code, _, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key, "--out", cp); code != 0 {
		t.Fatalf("checkpoint again: %s", stderr)
	}
	saved, _ := os.ReadFile(path + ".verified")
	data, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.SplitAfter(data, []byte("\n"))[0], 0o600)
	if code, _, stderr := runAudit(t, "reindex", "--audit", path); code != 0 {
		t.Fatalf("reindex: %s", stderr)
	}
	code, out, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key, "--out", filepath.Join(dir, "cp1"))
	if code != 1 || !strings.Contains(stderr, "were removed") {
		t.Errorf("checkpoint of a log cut below the last one: exit %d %q %q, want 1", code, out, stderr)
	}
	if now, _ := os.ReadFile(path + ".verified"); !bytes.Equal(now, saved) {
		t.Errorf("the saved checkpoint was replaced: %s", now)
	}
	if code, _, _ := runAudit(t, "verify", "--audit", path, "--vkey", vkey); code != 1 {
		t.Errorf("verify of the cut log after the refused checkpoint: exit %d, want 1", code)
	}
	// A saved checkpoint that this key did not sign: another key's, or an altered one.
	key2 := filepath.Join(dir, "key2")
	runAudit(t, "keygen", "--out", key2)
	if code, _, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key2); code == 0 || !strings.Contains(stderr, ".verified") {
		t.Errorf("checkpoint with another key over a saved checkpoint: exit %d %q, want a refusal naming it", code, stderr)
	}
	os.WriteFile(path+".verified", []byte(strings.Replace(string(saved), `\n3\n`, `\n1\n`, 1)), 0o600)
	if code, _, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key); code != 1 || !strings.Contains(stderr, "checkpoint does not verify") {
		t.Errorf("checkpoint over an altered saved checkpoint: exit %d %q, want 1", code, stderr)
	}
}
