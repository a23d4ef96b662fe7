package verify

import (
	"fmt"

	"golang.org/x/mod/sumdb/tlog"
)

// Tree is a Merkle tree of log records grown one leaf at a time: the stored hashes of
// golang.org/x/mod/sumdb/tlog. The hashes of a first part of the tree may come from elsewhere (an
// index on disk), read through Base; the rest are kept in memory.
type Tree struct {
	N int64 // records in the tree
	// Base holds the stored hashes of the first BaseN records, when the tree was started from them.
	Base   tlog.HashReader
	BaseN  int64
	hashes []tlog.Hash // stored hashes from index tlog.StoredHashCount(BaseN) on
}

// NewTreeFrom returns a tree of the first n records whose stored hashes base holds.
func NewTreeFrom(base tlog.HashReader, n int64) *Tree {
	return &Tree{N: n, Base: base, BaseN: n}
}

// ReadHashes implements tlog.HashReader.
func (t *Tree) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	first := tlog.StoredHashCount(t.BaseN)
	var fromBase []int64
	for i, x := range indexes {
		switch {
		case x < 0 || x >= first+int64(len(t.hashes)):
			return nil, fmt.Errorf("stored hash %d is beyond the tree of %d records", x, t.N)
		case x >= first:
			out[i] = t.hashes[x-first]
		default:
			fromBase = append(fromBase, x)
		}
	}
	if len(fromBase) > 0 {
		if t.Base == nil {
			return nil, fmt.Errorf("stored hash %d is not held by this tree", fromBase[0])
		}
		hs, err := t.Base.ReadHashes(fromBase)
		if err != nil {
			return nil, err
		}
		if len(hs) != len(fromBase) {
			return nil, fmt.Errorf("read %d stored hashes, asked for %d", len(hs), len(fromBase))
		}
		j := 0
		for i, x := range indexes {
			if x < first {
				out[i] = hs[j]
				j++
			}
		}
	}
	return out, nil
}

// Add appends the leaf hash of the next record.
func (t *Tree) Add(h tlog.Hash) error {
	hs, err := tlog.StoredHashesForRecordHash(t.N, h, t)
	if err != nil {
		return err
	}
	t.hashes = append(t.hashes, hs...)
	t.N++
	return nil
}

// Added returns the stored hashes added to the tree since it was made, in storage order.
func (t *Tree) Added() []tlog.Hash { return t.hashes }

// Hash returns the root hash of the tree of its first n records.
func (t *Tree) Hash(n int64) (tlog.Hash, error) { return tlog.TreeHash(n, t) }
