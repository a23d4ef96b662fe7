package audit

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// TestVerifyIncremental: after a signed checkpoint, a verification with the key reads only the
// records after it, and says so; damage after the checkpoint is found that way; a rewrite before it
// that the index follows is not read, but a full verification (and any verification once the index
// no longer proves the checkpoint) finds it against the saved checkpoint.
func TestVerifyIncremental(t *testing.T) {
	path, _ := buildLog(t, 30)
	signer, verifier := testKey(t, "test-audit")
	if _, _, err := Checkpoint(path, testSchema, signer); err != nil {
		t.Fatal(err)
	}
	l := openT(t, path)
	for i := range 12 {
		appendT(t, l, decision(t, "later", fmt.Sprint(i), false))
	}
	l.Close()

	rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier})
	if err != nil || !rep.Incremental || rep.From != 30 || rep.Records != 42 || rep.Since.IsZero() {
		t.Fatalf("incremental verification: %+v, %v", rep, err)
	}
	full, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier, Full: true})
	if err != nil || full.Incremental || full.Records != 42 || full.Root != rep.Root || full.Checkpoint == nil || full.Checkpoint.N != 30 {
		t.Fatalf("full verification: %+v, %v", full, err)
	}
	// Without the key there is no checkpoint to start from.
	if rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema}); err != nil || rep.Incremental {
		t.Fatalf("verification without a key: %+v, %v", rep, err)
	}
	// A newer checkpoint given with the key moves the saved one on.
	signed42, _, err := Checkpoint(path, testSchema, signer)
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier, Checkpoint: signed42}); err != nil || !rep.Incremental || rep.From != 42 || rep.Checkpoint.N != 42 {
		t.Fatalf("against the newer checkpoint: %+v, %v", rep, err)
	}

	// Damage after the last checkpoint: add records, then flip a byte in one of them.
	l = openT(t, path)
	for i := range 3 {
		appendT(t, l, decision(t, "more", fmt.Sprint(i), false))
	}
	l.Close()
	lines := readLines(t, path)
	tampered := bytes.Clone(bytes.Join(lines, nil))
	at := len(bytes.Join(lines[:43], nil)) + 60
	tampered[at] ^= 1
	if err := os.WriteFile(path, tampered, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier})
	wantBroken(t, "a byte flipped after the checkpoint", err, 43)
	writeLines(t, path, lines)

	// A rewrite of a record before the checkpoint, the chain recomputed from there and the index
	// rebuilt to match: the index no longer proves the saved checkpoint, so the verification reads
	// everything and checks the log against it.
	rewritten := rechain(t, lines, 5, principal("mallory"))
	writeLines(t, path, rewritten)
	if _, err := Reindex(path); err != nil {
		t.Fatal(err)
	}
	_, err = VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier})
	wantBroken(t, "rewritten before the checkpoint", err, -1)

	// The same rewrite with the old index left in place: the incremental verification trusts the
	// checkpoint for records it does not read; --full reads them and finds the rewrite.
	writeLines(t, path, lines)
	if _, err := Reindex(path); err != nil {
		t.Fatal(err)
	}
	// Same length, so that the index's offsets still fit the log.
	edited, _ := rehash(t, lines[5], 5, envelopeOf(t, lines[4]).Hash, principal("evil"))
	writeLines(t, path, cat(lines[:5], [][]byte{edited}, lines[6:]))
	if rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier}); err != nil || !rep.Incremental || rep.From != 42 {
		t.Fatalf("incremental verification of a log edited before the checkpoint: %+v %v; want it to start after the checkpoint", rep, err)
	}
	_, err = VerifyLog(path, VerifyOptions{Schema: testSchema, Verifier: verifier, Full: true})
	wantBroken(t, "edited before the checkpoint, --full", err, 6)
}

func envelopeOf(t *testing.T, line []byte) Envelope {
	t.Helper()
	e, err := verify.ParseEnvelope(bytes.TrimSuffix(line, []byte("\n")))
	if err != nil {
		t.Fatal(err)
	}
	return e
}
