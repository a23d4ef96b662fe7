package server

import (
	"context"

	"github.com/sbxgate/sbxgate/audit"
)

// AuditReader finds the records of one id: the record with that id and the records that link to it
// (a decision and its results), in log order.
type AuditReader interface {
	Lookup(ctx context.Context, id string) ([]audit.Record, error)
}

// FileAuditReader reads the audit log file at path. A lookup searches the log's bytes for the id and
// decodes only the lines that hold it: linear in the log's size, but at the speed of a byte search.
type FileAuditReader string

// Lookup implements AuditReader.
func (path FileAuditReader) Lookup(ctx context.Context, id string) ([]audit.Record, error) {
	return audit.Linked(ctx, string(path), id)
}
