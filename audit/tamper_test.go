package audit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/runner"
	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// buildLog writes n records (decisions, each allowed one followed by its result) and returns the log's
// path and lines (each with its newline).
func buildLog(t *testing.T, n int) (string, [][]byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	l := openT(t, path, WithStoreCode(StoreAlways))
	var last Record
	for i := range n {
		if i%3 == 2 && last.Allowed() {
			last = appendT(t, l, Record{Kind: KindResult, Principal: last.Principal, DecisionID: last.ID, Result: &runner.Result{ExitCode: i}})
			continue
		}
		last = appendT(t, l, decisionRecord(fmt.Sprintf("user%d", i%2), fmt.Sprintf("print(%d)\n", i), i%3 == 1))
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return path, readLines(t, path)
}

func readLines(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.SplitAfter(data, []byte("\n"))[:bytes.Count(data, []byte("\n"))]
}

func writeLines(t *testing.T, path string, lines [][]byte) {
	t.Helper()
	if err := os.WriteFile(path, bytes.Join(lines, nil), 0o600); err != nil {
		t.Fatal(err)
	}
}

// rechain rewrites lines[from:] with edit applied to each record, recomputing every hash and prev from
// there on: what an attacker with write access can do. It returns new lines.
func rechain(t *testing.T, lines [][]byte, from int, edit func(*Record)) [][]byte {
	t.Helper()
	out := append([][]byte(nil), lines[:from]...)
	prev := zeroHash
	if from > 0 {
		var r Record
		json.Unmarshal(lines[from-1], &r)
		prev = r.Hash
	}
	for i := from; i < len(lines); i++ {
		var r Record
		if err := json.Unmarshal(lines[i], &r); err != nil {
			t.Fatal(err)
		}
		edit(&r)
		body, err := encodeBody(&r)
		if err != nil {
			t.Fatal(err)
		}
		line, h := appendLine(nil, body, r.Seq, prev)
		prev = hex.EncodeToString(h[:])
		out = append(out, line)
	}
	return out
}

// cat concatenates slices of lines into a new slice.
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
			// The same checks Verify runs on a file, on the bytes in memory: thousands of logs.
			_, err := walk(func(each func(int64, []byte) error) error {
				return scanReader("mem", bytes.NewReader(mod), each)
			}, nil)
			wantBroken(t, fmt.Sprintf("byte %d ^ %#x (%q)", i, mask, data[i]), err, lineOf[i])
		}
	}
	if _, err := Verify(path, nil); err != nil {
		t.Fatalf("the untouched log does not verify: %v", err)
	}
}

