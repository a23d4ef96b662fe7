package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

// ErrStop may be returned by a Scan callback to end the scan early without error.
var ErrStop = errors.New("audit: stop scan")

// ErrTorn is wrapped by the error Each returns when the log ends in an incomplete line: a writer
// crashed mid-write, and the line is no record. The next writer to open the log sets it aside.
var ErrTorn = errors.New("incomplete last line")

// Scan calls fn for every record of the log at path, in order. It only reads: it neither checks
// hashes (Verify does) nor repairs. It reads the records that were complete when it started, so a
// writer appending meanwhile is never seen half-way, and it skips an incomplete last line left by a
// crashed writer, which was never acknowledged (Verify reports it; Each returns ErrTorn).
func Scan(path string, fn func(Record) error) error {
	err := eachMentioning(context.Background(), path, nil, func(r *Record, _ []byte) error { return fn(*r) })
	if errors.Is(err, ErrTorn) {
		return nil
	}
	return err
}

// tornError marks an incomplete last line.
type tornError struct {
	path   string
	lineNo int64
}

func (e *tornError) Error() string {
	return fmt.Sprintf("audit: %s line %d is incomplete (a writer stopped mid-write): run sbxgate audit repair to set it aside", e.path, e.lineNo)
}

func (e *tornError) Is(target error) bool { return target == ErrTorn }

// scanLines calls fn with each complete line (without its newline) that was in the file when the scan
// started, and 1-based line numbers.
func scanLines(path string, fn func(lineNo int64, line []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	defer f.Close()
	size, err := stableSize(path, f)
	if err != nil {
		return err
	}
	return scanReader(path, io.LimitReader(f, size), fn)
}

// scanReader is scanLines on a reader; name is for messages.
func scanReader(name string, r io.Reader, fn func(lineNo int64, line []byte) error) error {
	path := name
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for lineNo := int64(1); ; {
		chunk, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, chunk...)
			continue
		}
		line := chunk
		if long != nil {
			line = append(long, chunk...)
			long = nil
		}
		if err == io.EOF {
			if len(line) > 0 {
				return &tornError{path: path, lineNo: lineNo}
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("audit: read %s: %w", path, err)
		}
		if err := fn(lineNo, line[:len(line)-1]); err != nil {
			if err == ErrStop {
				return nil
			}
			return err
		}
		lineNo++
	}
}

// stableSize returns the file's size at a moment no writer was mid-write: it takes the writers' lock
// shared, when there is one, just long enough to read the size.
func stableSize(path string, f *os.File) (int64, error) {
	lf, err := os.Open(path + ".lock")
	if err == nil {
		defer lf.Close()
		if err := flock(lf, false); err != nil {
			return 0, fmt.Errorf("audit: %w", err)
		}
		defer funlock(lf)
	}
	fi, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("audit: %w", err)
	}
	return fi.Size(), nil
}

// Each calls fn with every record of the log at path that f matches (nil matches all), and its exact
// line. Like Scan it does not check hashes; unlike Scan it returns an error wrapping ErrTorn, after
// the complete records, when the log ends in an incomplete line.
func Each(path string, f *Filter, fn func(r *Record, line []byte) error) error {
	return eachMentioning(context.Background(), path, nil, func(r *Record, line []byte) error {
		if f != nil && !f.Match(r) {
			return nil
		}
		return fn(r, line)
	})
}

// Find returns the record whose ID is idOrSeq, or whose Seq it is when it is a decimal number.
func Find(path, idOrSeq string) (*Record, []byte, error) {
	seq, serr := strconv.ParseInt(idOrSeq, 10, 64)
	var found *Record
	var foundLine []byte
	var needle []byte
	if serr != nil {
		needle = quotedID(idOrSeq)
	}
	err := eachMentioning(context.Background(), path, needle, func(r *Record, line []byte) error {
		if r.ID == idOrSeq || (serr == nil && r.Seq == seq) {
			found, foundLine = r, append([]byte(nil), line...)
			return ErrStop
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if found == nil {
		return nil, nil, fmt.Errorf("audit: no record with id or seq %q in %s: list ids with sbxgate audit list", idOrSeq, path)
	}
	return found, foundLine, nil
}

// Linked returns, in log order, the record whose ID is id and the records that link to it by
// decision_id: a decision and its results.
func Linked(ctx context.Context, path, id string) ([]Record, error) {
	var recs []Record
	err := eachMentioning(ctx, path, quotedID(id), func(r *Record, _ []byte) error {
		if r.ID == id || r.DecisionID == id {
			recs = append(recs, *r)
		}
		return nil
	})
	if errors.Is(err, ErrTorn) {
		err = nil
	}
	return recs, err
}

// eachMentioning decodes each record whose line contains needle (every line if needle is nil) and
// calls fn with it, until ctx ends. A lookup by id so costs a byte search of the log rather than the
// decoding of every record: 20x less on a 20,000-record log (BenchmarkLookup).
func eachMentioning(ctx context.Context, path string, needle []byte, fn func(r *Record, line []byte) error) error {
	return scanLines(path, func(lineNo int64, line []byte) error {
		if lineNo%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if needle != nil && !bytes.Contains(line, needle) {
			return nil
		}
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			return fmt.Errorf("audit: %s line %d: not a valid record: %v: run sbxgate audit verify", path, lineNo, err)
		}
		return fn(&r, line)
	})
}

// quotedID is id as a JSON string exactly as the log writes it, or nil when id has a character the
// encoder might escape, and the caller must then decode every line. An id's own characters (letters,
// digits, - and _) are never escaped, so a line without the quoted id holds no field equal to it.
func quotedID(id string) []byte {
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return nil
		}
	}
	return []byte(`"` + id + `"`)
}
