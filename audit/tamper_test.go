package audit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// buildLog writes n records (decisions, each allowed one followed by its result) and returns the log's
// path and lines (each with its newline).
func buildLog(t *testing.T, n int) (string, [][]byte) {
	t.Helper()
	path := tempLog(t)
	l := openT(t, path)
	var last Stored
	allowed := false
	for i := range n {
		if i%3 == 2 && allowed {
			last, allowed = appendT(t, l, result(t, "user", last.ID, i)), false
			continue
		}
		allowed = i%3 == 1
		last = appendT(t, l, decision(t, fmt.Sprintf("user%d", i%2), fmt.Sprintf("print(%d)\n", i), allowed))
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return path, readLines(t, path)
}

// rehash returns line (with its newline) as record seq after prev, its leaf edited by edit, with the
// hash recomputed: what an attacker with write access can do to one record.
func rehash(t *testing.T, line []byte, seq int64, prev string, edit func([]byte) []byte) ([]byte, string) {
	t.Helper()
	leaf, _, err := verify.LeafOf(bytes.TrimSuffix(line, []byte("\n")))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(leaf, []byte(`","id":`))
	leaf = append([]byte(`{"seq":`+strconv.FormatInt(seq, 10)+`,"prev":"`+prev), leaf[i:]...)
	if edit != nil {
		leaf = edit(leaf)
	}
	h := tlog.RecordHash(leaf)
	out := append(leaf[:len(leaf)-1:len(leaf)-1], verify.HashMember...)
	out = hex.AppendEncode(out, h[:])
	return append(out, "\"}\n"...), hex.EncodeToString(h[:])
}

// rechain rewrites lines[from:] with edit applied to each, recomputing every hash and prev from there
// on. It returns new lines.
func rechain(t *testing.T, lines [][]byte, from int, edit func([]byte) []byte) [][]byte {
	t.Helper()
	out := append([][]byte(nil), lines[:from]...)
	prev := verify.ZeroHash
	if from > 0 {
		e, err := verify.ParseEnvelope(bytes.TrimSuffix(lines[from-1], []byte("\n")))
		if err != nil {
			t.Fatal(err)
		}
		prev = e.Hash
	}
	for i := from; i < len(lines); i++ {
		var line []byte
		line, prev = rehash(t, lines[i], int64(i), prev, edit)
		out = append(out, line)
	}
	return out
}

func cat(parts ...[][]byte) [][]byte {
	var out [][]byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func wantBroken(t *testing.T, name string, err error, seq int64) {
	t.Helper()
	var b *BrokenError
	if !errors.As(err, &b) {
		t.Errorf("%s: Verify = %v, want a BrokenError at seq %d", name, err, seq)
		return
	}
	if b.Seq != seq || (seq >= 0 && b.Line != seq+1) {
		t.Errorf("%s: broken at seq %d line %d (%s), want seq %d line %d", name, b.Seq, b.Line, b.Reason, seq, seq+1)
	}
}

func principal(name string) func([]byte) []byte {
	return func(leaf []byte) []byte {
		return bytes.Replace(leaf, []byte(`"principal":"user`), []byte(`"principal":"`+name), 1)
	}
}

// TestVerifyCatchesEveryByteFlip flips every byte of a log, one at a time, two ways: each flip must be
// caught and blamed on the record whose line holds the byte.
func TestVerifyCatchesEveryByteFlip(t *testing.T) {
	path, lines := buildLog(t, 6)
	data := bytes.Join(lines, nil)
	lineOf := make([]int64, 0, len(data))
	for i, l := range lines {
		for range l {
			lineOf = append(lineOf, int64(i))
		}
	}
	for _, mask := range []byte{0x01, 0x20} {
		for i := range data {
			mod := bytes.Clone(data)
			mod[i] ^= mask
			// The checks VerifyLog runs on a file, on the bytes in memory: thousands of logs.
			_, _, err := verify.Verify("mem", bytes.NewReader(mod), testSchema, nil, nil)
			wantBroken(t, fmt.Sprintf("byte %d ^ %#x (%q)", i, mask, data[i]), err, lineOf[i])
		}
	}
	verifyT(t, path)
}

func TestVerifyCatchesStructuralTampering(t *testing.T) {
	path, lines := buildLog(t, 9)
	n := len(lines)
	forged := func(at int) [][]byte {
		// A well-formed record with the right seq, prev and hash, slipped in at position at.
		e, _ := verify.ParseEnvelope(bytes.TrimSuffix(lines[at-1], []byte("\n")))
		ins, _ := rehash(t, lines[at], int64(at), e.Hash, func(leaf []byte) []byte {
			return bytes.Replace(principal("mallory")(leaf), []byte(`"id":"0`), []byte(`"id":"1`), 1)
		})
		out := append([][]byte(nil), lines[:at]...)
		out = append(out, ins)
		return append(out, lines[at:]...)
	}
	one := func(i int) [][]byte { return lines[i : i+1] }
	tests := []struct {
		name  string
		lines [][]byte
		seq   int64
	}{
		{"delete first", cat(lines[1:]), 0},
		{"delete middle", cat(lines[:4], lines[5:]), 4},
		{"swap 3 and 4", cat(lines[:3], one(4), one(3), lines[5:]), 3},
		{"duplicate 2 after itself", cat(lines[:3], one(2), lines[3:]), 3},
		{"forged record inserted at 5", forged(5), 6},
		// The edited line itself is self-consistent; the next record's prev no longer matches.
		{"edit 2, recompute its hash", cat(rechain(t, lines[:3], 2, principal("x")), lines[3:]), 3},
		{"duplicate id, rechained", rechain(t, cat(lines[:3], one(2), lines[3:]), 3, nil), 3},
		{"result links to a result, rechained", rechain(t, lines, 5, func(l []byte) []byte {
			e, _ := verify.ParseEnvelope(bytes.TrimSuffix(lines[2], []byte("\n")))
			return bytes.Replace(l, []byte(`"decision_id":"`), []byte(`"decision_id":"`+e.ID+`","x":"`), 1)
		}), 5},
		{"unknown kind, rechained", rechain(t, lines, 3, func(l []byte) []byte {
			return bytes.Replace(l, []byte(`"kind":"decision"`), []byte(`"kind":"verdict"`), 1)
		}), 3},
		{"member twice, rechained", rechain(t, lines, 4, func(l []byte) []byte {
			return bytes.Replace(l, []byte(`"kind":"decision"`), []byte(`"kind":"decision","kind":"result"`), 1)
		}), 4},
		{"torn last line", cat(lines[:n-1], [][]byte{lines[n-1][:40]}), int64(n - 1)},
	}
	bad := filepath.Join(t.TempDir(), "bad.log")
	for _, tt := range tests {
		writeLines(t, bad, tt.lines)
		_, err := VerifyLog(bad, VerifyOptions{Schema: testSchema})
		wantBroken(t, tt.name, err, tt.seq)
	}
	verifyT(t, path)
}

func testKey(t *testing.T, name string) (note.Signer, note.Verifier) {
	t.Helper()
	skey, vkey, err := GenerateKey(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := note.NewSigner(skey)
	if err != nil {
		t.Fatal(err)
	}
	v, err := ParseVerifier(vkey)
	if err != nil {
		t.Fatal(err)
	}
	return s, v
}

// TestCheckpointCatchesTailRewrite: trimming or rewriting the tail (with every hash recomputed, so the
// chain alone looks intact) is caught against a checkpoint taken before.
func TestCheckpointCatchesTailRewrite(t *testing.T) {
	path, lines := buildLog(t, 10)
	signer, verifier := testKey(t, "test-audit")
	signed, tree, err := Checkpoint(path, testSchema, signer)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := OpenCheckpoint(signed, verifier)
	if err != nil {
		t.Fatal(err)
	}
	if cp != tree || cp.N != 10 {
		t.Fatalf("checkpoint tree %+v, want %+v", cp, tree)
	}
	tests := []struct {
		name  string
		lines [][]byte
		seq   int64 // -1: no single record can be named
	}{
		{"trim 1", lines[:9], 9},
		{"trim 4", lines[:6], 6},
		{"trim all", nil, 0},
		{"rewrite last", rechain(t, lines, 9, principal("mallory")), -1},
		{"rewrite from 3", rechain(t, lines, 3, principal("mallory")), -1},
		{"rewrite from 3 and trim", rechain(t, lines[:7], 3, nil), 7},
	}
	for _, tt := range tests {
		bad := filepath.Join(t.TempDir(), "bad.log")
		writeLines(t, bad, tt.lines)
		if tt.seq == -1 {
			if _, err := VerifyLog(bad, VerifyOptions{}); err != nil {
				t.Fatalf("%s: the rewritten chain should look intact without a checkpoint: %v", tt.name, err)
			}
		}
		// Full, and with the key (which may start from the checkpoint if the index allowed it).
		for _, o := range []VerifyOptions{{Checkpoint: signed, Verifier: verifier, Full: true}, {Checkpoint: signed, Verifier: verifier}} {
			_, err := VerifyLog(bad, o)
			wantBroken(t, tt.name, err, tt.seq)
		}
	}

	// Growing the log keeps it consistent with the old checkpoint.
	l := openT(t, path)
	appendT(t, l, decision(t, "later", "x", false))
	l.Close()
	rep, err := VerifyLog(path, VerifyOptions{Checkpoint: signed, Verifier: verifier, Full: true})
	if err != nil || rep.Records != 11 || rep.Checkpoint == nil || rep.Checkpoint.N != 10 {
		t.Fatalf("grown log against the old checkpoint: %+v, %v", rep, err)
	}

	// A checkpoint signed by another key, or altered, is refused, with ErrBadCheckpoint.
	_, other := testKey(t, "test-audit")
	if _, err := OpenCheckpoint(signed, other); !errors.Is(err, ErrBadCheckpoint) {
		t.Errorf("checkpoint with another key: %v, want ErrBadCheckpoint", err)
	}
	altered := bytes.Replace(signed, []byte("\n10\n"), []byte("\n9\n"), 1)
	if _, err := OpenCheckpoint(altered, verifier); !errors.Is(err, ErrBadCheckpoint) {
		t.Errorf("altered checkpoint: %v, want ErrBadCheckpoint", err)
	}
	if _, err := VerifyLog(path, VerifyOptions{Checkpoint: altered, Verifier: verifier}); !errors.Is(err, ErrBadCheckpoint) {
		t.Errorf("VerifyLog with an altered checkpoint: %v, want ErrBadCheckpoint", err)
	}
}

// TestInclusionProofs proves every record of a log against two checkpoints, from the index, and
// checks each proof offline after a trip through JSON; forgeries fail.
func TestInclusionProofs(t *testing.T) {
	path, _ := buildLog(t, 7)
	signer, verifier := testKey(t, "test-audit")
	signed7, _, err := Checkpoint(path, testSchema, signer)
	if err != nil {
		t.Fatal(err)
	}
	l := openT(t, path)
	for i := range 6 {
		appendT(t, l, decision(t, "more", fmt.Sprint(i), false))
	}
	l.Close()
	signed13, _, err := Checkpoint(path, testSchema, signer)
	if err != nil {
		t.Fatal(err)
	}
	cp7, _ := OpenCheckpoint(signed7, verifier)
	cp13, _ := OpenCheckpoint(signed13, verifier)
	r := readerT(t, path)
	for _, cp := range []tlog.Tree{cp7, cp13} {
		if h, err := r.TreeHash(cp.N); err != nil || h != cp.Hash {
			t.Fatalf("TreeHash(%d) = %v %v, want the checkpoint's %v", cp.N, h, err, cp.Hash)
		}
		for seq := range cp.N {
			p, err := r.Prove(seq, cp.N)
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			var back Proof
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			e, err := verify.VerifyProof(&back, cp)
			if err != nil || e.Seq != seq {
				t.Fatalf("proof of seq %d in tree %d: %v", seq, cp.N, err)
			}
		}
	}
	if _, err := r.Prove(9, 7); err == nil {
		t.Error("Prove gave a proof of seq 9 in a tree of 7")
	}

	p, err := r.Prove(4, 13)
	if err != nil {
		t.Fatal(err)
	}
	other, err := r.Prove(5, 13)
	if err != nil {
		t.Fatal(err)
	}
	otherLine := other.Line
	forgeries := map[string]func(p *Proof){
		"flipped proof hash": func(p *Proof) { p.Hashes[1][0] ^= 1 },
		"dropped proof hash": func(p *Proof) { p.Hashes = p.Hashes[:len(p.Hashes)-1] },
		"other index":        func(p *Proof) { p.Index = 5 },
		"other record's line": func(p *Proof) {
			p.Line, p.Record = otherLine, json.RawMessage(otherLine)
		},
		"edited line, hash recomputed": func(p *Proof) {
			e, _ := verify.ParseEnvelope([]byte(p.Line))
			line, _ := rehash(t, []byte(p.Line), e.Seq, e.Prev, principal("mallory"))
			p.Line = strings.TrimSuffix(string(line), "\n")
			p.Record = nil
		},
		"record differs from line": func(p *Proof) { p.Record = json.RawMessage(otherLine) },
		"smaller tree":             func(p *Proof) { p.TreeSize = 7 },
		"other tree hash":          func(p *Proof) { p.TreeHash[0] ^= 1 },
	}
	for name, forge := range forgeries {
		data, _ := json.Marshal(p)
		var f Proof
		json.Unmarshal(data, &f)
		forge(&f)
		if _, err := verify.VerifyProof(&f, cp13); !errors.Is(err, ErrBadProof) {
			t.Errorf("%s: VerifyProof = %v, want ErrBadProof", name, err)
		}
	}
	// An honest proof against the wrong checkpoint fails too.
	if _, err := verify.VerifyProof(p, cp7); !errors.Is(err, ErrBadProof) {
		t.Errorf("proof for tree 13 checked against tree 7: %v", err)
	}
}

// TestOldLogVerifies: a log written before the log knew nothing of its payload still verifies, and
// the index built for it answers lookups.
func TestOldLogVerifies(t *testing.T) {
	old, err := os.ReadFile("verify/testdata/v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := tempLog(t)
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	// Without an index, lookups read the log; a writer's Open builds the index.
	if e, _, err := readerT(t, path).ByID("01JNCB7W00CCCCCCCCCCCCCCCC"); err != nil || e.Seq != 2 || e.Link != "01JNCB7W00BBBBBBBBBBBBBBBB" {
		t.Fatalf("ByID without an index: %+v %v", e, err)
	}
	openT(t, path).Close()
	if rep := verifyT(t, path); rep.Records != 4 || rep.Repairs != 1 {
		t.Fatalf("old log: %+v", rep)
	}
	lines, err := readerT(t, path).Linked(t.Context(), "01JNCB7W00BBBBBBBBBBBBBBBB")
	if err != nil || len(lines) != 2 {
		t.Fatalf("Linked from the index: %d lines, %v", len(lines), err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
		t.Fatal("opening the old log changed it")
	}
}