func TestVerifyCatchesStructuralTampering(t *testing.T) {
	path, lines := buildLog(t, 9)
	n := len(lines)
	forged := func(at int) [][]byte {
		// A well-formed record with the right seq, prev and hash, slipped in at position at.
		ins := rechain(t, [][]byte{lines[at-1], lines[at]}, 1, func(r *Record) { r.Principal = "mallory"; r.ID = newID(r.Time) })
		out := append([][]byte(nil), lines[:at]...)
		out = append(out, ins[1])
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
		{"edit 2, recompute its hash", cat(rechain(t, lines[:3], 2, func(r *Record) { r.Principal = "x" }), lines[3:]), 3},
		{"torn last line", cat(lines[:n-1], [][]byte{lines[n-1][:40]}), int64(n - 1)},
	}
	bad := filepath.Join(t.TempDir(), "bad.log")
	for _, tt := range tests {
		writeLines(t, bad, tt.lines)
		_, err := Verify(bad, nil)
		wantBroken(t, tt.name, err, tt.seq)
	}
	if _, err := Verify(path, nil); err != nil {
		t.Fatal(err)
	}
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
	signed, tree, err := Checkpoint(path, signer)
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
	bad := filepath.Join(t.TempDir(), "bad.log")
	tests := []struct {
		name  string
		lines [][]byte
		seq   int64 // -1: no single record can be named
	}{
		{"trim 1", lines[:9], 9},
		{"trim 4", lines[:6], 6},
		{"trim all", nil, 0},
		{"rewrite last", rechain(t, lines, 9, func(r *Record) { r.Principal = "mallory" }), -1},
		{"rewrite from 3", rechain(t, lines, 3, func(r *Record) { r.Principal = "mallory" }), -1},
		{"rewrite from 3 and trim", rechain(t, lines[:7], 3, func(r *Record) {}), 7},
	}
	for _, tt := range tests {
		writeLines(t, bad, tt.lines)
		if tt.seq == -1 {
			if _, err := Verify(bad, nil); err != nil {
				t.Fatalf("%s: the rewritten chain should look intact without a checkpoint: %v", tt.name, err)
			}
		}
		_, err := Verify(bad, &cp)
		wantBroken(t, tt.name, err, tt.seq)
	}

	// Growing the log keeps it consistent with the old checkpoint.
	l := openT(t, path)
	appendT(t, l, decisionRecord("later", "x", false))
	l.Close()
	s, err := Verify(path, &cp)
	if err != nil || s.Records != 11 || s.Checkpoint == nil || s.Checkpoint.N != 10 {
		t.Fatalf("grown log against the old checkpoint: %+v, %v", s, err)
	}

	// A checkpoint signed by another key, or altered, is refused.
	_, other := testKey(t, "test-audit")
	if _, err := OpenCheckpoint(signed, other); err == nil {
		t.Error("checkpoint accepted with another key")
	}
	altered := bytes.Replace(signed, []byte("\n10\n"), []byte("\n9\n"), 1)
	if _, err := OpenCheckpoint(altered, verifier); err == nil {
		t.Error("altered checkpoint accepted")
	}
}

func TestInclusionProofs(t *testing.T) {
	path, _ := buildLog(t, 7)
	signer, verifier := testKey(t, "test-audit")
	signed7, _, err := Checkpoint(path, signer)
	if err != nil {
		t.Fatal(err)
	}
	l := openT(t, path)
	for i := range 6 {
		appendT(t, l, decisionRecord("more", fmt.Sprint(i), false))
	}
	l.Close()
	signed13, _, err := Checkpoint(path, signer)
	if err != nil {
		t.Fatal(err)
	}
	cp7, _ := OpenCheckpoint(signed7, verifier)
	cp13, _ := OpenCheckpoint(signed13, verifier)
	for _, cp := range []tlog.Tree{cp7, cp13} {
		for seq := range cp.N {
			p, err := Prove(path, "", seq, cp.N)
			if err != nil {
				t.Fatal(err)
			}
			// Round trip through JSON, as `audit prove` and `audit verify-proof` do.
			data, _ := json.Marshal(p)
			var back Proof
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			r, err := VerifyProof(&back, cp)
			if err != nil || r.Seq != seq {
				t.Fatalf("proof of seq %d in tree %d: %v", seq, cp.N, err)
			}
		}
	}
	if _, err := Prove(path, "", 9, 7); err == nil {
		t.Error("Prove gave a proof of seq 9 in a tree of 7")
	}

	p, err := Prove(path, "", 4, 13)
	if err != nil {
		t.Fatal(err)
	}
	other, err := Prove(path, "", 5, 13)
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
			var r Record
			json.Unmarshal([]byte(p.Line), &r)
			r.Principal = "mallory"
			body, _ := encodeBody(&r)
			line, _ := appendLine(nil, body, r.Seq, r.Prev) // a well-formed line with the right prev
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
		if _, err := VerifyProof(&f, cp13); !errors.Is(err, ErrBadProof) {
			t.Errorf("%s: VerifyProof = %v, want ErrBadProof", name, err)
		}
	}
	// An honest proof against the wrong checkpoint fails too.
	if _, err := VerifyProof(p, cp7); !errors.Is(err, ErrBadProof) {
		t.Errorf("proof for tree 13 checked against tree 7: %v", err)
	}
}
