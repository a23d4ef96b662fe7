package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx301 = &engine.Check{
	ID: "SBX301", Name: "object-graph-dunder", Capability: "introspection", Severity: "high", CWE: 470,
	Doc:        "dunder attribute that walks the object graph: __subclasses__, __globals__, __builtins__, __code__, __closure__, __base__/__bases__/__mro__, __dict__ of modules and of objects that are not the program's own, __getattribute__, __reduce__/__reduce_ex__, __loader__, __spec__, __import__, __self__; any store into an object's __class__",
	Hint:       "use the object's public interface; type(x).__name__ and x.__class__ are fine",
	Message:    "%s walks the object graph",
	Nodes:      []engine.NodeKind{engine.AttributeNode, engine.NameNode, engine.SubscriptNode, engine.CallNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Run:        runSBX301,
}

func runSBX301(p *engine.Pass, n ast.Node) {
	if k, ok := constKey(p, n); ok && dunderHeads.In(dunderIntro, k) && k != "__dict__" && k != "__builtins__" && k != "__import__" {
		p.Reportf(n, "%s read from a type's or object's dict walks the object graph", k)
		return
	}
	switch n := n.(type) {
	case *ast.Attribute:
		if n.Attr == "__class__" && n.Ctx != ast.Load {
			// x.__class__ = C re-classes any object, the program's own into a library class
			// (whose private methods then run on it) or a library object into the program's.
			p.Reportf(n, "a store into __class__ changes which class's code runs on the object")
			return
		}
		if !dunderHeads.In(dunderIntro, n.Attr) {
			return
		}
		switch n.Attr {
		case "__dict__":
			if !namespaceLike(p, p.Refs(n.Value)) {
				// An object's own dict hands out its private attributes by key: only the
				// program's own objects' and those that hold what the program gives them.
				if !classLike(p, n.Value) && !p.IsOwn(n.Value) && !holdsOnlyGiven(p, n.Value) {
					p.Reportf(n, "__dict__ of an object the program does not define hands out its private attributes by key")
				}
				return
			}
		}
		p.Report(n, n.Attr)
	case *ast.Name:
		if (n.Id == "__loader__" || n.Id == "__spec__") && n.Ctx == ast.Load {
			for _, r := range p.Refs(n) {
				if r.Qual == n.Id {
					p.Reportf(n, "%s exposes the import machinery", n.Id)
					return
				}
			}
		}
	}
}
