package token

import (
	"encoding/hex"
	"sort"
	"strings"
	"testing"
)

func sortedCodecs() []string {
	mods := make([]string, 0, len(singleByteCodecs))
	for m := range singleByteCodecs {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	return mods
}

func byteTable(t *testing.T, mod string) [256]rune {
	t.Helper()
	c := singleByteCodecs[mod]
	var table [256]rune
	n := 0
	for _, r := range byteTableHalves[c.lo] + byteTableHalves[c.hi] {
		if n < 256 {
			table[n] = r
		}
		n++
	}
	if n != 256 {
		t.Fatalf("%s: byteTableHalves %d and %d hold %d runes, want 256", mod, c.lo, c.hi, n)
	}
	return table
}

// TestSingleByteTables decodes each of the 256 bytes alone with every codec
// we support, here and in python3, and compares.
func TestSingleByteTables(t *testing.T) {
	o := pyOracle(t)
	if len(singleByteCodecs) < 70 {
		t.Fatalf("only %d single-byte codecs generated", len(singleByteCodecs))
	}
	for _, mod := range sortedCodecs() {
		a := o.ask(t, "bytes", nil, mod)
		if len(a.Runes) != 256 {
			t.Fatalf("%s: oracle answered %d runes (%s)", mod, len(a.Runes), a.OracleError)
		}
		table := byteTable(t, mod)
		for b, r := range table {
			want := rune(a.Runes[b])
			if want == -1 {
				want = undefinedByte
			}
			if r != want {
				t.Errorf("%s: byte 0x%02x decodes to U+%04X, python3 U+%04X (-1: undefined)", mod, b, r, a.Runes[b])
			}
		}
	}
}

// TestSingleByteSources runs whole sources through Tokenize and
// DecodeStringLiteral against python3's ast.parse: a string literal holding
// every byte the codec defines (bar the quote, backslash, newlines and NUL),
// and a comment holding one undefined byte. The EBCDIC code pages turn the
// ASCII cookie line itself into invalid characters, so both sides reject them.
func TestSingleByteSources(t *testing.T) {
	o := pyOracle(t)
	accepted := 0
	for _, mod := range sortedCodecs() {
		// The bytes come from python3's decoding, not from the table under test.
		runes := o.ask(t, "bytes", nil, mod).Runes
		if len(runes) != 256 {
			t.Fatalf("%s: oracle answered %d runes", mod, len(runes))
		}
		var lit []byte
		undef := -1
		for b := 1; b < 256; b++ {
			switch r := runes[b]; {
			case r == -1:
				if undef < 0 {
					undef = b
				}
			case b != '\n' && b != '\r' && r != '\n' && r != '\r' && r != '\'' && r != '\\':
				lit = append(lit, byte(b))
			}
		}
		src := "# coding: " + mod + "\ns = '" + string(lit) + "'\n"
		if checkStrConst(t, o, mod, src) {
			accepted++
		}
		if undef >= 0 {
			bad := "# -*- coding: " + mod + " -*-\nx = 1  # " + string([]byte{byte(undef)}) + "\n"
			_, err := Tokenize([]byte(bad))
			if a := o.ask(t, "parse", []byte(bad), ""); a.OK || err == nil {
				t.Errorf("%s: undefined byte 0x%02x in a comment: python3 ok=%v, Tokenize err=%v", mod, undef, a.OK, err)
			}
		}
	}
	// All but the 7 EBCDIC code pages must get as far as the string's value.
	if want := len(singleByteCodecs) - 7; accepted < want {
		t.Errorf("only %d codecs decoded the test source, want %d", accepted, want)
	}
}

// checkStrConst compares Tokenize's acceptance of src, whose first statement
// assigns a string, and the string's value, with python3's ast.parse. It
// reports whether python3 accepted src.
func checkStrConst(t *testing.T, o *oracle, label, src string) bool {
	t.Helper()
	a := o.ask(t, "strconst", []byte(src), "")
	if a.OracleError != "" {
		t.Fatalf("%s: oracle: %s", label, a.OracleError)
	}
	toks, err := Tokenize([]byte(src))
	if (err == nil) != a.OK {
		t.Errorf("%s: Tokenize err=%v; python3 ok=%v (%s)", label, err, a.OK, a.Msg)
		return a.OK
	}
	if err != nil {
		return false
	}
	for _, tk := range toks {
		if tk.Kind != String {
			continue
		}
		v, err := DecodeStringLiteral(tk.Text)
		if err != nil {
			t.Errorf("%s: DecodeStringLiteral(%q): %v", label, tk.Text, err)
		} else if h := hex.EncodeToString([]byte(v)); h != a.Hex {
			t.Errorf("%s: value %q, python3 %q", label, v, mustHex(a.Hex))
		}
		return true
	}
	t.Errorf("%s: no string token", label)
	return true
}

func mustHex(h string) string {
	b, _ := hex.DecodeString(h)
	return string(b)
}

// TestCookieNames declares codecs under the names people write and checks
// the decision and the decoded text against ast.parse. refused marks codecs
// CPython decodes and we refuse on purpose (not single-byte).
func TestCookieNames(t *testing.T) {
	o := pyOracle(t)
	cases := []struct {
		name    string
		refused bool
	}{
		{"cp-1252", false}, {"CP1252", false}, {"windows-1252", false}, {"Latin-1", false}, {"latin_1", false},
		{"ISO-8859-1", false}, {"iso8859_15", false}, {"ISO-8859-15", false}, {"latin9", false}, {"L9", false},
		{"koi8_r", false}, {"KOI8-R", false}, {"koi8.r", false}, {"koi8-u", false}, {"mac-roman", false},
		{"macintosh", false}, {"MacRoman", false}, {"mac_cyrillic", false}, {"cp437", false}, {"IBM437", false},
		{"437", false}, {"cp850", false}, {"cp866", false}, {"hp-roman8", false}, {"tis-620", false},
		{"tis620", false}, {"kz1048", false}, {"ptcp154", false}, {"iso8859-2", false}, {"latin2", false},
		{"iso-8859-7", false}, {"greek", false}, {"hebrew", false}, {"arabic", false}, {"cyrillic", false},
		{"cp037", false}, {"ebcdic-cp-us", false}, {"charmap", false}, {"ascii", false}, {"US-ASCII", false},
		{"utf8", false}, {"cp1252.", false}, {"-cp1252-", false}, {"cp__1252", false}, {"mbcs", false},
		{"shift_jis", true}, {"gbk", true}, {"euc-kr", true}, {"utf-16", true}, {"utf-7", true},
		{"unicode_escape", true}, {"raw_unicode_escape", true}, {"rot13", true}, {"idna", true}, {"nope", false},
	}
	for _, tc := range cases {
		src := "# -*- coding: " + tc.name + " -*-\ns = '\xe9\xc0\xa4'\n"
		if !tc.refused {
			checkStrConst(t, o, tc.name, src)
			continue
		}
		_, err := Tokenize([]byte(src))
		if err == nil || !strings.Contains(err.Error(), "unsupported source encoding "+tc.name+": re-save the file as UTF-8") {
			t.Errorf("%s: want the refusal, got %v", tc.name, err)
		}
	}
}

// BenchmarkDecodeSingleByte decodes a 1 MB koi8-r source, half of it Cyrillic.
func BenchmarkDecodeSingleByte(b *testing.B) {
	src := []byte("# -*- coding: koi8-r -*-\n" + strings.Repeat("s = '\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2'  # \xc1\xc2\xd7\n", 1<<20/32))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, _, err := Decode(src); err != nil {
			b.Fatal(err)
		}
	}
}
