package audit

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"golang.org/x/mod/sumdb/tlog"
)

// BrokenError says where the log stops being intact. Verify returns it (and only it) for a log that
// was damaged or tampered with; any other error is an I/O or usage problem.
type BrokenError struct {
	Seq    int64 // position of the first bad record (0-based); -1 when no single record can be named
	Line   int64 // its 1-based line number; 0 when unknown
	Reason string
}

func (e *BrokenError) Error() string {
	if e.Seq < 0 {
		return "log is broken: " + e.Reason
	}
	return fmt.Sprintf("log is broken at seq %d (line %d): %s", e.Seq, e.Line, e.Reason)
}

// Tree is the Merkle tree of a log read in full: its stored hashes, for proofs.
type Tree struct {
	N      int64
	hashes []tlog.Hash
}

// ReadHashes implements tlog.HashReader.
func (t *Tree) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	for i, x := range indexes {
		if x < 0 || x >= int64(len(t.hashes)) {
			return nil, fmt.Errorf("audit: stored hash %d is beyond the tree of %d records", x, t.N)
		}
		out[i] = t.hashes[x]
	}
	return out, nil
}

// Hash returns the root hash of the tree of its first n records.
func (t *Tree) Hash(n int64) (tlog.Hash, error) { return tlog.TreeHash(n, t) }

func (t *Tree) add(h tlog.Hash) error {
	hs, err := tlog.StoredHashesForRecordHash(t.N, h, t)
	if err != nil {
		return err
	}
	t.hashes = append(t.hashes, hs...)
	t.N++
	return nil
}

// Walk reads the log at path, checking every record as Verify does, and calls fn (if not nil) with
// each record and its exact line. It returns the tree of the records read. A damaged log yields a
// *BrokenError naming the first bad record.
func Walk(path string, fn func(rec *Record, line []byte) error) (*Tree, error) {
	return walk(func(each func(int64, []byte) error) error { return scanLines(path, each) }, fn)
}

// walk is Walk over the lines that scan delivers.
func walk(scan func(func(int64, []byte) error) error, fn func(rec *Record, line []byte) error) (*Tree, error) {
	t := &Tree{}
	prev := zeroHash
	ids := map[string]string{} // id -> kind
	err := scan(func(lineNo int64, line []byte) error {
		seq := lineNo - 1
		broken := func(format string, args ...any) error {
			return &BrokenError{Seq: seq, Line: lineNo, Reason: fmt.Sprintf(format, args...)}
		}
		h, _, err := checkLine(line)
		if err != nil {
			return broken("%v", err)
		}
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			return broken("not a valid record: %v", err)
		}
		switch {
		case r.Seq != seq:
			return broken("seq member is %d, expected %d: a record was deleted, inserted or moved here", r.Seq, seq)
		case r.Prev != prev:
			return broken("prev member does not match the hash of the record before: a record was deleted, inserted or moved here")
		case !isID(r.ID):
			return broken("id %q is not a record id", r.ID)
		case ids[r.ID] != "":
			return broken("id %s appears twice", r.ID)
		}
		switch r.Kind {
		case KindDecision, KindRepair:
		case KindResult:
			if r.DecisionID != "" && ids[r.DecisionID] != KindDecision {
				return broken("result links to decision %s, which is not an earlier decision record", r.DecisionID)
			}
		default:
			return broken("unknown kind %q", r.Kind)
		}
		if (r.Kind == KindRepair) != (r.Repair != nil) {
			return broken("kind %s and the repair member disagree", r.Kind)
		}
		ids[r.ID] = r.Kind
		if err := t.add(h); err != nil {
			return err
		}
		prev = hex.EncodeToString(h[:])
		if fn != nil {
			return fn(&r, line)
		}
		return nil
	})
	var torn *tornError
	if errors.As(err, &torn) {
		return t, &BrokenError{Seq: torn.lineNo - 1, Line: torn.lineNo, Reason: "incomplete last line (a writer stopped mid-write): run sbxgate audit repair, or append, to set it aside as a logged repair"}
	}
	return t, err
}

// Summary is what Verify found.
type Summary struct {
	Records    int64
	Repairs    int64 // repair records: torn tails set aside after crashes
	Root       tlog.Hash
	Checkpoint *tlog.Tree // the checkpoint the log was proved to extend, if one was given
}

// Verify checks the whole log at path: every record's hash, the chain of prev hashes, seq numbers,
// ids and links; then, given a checkpoint tree (from OpenCheckpoint), that the log still extends it
// (a consistency proof from the checkpoint's tree to the current one), which catches a trimmed or
// rewritten tail. A damaged log yields a *BrokenError.
func Verify(path string, checkpoint *tlog.Tree) (*Summary, error) {
	var repairs int64
	t, err := Walk(path, func(r *Record, _ []byte) error {
		if r.Kind == KindRepair {
			repairs++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	root, err := t.Hash(t.N)
	if err != nil {
		return nil, err
	}
	s := &Summary{Records: t.N, Root: root, Repairs: repairs}
	if checkpoint == nil {
		return s, nil
	}
	c := *checkpoint
	if c.N > t.N {
		return nil, &BrokenError{Seq: t.N, Line: t.N + 1, Reason: fmt.Sprintf("the checkpoint covers %d records but the log has only %d: records from seq %d on were removed", c.N, t.N, t.N)}
	}
	proof, err := tlog.ProveTree(t.N, c.N, t)
	if err != nil {
		return nil, err
	}
	if err := tlog.CheckTree(proof, t.N, root, c.N, c.Hash); err != nil {
		return nil, &BrokenError{Seq: -1, Reason: fmt.Sprintf("the log does not extend the checkpoint's tree of %d records: a record before seq %d was rewritten", c.N, c.N)}
	}
	s.Checkpoint = &c
	return s, nil
}
