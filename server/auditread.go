package server

import (
	"context"
	"sync"
	"time"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// AuditReader finds the records of one id: the record with that id and the records that link to it
// (a decision and its results), in log order.
type AuditReader interface {
	Lookup(ctx context.Context, id string) ([]record.Record, error)
}

// FileAuditReader reads the audit log file at path through its index (see package audit): a lookup
// costs a few reads whatever the log's size.
func FileAuditReader(path string) AuditReader { return &fileAuditReader{path: path} }

type fileAuditReader struct {
	path string
	once sync.Once
	r    *audit.Reader
	err  error
}

// Lookup implements AuditReader.
func (f *fileAuditReader) Lookup(ctx context.Context, id string) ([]record.Record, error) {
	f.once.Do(func() { f.r, f.err = audit.OpenReader(f.path) })
	if f.err != nil {
		return nil, f.err
	}
	return record.Linked(ctx, f.r, id)
}

// lookupSlots admit audit lookups fairly: each principal may have perPrincipal lookups in progress
// (beyond that its own lookups are refused, at once), and all principals together total.
type lookupSlots struct {
	total chan struct{}
	mine  *shares // each principal's lookups in progress
}

func newLookupSlots(total, perPrincipal int) *lookupSlots {
	return &lookupSlots{total: make(chan struct{}, total), mine: newShares(perPrincipal)}
}

// acquire takes one of the principal's slots and one of the shared ones. mine is false when the
// principal already has all its lookups in progress; ok is false when the shared slots stayed full
// for wait.
func (l *lookupSlots) acquire(ctx context.Context, principal string, wait time.Duration) (release func(), mine, ok bool) {
	if !l.mine.take(principal) {
		return nil, false, false
	}
	rel, ok := acquire(ctx, l.total, wait)
	if !ok {
		l.mine.give(principal)
		return nil, true, false
	}
	return func() { rel(); l.mine.give(principal) }, true, true
}
