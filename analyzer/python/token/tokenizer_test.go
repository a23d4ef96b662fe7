package token

import (
	"fmt"
	"strings"
	"testing"
)

// Each case is checked twice: against our expectation and against python3's
// ast.parse, so the table itself cannot drift from CPython.
var tokenizeCases = []struct {
	name    string
	src     string
	wantErr string // substring of our error; "" means the tokenizer accepts
	pyValid bool   // whether ast.parse accepts (false when only the parser rejects)
}{
	{"empty", "", "", true},
	{"comment only", "# hi", "", true},
	{"crlf", "x = 1\r\ny = 2\r\n", "", true},
	{"lone cr", "x = 1\ry = 2\r", "", true},
	{"no final newline", "x = 1", "", true},
	{"form feed resets column", "if 1:\n\f    x = 1\n    y = 2\n", "", true},
	{"tab then spaces consistent", "if 1:\n\tx = 1\n\ty = 2\n", "", true},
	{"taberror", "if 1:\n\tx=1\n        y=2\n", "inconsistent use of tabs", false},
	{"taberror after ff", "\fif 1:\n\tx=1\n        y=2\n", "inconsistent use of tabs", false},
	{"bad dedent", "if 1:\n    x = 1\n  y = 2\n", "unindent does not match", false},
	{"continuation", "x = 1 + \\\n  2\n", "", true},
	{"continuation in indent", "if 1:\n  \\\n    y = 2\n", "", true},
	{"continuation then blank line", "\\\n \n", "", true},
	{"continuation sets indentation", "\\\n  x = 1\n", "", false},
	{"indented continuation", "  \\\nx=1\n", "", false},
	{"continuation keeps first column", "if 1:\n  x=1\n\\\n  y = 2\n", "", true},
	{"continuation before comment line", "\\\n# c\nx=1\n", "", true},
	{"continuation junk", "x = 1 \\ 2\n", "unexpected character after line continuation", false},
	{"continuation at eof", "x = 1 \\", "unexpected EOF", false},
	{"implicit joining", "x = (1,\n  2,\n\n# c\n   3)\n", "", true},
	{"never closed", "x = (1,\n", "'(' was never closed", false},
	{"unmatched", "x = 1)\n", "unmatched ')'", false},
	{"mismatched", "x = (1]\n", "does not match opening parenthesis '('", false},
	{"mismatched other line", "x = (1,\n]\n", "on line 1", false},
	{"nesting 200", strings.Repeat("(", 200) + strings.Repeat(")", 200), "", true},
	{"nesting 201", strings.Repeat("(", 201) + strings.Repeat(")", 201), "too many nested parentheses", false},
	{"indent 99", nestedIfs(99), "", true},
	{"indent 100", nestedIfs(100), "too many levels of indentation", false},
	{"underscores", "x = 1_000 + 0x_1 + 0b_1 + 0o_7 + 1_0.0_1e1_0j", "", true},
	{"0_7", "0_7", "leading zeros", false},
	{"0777", "0777", "leading zeros", false},
	{"00", "00", "", true},
	{"0_0", "0_0", "", true},
	{"09.5", "09.5", "", true},
	{"09j", "09j", "", true},
	{"09e1", "09e1", "", true},
	{"1__0", "1__0", "invalid decimal literal", false},
	{"1_", "1_", "invalid decimal literal", false},
	{"0x", "0x", "invalid hexadecimal literal", false},
	{"0x_", "0x_", "invalid hexadecimal literal", false},
	{"0b2", "0b12", "invalid digit '2' in binary literal", false},
	{"0o8", "0o8", "invalid digit '8' in octal literal", false},
	{"0o", "0o", "invalid octal literal", false},
	{"1if", "x = 1if 1 else 2", "", true},
	{"0x1for", "[0x1for x in y]", "", true},
	{"1else", "x = 1 if 1else 2", "", true},
	{"1ifx", "1ifx", "", false},
	{"1ex", "1ex", "invalid decimal literal", false},
	{"1e", "1e", "invalid decimal literal", false},
	{"1e+", "1e+", "invalid decimal literal", false},
	{"1abc", "1abc", "invalid decimal literal", false},
	{"1jx", "1jx", "invalid imaginary literal", false},
	{"1.e5", "1.e5", "", true},
	{".5j", ".5j", "", true},
	{"1_000j", "1_000j", "", true},
	{"ellipsis", "x = ...", "", true},
	{"dot dot", "x..y", "", false},
	{"string prefixes", `x = r'a' + u'b' + R"c" + U"d" + b'e' + Br'f' + rB'g' + f'h' + Rf'i' + fR'j' + BR"k"`, "", true},
	{"ur invalid", `ur'x'`, "", false},
	{"bu invalid", `bu'x'`, "", false},
	{"fb invalid", `fb'x'`, "", false},
	{"triple", "x = '''a\n'b'\n'''\n", "", true},
	{"triple escaped quote", `x = """a\""""`, "", true},
	{"unterminated", "x = 'abc\n", "unterminated string literal (detected at line 1)", false},
	{"unterminated triple", "x = '''abc\n\n", "unterminated triple-quoted string literal", false},
	{"string continuation", "x = 'a\\\nb'\n", "", true},
	{"cr in string is newline", "x = 'a\rb'\n", "unterminated string literal", false},
	{"fstring nested other quote", `x = f'{"a"}'`, "", true},
	{"fstring same quote", `x = f'{'a'}'`, "", false},
	{"dollar", "x = $", "invalid syntax", false},
	{"question", "x = 1 ?", "invalid syntax", false},
	{"bang", "x = !1", "invalid syntax", false},
	{"noteq old", "1 <> 2", "", false},
	{"control char", "x = 1\x01", "invalid non-printable character U+0001", false},
	{"vertical tab", "x = \v1", "invalid non-printable character U+000B", false},
	{"nbsp", "\u00a0x = 1", "invalid non-printable character U+00A0", false},
	{"arrow char", "x = 1 → 2", "invalid character '→' (U+2192)", false},
	{"unicode ident", "ñame = ｏｓ = é1 = _x = x·y = 1", "", true},
	{"bad ident start", "x = ·y", "invalid character", false},
	{"bom mid-file", "x = 1\n\ufeffy = 2", "invalid non-printable character U+FEFF", false},
	{"invalid utf8 in comment", "x = 1  # \xff\xfe\n", "", true},
	{"invalid utf8 in ident", "x\xff = 1", "can't decode", false},
	{"walrus and arrow", "def f() -> int: return (y := 1)", "", true},
	{"operators", "a **= b; a //= b; a >>= b; a <<= b; a @= b; a != b; a -> b", "", false},
	{"async await names", "async def f():\n    await x\n", "", true},
	{"dedent at eof", "if 1:\n    if 2:\n        x", "", true},
	{"indent with blank and comment lines", "if 1:\n\n    # c\n  # d\n    x = 1\n", "", true},
	{"null byte", "x = 1\x00", "null bytes", false},
}

