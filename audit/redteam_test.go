package audit

import (
	"fmt"
	"testing"
)

// TestIncrementalSeesTornTail (red team): a full verification calls an incomplete last line broken
// (a writer stopped mid-write, or bytes appended by hand without a newline); the incremental one
// read only up to the last complete record and said the log was intact. Both must say the same.
func TestIncrementalSeesTornTail(t *testing.T) {
	path, _ := buildLog(t, 12)
	signer, verifier := testKey(t, "redteam")
	if _, _, err := Checkpoint(path, testSchema, signer); err != nil {
		t.Fatal(err)
	}
	l := openT(t, path)
	for i := range 3 {
		appendT(t, l, decision(t, "later", fmt.Sprint(i), false))
	}
	l.Close()
	appendRaw(t, path, []byte(`{"seq":15,"prev":"`))
	_, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier, Full: true})
	wantBroken(t, "full", err, 15)
	rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier})
	if err == nil {
		t.Fatalf("incremental verification of a torn log: %+v, no error", rep)
	}
	wantBroken(t, "incremental", err, 15)
}

// TestVerifyExtendsSavedCheckpointToo (red team): given an older checkpoint with --checkpoint,
// verify checked the log against it alone and passed over the newer one saved in FILE.verified: a
// log cut back between the two verified intact. The log must extend every checkpoint verify knows.
func TestVerifyExtendsSavedCheckpointToo(t *testing.T) {
	path, lines := buildLog(t, 12)
	signer, verifier := testKey(t, "redteam")
	writeLines(t, path, lines[:8])
	if _, err := Reindex(path); err != nil {
		t.Fatal(err)
	}
	old, _, err := Checkpoint(path, testSchema, signer)
	if err != nil {
		t.Fatal(err)
	}
	writeLines(t, path, lines)
	if _, err := Reindex(path); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Checkpoint(path, testSchema, signer); err != nil {
		t.Fatal(err)
	}
	// Cut back to 9 records: it extends the old checkpoint (8), not the saved one (12).
	writeLines(t, path, lines[:9])
	if _, err := Reindex(path); err != nil {
		t.Fatal(err)
	}
	for _, full := range []bool{false, true} {
		rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier, Checkpoint: old, Full: full})
		if err == nil {
			t.Errorf("full %v: a log cut below the saved checkpoint verified: %+v", full, rep)
			continue
		}
		wantBroken(t, fmt.Sprintf("full %v", full), err, 9)
	}
}
