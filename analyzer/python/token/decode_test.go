package token

import (
	"encoding/hex"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	o := pyOracle(t)
	cases := []struct {
		name    string
		src     string
		want    string // decoded text, when no error
		wantEnc string
		wantErr string
		pyOK    bool // ast.parse accepts it
	}{
		{"plain", "x = 1\n", "x = 1\n", "", "", true},
		{"bom", "\ufeffx = 1\n", "x = 1\n", "utf-8", "", true},
		{"bom and utf-8 cookie", "\ufeff# coding: utf-8\nx = 1\n", "# coding: utf-8\nx = 1\n", "utf-8", "", true},
		{"bom and latin-1 cookie", "\ufeff# coding: latin-1\nx = 1\n", "", "", "encoding problem: iso-8859-1 with BOM", false},
		{"bom and utf8 alias", "\ufeff# coding: utf8\nx = 1\n", "", "", "encoding problem: utf8 with BOM", false},
		{"latin-1", "# -*- coding: latin-1 -*-\nx = '\xe9'\n", "# -*- coding: latin-1 -*-\nx = 'é'\n", "iso-8859-1", "", true},
		{"latin1 alias", "# vim: set fileencoding=latin1 :\nx = '\xe9'\n", "# vim: set fileencoding=latin1 :\nx = 'é'\n", "latin1", "", true},
		{"iso-8859-1-windows truncated", "# coding: ISO_8859-1-foo\nx = '\xe9'\n", "# coding: ISO_8859-1-foo\nx = 'é'\n", "iso-8859-1", "", true},
		{"line 2", "#!/usr/bin/env python\n# coding: latin-1\nx = '\xe9'\n", "#!/usr/bin/env python\n# coding: latin-1\nx = 'é'\n", "iso-8859-1", "", true},
		{"line 2 after blank", "\n# coding: latin-1\nx = '\xe9'\n", "\n# coding: latin-1\nx = 'é'\n", "iso-8859-1", "", true},
		{"line 2 after code ignored", "x = 1\n# coding: latin-1\ny = '\xe9'\n", "x = 1\n# coding: latin-1\ny = '\xe9'\n", "", "", false},
		{"line 3 ignored", "#\n#\n# coding: cp1252\n", "#\n#\n# coding: cp1252\n", "", "", true},
		{"cookie after code on line 1 ignored", "x = 1 # coding: cp1252\n", "x = 1 # coding: cp1252\n", "", "", true},
		{"ascii ok", "# coding: ascii\nx = 1\n", "# coding: ascii\nx = 1\n", "ascii", "", true},
		{"ascii bad byte", "# coding: ascii\nx = '\xe9'\n", "", "", "'ascii' codec can't decode byte 0xe9", false},
		{"us-ascii alias", "# coding: US-ASCII\nx = 1\n", "# coding: US-ASCII\nx = 1\n", "US-ASCII", "", true},
		{"utf8 alias is strict", "# coding: utf8\nx = 1 # \xff\n", "", "", "invalid UTF-8", false},
		{"utf-8 is lazy", "# coding: utf-8\nx = 1 # \xff\n", "# coding: utf-8\nx = 1 # \xff\n", "utf-8", "", true},
		{"cp1252", "# coding: cp1252\nx = '\x80'\n", "# coding: cp1252\nx = '€'\n", "cp1252", "", true},
		{"cp1252 undefined byte in a comment", "# coding: cp1252\n# \x81\n", "", "", "'charmap' codec can't decode byte 0x81 in position 19: character maps to <undefined>", false},
		{"koi8-r on line 2", "#!/usr/bin/python\n# -*- coding: koi8-r -*-\nx = '\xc1'\n", "#!/usr/bin/python\n# -*- coding: koi8-r -*-\nx = '\u0430'\n", "koi8-r", "", true},
		{"shift_jis refused", "# coding: shift_jis\nx = 1\n", "", "", "unsupported source encoding shift_jis: re-save the file as UTF-8", true},
		{"unicode_escape refused", "# coding: unicode_escape\nx = 1\n", "", "", "unsupported source encoding unicode_escape", true},
		{"rot13 refused", "# coding: rot13\nx = 1\n", "", "", "unsupported source encoding rot13", false},
		{"unknown refused", "# coding: foo\nx = 1\n", "", "", "unsupported source encoding foo", false},
		{"utf-16 refused", "# coding: utf-16\nx = 1\n", "", "", "unsupported source encoding utf-16", false},
		{"cookie without newline", "# coding: big5", "", "", "unsupported source encoding", true},
		{"single-byte cookie without newline", "# coding: cp1252", "# coding: cp1252", "cp1252", "", true},
		{"empty name", "# coding: \nx = 1\n", "# coding: \nx = 1\n", "", "", true},
		{"crlf", "x = 1\r\ny = 2\r", "x = 1\ny = 2\n", "", "", true},
		{"final crlf gets an extra newline", "x = 1\r\n", "x = 1\n\n", "", "", true},
		{"continuation before final crlf", "0\\\r\n", "0\\\n\n", "", "", true},
		{"continuation before final lf", "0\\\n", "0\\\n", "", "", false},
		{"nul", "x = 1\x00\n", "", "", "null bytes", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text, enc, err := Decode([]byte(tc.src))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("Decode = %q, %v; want error %q", text, err, tc.wantErr)
				}
			} else if err != nil || text != tc.want || enc != tc.wantEnc {
				t.Errorf("Decode = %q, %q, %v; want %q, %q", text, enc, err, tc.want, tc.wantEnc)
			}
			if a := o.ask(t, "parse", []byte(tc.src), ""); a.OK != tc.pyOK {
				t.Errorf("python3 ast.parse ok=%v (%s), table says %v", a.OK, a.Msg, tc.pyOK)
			}
		})
	}
}

