package audit

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/audit/verify"
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

// TestKeysTableResistsChosenKeys (red team): the index's hash table placed a key at the slot its
// SHA-256 names, and the log keys of idempotent runs follow from the principal and the client's own
// key. A tenant could grind keys that all land in one slot (10 bits: a thousand hashes each) and
// grow one run of occupied slots without end: every insert under the writers' lock and every lookup
// that starts in it walks it (3,000 such keys made appends 2.5 times and lookups 8 times slower, and
// the cost grows with the square). The slots must be placed by a secret of the index.
func TestKeysTableResistsChosenKeys(t *testing.T) {
	idem := func(key string) string {
		h := sha256.New()
		h.Write([]byte("mallory\x00" + key))
		return "idem:" + hex.EncodeToString(h.Sum(nil))
	}
	// The slot a key took: SHA-256 of its tag, a zero and the key.
	slot := func(s string) uint64 {
		h := sha256.Sum256(append([]byte{tagKey, 0}, s...))
		return binary.LittleEndian.Uint64(h[:8])
	}
	path := tempLog(t)
	l := openT(t, path)
	n := 0
	for i := 0; n < 600; i++ {
		k := idem(fmt.Sprint("k", i))
		if slot(k)&1023 != 0 {
			continue
		}
		e := decision(t, "mallory", fmt.Sprint(i), false)
		e.Key = k
		appendT(t, l, e)
		n++
	}
	l.Close()
	x, err := openIndex(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer x.close()
	table := make([]byte, x.hdr.slots*slotSize)
	if _, err := x.keys.ReadAt(table, keysHdr); err != nil {
		t.Fatal(err)
	}
	longest, run := 0, 0
	for s := 0; s < 2*int(x.hdr.slots); s++ { // twice round: a run may wrap
		if binary.LittleEndian.Uint64(table[(s%int(x.hdr.slots))*slotSize+16:]) != 0 {
			run++
			longest = max(longest, min(run, int(x.hdr.slots)))
		} else {
			run = 0
		}
	}
	if longest > 100 {
		t.Fatalf("%d chosen keys made a run of %d occupied slots in a table of %d (%d used)", n, longest, x.hdr.slots, x.hdr.used)
	}
	// And every key is still found.
	r := readerT(t, path)
	for i, found := 0, 0; found < 5; i++ {
		k := idem(fmt.Sprint("k", i))
		if slot(k)&1023 != 0 {
			continue
		}
		if _, _, err := r.ByKey(k); err != nil {
			t.Fatalf("key %d: %v", i, err)
		}
		found++
	}
}

// TestProofRecordReadsOneWay (red team): a proof carries the record twice, as its exact line (what
// is proven) and as an object to read. verify-proof compared the two after a lenient decoding, in
// which a repeated member's last copy wins: a proof whose record read "principal": "mallory" first,
// and the true principal after it, verified. The record must read exactly one way, as the line does.
func TestProofRecordReadsOneWay(t *testing.T) {
	path, _ := buildLog(t, 6)
	signer, verifier := testKey(t, "redteam")
	signed, _, err := Checkpoint(path, testSchema, signer)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := OpenCheckpoint(signed, verifier)
	if err != nil {
		t.Fatal(err)
	}
	p, err := readerT(t, path).Prove(2, cp.N)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := verify.VerifyProof(p, cp); err != nil {
		t.Fatalf("honest proof: %v", err)
	}
	e, _ := verify.ParseEnvelope([]byte(p.Line))
	if !strings.Contains(p.Line, `"principal":`) {
		t.Fatal("test bug: the line has no principal")
	}
	f := *p
	f.Record = json.RawMessage(strings.Replace(p.Line, `"kind":`, `"principal":"mallory","kind":`, 1))
	if _, err := verify.VerifyProof(&f, cp); !errors.Is(err, ErrBadProof) {
		t.Errorf("a member twice, the forged copy first (seq %d): VerifyProof = %v, want ErrBadProof", e.Seq, err)
	}
}
