package token

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// prefix returns the letters before a string literal's first quote.
// (A plain loop: the quote is at most three bytes in, and strings.IndexAny's set-up cost more than the scan.)
func prefix(lit string) string {
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\'' || lit[i] == '"' {
			return lit[:i]
		}
	}
	return lit
}

// hasPrefixLetter reports whether the prefix of lit has the lower-case ASCII letter c in either case.
func hasPrefixLetter(lit string, c byte) bool {
	for _, p := range []byte(prefix(lit)) {
		if p|0x20 == c {
			return true
		}
	}
	return false
}

// IsBytes reports a b/B prefix.
func IsBytes(lit string) bool { return hasPrefixLetter(lit, 'b') }

// IsRaw reports an r/R prefix.
func IsRaw(lit string) bool { return hasPrefixLetter(lit, 'r') }

// IsFString reports an f/F prefix.
func IsFString(lit string) bool { return hasPrefixLetter(lit, 'f') }

// StringBody returns the text between a literal's quotes (prefix, opening
// and closing quotes removed) and the quote string ("'", '"', "”'" or `"""`).
func StringBody(lit string) (body, quote string) {
	s := lit[len(prefix(lit)):]
	if len(s) >= 6 && (strings.HasPrefix(s, `'''`) || strings.HasPrefix(s, `"""`)) {
		return s[3 : len(s)-3], s[:3]
	}
	if len(s) < 2 {
		return "", s
	}
	return s[1 : len(s)-1], s[:1]
}

