package token

import "sort"

// Stream is a tokenized module in compact form, for the parser: 16 bytes a token (against Token's 56), the
// text and positions derived on demand from byte offsets into the decoded source. A 5 MB file has about
// 1.5 million tokens, so this is what keeps parsing it within a small memory budget.
type Stream struct {
	text       string
	lineStarts []int32 // offset of every line's first byte; the last is len(text)
	chunks     [][]packed
	n          int
	discarded  int        // chunks[:discarded] are nil
	owner      *tokenizer // the tokenizer whose buffers this stream uses, for Release
}

// packed is one token: its byte span in the text, the 1-based line of its start, and its kind; and
// for a Name, whether it has non-ASCII letters (only such a name needs normalizing).
type packed struct {
	off, end uint32
	line     uint32
	kind     Kind
	nonASCII bool
}

// Tokens are stored in fixed-size chunks so that the slice never regrows (a regrowth copies and briefly
// doubles the largest allocation of the parse) and a small input does not pay for a large guess.
const (
	chunkBits = 13
	chunkSize = 1 << chunkBits
)

// maxPooledLines bounds the line table a released stream keeps for reuse.
const maxPooledLines = 1 << 14

// maxSource is the largest decoded source a Stream can address with 32-bit offsets.
const maxSource = 1<<31 - 1

// add appends a token. It runs for every token: its common case, room in the last chunk, reslices
// the chunk in place (only the length is stored back, not the pointer); addChunk does the rest.
func (s *Stream) add(k Kind, off, end, line int) {
	if n := len(s.chunks); n > 0 {
		if c := &s.chunks[n-1]; len(*c) < cap(*c) && len(*c) < chunkSize {
			i := len(*c)
			*c = (*c)[:i+1]
			(*c)[i] = packed{off: uint32(off), end: uint32(end), line: uint32(line), kind: k}
			s.n++
			return
		}
	}
	s.addChunk(k, off, end, line)
}

// addChunk appends a token where the last chunk is full: a new chunk, or a grown first one.
func (s *Stream) addChunk(k Kind, off, end, line int) {
	if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1]) == chunkSize {
		size := chunkSize
		if len(s.chunks) == 0 {
			size = firstChunkSize(s.text)
		}
		s.chunks = append(s.chunks, make([]packed, 0, size))
	}
	c := &s.chunks[len(s.chunks)-1]
	*c = append(*c, packed{off: uint32(off), end: uint32(end), line: uint32(line), kind: k})
	s.n++
}

// firstChunkSize is the capacity of the first chunk for text: dense code has about one token per 3 bytes.
func firstChunkSize(text string) int { return min(chunkSize, len(text)/3+8) }

func (s *Stream) at(i int) *packed { return &s.chunks[i>>chunkBits][i&(chunkSize-1)] }

func (s *Stream) last() *packed { return s.at(s.n - 1) }

// Len is the number of tokens; the last is EndMarker.
func (s *Stream) Len() int { return s.n }

// Kind is the kind of token i.
func (s *Stream) Kind(i int) Kind { return s.at(i).kind }

// Text is the exact source text of token i, as Token.Text (a substring of the decoded source, not a copy).
func (s *Stream) Text(i int) string { return s.textOf(s.at(i)) }

// textOf is the text of p: none for the tokens that stand for layout rather than for source bytes.
func (s *Stream) textOf(p *packed) string {
	switch p.kind {
	case Newline, Indent, Dedent, EndMarker:
		return ""
	}
	return s.text[p.off:p.end]
}

// EachKindText calls fn with Kind(i) and Text(i) of every token in order. It walks the chunks
// directly, for a reader of every token (the parser's classification): finding each token by its
// index cost more than the reading.
func (s *Stream) EachKindText(fn func(Kind, string)) {
	for _, c := range s.chunks {
		for j := range c {
			fn(c[j].kind, s.textOf(&c[j]))
		}
	}
}

// Name is NormalizeIdentifier(Text(i)) for a Name token i, without scanning an ASCII name for
// non-ASCII bytes: the tokenizer marked the names that have them.
func (s *Stream) Name(i int) string {
	p := s.at(i)
	if p.kind == Name && !p.nonASCII {
		return s.text[p.off:p.end]
	}
	return NormalizeIdentifier(s.Text(i))
}

// Start is the position of token i's first byte.
func (s *Stream) Start(i int) Pos {
	p := s.at(i)
	return Pos{Line: int(p.line), Col: int(p.off) - int(s.lineStarts[p.line-1])}
}

// LastLineEnd is the position at the end of the text's last line, before its newline: where CPython
// places an error it finds at the end of the input.
func (s *Stream) LastLineEnd() Pos {
	ls := s.lineStarts
	if len(ls) < 2 {
		return Pos{Line: 1}
	}
	last := len(ls) - 2 // the text ends with a newline, so ls ends with the start of an empty line
	return Pos{Line: last + 1, Col: int(ls[last+1]) - 1 - int(ls[last])}
}

// End is the position just after token i; a Newline ends one column after its start, on its own line.
func (s *Stream) End(i int) Pos {
	p := s.at(i)
	line := int(p.line)
	switch {
	case p.kind == Newline:
		return Pos{Line: line, Col: int(p.off) - int(s.lineStarts[line-1]) + 1}
	case p.end == p.off:
		// Positions at the end of the text are on a line of their own (see tokenizer.pos).
	case line < len(s.lineStarts) && int64(p.end) >= int64(s.lineStarts[line]):
		// Only strings span lines; find the line of their end.
		ls := s.lineStarts
		line = sort.Search(len(ls), func(j int) bool { return int64(ls[j]) > int64(p.end) })
	}
	return Pos{Line: line, Col: int(p.end) - int(s.lineStarts[line-1])}
}

// Discard lets the memory of tokens well before index i go: whole chunks that end at least a chunk before
// it. Reading a discarded token panics. The parser calls it at each top-level statement, which it never
// backtracks over, so that the token memory of a large file is not held until the whole tree is built.
func (s *Stream) Discard(i int) {
	for ; s.discarded < min(i>>chunkBits-1, len(s.chunks)); s.discarded++ {
		s.chunks[s.discarded] = nil
	}
}

// Release hands the stream's memory back for reuse by a later tokenization. Nothing read from the stream
// (texts are substrings of the source) depends on it, but the stream itself must not be used afterwards.
func (s *Stream) Release() {
	t := s.owner
	if t == nil {
		return
	}
	s.owner = nil
	// Large inputs are rare: keep what a typical file needs, not the largest seen.
	if len(s.chunks) > 0 && cap(s.chunks[0]) > chunkSize {
		s.chunks[0] = nil
	}
	if len(s.chunks) > 1 {
		clear(s.chunks[1:])
		s.chunks = s.chunks[:1]
	}
	if cap(t.lineStarts) > maxPooledLines {
		t.lineStarts = nil
	}
	// Keep the buffers but not the source text.
	t.src, t.toks.text = "", ""
	tokenizers.Put(t)
}

// Token returns token i in the form Tokenize gives.
func (s *Stream) Token(i int) Token {
	return Token{Kind: s.Kind(i), Text: s.Text(i), Start: s.Start(i), End: s.End(i)}
}

// Tokens expands the stream into Tokenize's form.
func (s *Stream) Tokens() []Token {
	toks := make([]Token, s.n)
	for i := range toks {
		toks[i] = s.Token(i)
	}
	return toks
}

// TokenizeStream is Tokenize with the compact result the parser uses.
func TokenizeStream(src []byte) (*Stream, error) {
	text, _, err := Decode(src)
	if err != nil {
		return nil, err
	}
	return TokenizeTextStream(text)
}
