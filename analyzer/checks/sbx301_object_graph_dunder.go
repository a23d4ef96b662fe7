package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx301 = &engine.Check{
	ID: "SBX301", Name: "object-graph-dunder", Capability: "introspection", Severity: "high", CWE: 470,
	Doc:        "dunder attribute that walks the object graph: __subclasses__, __globals__, __builtins__, __code__, __closure__, __base__/__bases__/__mro__, __dict__ of modules and of objects that are not the program's own, __getattribute__, __reduce__/__reduce_ex__, __loader__, __spec__, __import__, __self__; any store into an object's __class__; a copy hook (__getstate__, __reduce__, __reduce_ex__) of a class of the program that may hand copy a slot state, or a dict state to a base class's __setstate__; a copy hook stored outside a class body or named in a string",
	Hint:       "use the object's public interface; type(x).__name__ and x.__class__ are fine",
	Message:    "%s walks the object graph",
	Nodes:      []engine.NodeKind{engine.ModuleNode, engine.AttributeNode, engine.NameNode, engine.SubscriptNode, engine.CallNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode},
	Run:        runSBX301,
}

func runSBX301(p *engine.Pass, n ast.Node) {
	if m, ok := n.(*ast.Module); ok {
		copyHooks(p, m)
		return
	}
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
				if !classLike(p, n.Value) && !p.OwnNamespace(n.Value) && !holdsOnlyGiven(p, n.Value) {
					p.Reportf(n, "__dict__ of an object the program does not define, or whose library base class sets attributes on it, hands out its private attributes by key")
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

// copyHooks reports the copy and pickle hooks of the program's classes whose state may reach
// setattr in copy's code: copy._reconstruct does setattr(y, key, value) for each item of a
// (dict, slot_state) pair's slot state, with the names the state holds, "__class__" among them
// (and y may be the program's own object when its __new__ shares one). A hook is fine only when
// each of its returns is seen: __getstate__ a dict (a display, dict(...), a copy of a
// __dict__), __reduce__ a tuple whose state is None or such a dict and which has no item
// iterators; and a dict state goes to __dict__.update only in a class with no base, or one that
// defines its own __setstate__ (a library base's __setstate__ could store its keys).
func copyHooks(p *engine.Pass, m *ast.Module) {
	ast.Walk(m, func(x, _ ast.Node) bool {
		switch x := x.(type) {
		case *ast.Attribute:
			// Plan.__getstate__ = f: a hook whose returns are not in a class body.
			if x.Ctx != ast.Load && copyHookNames[x.Attr] {
				p.Reportf(x, "%s stored outside a class body: the state it gives copy is not seen", x.Attr)
			}
			return true
		case *ast.Constant:
			// setattr(Plan, "__getstate__", f), type(name, bases, {"__getstate__": f}).
			if s, ok := x.Value.(string); ok && copyHookHeads.In(copyHookNames, s) {
				p.Reportf(x, "the copy hook %s named in a string: the state it gives copy is not seen", s)
			}
			return true
		}
		cls, ok := x.(*ast.ClassDef)
		if !ok {
			return true
		}
		plain := len(cls.Bases) == 0 && len(cls.Keywords) == 0
		for _, st := range cls.Body {
			if d, ok := st.(*ast.FunctionDef); ok && d.Name == "__setstate__" {
				plain = true
			}
		}
		for _, st := range cls.Body {
			var name string
			var body []ast.Stmt
			switch d := st.(type) {
			case *ast.FunctionDef:
				name, body = d.Name, d.Body
			case *ast.AsyncFunctionDef:
				name = d.Name
			case *ast.Assign:
				for _, t := range d.Targets {
					if nm, ok := t.(*ast.Name); ok && copyHookNames[nm.Id] {
						p.Reportf(st, "%s bound to a value in a class body: the state it gives copy is not seen", nm.Id)
					}
				}
				continue
			}
			if !copyHookNames[name] {
				continue
			}
			if body == nil || !safeHookReturns(name, body, plain) {
				p.Reportf(st, "%s may give copy a state whose names copy stores with setattr on the new object, __class__ among them", name)
			}
		}
		return true
	})
}

var copyHookNames = map[string]bool{"__getstate__": true, "__reduce__": true, "__reduce_ex__": true}

// copyHookHeads spares the map lookup, which hashes the whole string, for the string constants
// (docstrings among them) that cannot be a copy hook's name.
var copyHookHeads = engine.HeadsOf(copyHookNames)

// safeHookReturns reports whether every return in body (not in nested functions) is one
// copyHooks admits for the hook name.
func safeHookReturns(name string, body []ast.Stmt, plain bool) bool {
	ok, returns := true, 0
	dicts := map[string]bool{} // local names assigned only dicts
	bad := map[string]bool{}
	for _, st := range body {
		ast.Walk(st, func(x, _ ast.Node) bool {
			switch x := x.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
				return false
			case *ast.Assign:
				for _, t := range x.Targets {
					if nm, isName := t.(*ast.Name); isName {
						if len(x.Targets) == 1 && stateDict(x.Value, nil) {
							dicts[nm.Id] = true
						} else {
							bad[nm.Id] = true
						}
					}
				}
			case *ast.Name:
				if x.Ctx == ast.Store {
					if _, seen := dicts[x.Id]; !seen {
						bad[x.Id] = true // a loop target, with, walrus: not a display
					}
				}
			}
			return true
		})
	}
	for k := range bad {
		delete(dicts, k)
	}
	for _, st := range body {
		ast.Walk(st, func(x, _ ast.Node) bool {
			switch x := x.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
				return false
			case *ast.Return:
				returns++
				if name == "__getstate__" {
					ok = ok && plain && stateDict(x.Value, dicts)
					return true
				}
				t, isTuple := x.Value.(*ast.Tuple)
				if !isTuple || len(t.Elts) < 2 {
					ok = false
					return true
				}
				if len(t.Elts) >= 3 && !isNone(t.Elts[2]) && !(plain && stateDict(t.Elts[2], dicts)) {
					ok = false
				}
				for _, e := range t.Elts[min(len(t.Elts), 3):] {
					ok = ok && isNone(e)
				}
			}
			return true
		})
	}
	return ok && returns > 0
}

// stateDict reports whether e is a dict of the builtin class: a display, a comprehension,
// dict(...), x.__dict__, vars(x), a .copy() of those, or a local name assigned only them.
func stateDict(e ast.Expr, dicts map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Dict, *ast.DictComp:
		return true
	case *ast.Attribute:
		return x.Attr == "__dict__"
	case *ast.Name:
		return dicts[x.Id]
	case *ast.Call:
		if f, ok := x.Func.(*ast.Name); ok && (f.Id == "dict" || f.Id == "vars") {
			return true
		}
		if f, ok := x.Func.(*ast.Attribute); ok && f.Attr == "copy" && len(x.Args) == 0 {
			return stateDict(f.Value, dicts)
		}
	}
	return false
}

func isNone(e ast.Expr) bool {
	c, ok := e.(*ast.Constant)
	if !ok {
		return false
	}
	_, none := c.Value.(ast.NoneValue)
	return none
}
