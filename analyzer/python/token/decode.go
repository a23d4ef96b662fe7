package token

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Decode applies CPython 3.11's source decoding for bytes given to ast.parse:
// null bytes are refused; "\r\n" and lone "\r" become "\n" (also inside
// string literals, as translate_newlines does); a UTF-8 BOM is stripped; a
// PEP 263 declaration on line 1, or on line 2 when line 1 holds nothing but a
// comment or blanks, selects the codec.
//
// Only codecs this package decodes exactly as CPython does are supported,
// under any name python3's codec registry gives them: UTF-8 and every
// single-byte codec of the encodings package (ASCII, Latin-1, cp1252, koi8_r,
// mac_roman, the EBCDIC code pages, ...: tables generated from python3). Any
// other declared codec (multi-byte ones, utf-16/32, utf-7, unicode_escape,
// ...) is refused with a *SyntaxError, also where CPython would decode it:
// the gate must never analyze bytes as something else than what runs.
//
// Undeclared or "utf-8" sources are not validated here: CPython 3.11 accepts
// invalid UTF-8 inside comments and rejects it everywhere else, and so do
// Tokenize and DecodeStringLiteral. Under a declared alias such as "utf8" the
// whole file must be valid UTF-8, as CPython then decodes it eagerly.
//
// It returns the text and the declared encoding as CPython normalises it
// ("utf-8" for a BOM, "" when nothing is declared).
func Decode(src []byte) (text string, encoding string, err error) {
	if i := bytes.IndexByte(src, 0); i >= 0 {
		line := 1 + bytes.Count(src[:i], []byte("\n"))
		return "", "", syntaxErr(line, 0, "source code cannot contain null bytes: remove the NUL (0x00) bytes")
	}
	s := translateNewlines(src)
	bom := strings.HasPrefix(s, "\ufeff")
	if bom {
		s = s[3:]
		encoding = "utf-8"
	}
	line1, rest, hasNL := strings.Cut(s, "\n")
	spec, lineNo := "", 0
	// CPython appends the final newline before looking, so line 1 always counts.
	if sp, found, codeOnLine := codingSpec(line1); found {
		spec, lineNo = sp, 1
	} else if !codeOnLine && hasNL {
		// Line 2's declaration counts only after a comment-only or blank line 1.
		line2, _, _ := strings.Cut(rest, "\n")
		if sp, found, _ := codingSpec(line2 + "\n"); found {
			spec, lineNo = sp, 2
		}
	}
	if spec == "" {
		return s, encoding, nil
	}
	if bom {
		if spec != "utf-8" {
			return "", "", syntaxErr(lineNo, 0, "encoding problem: %s with BOM", spec)
		}
		return s, encoding, nil
	}
	if spec == "utf-8" {
		return s, spec, nil
	}
	mod, ok := lookupCodec(spec)
	if !ok {
		return "", "", syntaxErr(lineNo, 0, "unsupported source encoding %s: re-save the file as UTF-8", spec)
	}
	if mod == "utf_8" || mod == "utf_8_sig" {
		if !utf8.ValidString(s) {
			off := firstInvalidUTF8(s)
			return "", "", syntaxErr(1+strings.Count(s[:off], "\n"), 0,
				"'%s' codec can't decode byte 0x%02x in position %d: invalid UTF-8 in a file declared %s", spec, s[off], off, spec)
		}
		return s, spec, nil
	}
	text, err = decodeSingleByte(s, mod)
	if err != nil {
		return "", "", err
	}
	return text, spec, nil
}

// decodeSingleByte decodes s with the single-byte codec of encodings module
// mod. Like CPython, it decodes the whole file at once (after the newline
// translation), so an undefined byte is an error even inside a comment.
func decodeSingleByte(s, mod string) (string, error) {
	c := singleByteCodecs[mod]
	var table [256]rune
	i := 0
	for _, r := range byteTableHalves[c.lo] + byteTableHalves[c.hi] {
		table[i] = r
		i++
	}
	// First pass: find an undefined byte and the exact output size, so the
	// text is built in one allocation.
	size := 0
	for i := 0; i < len(s); i++ {
		r := table[s[i]]
		if r == undefinedByte {
			reason := "character maps to <undefined>"
			codec := "charmap"
			if mod == "ascii" {
				codec, reason = "ascii", "ordinal not in range(128)"
			}
			return "", syntaxErr(1+strings.Count(s[:i], "\n"), 0,
				"'%s' codec can't decode byte 0x%02x in position %d: %s", codec, s[i], i, reason)
		}
		size += utf8.RuneLen(r)
	}
	var b strings.Builder
	b.Grow(size)
	for i := 0; i < len(s); i++ {
		b.WriteRune(table[s[i]])
	}
	return b.String(), nil
}

