package verify

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"golang.org/x/mod/sumdb/tlog"
)

// BrokenError says where a log stops being intact. Verify returns it (and only it) for a log that was
// damaged or tampered with; any other error is an I/O or usage problem.
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

// Checker checks records one at a time, in log order, and grows their Merkle tree.
type Checker struct {
	Schema *Schema
	Tree   *Tree
	prev   string
	kinds  map[string]string // id -> kind, of the records this checker saw
	// earlier finds the kind of a record before the checker's first one ("" when there is none).
	earlier func(id string) (string, error)
	Repairs int64 // repair records seen
}

// NewChecker checks a log from its first record.
func NewChecker(s *Schema) *Checker {
	return &Checker{Schema: s, Tree: &Tree{}, prev: ZeroHash, kinds: map[string]string{}}
}

// ResumeChecker checks a log from record tree.N on, after a record whose hash is prev. The records
// before it are not read again: earlier looks up the kind of one by id, for links and for ids that
// must be unique, and returns "" when no earlier record has the id.
func ResumeChecker(s *Schema, tree *Tree, prev string, earlier func(id string) (string, error)) *Checker {
	return &Checker{Schema: s, Tree: tree, prev: prev, kinds: map[string]string{}, earlier: earlier}
}

// Next is the seq of the record Check expects next.
func (c *Checker) Next() int64 { return c.Tree.N }

// Prev is the hash of the last record checked (or resumed after).
func (c *Checker) Prev() string { return c.prev }

func (c *Checker) kindOf(id string) (string, error) {
	if k := c.kinds[id]; k != "" {
		return k, nil
	}
	if c.earlier == nil {
		return "", nil
	}
	return c.earlier(id)
}

// Check checks the next record's line (without its newline) and adds it to the tree. A bad record
// yields a *BrokenError naming it.
func (c *Checker) Check(line []byte) (Envelope, tlog.Hash, error) {
	seq := c.Tree.N
	broken := func(format string, args ...any) error {
		return &BrokenError{Seq: seq, Line: seq + 1, Reason: fmt.Sprintf(format, args...)}
	}
	h, err := CheckLine(line)
	if err != nil {
		return Envelope{}, h, broken("%v", err)
	}
	e, err := ParseEnvelope(line)
	if err != nil {
		return e, h, broken("not a valid record: %v", err)
	}
	switch {
	case e.Seq != seq:
		return e, h, broken("seq member is %d, expected %d: a record was deleted, inserted or moved here", e.Seq, seq)
	case e.Prev != c.prev:
		return e, h, broken("prev member does not match the hash of the record before: a record was deleted, inserted or moved here")
	case !IsID(e.ID):
		return e, h, broken("id %q is not a record id", e.ID)
	}
	dup, err := c.kindOf(e.ID)
	if err != nil {
		return e, h, err
	}
	if dup != "" {
		return e, h, broken("id %s appears twice", e.ID)
	}
	target := ""
	if e.Link != "" {
		if target, err = c.kindOf(e.Link); err != nil {
			return e, h, err
		}
	}
	if err := c.Schema.CheckLink(e.Kind, e.Link, target); err != nil {
		return e, h, broken("%v", err)
	}
	if (e.Kind == KindRepair) != e.Repair {
		return e, h, broken("kind %s and the repair member disagree", e.Kind)
	}
	if e.Kind == KindRepair {
		c.Repairs++
	}
	c.kinds[e.ID] = e.Kind
	if err := c.Tree.Add(h); err != nil {
		return e, h, err
	}
	c.prev = hex.EncodeToString(h[:])
	return e, h, nil
}

// Summary is what Verify found.
type Summary struct {
	Records    int64
	Repairs    int64 // repair records: torn tails set aside after crashes
	Root       tlog.Hash
	Checkpoint *tlog.Tree // the checkpoint the log was proved to extend, if one was given
}

// Verify reads a whole log from r and checks every record's hash, the chain of prev hashes, seq
// numbers, ids and links (by schema, which may be nil); then, given a checkpoint tree (from
// OpenCheckpoint), that the log still extends it, which catches a trimmed or rewritten tail. A
// damaged log yields a *BrokenError. fn, when not nil, sees each record after it was checked.
func Verify(name string, r io.Reader, s *Schema, checkpoint *tlog.Tree, fn func(e *Envelope, line []byte) error) (*Summary, *Tree, error) {
	c := NewChecker(s)
	err := ReadLines(name, r, 1, func(_, _ int64, line []byte) error {
		e, _, err := c.Check(line)
		if err == nil && fn != nil {
			err = fn(&e, line)
		}
		return err
	})
	var torn *TornError
	if errors.As(err, &torn) {
		return nil, c.Tree, Torn(torn)
	}
	if err != nil {
		return nil, c.Tree, err
	}
	root, err := c.Tree.Hash(c.Tree.N)
	if err != nil {
		return nil, c.Tree, err
	}
	sum := &Summary{Records: c.Tree.N, Repairs: c.Repairs, Root: root}
	if checkpoint != nil {
		if err := Extends(c.Tree, *checkpoint); err != nil {
			return nil, c.Tree, err
		}
		cp := *checkpoint
		sum.Checkpoint = &cp
	}
	return sum, c.Tree, nil
}

// Torn is the verdict on a log that ends in an incomplete line: it is broken there, until the line
// is set aside by a logged repair.
func Torn(torn *TornError) *BrokenError {
	return &BrokenError{Seq: torn.LineNo - 1, Line: torn.LineNo, Reason: "incomplete last line (a writer stopped mid-write): run sbxgate audit repair, or append, to set it aside as a logged repair"}
}

// Extends checks that the log whose tree is t still extends the checkpoint's tree: a consistency
// proof from cp to t. It returns a *BrokenError when it does not.
func Extends(t *Tree, cp tlog.Tree) error {
	if cp.N > t.N {
		return &BrokenError{Seq: t.N, Line: t.N + 1, Reason: fmt.Sprintf("the checkpoint covers %d records but the log has only %d: records from seq %d on were removed", cp.N, t.N, t.N)}
	}
	root, err := t.Hash(t.N)
	if err != nil {
		return err
	}
	proof, err := tlog.ProveTree(t.N, cp.N, t)
	if err != nil {
		return err
	}
	if err := tlog.CheckTree(proof, t.N, root, cp.N, cp.Hash); err != nil {
		return &BrokenError{Seq: -1, Reason: fmt.Sprintf("the log does not extend the checkpoint's tree of %d records: a record before seq %d was rewritten", cp.N, cp.N)}
	}
	return nil
}
