// Package verify checks an sbxgate audit log without writing it and without knowing what its records
// say: the form of each line, the hash chain, seq numbers, ids and links, the Merkle tree
// (golang.org/x/mod/sumdb/tlog), signed checkpoints (golang.org/x/mod/sumdb/note) and inclusion
// proofs. It is the offline verifier: it depends on neither the policy engine nor the container
// runtime, so an auditor can check a log, or one record's proof, with this package alone.
//
// # Lines and leaves
//
// The log is one file of JSON lines. A line is a JSON object whose last member is "hash":
//
//	{"seq":7,"prev":"<64 hex>","id":"...","time":"...","kind":"...",...,"hash":"<64 hex>"}\n
//
// Its leaf bytes are the line without the newline and without the final `,"hash":"<64 hex>"`
// member, closed by "}". The "hash" member is hex(tlog.RecordHash(leaf bytes)), i.e.
// hex(SHA-256(0x00 || leaf bytes)), and "prev" is the "hash" of the record at seq-1 (64 zeros for
// seq 0). Leaves are taken from the bytes as written, never re-encoded, so members unknown to the
// verifier cannot change what it checks.
//
// # Envelope
//
// Of a record's members the verifier reads only the envelope: seq, prev, id, time, kind, hash and
// the optional key, owner, decision_id (the id of an earlier record this one follows) and repair.
// Everything else is the payload, which belongs to the program writing the log.
package verify

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"

	"golang.org/x/mod/sumdb/tlog"
)

// HashMember starts the last member of every line.
const HashMember = `,"hash":"`

// SuffixLen is the length of `,"hash":"<64 hex>"}` at the end of every line.
const SuffixLen = len(HashMember) + 2*tlog.HashSize + len(`"}`)

// ZeroHash is the "prev" of the first record.
const ZeroHash = "0000000000000000000000000000000000000000000000000000000000000000"

// LeafOf checks the form of one line (without its newline) and returns its leaf bytes and the hash
// the line claims. It does not recompute the hash.
func LeafOf(line []byte) (leaf []byte, claimed tlog.Hash, err error) {
	n := len(line)
	if n < SuffixLen+2 || line[0] != '{' || !bytes.Equal(line[n-SuffixLen:n-SuffixLen+len(HashMember)], []byte(HashMember)) || line[n-2] != '"' || line[n-1] != '}' {
		return nil, claimed, errors.New(`line does not end with ,"hash":"<64 hex>"}`)
	}
	hx := line[n-SuffixLen+len(HashMember) : n-2]
	if _, err := hex.Decode(claimed[:], hx); err != nil || bytes.ContainsAny(hx, "ABCDEF") {
		return nil, claimed, errors.New("hash member is not 64 lowercase hex digits")
	}
	leaf = make([]byte, 0, n-SuffixLen+1)
	leaf = append(leaf, line[:n-SuffixLen]...)
	leaf = append(leaf, '}')
	return leaf, claimed, nil
}

// CheckLine verifies that line (without newline) is well formed and that its hash member is the
// leaf hash of its leaf bytes, and returns the hash.
func CheckLine(line []byte) (tlog.Hash, error) {
	leaf, claimed, err := LeafOf(line)
	if err != nil {
		return claimed, err
	}
	if got := tlog.RecordHash(leaf); got != claimed {
		return claimed, fmt.Errorf("hash member %x is not the leaf hash of the record (%x): the record was altered", claimed[:6], got[:6])
	}
	return claimed, nil
}
