package mcpserver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewTransport is the transport of sbxgate mcp: newline-delimited JSON-RPC read from r and written
// to w. A message that names a member of the same object twice ends the session before the SDK
// reads it: the SDK keeps the last copy, and a client or proxy that shows or filters the call may
// take the first, so "name" twice made a call that read as check_python run run_python, and
// "arguments" twice swapped the code. The tools' own arguments are left to oneReading, which
// answers such a call with an error naming the member.
func NewTransport(r io.Reader, w io.Writer) mcp.Transport {
	return &mcp.IOTransport{Reader: io.NopCloser(newOneReading(r)), Writer: nopWriteCloser{w}}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// maxMessage bounds one message this reader holds while it checks it, as the SDK bounds a frame
// (mcp.DefaultMaxLineLength).
const maxMessage = mcp.DefaultMaxLineLength

// oneReadingReader passes the messages of a stream on, one a line, once each reads one way.
type oneReadingReader struct {
	src *countingReader
	dec *jsontext.Decoder
	buf []byte
	err error
}

func newOneReading(r io.Reader) *oneReadingReader {
	src := &countingReader{r: r}
	// Duplicates are this reader's to find (dupMember), outside the tools' arguments only; invalid
	// UTF-8 and the rest of the syntax are the SDK's and oneReading's, as before.
	dec := jsontext.NewDecoder(src, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return &oneReadingReader{src: src, dec: dec}
}

func (o *oneReadingReader) Read(p []byte) (int, error) {
	for len(o.buf) == 0 {
		if o.err != nil {
			return 0, o.err
		}
		o.src.limit = o.dec.InputOffset() + maxMessage + 64<<10 // the decoder reads ahead a little
		v, err := o.dec.ReadValue()
		switch {
		case errors.Is(err, io.EOF):
			o.err = io.EOF
		case err != nil:
			o.err = fmt.Errorf("reading a message: %w", err)
		default:
			if err := dupMember(v); err != nil {
				o.err = err
				continue
			}
			o.buf = append(append(o.buf[:0], v...), '\n')
		}
	}
	n := copy(p, o.buf)
	o.buf = o.buf[n:]
	return n, nil
}

// countingReader fails once more than limit bytes were read from r: one message may not take
// the memory of the stream.
type countingReader struct {
	r     io.Reader
	n     int64
	limit int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n >= c.limit {
		return 0, fmt.Errorf("a message is longer than %d bytes", maxMessage)
	}
	p = p[:min(int64(len(p)), c.limit-c.n)]
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// toolArguments is where a tool call's arguments are: oneReading checks them.
const toolArguments = "/params/arguments"

// dupMember finds a member named twice in one object of the message v, outside its tool arguments:
// the same name, or the same but for case (the SDK matches names with their case, encoding/json
// without, and either keeps the last copy).
func dupMember(v []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(v), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	type object struct {
		names  map[string]bool
		atName bool // the next token is a member's name
	}
	var stack []*object
	for {
		tok, err := dec.ReadToken()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return nil // the SDK reads it and refuses it as before
		}
		top := (*object)(nil)
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		switch k := tok.Kind(); {
		case k == '}' || k == ']':
			stack = stack[:len(stack)-1]
			continue
		case top != nil && top.names != nil && top.atName:
			name := tok.String()
			if top.names[fold(name)] {
				where := "the message"
				if p := dec.StackPointer().Parent(); p != "" {
					where = string(p)
				}
				return fmt.Errorf("a message names %q twice in %s (names compared without case, as some readers match them): a client may read one copy where the server reads another; send each member once", name, where)
			}
			top.names[fold(name)] = true
			top.atName = false
			if dec.StackPointer() == toolArguments {
				if err := dec.SkipValue(); err != nil {
					return nil
				}
				top.atName = true
			}
			continue
		}
		if top != nil && top.names != nil {
			top.atName = true // this token began or was the member's value
		}
		switch tok.Kind() {
		case '{':
			stack = append(stack, &object{names: map[string]bool{}, atName: true})
		case '[':
			stack = append(stack, &object{})
		}
	}
}

// fold is name with each letter at the smallest of its case variants (unicode.SimpleFold's orbit),
// so that names a case-insensitive reader matches (encoding/json's: "Name" for "name", and the
// Kelvin sign for k) fold alike.
func fold(name string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, name)
}
