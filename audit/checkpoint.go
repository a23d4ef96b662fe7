package audit

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// GenerateKey returns a new ed25519 note signer key and its verifier key, named name.
func GenerateKey(name string) (skey, vkey string, err error) {
	if name == "" || strings.ContainsAny(name, "+ \t\n") {
		return "", "", fmt.Errorf("audit: key name %q must be non-empty without spaces or '+'", name)
	}
	return note.GenerateKey(rand.Reader, name)
}

// ReadSigner reads a signer key file written by `sbxgate audit keygen`.
func ReadSigner(file string) (note.Signer, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("audit: signing key: %w: create one with sbxgate audit keygen --out FILE", err)
	}
	s, err := note.NewSigner(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("audit: signing key %s: %v: create one with sbxgate audit keygen --out FILE", file, err)
	}
	return s, nil
}

// ParseVerifier takes a verifier key, or the name of a file holding one.
func ParseVerifier(keyOrFile string) (note.Verifier, error) {
	text := strings.TrimSpace(keyOrFile)
	if v, err := note.NewVerifier(text); err == nil {
		return v, nil
	}
	b, err := os.ReadFile(keyOrFile)
	if err != nil {
		return nil, fmt.Errorf("audit: %q is neither a verifier key nor a readable file: pass the key printed by sbxgate audit keygen", keyOrFile)
	}
	v, err := note.NewVerifier(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("audit: %s: not a verifier key: %v", keyOrFile, err)
	}
	return v, nil
}

// Checkpoint verifies the whole log at path and returns a signed note whose text is
// tlog.FormatTree of its tree, with the tree.
func Checkpoint(path string, signer note.Signer) ([]byte, tlog.Tree, error) {
	s, err := Verify(path, nil)
	if err != nil {
		return nil, tlog.Tree{}, err
	}
	tree := tlog.Tree{N: s.Records, Hash: s.Root}
	signed, err := note.Sign(&note.Note{Text: string(tlog.FormatTree(tree))}, signer)
	if err != nil {
		return nil, tlog.Tree{}, fmt.Errorf("audit: sign checkpoint: %w", err)
	}
	return signed, tree, nil
}

// OpenCheckpoint checks the signature on a checkpoint and returns its tree.
func OpenCheckpoint(signed []byte, v note.Verifier) (tlog.Tree, error) {
	n, err := note.Open(signed, note.VerifierList(v))
	if err != nil {
		return tlog.Tree{}, fmt.Errorf("audit: checkpoint: %v: pass the checkpoint written by sbxgate audit checkpoint and its key", err)
	}
	tree, err := tlog.ParseTree([]byte(n.Text))
	if err != nil {
		return tlog.Tree{}, fmt.Errorf("audit: checkpoint: %v", err)
	}
	return tree, nil
}

// Proof is an inclusion proof of one record in a tree of the log. Line holds the record's exact bytes
// (the thing proven); Record is the same object for reading, checked against Line.
type Proof struct {
	Record   json.RawMessage `json:"record"`
	Line     string          `json:"line"`
	Index    int64           `json:"index"`
	TreeSize int64           `json:"tree_size"`
	TreeHash tlog.Hash       `json:"tree_hash"` // base64, as in checkpoints
	Hashes   []tlog.Hash     `json:"proof"`
}

// Prove verifies the log at path and returns the inclusion proof of the record with the given id (or
// seq, when id is "" ) in the tree of its first treeSize records (0: all of them).
func Prove(path, id string, seq int64, treeSize int64) (*Proof, error) {
	var p *Proof
	t, err := Walk(path, func(r *Record, line []byte) error {
		if (id != "" && r.ID == id) || (id == "" && r.Seq == seq) {
			// line points into the scanner's buffer, which later reads overwrite: keep a copy.
			p = &Proof{Record: json.RawMessage(bytes.Clone(line)), Line: string(line), Index: r.Seq}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if p == nil {
		if id != "" {
			return nil, fmt.Errorf("audit: no record with id %s in %s", id, path)
		}
		return nil, fmt.Errorf("audit: no record with seq %d in %s (it has %d)", seq, path, t.N)
	}
	if treeSize == 0 {
		treeSize = t.N
	}
	if treeSize > t.N || p.Index >= treeSize {
		return nil, fmt.Errorf("audit: record %d is not in a tree of %d records (the log has %d)", p.Index, treeSize, t.N)
	}
	if p.Hashes, err = tlog.ProveRecord(treeSize, p.Index, t); err != nil {
		return nil, err
	}
	if p.TreeHash, err = t.Hash(treeSize); err != nil {
		return nil, err
	}
	p.TreeSize = treeSize
	return p, nil
}

// ErrBadProof is wrapped by every VerifyProof failure.
var ErrBadProof = errors.New("proof does not verify")

// VerifyProof checks p against a tree (from OpenCheckpoint) without the log, and returns the proven
// record.
func VerifyProof(p *Proof, tree tlog.Tree) (*Record, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("audit: %w: %s", ErrBadProof, fmt.Sprintf(format, args...))
	}
	if p.TreeSize != tree.N {
		return nil, bad("proof is for a tree of %d records but the checkpoint has %d: run sbxgate audit prove --checkpoint with this checkpoint", p.TreeSize, tree.N)
	}
	if p.TreeHash != tree.Hash {
		return nil, bad("proof's tree hash is not the checkpoint's")
	}
	line := []byte(p.Line)
	h, _, err := checkLine(line)
	if err != nil {
		return nil, bad("line: %v", err)
	}
	var r Record
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, bad("line is not a record: %v", err)
	}
	if r.Seq != p.Index {
		return nil, bad("line has seq %d but the proof is for index %d", r.Seq, p.Index)
	}
	if len(p.Record) > 0 {
		var a, b any
		if json.Unmarshal(p.Record, &a) != nil || json.Unmarshal(line, &b) != nil || !reflect.DeepEqual(a, b) {
			return nil, bad("record differs from line")
		}
	}
	if err := tlog.CheckRecord(p.Hashes, tree.N, tree.Hash, p.Index, h); err != nil {
		return nil, bad("%v", err)
	}
	return &r, nil
}
