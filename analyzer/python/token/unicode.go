package token

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// runeRange is an inclusive range of code points in a generated table.
type runeRange struct{ Lo, Hi rune }

func inTable(t []runeRange, r rune) bool {
	i := sort.Search(len(t), func(i int) bool { return t[i].Hi >= r })
	return i < len(t) && t[i].Lo <= r
}

func isXIDStart(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || (r|0x20 >= 'a' && r|0x20 <= 'z')
	}
	return inTable(xidStart, r)
}

func isXIDContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || (r|0x20 >= 'a' && r|0x20 <= 'z') || (r >= '0' && r <= '9')
	}
	return inTable(xidContinue, r)
}

// IsPrintable reports whether Python's str.isprintable() is true for r in
// python3.11 (Unicode 14). Surrogates are not printable. Used for repr().
func IsPrintable(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0x20 && r < 0x7f
	}
	return inTable(printable, r)
}

// NormalizeIdentifier returns the NFKC form CPython gives identifiers
// (pegen's _PyPegen_new_identifier), so "ｏｓ" -> "os". ASCII is returned as is.
// x/text's norm tables are of a newer Unicode than 14.0; the normalization
// stability policy keeps NFKC of every character assigned in 14.0 unchanged,
// and identifiers can only hold such characters, so the result is the same.
func NormalizeIdentifier(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFKC.String(s)
		}
	}
	return s
}

//go:embed unicode_names.bin
var namesBlob []byte

var (
	namesOnce sync.Once
	namesMap  map[string]rune
)

func loadNames() {
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(namesBlob)))
	if err != nil {
		panic("token: corrupt generated unicode_names.bin: " + err.Error())
	}
	namesMap = make(map[string]rune, nameCount)
	for _, line := range strings.Split(string(data), "\n") {
		hexCode, name, ok := strings.Cut(line, ";")
		if !ok {
			continue
		}
		c, err := strconv.ParseUint(hexCode, 16, 32)
		if err != nil {
			panic("token: corrupt generated unicode_names.bin: " + err.Error())
		}
		namesMap[name] = rune(c)
	}
}

// Hangul syllable name parts, in the order of the Unicode algorithm.
var (
	jamoL = []string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	jamoV = []string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"}
	jamoT = []string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

// longestJamo finds the longest entry of parts that prefixes s, as CPython's
// find_syllable does; it returns the index and length, or -1.
func longestJamo(s string, parts []string) (int, int) {
	best, bestLen := -1, -1
	for i, p := range parts {
		if len(p) > bestLen && strings.HasPrefix(s, p) {
			best, bestLen = i, len(p)
		}
	}
	return best, bestLen
}

// lookupName resolves a \N{...} name the way CPython's unicodedata _getcode
// does with named sequences excluded: table names and aliases compare
// case-insensitively (ASCII), the algorithmic HANGUL SYLLABLE and
// CJK UNIFIED IDEOGRAPH- names case-sensitively.
func lookupName(name string) (rune, bool) {
	if rest, ok := strings.CutPrefix(name, "HANGUL SYLLABLE "); ok {
		l, ln := longestJamo(rest, jamoL)
		if l >= 0 {
			rest = rest[ln:]
			v, vn := longestJamo(rest, jamoV)
			if v >= 0 {
				rest = rest[vn:]
				tt, tn := longestJamo(rest, jamoT)
				if tt >= 0 && tn == len(rest) {
					return rune(0xAC00 + (l*21+v)*28 + tt), true
				}
			}
		}
		return 0, false
	}
	if hex, ok := strings.CutPrefix(name, "CJK UNIFIED IDEOGRAPH-"); ok {
		if len(hex) != 4 && len(hex) != 5 {
			return 0, false
		}
		var v rune
		for i := 0; i < len(hex); i++ {
			c := hex[i]
			switch {
			case c >= '0' && c <= '9':
				v = v*16 + rune(c-'0')
			case c >= 'A' && c <= 'F':
				v = v*16 + rune(c-'A'+10)
			default:
				return 0, false
			}
		}
		return v, inTable(cjkIdeographs, v)
	}
	namesOnce.Do(loadNames)
	up := []byte(name)
	for i, c := range up {
		if c >= 'a' && c <= 'z' {
			up[i] = c - 0x20
		}
	}
	r, ok := namesMap[string(up)]
	return r, ok
}
