package verify

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// ErrTorn is wrapped by the error ReadLines returns when the input ends in an incomplete line: a
// writer stopped mid-write, and the line is no record.
var ErrTorn = errors.New("incomplete last line")

// ErrStop may be returned by a ReadLines callback to end early without error.
var ErrStop = errors.New("stop reading")

// TornError marks an incomplete last line.
type TornError struct {
	Name   string
	LineNo int64 // 1-based
	Offset int64 // byte offset of the incomplete line
}

func (e *TornError) Error() string {
	return fmt.Sprintf("%s line %d is incomplete (a writer stopped mid-write): run sbxgate audit repair to set it aside", e.Name, e.LineNo)
}

func (e *TornError) Is(target error) bool { return target == ErrTorn }

// ReadLines calls fn with each complete line of r (without its newline), its number (the first
// line's is first) and its byte offset in r. The line is only valid during the call. An incomplete last
// line yields a *TornError after the complete ones; name is for messages.
func ReadLines(name string, r io.Reader, first int64, fn func(lineNo, off int64, line []byte) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	var off int64
	for lineNo := first; ; {
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
				return &TornError{Name: name, LineNo: lineNo, Offset: off}
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		if err := fn(lineNo, off, line[:len(line)-1]); err != nil {
			if err == ErrStop {
				return nil
			}
			return err
		}
		off += int64(len(line))
		lineNo++
	}
}