// DecodeStringLiteral decodes one String token that is not an f-string into
// its value, as CPython 3.11's _PyPegen_parsestr does: escapes (unless raw),
// "\N{name}" (names, aliases and the algorithmic Hangul/CJK names of
// python3's unicodedata), line continuations, strict UTF-8. A bytes literal
// may hold only ASCII characters; its value is the bytes. Unknown escapes are
// kept with their backslash and octal escapes above 0o377 are accepted
// (3.11 only warns: DeprecationWarning).
//
// A str value may contain lone surrogates ("\ud800"); each surrogate code
// point is written as its three-byte generalized UTF-8 form (WTF-8 style,
// never paired up, so "\ud83d\ude00" stays two code points as in Python).
// DecodeWTF8Rune reads them back.
//
// Errors are *SyntaxError with Line and Col 0: the caller places them at the token.
func DecodeStringLiteral(lit string) (string, error) {
	if IsFString(lit) {
		return "", &SyntaxError{Kind: "SyntaxError", Msg: "internal error: DecodeStringLiteral called on an f-string"}
	}
	body, _ := StringBody(lit)
	raw := IsRaw(lit) || !strings.Contains(body, `\`)
	if IsBytes(lit) {
		for i := 0; i < len(body); i++ {
			if body[i] >= utf8.RuneSelf {
				return "", &SyntaxError{Kind: "SyntaxError", Msg: "bytes can only contain ASCII literal characters"}
			}
		}
		if raw {
			return body, nil
		}
		return decodeBytesEscapes(body)
	}
	if raw {
		if i := firstInvalidUTF8(body); i < len(body) {
			return "", unicodeErr("'utf-8' codec can't decode byte 0x%02x in position %d: invalid utf-8", body[i], i)
		}
		return body, nil
	}
	return decodeUnicodeEscapes(body)
}

func unicodeErr(format string, args ...any) error {
	return &SyntaxError{Kind: "SyntaxError", Msg: "(unicode error) " + fmt.Sprintf(format, args...)}
}

// AppendWTF8 appends r to b; surrogates get their generalized UTF-8 form.
func AppendWTF8(b []byte, r rune) []byte {
	if r >= 0xD800 && r <= 0xDFFF {
		return append(b, byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(b, r)
}

// DecodeWTF8Rune is utf8.DecodeRuneInString that also reads the
// surrogate encodings AppendWTF8 writes.
func DecodeWTF8Rune(s string) (rune, int) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 && len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80 {
		return rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	}
	return r, n
}

func decodeUnicodeEscapes(s string) (string, error) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			if c < utf8.RuneSelf {
				b = append(b, c)
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				return "", unicodeErr("'utf-8' codec can't decode byte 0x%02x in position %d: invalid utf-8", c, i)
			}
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		i++
		if i >= len(s) || s[i] >= utf8.RuneSelf {
			// A backslash before a non-ASCII character stays a backslash.
			b = append(b, '\\')
			continue
		}
		c = s[i]
		i++
		if e := simpleEscapes[c]; e != 0 {
			b = append(b, e)
			continue
		}
		switch c {
		case '\n':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			ch := rune(c - '0')
			for k := 0; k < 2 && i < len(s) && s[i] >= '0' && s[i] <= '7'; k++ {
				ch = ch<<3 + rune(s[i]-'0')
				i++
			}
			b = AppendWTF8(b, ch)
		case 'x', 'u', 'U':
			count, msg := 2, `truncated \xXX escape`
			if c == 'u' {
				count, msg = 4, `truncated \uXXXX escape`
			} else if c == 'U' {
				count, msg = 8, `truncated \UXXXXXXXX escape`
			}
			start := i - 2
			var ch uint32
			for ; count > 0; count-- {
				if i >= len(s) {
					return "", unicodeErr("'unicodeescape' codec can't decode bytes in position %d-%d: %s", start, i-1, msg)
				}
				d := hexVal(s[i])
				if d < 0 {
					return "", unicodeErr("'unicodeescape' codec can't decode bytes in position %d-%d: %s", start, i-1, msg)
				}
				ch = ch<<4 + uint32(d)
				i++
			}
			if ch > utf8.MaxRune {
				return "", unicodeErr("'unicodeescape' codec can't decode bytes in position %d-%d: illegal Unicode character", start, i-1)
			}
			b = AppendWTF8(b, rune(ch))
		case 'N':
			start := i - 2
			if i < len(s) && s[i] == '{' {
				end := strings.IndexByte(s[i+1:], '}')
				if end >= 0 {
					name := s[i+1 : i+1+end]
					if name != "" {
						if r, ok := lookupName(name); ok {
							b = AppendWTF8(b, r)
							i += end + 2
							continue
						}
						return "", unicodeErr("'unicodeescape' codec can't decode bytes in position %d-%d: unknown Unicode character name", start, i+end+1)
					}
				}
			}
			return "", unicodeErr("'unicodeescape' codec can't decode bytes in position %d-%d: malformed \\N character escape", start, i-1)
		default:
			b = append(b, '\\', c)
		}
	}
	return string(b), nil
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func decodeBytesEscapes(s string) (string, error) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			i++
			continue
		}
		i++
		if i >= len(s) {
			return "", &SyntaxError{Kind: "SyntaxError", Msg: `(value error) Trailing \ in string`}
		}
		c = s[i]
		i++
		if e := simpleEscapes[c]; e != 0 {
			b = append(b, e)
			continue
		}
		switch c {
		case '\n':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			ch := int(c - '0')
			for k := 0; k < 2 && i < len(s) && s[i] >= '0' && s[i] <= '7'; k++ {
				ch = ch<<3 + int(s[i]-'0')
				i++
			}
			b = append(b, byte(ch)) // CPython keeps the low 8 bits of \400-\777
		case 'x':
			if i+1 < len(s) {
				if d1, d2 := hexVal(s[i]), hexVal(s[i+1]); d1 >= 0 && d2 >= 0 {
					b = append(b, byte(d1<<4|d2))
					i += 2
					continue
				}
			}
			return "", &SyntaxError{Kind: "SyntaxError", Msg: fmt.Sprintf(`(value error) invalid \x escape at position %d`, i-2)}
		default:
			b = append(b, '\\')
			i-- // the character after the backslash is an ordinary one
		}
	}
	return string(b), nil
}

// simpleEscapes maps the character after a backslash to its value for the one-character escapes
// str and bytes literals share; 0 means "not one of them" (no such escape yields NUL).
var simpleEscapes = [256]byte{
	'\\': '\\', '\'': '\'', '"': '"',
	'b': '\b', 'f': '\f', 't': '\t', 'n': '\n', 'r': '\r', 'v': '\v', 'a': '\a',
}
