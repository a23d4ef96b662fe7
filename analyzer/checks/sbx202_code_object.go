package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx202 = &engine.Check{
	ID: "SBX202", Name: "code-object", Capability: "dynamic_code", Severity: "critical", CWE: 94,
	Doc:        "code object construction or mutation: types.CodeType, types.FunctionType (also as type(f) of a function, called or kept), code.replace, __code__ assignment",
	Hint:       "define functions with def or lambda",
	Message:    "%s builds a function or code object at run time",
	Nodes:      []engine.NodeKind{engine.CallNode, engine.AttributeNode, engine.SubscriptNode, engine.NameNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode},
	Names: &engine.Names{
		Exact: []string{
			"types.CodeType", "types.FunctionType", "types.LambdaType",
		},
	},
	Run: runSBX202,
}

func runSBX202(p *engine.Pass, n ast.Node) {
	p.ReportNamed(n)
	switch n := n.(type) {
	case *ast.Call:
		if functionType(p, n) {
			// Called, kept or passed; type(f).__name__ and type(f) is ... read nothing.
			switch p.Parent().(type) {
			case *ast.Attribute, *ast.Compare:
			default:
				p.Reportf(n, "type() of a function is types.FunctionType, which builds a function of any code object")
				return
			}
		}
		if at, ok := n.Func.(*ast.Attribute); ok && at.Attr == "replace" {
			if inner, ok := at.Value.(*ast.Attribute); ok && inner.Attr == "__code__" {
				p.Reportf(n, "__code__.replace() rewrites a function's code object")
			}
		}
	case *ast.Attribute:
		if n.Attr == "__code__" && n.Ctx != ast.Load {
			p.Reportf(n, "assignment to __code__ replaces a function's code")
		}
	}
}

// functionType reports whether c is type(f) of a function: f a def or lambda of the program.
func functionType(p *engine.Pass, c *ast.Call) bool {
	if len(c.Args) != 1 || len(c.Keywords) != 0 {
		return false
	}
	if _, ok := engine.FirstIn(p.Refs(c.Func), typeBuiltin); !ok {
		return false
	}
	switch a := c.Args[0].(type) {
	case *ast.Lambda:
		return true
	case *ast.Name:
		binds := p.Bindings(a.Id)
		for _, b := range binds {
			if !b.IsFunctionDef() {
				return false
			}
		}
		return len(binds) > 0
	}
	return false
}
