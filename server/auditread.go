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
// costs a few reads whatever the log's size. It follows the name: when the log is moved away (a
// rotation) and the writer goes on in a new file at path, lookups read the new file.
func FileAuditReader(path string) AuditReader { return &fileAuditReader{path: path} }

type fileAuditReader struct {
	path string
	// mu guards r: lookups read under it shared; reopening the path takes it alone, so that no
	// lookup reads the old reader's files once they are closed.
	mu sync.RWMutex
	r  *audit.Reader
}

// Lookup implements AuditReader.
func (f *fileAuditReader) Lookup(ctx context.Context, id string) ([]record.Record, error) {
	f.mu.RLock()
	if f.r == nil || f.r.Moved() {
		f.mu.RUnlock()
		if err := f.reopen(); err != nil {
			return nil, err
		}
		f.mu.RLock()
	}
	defer f.mu.RUnlock()
	return record.Linked(ctx, f.r, id)
}

// reopen opens the log at the path again when the reader has none or its file is no longer the one
// at the path. A failure is not kept: the next lookup tries again (the log may be missing only
// between a rotation's rename and the writer's next append). Until a new file opens, the old one
// answers.
func (f *fileAuditReader) reopen() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.r != nil && !f.r.Moved() {
		return nil // another lookup reopened it
	}
	r, err := audit.OpenReader(f.path)
	if err != nil {
		if f.r != nil {
			return nil
		}
		return err
	}
	if f.r != nil {
		f.r.Close() // the moved file's descriptor: its space goes back once it is deleted
	}
	f.r = r
	return nil
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