// TestLookupCodec checks our reading of codec names against codecs.lookup:
// the same encodings module, for every name that resolves to a codec we decode,
// and a refusal for every other name.
func TestLookupCodec(t *testing.T) {
	o := pyOracle(t)
	names := []string{"utf-8", "UTF8", "utf_8", "u8", "utf", "cp65001", "utf-8-sig", "utf_8_sig", "UTF--8", "-utf8-",
		"latin-1", "latin1", "LATIN_1", "l1", "iso8859-1", "iso_8859_1", "iso-8859-1", "8859", "cp819", "iso_ir_100",
		"ascii", "us-ascii", "646", "ansi_x3.4_1968", "ANSI_X3.4-1968", "ansi_x3_4.1968", "iso_646.irv_1991", "us",
		"cp1252", "windows-1252", "1252", "koi8-r", "koi8.r", "koi8_r.", "cskoi8r", "koi8_u", "mac-roman", "macintosh",
		"macroman", "iso8859_15", "latin9", "l9", "iso-8859-15", "cp037", "ebcdic-cp-us", "IBM037", "ibm1140",
		"437", "cspc8codepage437", "hp-roman8", "r8", "tis620", "tis-620", "kz1048", "strk1048_2002", "ptcp154",
		"pt154", "cyrillic-asian", "charmap", "mbcs", "dbcs", "oem", "aliases", "iso8859", "latin",
		"utf-16", "utf_32", "utf-7", "shift_jis", "sjis", "gbk", "big5", "euc-jp", "idna", "punycode",
		"unicode_escape", "raw-unicode-escape", "rot13", "rot_13", "base64", "hex", "undefined", "latin-9.", "foo", ""}
	for _, n := range names {
		a := o.ask(t, "codec", nil, n)
		mod, ok := lookupCodec(n)
		_, single := singleByteCodecs[a.Module]
		supported := a.Text && (single || a.Module == "utf_8" || a.Module == "utf_8_sig")
		if ok != supported || ok && mod != a.Module {
			t.Errorf("lookupCodec(%q) = %q, %v; python3 resolves it to module %q (codec %q, text %v)",
				n, mod, ok, a.Module, a.Codec, a.Text)
		}
		if ok && single && singleByteCodecs[mod].name != a.Codec {
			t.Errorf("singleByteCodecs[%q].name = %q, python3 %q", mod, singleByteCodecs[mod].name, a.Codec)
		}
	}
}

