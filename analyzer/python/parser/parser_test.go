package parser

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

var update = flag.Bool("update", false, "rewrite testdata/cases.golden from python3's ast.dump")

// testCase is one snippet of testdata/cases.txt. What CPython makes of it (its dump with
// attributes, or "ERROR ...") is in testdata/cases.golden, in the same order.
type testCase struct {
	name, src string
}

// loadCases reads testdata/cases.txt: snippets, each introduced by a "### name" line.
func loadCases(t *testing.T) []testCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	for _, chunk := range strings.Split(string(data), "### ")[1:] {
		name, src, _ := strings.Cut(chunk, "\n")
		cases = append(cases, testCase{name: name, src: src})
	}
	return cases
}

// cpythonDumps runs python3 on every snippet and returns its dumps, or nil when python3 is not installed.
func cpythonDumps(t *testing.T, cases []testCase) []string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		return nil
	}
	dir := t.TempDir()
	args := []string{filepath.Join("testdata", "cpython_dump.py"), "--batch", filepath.Join(dir, "out")}
	for i, c := range cases {
		f := filepath.Join(dir, fmt.Sprintf("%d.py", i))
		if err := os.WriteFile(f, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, f)
	}
	cmd := exec.Command("python3", args...)
	cmd.Stderr = nil // SyntaxWarnings from some snippets are expected
	if out, err := cmd.Output(); err != nil {
		t.Fatalf("python3 cpython_dump.py: %v\n%s", err, out)
	}
	dumps := make([]string, len(cases))
	for i := range cases {
		b, err := os.ReadFile(filepath.Join(dir, "out", fmt.Sprintf("%d.dump", i)))
		if err != nil {
			t.Fatal(err)
		}
		dumps[i] = string(b)
	}
	return dumps
}

const goldenPath = "testdata/cases.golden"

func readGolden(t *testing.T, n int) []string {
	t.Helper()
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test -run TestParseMatchesCPython -update with python3 3.11 installed)", err)
	}
	parts := strings.Split(string(data), "\n\x00\n")
	if len(parts) != n {
		t.Fatalf("%s has %d entries for %d cases: regenerate it with -update", goldenPath, len(parts), n)
	}
	return parts
}

