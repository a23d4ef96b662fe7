package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	jsonv2 "github.com/go-json-experiment/json"
	"golang.org/x/mod/sumdb/tlog"
)

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

// ErrBadProof is wrapped by every VerifyProof failure.
var ErrBadProof = errors.New("proof does not verify")

// VerifyProof checks p against a tree (from OpenCheckpoint) without the log, and returns the
// envelope of the proven record.
func VerifyProof(p *Proof, tree tlog.Tree) (*Envelope, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadProof, fmt.Sprintf(format, args...))
	}
	if p.TreeSize != tree.N {
		return nil, bad("proof is for a tree of %d records but the checkpoint has %d: run sbxgate audit prove --checkpoint with this checkpoint", p.TreeSize, tree.N)
	}
	if p.TreeHash != tree.Hash {
		return nil, bad("proof's tree hash is not the checkpoint's")
	}
	line := []byte(p.Line)
	h, err := CheckLine(line)
	if err != nil {
		return nil, bad("line: %v", err)
	}
	e, err := ParseEnvelope(line)
	if err != nil {
		return nil, bad("line is not a record: %v", err)
	}
	if e.Seq != p.Index {
		return nil, bad("line has seq %d but the proof is for index %d", e.Seq, p.Index)
	}
	if len(p.Record) > 0 {
		// Decoded strictly, as the envelope is: a member given twice, or invalid UTF-8, would let a
		// reader of the record see other values than the line holds.
		var a, b any
		if jsonv2.Unmarshal(p.Record, &a) != nil || jsonv2.Unmarshal(line, &b) != nil || !reflect.DeepEqual(a, b) {
			return nil, bad("record differs from line")
		}
	}
	if err := tlog.CheckRecord(p.Hashes, tree.N, tree.Hash, p.Index, h); err != nil {
		return nil, bad("%v", err)
	}
	return &e, nil
}