func TestDecodeStringLiteral(t *testing.T) {
	o := pyOracle(t)
	lits := []string{
		`'abc'`, `"a'b"`, `'''a"b'''`, `"""x\ny"""`, `''`, `""""""`,
		`'\n\t\r\a\b\f\v\\\'\"'`, `'\0\1\12\123\1234\777\8\9'`, `'\x41\x4a\x4A'`, `'\u00e9\U0001F600'`,
		`'\ud800'`, `'\ud83d\ude00'`, `'\udfff\U0000d800'`, `'\d\q\ '`, "'a\\\nb'", `'é\é'`, `'\N{LATIN SMALL LETTER A}'`,
		`'\N{latin small letter a}'`, `'\N{BYTE ORDER MARK}'`, `'\N{LATIN CAPITAL LETTER GHA}'`, `'\N{NUL}'`,
		`'\N{HANGUL SYLLABLE GA}\N{HANGUL SYLLABLE GAG}\N{HANGUL SYLLABLE A}\N{HANGUL SYLLABLE HIH}'`,
		`'\N{CJK UNIFIED IDEOGRAPH-4E00}\N{CJK UNIFIED IDEOGRAPH-2A6DF}\N{CJK UNIFIED IDEOGRAPH-3134A}'`,
		`'\N{CJK UNIFIED IDEOGRAPH-4e00}'`, `'\N{CJK UNIFIED IDEOGRAPH-9FFF0}'`, `'\N{HANGUL SYLLABLE ga}'`,
		`'\N{Hangul Syllable GA}'`, `'\N{hangul syllable ga}'`, `'\N{HANGUL SYLLABLE GX}'`, `'\N{FORM FEED (FF)}'`,
		`'\N{ LATIN SMALL LETTER A}'`, `'\N{EM DASH'`, `'\N'`, `'\N{}'`, `'\x4'`, `'\xg0'`, `'\u12'`, `'\U00110000'`,
		`'\U0010FFFF'`, `r'\n\x'`, `R'\''`, `u'\u00e9'`, `U'x'`, `b'abc\x00\xff\777\400\n\d\u1234\N{x}'`, `b'\x4'`,
		`br'\x'`, `Rb'\\'`, `b'é'`, `rb'é'`, `'\xff'`, "'\xff'", "r'\xff'", "'\xed\xa0\x80'", `'\u0000'`, `'\101\1011'`,
	}
	for _, lit := range lits {
		got, err := DecodeStringLiteral(lit)
		a := o.ask(t, "literal", []byte(lit), "")
		if a.OracleError != "" {
			t.Errorf("%s: oracle: %s", lit, a.OracleError)
			continue
		}
		if !a.OK {
			if err == nil {
				t.Errorf("DecodeStringLiteral(%s) = %q, python3 rejects: %s", lit, got, a.Msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("DecodeStringLiteral(%s) error %v, python3 accepts", lit, err)
			continue
		}
		if IsBytes(lit) != (a.Kind == "bytes") {
			t.Errorf("IsBytes(%s) = %v, python3 kind %s", lit, IsBytes(lit), a.Kind)
		}
		if h := hex.EncodeToString([]byte(got)); h != a.Hex {
			t.Errorf("DecodeStringLiteral(%s) = %s (hex), python3 %s", lit, h, a.Hex)
		}
	}
}

func TestWTF8RoundTrip(t *testing.T) {
	for _, r := range []rune{0, 'a', 0xe9, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFF, 0x10FFFF} {
		b := AppendWTF8(nil, r)
		got, n := DecodeWTF8Rune(string(b))
		if got != r || n != len(b) {
			t.Errorf("round trip of U+%04X: got U+%04X, %d bytes of %d", r, got, n, len(b))
		}
	}
}

func TestNormalizeIdentifier(t *testing.T) {
	for in, want := range map[string]string{"os": "os", "ｏｓ": "os", "ﬁle": "file", "é": "é", "e\u0301": "é", "ℌ": "H"} {
		if got := NormalizeIdentifier(in); got != want {
			t.Errorf("NormalizeIdentifier(%q) = %q, want %q", in, got, want)
		}
	}
}