func nestedIfs(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%sif 1:\n", strings.Repeat(" ", i))
	}
	fmt.Fprintf(&b, "%spass\n", strings.Repeat(" ", n))
	return b.String()
}

func TestTokenizeCases(t *testing.T) {
	o := pyOracle(t)
	for _, tc := range tokenizeCases {
		t.Run(tc.name, func(t *testing.T) {
			toks, err := Tokenize([]byte(tc.src))
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("Tokenize(%q) = error %v, want tokens", tc.src, err)
			case tc.wantErr != "" && err == nil:
				t.Errorf("Tokenize(%q) = %v, want error containing %q", tc.src, toks, tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("Tokenize(%q) error = %v, want it to contain %q", tc.src, err, tc.wantErr)
			}
			if err == nil && toks[len(toks)-1].Kind != EndMarker {
				t.Errorf("token stream does not end with EndMarker: %v", toks)
			}
			a := o.ask(t, "parse", []byte(tc.src), "")
			if a.OK != tc.pyValid {
				t.Errorf("python3 ast.parse(%q) ok=%v (%s: %s), table says %v", tc.src, a.OK, a.Type, a.Msg, tc.pyValid)
			}
			if tc.wantErr != "" && !a.OK && !strings.Contains(a.Msg, tc.wantErr) && !strings.Contains(tc.wantErr, "invalid syntax") &&
				!strings.Contains(tc.wantErr, "can't decode") && !strings.Contains(tc.wantErr, "null bytes") {
				t.Errorf("python3 message %q does not contain %q", a.Msg, tc.wantErr)
			}
		})
	}
}

func TestTokenPositions(t *testing.T) {
	src := "if x:\n\tyé = 'a\\\nb' + \"\"\"c\nd\"\"\"\n"
	toks, err := Tokenize([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range toks {
		got = append(got, tk.String())
	}
	want := []string{
		"1,0-1,2:\tNAME\t\"if\"",
		"1,3-1,4:\tNAME\t\"x\"",
		"1,4-1,5:\tOP\t\":\"",
		"1,5-1,6:\tNEWLINE\t\"\"",
		"2,1-2,1:\tINDENT\t\"\"",
		"2,1-2,4:\tNAME\t\"yé\"",
		"2,5-2,6:\tOP\t\"=\"",
		"2,7-3,2:\tSTRING\t\"'a\\\\\\nb'\"",
		"3,3-3,4:\tOP\t\"+\"",
		"3,5-4,4:\tSTRING\t\"\\\"\\\"\\\"c\\nd\\\"\\\"\\\"\"",
		"4,4-4,5:\tNEWLINE\t\"\"",
		"5,0-5,0:\tDEDENT\t\"\"",
		"5,0-5,0:\tENDMARKER\t\"\"",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tokens:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
