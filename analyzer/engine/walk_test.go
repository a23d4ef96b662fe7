package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

// TestWalkOrderIsChildrenOrder checks that the walker, which pushes the children of common nodes
// itself, visits every node's children in ast.Children's order, as checks and reports rely on.
func TestWalkOrderIsChildrenOrder(t *testing.T) {
	a := newTestEngine(t)
	files, _ := filepath.Glob("../../testdata/corpus/*/*.py")
	files = append(files, "../testdata/llm_program.py")
	walked := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := parser.Parse(src, file)
		if err != nil {
			continue // the corpus has files that do not parse
		}
		p := newPass(a, &Report{}, src, string(src), mod)
		col := &collector{a: a, w: p.w, p: p}
		p.frames, p.order = p.w.walk(mod, p.frames, p.order, col)
		kids := make(map[int32][]ast.Node)
		for _, fi := range p.order {
			if f := p.frames[fi]; f.parent >= 0 {
				kids[f.parent] = append(kids[f.parent], f.n)
			}
		}
		for i, f := range p.frames {
			if want := ast.Children(f.n); !slices.Equal(kids[int32(i)], want) {
				t.Errorf("%s: the children of %s at %+v are walked as %d nodes, not ast.Children's %d in order",
					file, f.n.NodeType(), locOf(f.n), len(kids[int32(i)]), len(want))
			}
		}
		walked++
		p.release()
	}
	if walked < 2 {
		t.Fatalf("walked %d files", walked)
	}
}