// undefinedByte marks a byte a codec's decoding table leaves undefined, as
// in the decoding_table strings of CPython's encodings modules.
const undefinedByte = 0xFFFE

// singleByteCodec is one codec of singleByteCodecs.
type singleByteCodec struct {
	name   string // CodecInfo.name, as codecs.lookup reports it
	lo, hi int    // indexes into byteTableHalves for bytes 0x00-0x7F and 0x80-0xFF
}

func firstInvalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return len(s) // the common case, checked eight ASCII bytes at a time
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(s)
}

func translateNewlines(src []byte) string {
	if bytes.IndexByte(src, '\r') < 0 {
		return string(src)
	}
	b := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\r' {
			c = '\n'
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
		}
		b = append(b, c)
	}
	if len(src) >= 2 && src[len(src)-2] == '\r' && src[len(src)-1] == '\n' {
		// CPython's translate_newlines ends its loop on the NUL after a final
		// "\r\n" and so appends the exec-input newline once more: "0\\\r\n" is
		// "0\\\n\n", a continuation followed by a blank line (valid).
		b = append(b, '\n')
	}
	return string(b)
}

// codingSpec is get_coding_spec plus get_normal_name of tokenizer.c: the line
// must be blanks then a comment holding "coding[:=]\s*NAME". codeOnLine
// reports a line with something other than blanks before any comment, which
// stops the search (check_coding_spec).
func codingSpec(line string) (spec string, found, codeOnLine bool) {
	i := 0
	for ; i < len(line); i++ {
		c := line[i]
		if c == '#' {
			break
		}
		if c != ' ' && c != '\t' && c != '\f' {
			return "", false, c != '\n'
		}
	}
	for ; i+6 < len(line); i++ {
		if line[i:i+6] != "coding" || (line[i+6] != ':' && line[i+6] != '=') {
			continue
		}
		t := i + 7
		for t < len(line) && (line[t] == ' ' || line[t] == '\t') {
			t++
		}
		begin := t
		for t < len(line) && isCodecNameChar(line[t]) {
			t++
		}
		if begin < t {
			return normalName(line[begin:t]), true, false
		}
	}
	return "", false, false
}

func isCodecNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
}

// normalName is get_normal_name: only the first 12 characters are compared.
func normalName(s string) string {
	n := min(len(s), 12)
	b := []byte(strings.ToLower(s[:n]))
	for i, c := range b {
		if c == '_' {
			b[i] = '-'
		}
	}
	buf := string(b)
	switch {
	case buf == "utf-8" || strings.HasPrefix(buf, "utf-8-"):
		return "utf-8"
	case buf == "latin-1" || buf == "iso-8859-1" || buf == "iso-latin-1" ||
		strings.HasPrefix(buf, "latin-1-") || strings.HasPrefix(buf, "iso-8859-1-") || strings.HasPrefix(buf, "iso-latin-1-"):
		return "iso-8859-1"
	}
	return s
}

// lookupCodec resolves a codec name as PyUnicode_Decode does for a coding
// declaration: _Py_normalize_encoding (lower case, runs of other characters
// than letters, digits and '.' become one '_'), then encodings.search_function,
// which imports the alias's target module, or else the name itself when it has
// no '.'. It returns that module when this package decodes it (a UTF-8 or
// single-byte codec); every other codec, including multi-byte ones CPython
// would accept, reports false.
func lookupCodec(name string) (string, bool) {
	var b strings.Builder
	punct := false
	for _, c := range strings.ToLower(name) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' {
			if punct && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(c)
			punct = false
		} else {
			punct = true
		}
	}
	norm := b.String()
	mod, ok := codecAliases[norm]
	if !ok {
		mod, ok = codecAliases[strings.ReplaceAll(norm, ".", "_")]
	}
	if !ok {
		mod = norm
	}
	if mod == "utf_8" || mod == "utf_8_sig" {
		return mod, true
	}
	if _, ok := singleByteCodecs[mod]; ok {
		return mod, true
	}
	return "", false
}
