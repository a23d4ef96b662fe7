package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx306 = &engine.Check{
	ID: "SBX306", Name: "array-interface", Capability: "native_code", Severity: "critical", CWE: 787,
	Doc:     "__array_interface__ or __array_struct__ named anywhere (an attribute, a method, a class-body or dict key, a setattr string): numpy.asarray of an object that has one is an array at the address its data field gives, which reads and writes any memory",
	Hint:    "build arrays from lists, buffers or files (numpy.array, numpy.frombuffer, numpy.load)",
	Message: "%s: numpy makes an array at any address the interface gives",
	Nodes:   []engine.NodeKind{engine.ModuleNode},
	Run:     runSBX306,
}

// arrayInterfaces are numpy's protocols by which an object hands numpy a raw address.
var arrayInterfaces = map[string]bool{"__array_interface__": true, "__array_struct__": true}

func runSBX306(p *engine.Pass, n ast.Node) {
	ast.Walk(n, func(x, _ ast.Node) bool {
		var name string
		switch x := x.(type) {
		case *ast.Name:
			name = x.Id
		case *ast.Attribute:
			name = x.Attr
		case *ast.FunctionDef:
			name = x.Name
		case *ast.AsyncFunctionDef:
			name = x.Name
		case *ast.Constant:
			name, _ = x.Value.(string)
		}
		if arrayInterfaces[name] {
			p.Report(x, name)
		}
		return true
	})
}
