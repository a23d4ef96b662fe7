package format

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Stream writes results one at a time, in order, for the formats that need no look-ahead (text and
// JSON). `sbxgate check` prints a large tree through it as the results come in, instead of holding
// every result, and its source, until the end. SARIF needs the whole run (its rule table) and has no
// stream.
type Stream interface {
	Write(Result) error
	// Close writes what follows the last result (the JSON document's end, the text summary).
	Close() error
}

// NewTextStream returns the stream that WriteText writes through.
func NewTextStream(w io.Writer) Stream { return &textStream{w: bufio.NewWriter(w)} }

type textStream struct {
	w                         *bufio.Writer
	n, allowed, denied, found int
}

func (s *textStream) Write(r Result) error {
	if s.n > 0 {
		s.w.WriteByte('\n')
	}
	s.n++
	writeTextResult(s.w, r)
	s.found += len(r.Findings)
	if r.Decision != nil && r.Decision.Allow && r.ParseError == nil {
		s.allowed++
	} else {
		s.denied++
	}
	// Flush per result: a long run shows its progress, and a closed pipe is found at once.
	return s.w.Flush()
}

func (s *textStream) Close() error {
	if s.n > 1 {
		fmt.Fprintf(s.w, "\n%d files checked: %d allowed, %d denied, %d findings\n", s.n, s.allowed, s.denied, s.found)
	}
	return s.w.Flush()
}

// NewJSONStream returns the stream that WriteJSON writes through: `{"results": [...]}`, indented by
// two spaces, byte for byte what encoding the whole document at once gives.
func NewJSONStream(w io.Writer) Stream {
	s := &jsonStream{w: w}
	s.enc = json.NewEncoder(&s.buf)
	// Each result sits two levels deep in the document: its lines continue at that indent.
	s.enc.SetIndent("    ", "  ")
	// Messages quote source code ("<", "&"); HTML escaping would only make them harder to read.
	s.enc.SetEscapeHTML(false)
	return s
}

type jsonStream struct {
	w   io.Writer
	buf bytes.Buffer
	enc *json.Encoder
	n   int
}

func (s *jsonStream) Write(r Result) error {
	s.buf.Reset()
	if s.n == 0 {
		s.buf.WriteString("{\n  \"results\": [\n    ")
	} else {
		s.buf.WriteString(",\n    ")
	}
	s.n++
	if err := s.enc.Encode(normalized(r)); err != nil {
		return err
	}
	s.buf.Truncate(s.buf.Len() - 1) // Encode's newline: the separator or the end follows instead
	_, err := s.w.Write(s.buf.Bytes())
	return err
}

func (s *jsonStream) Close() error {
	end := "\n  ]\n}\n"
	if s.n == 0 {
		end = "{\n  \"results\": []\n}\n"
	}
	_, err := io.WriteString(s.w, end)
	return err
}

// writeAll writes results through s and closes it.
func writeAll(s Stream, results []Result) error {
	for _, r := range results {
		if err := s.Write(r); err != nil {
			return err
		}
	}
	return s.Close()
}
