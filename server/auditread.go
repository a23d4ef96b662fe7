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

// FileAuditReader reads the audit log file at path with audit.Scan. Each lookup reads the log from
// the start, which is fine for an operator's occasional query but is linear in the log's size.
type FileAuditReader string

// Lookup implements AuditReader.
func (path FileAuditReader) Lookup(ctx context.Context, id string) ([]audit.Record, error) {
	var recs []audit.Record
	err := audit.Scan(string(path), func(rec audit.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if rec.ID == id || rec.DecisionID == id {
			recs = append(recs, rec)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return recs, nil
}
