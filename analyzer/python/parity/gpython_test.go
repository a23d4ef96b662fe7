package parity

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	gast "github.com/go-python/gpython/ast"
	gparser "github.com/go-python/gpython/parser"
	"github.com/go-python/gpython/py"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// gpythonSkip lists stdlib files on which gpython v0.2.0 itself is wrong,
// with the reason (each one checked by hand against python3).
var gpythonSkip = map[string]string{
	"test/tokenizedata/badsyntax_pep3120.py": "a str literal holds the invalid UTF-8 byte 0xf6: python3 rejects the file " +
		"(SyntaxError: 'utf-8' codec can't decode byte 0xf6), gpython accepts it without decoding",
}

// facts are what the analyzer relies on: imports and called names.
func gpythonFacts(m gast.Ast) map[string]bool {
	f := map[string]bool{}
	gast.Walk(m, func(n gast.Ast) bool {
		switch n := n.(type) {
		case *gast.Import:
			for _, a := range n.Names {
				f["import "+string(a.Name)] = true
			}
		case *gast.ImportFrom:
			for _, a := range n.Names {
				f[fmt.Sprintf("from %s%s import %s", strings.Repeat(".", n.Level), n.Module, a.Name)] = true
			}
		case *gast.Call:
			switch fn := n.Func.(type) {
			case *gast.Name:
				// gpython bug: a decorator "@a.b(...)" becomes Call(Name(id="a.b"))
				// where CPython builds Attribute(Name("a"), "b"); read it as CPython does.
				if i := strings.LastIndexByte(string(fn.Id), '.'); i >= 0 {
					f["call ."+string(fn.Id)[i+1:]] = true
				} else {
					f["call "+string(fn.Id)] = true
				}
			case *gast.Attribute:
				f["call ."+string(fn.Attr)] = true
			}
		}
		return true
	})
	return f
}

func ourFacts(m *ast.Module) map[string]bool {
	f := map[string]bool{}
	ast.Walk(m, func(n, _ ast.Node) bool {
		switch n := n.(type) {
		case *ast.Import:
			for _, a := range n.Names {
				f["import "+a.Name] = true
			}
		case *ast.ImportFrom:
			for _, a := range n.Names {
				f[fmt.Sprintf("from %s%s import %s", strings.Repeat(".", n.Level), ast.Str(n.Module), a.Name)] = true
			}
		case *ast.Call:
			switch fn := n.Func.(type) {
			case *ast.Name:
				f["call "+fn.Id] = true
			case *ast.Attribute:
				f["call ."+fn.Attr] = true
			}
		}
		return true
	})
	return f
}

func setDiff(a, b map[string]bool) []string {
	var d []string
	for k := range a {
		if !b[k] {
			d = append(d, k)
		}
	}
	sort.Strings(d)
	return d
}

// TestGpythonCrossCheck: for every stdlib file gpython v0.2.0 parses (it
// knows Python 3.4 syntax, so many fail), the imports and called names it
// sees must be exactly ours. An independent parser guards against our
// parser and python3's dump agreeing on a tree that our walker misreads.
func TestGpythonCrossCheck(t *testing.T) {
	root, files := stdlibFiles(t)
	var rep diffReport
	compared, gpyFails := 0, 0
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		if why, ok := gpythonSkip[rel]; ok {
			t.Logf("skip %s: %s", rel, why)
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := token.Decode(src)
		if err != nil {
			continue
		}
		gm, err := gparser.Parse(strings.NewReader(text), rel, py.ExecMode)
		if err != nil {
			gpyFails++
			continue
		}
		om, err := parser.Parse(src, rel)
		if err != nil {
			rep.add("gpython parses, we reject", fmt.Sprintf("%s: %v", rel, err))
			continue
		}
		compared++
		g, o := gpythonFacts(gm), ourFacts(om)
		if onlyG, onlyO := setDiff(g, o), setDiff(o, g); len(onlyG)+len(onlyO) > 0 {
			rep.add("different imports/calls", fmt.Sprintf("%s: only gpython %q; only ours %q",
				rel, onlyG[:min(len(onlyG), 10)], onlyO[:min(len(onlyO), 10)]))
		}
	}
	t.Logf("%d files: gpython parses %d (all compared), fails on %d", len(files), compared, gpyFails)
	if compared == 0 {
		t.Fatal("gpython parsed no file: the cross-check checked nothing")
	}
	rep.failVs(t, "files parsed by gpython", compared, "gpython")
}
