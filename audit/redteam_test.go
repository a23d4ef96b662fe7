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
