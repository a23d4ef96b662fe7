package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/config"
)

// newTestEngine is an engine without checks: the facts alone.
func newTestEngine(t testing.TB) *Engine {
	t.Helper()
	a, err := New(config.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// allowed must agree with config.Modules.ModuleAllowed, which the rest of the gate uses.
func TestAllowedMatchesConfig(t *testing.T) {
	a := newTestEngine(t)
	for _, m := range []string{"os", "os.path", "json.decoder", "logging", "logging.config", "logging.config.x",
		"urllib", "urllib.parse", "urllib.request", "subprocess", "xml.etree.ElementTree", "xml.dom", "unittest.mock", ""} {
		if got, want := a.allowed(m), a.cfg.Modules.ModuleAllowed(m); got != want {
			t.Errorf("allowed(%q) = %v, config says %v", m, got, want)
		}
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	if _, err := New(nil, nil); err == nil {
		t.Fatal("New(nil) succeeded")
	}
	cfg := config.Default()
	cfg.Modules.Capabilities = map[string][]string{"os.system": {"teleport"}}
	if _, err := New(cfg, nil); err == nil || !strings.Contains(err.Error(), "teleport") {
		t.Fatalf("unknown capability accepted: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	a := newTestEngine(t)
	tests := []struct {
		name, src, kind string
	}{
		{"syntax", "def f(:\n", "SyntaxError"},
		{"indentation", "if x:\npass\n", "IndentationError"},
		{"refused codec", "# -*- coding: utf-7 -*-\nx = 1\n", "EncodingError"},
		{"invalid utf-8", "x = '\xff'\n", "EncodingError"},
		{"nesting limit", strings.Repeat("(", 300) + strings.Repeat(")", 300) + "\n", "LimitError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := a.Analyze(context.Background(), "x.py", []byte(tt.src))
			if rep.ParseError == nil || rep.ParseError.Kind != tt.kind {
				t.Fatalf("parse error %+v, want kind %s", rep.ParseError, tt.kind)
			}
			if len(rep.Findings) != 0 {
				t.Errorf("findings on unparsable source: %v", rep.Findings)
			}
		})
	}
	big := make([]byte, maxSourceBytes+1)
	if rep := a.Analyze(context.Background(), "big.py", big); rep.ParseError == nil || rep.ParseError.Kind != "LimitError" {
		t.Errorf("oversized source: %+v", rep.ParseError)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if rep := a.Analyze(ctx, "x.py", []byte("x = 1\n")); rep.ParseError == nil {
		t.Error("cancelled context: no error")
	}
}

// A report holds at most maxFindings imports; a program with more is refused, never decided on the
// part the report kept (the 1,001st import of a module outside the allowlist went unseen). The
// findings' side is in the analyzer's tests, which have the checks.
func TestReportImportLimit(t *testing.T) {
	a := newTestEngine(t)
	for n, refused := range map[int]bool{maxFindings: false, maxFindings + 1: true} {
		rep := a.Analyze(context.Background(), "x.py", []byte(strings.Repeat("import json\n", n)))
		if got := rep.ParseError != nil && rep.ParseError.Kind == "LimitError"; got != refused || len(rep.Imports) > maxFindings {
			t.Errorf("%d imports: parse error %+v, %d imports in the report; want refused %v", n, rep.ParseError, len(rep.Imports), refused)
		}
	}
}

// A bug in a check must become a report the policy denies, never a crash.
func TestInternalErrorIsContained(t *testing.T) {
	a := newTestEngine(t)
	boom := &Check{ID: "SBX199", Run: func(*Pass, ast.Node) { panic("boom") }}
	a.checks = []*Check{boom}
	a.byKind = [numKinds][]routed{}
	a.byKind[ModuleNode] = []routed{{boom.Run, 0}}
	rep := a.Analyze(context.Background(), "x.py", []byte("x = 1\n"))
	if rep.ParseError == nil || rep.ParseError.Kind != "InternalError" || !strings.Contains(rep.ParseError.Message, "boom") {
		t.Fatalf("got %+v", rep.ParseError)
	}
}

func TestFold(t *testing.T) {
	a := newTestEngine(t)
	tests := []struct {
		expr string
		want string // "" means not computable
	}{
		{`"o" + "s"`, "os"},
		{`"o" "s"`, "os"},
		{`"%s%s" % ("o", "s")`, "os"},
		{`"{}{}".format("o", "s")`, "os"},
		{`f"{'o'}s"`, "os"},
		{`"".join(["o", "s"])`, "os"},
		{`"".join(chr(c) for c in [111, 115])`, "os"},
		{`chr(ord("n") + 1) + "s"`, "os"},
		{`"so"[::-1]`, "os"},
		{`"xxosxx"[2:4]`, "os"},
		{`"OS".lower()`, "os"},
		{`" os ".strip()`, "os"},
		{`"oXs".replace("X", "")`, "os"},
		{`b"os".decode()`, "os"},
		{`bytes.fromhex("6f73").decode()`, "os"},
		{`bytes([111, 115]).decode()`, "os"},
		{`__import__("base64").b64decode("b3M=").decode()`, "os"},
		{`__import__("codecs").decode("bf", "rot13")`, "os"},
		{`str(1) + "x"`, "1x"},
		{`input()`, ""},
		{`"a" * 5000`, ""},
		{`"%d" % "x"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			src := "v = " + tt.expr + "\n"
			rep := &Report{}
			mod, err := parseForTest(src)
			if err != nil {
				t.Fatal(err)
			}
			p := newPass(a, rep, []byte(src), src, mod)
			p.run(context.Background())
			val := mod.Body[0].(*ast.Assign).Value
			got, ok := p.foldString(val, p.w.root, 1)
			if !ok {
				got = ""
			}
			if got != tt.want {
				t.Errorf("fold(%s) = %q, %v; want %q", tt.expr, got, ok, tt.want)
			}
		})
	}
}

func parseForTest(src string) (*ast.Module, error) { return parser.Parse([]byte(src), "x.py") }

func TestModuleTable(t *testing.T) {
	a := newTestEngine(t)
	if !strings.HasPrefix(a.mods.Python, "CPython 3.") {
		t.Errorf("table does not say which Python generated it: %q", a.mods.Python)
	}
	for _, c := range []struct{ mod, attr, want string }{
		{"random", "_os", "os"}, {"typing", "sys", "sys"}, {"os", "path", "posixpath"}, {"json", "decoder", "json.decoder"},
		// Names written in programs are canonicalized: os.path is posixpath.
		{"os.path", "os", "os"},
		// collections.abc is also the __name__ of _collections_abc, so it has its attributes.
		{"collections.abc", "sys", "sys"},
	} {
		if got, ok := a.mods.moduleAttr(c.mod, c.attr); !ok || got != c.want {
			t.Errorf("%s.%s = %q, %v; want %q", c.mod, c.attr, got, ok, c.want)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"os", "os"}, {"os.path", "posixpath"}, {"json.decoder", "json.decoder"}, {"collections.abc", "collections.abc"},
		{"xml.etree.ElementTree", "xml.etree.ElementTree"}, {"os.path.os", "os"}, {"os.path.nope", "os.path.nope"},
		{"notstdlib.x", "notstdlib.x"}, {"", ""},
	} {
		if got := a.mods.canonical(c.name); got != c.want {
			t.Errorf("canonical(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	for _, b := range []string{"eval", "exec", "__import__", "getattr", "print"} {
		if !a.mods.builtin[b] {
			t.Errorf("builtin %s missing", b)
		}
	}
}

// nameModule stands in for the parser on plain-name strings: it must build exactly the parser's
// tree for them, and refuse everything else.
func TestNameModuleMatchesParser(t *testing.T) {
	for _, code := range []string{
		"Category", "x", "_", "x1", "match", "case", "type", "__builtins__", "eval", "None", "True",
		"if", "lambda", "1x", "", "a.b", "a b", " x", "x\n", "List[int]", "é", "ｅｖａｌ", "f()",
	} {
		got := nameModule(code)
		want, err := parser.Parse([]byte(code), "<string>")
		switch {
		case got == nil:
			// The parser is used: nothing to compare, but a plain name must not land here.
			if err == nil && len(want.Body) == 1 {
				if e, ok := want.Body[0].(*ast.ExprStmt); ok {
					if n, ok := e.Value.(*ast.Name); ok && n.Id == code && strings.TrimSpace(code) == code && code != "" && code[0] < 0x80 {
						t.Errorf("nameModule(%q) = nil for a plain name", code)
					}
				}
			}
		case err != nil:
			t.Errorf("nameModule(%q) built a tree; the parser says %v", code, err)
		default:
			if g, w := ast.Dump(got, true), ast.Dump(want, true); g != w {
				t.Errorf("nameModule(%q):\n got %s\nwant %s", code, g, w)
			}
		}
	}
}
