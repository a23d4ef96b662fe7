package record

import (
	"context"
	"errors"
	"fmt"

	"github.com/sbxgate/sbxgate/audit"
)

// Each calls fn with every record of the log at path that f matches (nil matches all) and its exact
// line, in log order. It does not check hashes (audit.VerifyLog does). When the log ends in an
// incomplete line left by a crashed writer, Each returns an error wrapping audit.ErrTorn after the
// complete records.
func Each(ctx context.Context, path string, f *Filter, fn func(r *Record, line []byte) error) error {
	rd, err := audit.OpenReader(path)
	if err != nil {
		return err
	}
	defer rd.Close()
	return each(ctx, rd, path, f, fn)
}

func each(ctx context.Context, rd *audit.Reader, path string, f *Filter, fn func(r *Record, line []byte) error) error {
	return rd.Lines(ctx, 0, func(e *audit.Envelope, line []byte) error {
		if f != nil && (f.Kind != "" && e.Kind != f.Kind || f.Skip(line)) {
			return nil
		}
		r, err := Decode(line)
		if err != nil {
			return fmt.Errorf("%s seq %d: %v: run sbxgate audit verify", path, e.Seq, err)
		}
		if f != nil && !f.Match(r) {
			return nil
		}
		return fn(r, line)
	})
}

// Scan calls fn with every complete record of the log at path, in order; an incomplete last line
// left by a crashed writer is skipped, as it was never acknowledged.
func Scan(path string, fn func(Record) error) error {
	err := Each(context.Background(), path, nil, func(r *Record, _ []byte) error { return fn(*r) })
	if errors.Is(err, audit.ErrTorn) {
		return nil
	}
	return err
}

// Find returns the record whose id is ref, or whose seq it is when ref is a decimal number, and its
// line.
func Find(path, ref string) (*Record, []byte, error) {
	rd, err := audit.OpenReader(path)
	if err != nil {
		return nil, nil, err
	}
	defer rd.Close()
	_, line, err := rd.Find(ref)
	if err != nil {
		return nil, nil, err
	}
	r, err := Decode(line)
	if err != nil {
		return nil, nil, err
	}
	return r, line, nil
}

// Linked returns the record whose id is id and the records that link to it, in log order.
func Linked(ctx context.Context, rd *audit.Reader, id string) ([]Record, error) {
	lines, err := rd.Linked(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, len(lines))
	for _, line := range lines {
		r, err := Decode(line)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, nil
}