// TestParseMatchesCPython checks every snippet of testdata/cases.txt against CPython 3.11: the same
// accept/reject decision and, when accepted, the same ast.dump(include_attributes=True). The expectations
// live in testdata/cases.golden; when python3 is installed they are also checked against it live.
func TestParseMatchesCPython(t *testing.T) {
	cases := loadCases(t)
	live := cpythonDumps(t, cases)
	if *update {
		if live == nil {
			t.Fatal("-update needs python3 (3.11) on PATH")
		}
		if err := os.WriteFile(goldenPath, []byte(strings.Join(live, "\n\x00\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden := readGolden(t, len(cases))
	for i, c := range cases {
		want := golden[i]
		if live != nil && live[i] != want {
			t.Errorf("%s: %s is stale for %q: python3 now says %.200s", c.name, goldenPath, c.src, live[i])
			continue
		}
		m, err := Parse([]byte(c.src), "case.py")
		if strings.HasPrefix(want, "ERROR") {
			if err == nil {
				t.Errorf("%s: accepted %q, CPython rejects it: %s", c.name, c.src, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: rejected %q (%v), CPython accepts it", c.name, c.src, err)
			continue
		}
		if got := ast.Dump(m, true); got != want {
			t.Errorf("%s: tree differs for %q\n got: %s\nwant: %s", c.name, c.src, got, want)
		}
	}
}

// TestPrefixesNeverPanic parses every byte prefix of every snippet: whatever the input, the parser must answer
// with a tree or a *token.SyntaxError, never by hitting its internal-error guard.
func TestPrefixesNeverPanic(t *testing.T) {
	for _, c := range loadCases(t) {
		src := []byte(c.src)
		for n := 0; n <= len(src); n++ {
			_, err := Parse(src[:n], "prefix.py")
			if err == nil {
				continue
			}
			var se *token.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%s[:%d]: error %T is not a *token.SyntaxError", c.name, n, err)
			}
			if strings.Contains(se.Msg, "internal parser error") {
				t.Fatalf("%s[:%d] %q: %v", c.name, n, src[:n], err)
			}
		}
	}
}

// TestNestingLimits feeds inputs far deeper than CPython accepts (and some just within): the parser must stay
// within its own stack and give CPython's decision with a clear error.
func TestNestingLimits(t *testing.T) {
	rep := func(s string, n int) string { return strings.Repeat(s, n) }
	tests := []struct {
		name    string
		src     string
		wantErr string // "" means accepted
	}{
		{"unary minus 100000", rep("-", 100000) + "1", "too complex"},
		// ast.parse called from module level accepts 2988 nested unary minus and rejects 2989
		// (RecursionError while building the Python objects).
		{"unary minus 2988", rep("-", 2988) + "1", ""},
		{"unary minus 2989", rep("-", 2989) + "1", "too complex"},
		// Only the deep statement's own tokens and nesting count, not the statements around it.
		{"unary minus 2988 after 3000 statements", rep("x = 1\n", 3000) + rep("-", 2988) + "1\ny = 2", ""},
		{"unary minus 2989 after 3000 statements", rep("x = 1\n", 3000) + rep("-", 2989) + "1\ny = 2", "too complex"},
		{"unary minus 2987 in a def", "def f():\n return " + rep("-", 2987) + "1", ""},
		{"unary minus 2988 in a def", "def f():\n return " + rep("-", 2988) + "1", "too complex"},
		{"not 100000", rep("not ", 100000) + "x", "too complex"},
		{"lambda 100000", rep("lambda:", 100000) + "1", "too complex"},
		{"power 100000", rep("2**", 100000) + "1", "too complex"},
		{"if-else 100000", rep("a if b else ", 100000) + "c", "too complex"},
		{"binop chain 100000", "a" + rep("+a", 100000), "too complex"},
		{"binop chain 2000", "a" + rep("+a", 2000), ""},
		{"binop chain 4000 in one f-string", "f'{" + rep("a+", 4000) + "a}'", "too complex"},
		{"unary minus 4000 in a nested f-string", "f'{x:{" + rep("-", 4000) + "1}}'", "too complex"},
		{"call chain 100000", "f" + rep("()", 100000), "too complex"},
		{"attribute chain 100000", "a" + rep(".b", 100000), "too complex"},
		{"subscript chain 100000", "a" + rep("[0]", 100000), "too complex"},
		{"parentheses 199", rep("(", 199) + "1" + rep(")", 199), ""},
		{"parentheses 200", rep("(", 200) + "1" + rep(")", 200), ""},
		{"parentheses 201", rep("(", 201) + "1" + rep(")", 201), "too many nested parentheses"},
		{"parentheses 100000 unclosed", rep("(", 100000), "too many nested parentheses"},
		{"elif 100000", "if a: pass\n" + rep("elif a: pass\n", 100000), "too complex"},
		{"nested calls 199", rep("f(", 199) + rep(")", 199), ""},
		{"nested genexps in calls", nestedGenexps(99), ""},
		{"nested tuple targets 150", rep("(", 150) + "a" + rep(")", 150) + " = 1", ""},
		{"nested list targets 150", rep("[", 150) + "a" + rep("]", 150) + " = 1", ""},
		{"nested del targets 150", "del " + rep("(", 150) + "a" + rep(")", 150), ""},
		{"nested patterns 150", "match x:\n case " + rep("[", 150) + "a" + rep("]", 150) + ": pass", ""},
		{"nested slices 99", rep("a[b[", 99) + "0" + rep("]:]", 99), ""},
		{"indentation 100", indented(99), ""},
		{"indentation 101", indented(101), "too many levels of indentation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src+"\n"), "deep.py")
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("accepted, want error containing %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("error %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func nestedGenexps(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "f(x%d for x%d in ", i, i)
	}
	b.WriteString("y")
	b.WriteString(strings.Repeat(")", n))
	return b.String()
}

func indented(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strings.Repeat(" ", i) + "if x:\n")
	}
	b.WriteString(strings.Repeat(" ", n) + "pass")
	return b.String()
}

// TestErrors checks the error kind, message and position for a few common mistakes.
func TestErrors(t *testing.T) {
	tests := []struct {
		src       string
		kind, msg string
		line, col int
	}{
		{"x = (1,\n", "SyntaxError", "'(' was never closed", 1, 4},
		{"if x:\npass\n", "IndentationError", "expected an indented block after 'if' statement on line 1", 2, 0},
		{"class A:\n  def f(self):\n  pass\n", "IndentationError", "expected an indented block after function definition on line 2", 3, 2},
		{"x = = 1\n", "SyntaxError", "invalid syntax", 1, 4},
		{"x = 1 +\n", "SyntaxError", "invalid syntax", 1, 7},
		{"print 'x'\n", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 0},
		{"print x, y\n", "SyntaxError", "Missing parentheses in call to 'print'", 1, 0},
		{"if x\n    pass\n", "SyntaxError", "expected ':'", 1, 4},
		{"for x in y\n    pass\n", "SyntaxError", "expected ':'", 1, 10},
		{"b'a' 'b'\n", "SyntaxError", "cannot mix bytes and nonbytes literals", 1, 5},
		{"f'{x!z}'\n", "SyntaxError", "f-string: invalid conversion character: expected 's', 'r', or 'a'", 1, 0},
		{"match x:\n case 1+2: pass\n", "SyntaxError", "imaginary number required in complex literal", 2, 8},
		{"x = " + strings.Repeat("9", 4301) + "\n", "SyntaxError", "Exceeds the limit (4300 digits)", 1, 4},
		{"def f:\n  pass\n", "SyntaxError", "expected '('", 1, 5},
		{"f() = 1\n", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 0},
		{"x, f() = 1\n", "SyntaxError", "cannot assign to function call", 1, 3},
		{"None = 1\n", "SyntaxError", "cannot assign to None", 1, 0},
		{"del f()\n", "SyntaxError", "cannot delete function call", 1, 4},
		{"(a, b) += 1\n", "SyntaxError", "'tuple' is an illegal expression for augmented assignment", 1, 0},
		{"x = yield = 1\n", "SyntaxError", "assignment to yield expression not possible", 1, 4},
		{"  x = 1\n", "IndentationError", "unexpected indent", 1, 2},
		// Which error comes first when the tokenizer fails too, in CPython's order (see tokenizerError);
		// each was checked against python3 3.11.
		{"a b\nx = \"unterminated\n", "SyntaxError", "unterminated string literal (detected at line 2)", 2, 4},
		{"x = 1\ny = \"abc\n", "SyntaxError", "unterminated string literal (detected at line 2)", 2, 4},
		{"a b\nc = (1,\n", "SyntaxError", "invalid syntax", 1, 2},
		{"f(1,\n2 3\n", "SyntaxError", "'(' was never closed", 1, 1},
		{"a $ b\nc = )\n", "SyntaxError", "unmatched ')'", 2, 4},
		{"a b\n  c\n", "SyntaxError", "invalid syntax", 1, 2},
		{"  x\ny = \"abc\n", "IndentationError", "unexpected indent", 1, 2},
		{"a ? b\n", "SyntaxError", "invalid syntax", 1, 2},
		{"f(a b)\n", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 2},
		{"x = [1 2]\n", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 5},
		{"{\"a\": b c}\n", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 6},
		{"f(x.y z)\n", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 2},
		{"x = a b\n", "SyntaxError", "invalid syntax", 1, 6}, // outside brackets: no comma hint
		{"try:\n  x\n", "SyntaxError", "expected 'except' or 'finally' block", 2, 3},
		{"try:\n  x\n\n# c\n", "SyntaxError", "expected 'except' or 'finally' block", 4, 3},
		{"def f():\n  try:\n    x\n  y\n", "SyntaxError", "expected 'except' or 'finally' block", 4, 2},
		{"try: x\ny\n", "SyntaxError", "expected 'except' or 'finally' block", 2, 0},
		{"if x = 1:\n  pass\n", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 3},
		{"while x = 1:\n  pass\n", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 6},
		{"if x.y = 1:\n  pass\n", "SyntaxError", "cannot assign to attribute here. Maybe you meant '==' instead of '='?", 1, 3},
		{"if x = 1 = 2:\n  pass\n", "SyntaxError", "invalid syntax", 1, 5},
		{"from x import a, b,\n", "SyntaxError", "trailing comma not allowed without surrounding parentheses", 1, 19},
		{"def f(a, b=, c=1):\n  pass\n", "SyntaxError", "expected default value expression", 1, 10},
		{"def f(x, (a, b)):\n  pass\n", "SyntaxError", "Function parameters cannot be parenthesized", 1, 9},
		{"def f(a b):\n  pass\n", "SyntaxError", "invalid syntax", 1, 8}, // parameters: no comma hint
		{"from x import (a b)\n", "SyntaxError", "invalid syntax", 1, 17},
		{"if x:\n  pass\nelse\n  pass\n", "SyntaxError", "expected ':'", 3, 4},
		{"class X\n  pass\n", "SyntaxError", "expected ':'", 1, 7},
		{"if x +\n  pass\n", "SyntaxError", "invalid syntax", 1, 6}, // the header is not complete
		{"while\n", "SyntaxError", "invalid syntax", 1, 5},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.src), "err.py")
		var se *token.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a *token.SyntaxError", tt.src, err)
			continue
		}
		if se.Kind != tt.kind || !strings.Contains(se.Msg, tt.msg) || se.Line != tt.line || se.Col != tt.col {
			t.Errorf("%q: got %s %q at %d:%d, want %s %q at %d:%d", tt.src, se.Kind, se.Msg, se.Line, se.Col,
				tt.kind, tt.msg, tt.line, tt.col)
		}
	}
}

// TestPositionsOfKeyNodes pins CPython's positions for constructs whose rules are easy to get wrong, so that a
// failure names the node rather than a whole dump.
func TestPositionsOfKeyNodes(t *testing.T) {
	tests := []struct {
		src  string
		pick func(m *ast.Module) ast.Located
		want ast.Loc
	}{
		{"@d\ndef f(): pass\n", func(m *ast.Module) ast.Located { return m.Body[0] }, ast.Loc{Lineno: 2, ColOffset: 0, EndLineno: 2, EndColOffset: 13}},
		{"if a:\n    pass\nelif b:\n    pass\n", func(m *ast.Module) ast.Located { return m.Body[0].(*ast.If).Orelse[0] }, ast.Loc{Lineno: 3, ColOffset: 0, EndLineno: 4, EndColOffset: 8}},
		{"x = f'{a}{a}'\n", func(m *ast.Module) ast.Located {
			return m.Body[0].(*ast.Assign).Value.(*ast.JoinedStr).Values[1].(*ast.FormattedValue).Value
		}, ast.Loc{Lineno: 1, ColOffset: 10, EndLineno: 1, EndColOffset: 11}},
		{"a, b, = c\n", func(m *ast.Module) ast.Located { return m.Body[0].(*ast.Assign).Targets[0] }, ast.Loc{Lineno: 1, ColOffset: 0, EndLineno: 1, EndColOffset: 5}},
		{"f(x for x in y)\n", func(m *ast.Module) ast.Located {
			return m.Body[0].(*ast.ExprStmt).Value.(*ast.Call).Args[0]
		}, ast.Loc{Lineno: 1, ColOffset: 1, EndLineno: 1, EndColOffset: 15}},
	}
	for _, tt := range tests {
		m, err := Parse([]byte(tt.src), "pos.py")
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if got := tt.pick(m).Location(); got != tt.want {
			t.Errorf("%q: got %+v, want %+v", tt.src, got, tt.want)
		}
	}
}

// TestNFKCIdentifiers checks that identifiers are normalised as CPython does ("ｏｓ" is "os").
func TestNFKCIdentifiers(t *testing.T) {
	m, err := Parse([]byte("import ｏｓ\nｏｓ.ｓｙｓｔｅｍ('x')\n"), "nfkc.py")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Body[0].(*ast.Import).Names[0].Name; got != "os" {
		t.Errorf("import name = %q, want os", got)
	}
	attr := m.Body[1].(*ast.ExprStmt).Value.(*ast.Call).Func.(*ast.Attribute)
	if attr.Attr != "system" || attr.Value.(*ast.Name).Id != "os" {
		t.Errorf("call = %s.%s, want os.system", attr.Value.(*ast.Name).Id, attr.Attr)
	}
}

func TestBytesValue(t *testing.T) {
	m, err := Parse([]byte("b'a\\x00' rb'\\n'\n"), "b.py")
	if err != nil {
		t.Fatal(err)
	}
	v, ok := m.Body[0].(*ast.ExprStmt).Value.(*ast.Constant).Value.([]byte)
	if !ok || !bytes.Equal(v, []byte("a\x00\\n")) {
		t.Fatalf("value = %#v", m.Body[0].(*ast.ExprStmt).Value.(*ast.Constant).Value)
	}
}
