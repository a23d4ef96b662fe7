package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx306 = &engine.Check{
	ID: "SBX306", Name: "array-interface", Capability: "native_code", Severity: "critical", CWE: 787,
	Doc:     "a raw-pointer protocol named anywhere (an attribute, a method, a class-body or dict key, a setattr string): __array_interface__ and __array_struct__ (numpy.asarray of an object that has one is an array at the address its data field gives, which reads and writes any memory), __dataframe__ (pandas' from_dataframe reads and writes at its buffers' ptr), __dlpack__, __dlpack_device__, __cuda_array_interface__ and the Arrow C interfaces",
	Hint:    "build arrays from lists, buffers or files (numpy.array, numpy.frombuffer, numpy.load)",
	Message: "%s: numpy or pandas reads and writes memory at any address the protocol gives",
	// Each node that spells a name: the one walk routes them (a name or attribute whether or not it
	// refers to anything known).
	Nodes:      []engine.NodeKind{engine.NameNode, engine.AttributeNode, engine.FunctionDefNode, engine.ConstantNode},
	Unresolved: []engine.NodeKind{engine.NameNode, engine.AttributeNode},
	Run:        runSBX306,
}

// arrayInterfaces are numpy's protocols by which an object hands numpy a raw address.
// pandas' interchange protocol (__dataframe__: from_dataframe casts each buffer's ptr to a ctypes
// pointer, and writes through it for sentinel nulls), DLPack (numpy.from_dlpack) and CUDA's
// interface hand over raw addresses the same way; the Arrow C interfaces hand over capsules of
// pointers.
var arrayInterfaces = map[string]bool{
	"__array_interface__": true, "__array_struct__": true, "__dataframe__": true,
	"__dlpack__": true, "__dlpack_device__": true, "__cuda_array_interface__": true,
	"__arrow_c_array__": true, "__arrow_c_stream__": true, "__arrow_c_schema__": true,
}

// arrayHeads spares the map lookup, which hashes the whole string, for every string constant
// (docstrings among them) and name that cannot be one of arrayInterfaces.
var arrayHeads = engine.HeadsOf(arrayInterfaces)

func runSBX306(p *engine.Pass, n ast.Node) {
	var name string
	switch x := n.(type) {
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
	if arrayHeads.In(arrayInterfaces, name) {
		p.Report(n, name)
	}
}
