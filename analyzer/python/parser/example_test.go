package parser_test

import (
	"fmt"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

func ExampleParse() {
	src := []byte("import os\nfrom .util import run as r\nos.system(f'ls {path}')\n")
	mod, err := parser.Parse(src, "example.py")
	if err != nil {
		fmt.Println(err)
		return
	}
	ast.Walk(mod, func(n, parent ast.Node) bool {
		switch n := n.(type) {
		case *ast.Import:
			for _, a := range n.Names {
				fmt.Printf("line %d: import %s\n", n.Lineno, a.Name)
			}
		case *ast.ImportFrom:
			fmt.Printf("line %d: from %s%s import %s\n", n.Lineno, ".."[:n.Level], ast.Str(n.Module), n.Names[0].Name)
		case *ast.Call:
			fmt.Printf("line %d col %d-%d: call\n", n.Lineno, n.ColOffset, n.EndColOffset)
		}
		return true
	})

	_, err = parser.Parse([]byte("print 'hello'\n"), "bad.py")
	fmt.Println(err)
	// Output:
	// line 1: import os
	// line 2: from .util import run
	// line 3 col 0-23: call
	// line 1:0: SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?
}
