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
	dir := t.TempDir()
	key, cp := filepath.Join(dir, "key"), filepath.Join(dir, "cp")
	_, vkey, _ := runAudit(t, "keygen", "--out", key)
	vkey = strings.TrimSpace(vkey)
	if code, _, stderr := runAudit(t, "checkpoint", "--audit", path, "--key", key, "--out", cp); code != 0 {
		t.Fatalf("checkpoint: %s", stderr)
	}
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
