package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx603 = &engine.Check{
	ID: "SBX603", Name: "monkeypatching", Capability: "monkeypatching", Severity: "high", CWE: 471,
	Doc:     "assignment to attributes of modules or builtins (os.system = ..., builtins.open = ..., sys.modules[...] = ..., __builtins__.x = ...) and of library classes (argparse.ArgumentParser.parse_args = ..., which unittest.main() calls), setattr/delattr on modules and library classes (also update_wrapper's wrapper), updates of module dicts, changes of sys.path and the import hooks, also where sys.path is handed to other code (list.insert(sys.path, ...)) or one of its changing methods is (map(sys.path.insert, ...)); changes of sys.argv, from which unittest's main() takes the names it imports",
	Hint:    "wrap the function in your own code instead of replacing module attributes",
	Message: "assignment to %s.%s changes the module for all code",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.SubscriptNode, engine.CallNode, engine.NameNode},
	// The target of x += ..., a name stored into, refers to nothing; wraps(f)(cls) calls what
	// a call returns; x.attr = f stores into an object the analysis may not resolve.
	Unresolved: []engine.NodeKind{engine.NameNode, engine.CallNode, engine.AttributeNode},
	Run:        runSBX603,
}

func runSBX603(p *engine.Pass, n ast.Node) {
	switch t := n.(type) {
	case *ast.Call:
		monkeyCall(p, t)
	case *ast.Name:
		if t.Ctx == ast.Load {
			importPathValue(p, t)
			return
		}
		// from sys import path; path += [d]: a list's += changes it in place.
		if aug, ok := p.Parent().(*ast.AugAssign); ok && ast.Node(aug.Target) == ast.Node(t) {
			for _, r := range p.StoredRefs(t) {
				if importPathLists[r.Qual] {
					p.Reportf(t, "%s += changes where imports come from or what is imported", r.Qual)
					return
				}
			}
		}
	case *ast.Attribute:
		// Any store or delete: assignment, augmented assignment, for/with/comprehension targets.
		if t.Ctx == ast.Load {
			importPathValue(p, t)
			boundMutator(p, t)
			return
		}
		for _, r := range p.Refs(t.Value) {
			if r.Kind == engine.ModRef && !sysWritable[r.Qual+"."+t.Attr] {
				p.Report(t, r.Qual, t.Attr)
				return
			}
		}
		if libraryClass(p, t.Value) {
			p.Reportf(t, "assignment to %s of a library class changes the class for all code, the library's own calls included", t.Attr)
			return
		}
		// A function stored on an object the analysis cannot tell (an item of a container, a
		// parameter, a loop variable): it may be a library class reached by value, or a library
		// object whose own code calls the method replaced.
		if t.Ctx == ast.Store && len(p.Refs(t.Value)) == 0 && !p.IsOwn(t.Value) && storesFunction(p, t) {
			p.Reportf(t, "a function stored as %s of an object the program does not define may replace a library class's method for all code, or one the library's own code calls", t.Attr)
		}
	case *ast.Subscript:
		if t.Ctx == ast.Load {
			return
		}
		for _, r := range p.Refs(t.Value) {
			if importPathLists[r.Qual] {
				p.Reportf(t, "assignment into %s changes where imports come from or what is imported", r.Qual)
				return
			}
			if r.Kind == engine.ModulesRef || r.Kind == engine.DictRef || r.Kind == engine.ModRef && r.Qual == "builtins" {
				p.Reportf(t, "assignment into %s changes modules or builtins for all code", describeNS(r))
				return
			}
		}
	}
}

// importPathValue reports sys.path (or meta_path, path_hooks) handed to code that may change it:
// list.insert(sys.path, ...), operator.setitem(sys.path, ...), functools.partial(list.insert,
// sys.path, 0), a container or an attribute holding it. Iterating, comparing, printing it and
// the other builtin functions only read it.
func importPathValue(p *engine.Pass, n ast.Node) {
	if _, ok := engine.FirstIn(p.RefsOf(n), importPathSet); !ok {
		return // nearly every name: one bit of each ref
	}
	q, ok := engine.FirstIn(p.NamedRefs(n, true), importPathSet)
	if !ok || !p.UsedAsValue(n) {
		return
	}
	switch parent := p.Parent().(type) {
	case *ast.For, *ast.AsyncFor, *ast.Comprehension, *ast.Compare, *ast.FormattedValue:
		return
	case *ast.Subscript:
		return // sys.path[0]; a store into it is reported as such
	case *ast.Call:
		for _, r := range p.Refs(parent.Func) {
			if r.Kind == engine.ObjRef && strings.HasPrefix(r.Qual, "builtins.") && strings.Count(r.Qual, ".") == 1 {
				return // print(sys.path), list(sys.path), len(sys.path)
			}
		}
		for i, a := range parent.Args {
			if ast.Node(a) == n && !p.ArgumentMutated(parent, i) {
				return // main(sys.argv), to a function of the program that only reads it
			}
		}
	}
	p.Reportf(n, "%s is handed to code that may change it, and with it what import statements load", q)
}

// importPathLists are the lists that decide what an import statement loads, and sys.argv, whose
// strings unittest.main() (and import unittest.__main__) imports and calls by name: a program
// passes its own argument lists to what parses them instead of writing the interpreter's.
var importPathLists = map[string]bool{"sys.path": true, "sys.meta_path": true, "sys.path_hooks": true, "sys.argv": true}

// listMutators are the methods that change a list in place.
var listMutators = map[string]bool{
	"insert": true, "append": true, "extend": true, "__setitem__": true, "__iadd__": true, "__imul__": true,
	"remove": true, "clear": true, "pop": true, "__delitem__": true, "sort": true, "reverse": true, "__init__": true,
}

// nsMutators are the methods that change a namespace dict (sys.modules, a module's __dict__, the
// builtins) in place.
var nsMutators = map[string]bool{
	"update": true, "__setitem__": true, "setdefault": true, "pop": true, "popitem": true, "__delitem__": true,
	"clear": true, "__ior__": true, "__init__": true,
}

// boundMutator reports a changing method of sys.path (and the other judged lists) or of a module
// namespace taken as a value, not called where it is named (map(sys.path.insert, [0], [d]),
// f = sys.modules.setdefault): its calls are made where the analysis does not see them.
func boundMutator(p *engine.Pass, at *ast.Attribute) {
	if p.IsCallee(at) || !listMutators[at.Attr] && !nsMutators[at.Attr] {
		return
	}
	for _, r := range p.Refs(at.Value) {
		if listMutators[at.Attr] && importPathLists[r.Qual] {
			p.Reportf(at, "%s.%s is handed over as a value: its calls change %s where they are not seen", r.Qual, at.Attr, r.Qual)
			return
		}
		if nsMutators[at.Attr] && (r.Kind == engine.ModulesRef || r.Kind == engine.DictRef || r.Kind == engine.ModRef && r.Qual == "builtins") {
			p.Reportf(at, "%s of %s is handed over as a value: its calls change modules or builtins for all code", at.Attr, describeNS(r))
			return
		}
	}
}

func describeNS(r engine.Ref) string {
	switch r.Kind {
	case engine.ModulesRef:
		return "sys.modules"
	case engine.DictRef:
		return "the namespace of " + r.Qual
	}
	return r.Qual
}

func monkeyCall(p *engine.Pass, c *ast.Call) {
	if q, ok := engine.FirstIn(p.Refs(c.Func), setDelBuiltins); ok && len(c.Args) > 0 {
		if anyModule(p, p.Refs(c.Args[0])) {
			p.Reportf(c, "%s on a module changes it for all code", short(q))
		} else if libraryClass(p, c.Args[0]) {
			p.Reportf(c, "%s on a library class changes the class for all code, the library's own calls included", short(q))
		} else if len(c.Args) >= 3 && len(p.Refs(c.Args[0])) == 0 && !p.IsOwn(c.Args[0]) && functionValue(p, c.Args[2], 0) {
			p.Reportf(c, "%s of a function on an object the program does not define may replace a library class's method for all code", short(q))
		}
		return
	}
	if wrapperIsLibraryClass(p, c) {
		p.Reportf(c, "functools.update_wrapper with a library class as the wrapper sets attributes of the class for all code")
		return
	}
	at, ok := c.Func.(*ast.Attribute)
	if !ok {
		return
	}
	if at.Attr == "__setattr__" || at.Attr == "__delattr__" {
		// object.__setattr__(module, name, value), or module.__setattr__(name, value)
		target := at.Value
		for _, r := range p.Refs(at.Value) {
			if (r.Qual == "builtins.object" || r.Qual == "builtins.type") && len(c.Args) > 0 {
				target = c.Args[0]
			}
		}
		if anyModule(p, p.Refs(target)) {
			p.Reportf(c, "%s on a module changes it for all code", at.Attr)
		} else if libraryClass(p, target) {
			p.Reportf(c, "%s on a library class changes the class for all code, the library's own calls included", at.Attr)
		} else if n := len(c.Args); at.Attr == "__setattr__" && n >= 2 && len(p.Refs(target)) == 0 && !p.IsOwn(target) && functionValue(p, c.Args[n-1], 0) {
			p.Reportf(c, "__setattr__ of a function on an object the program does not define may replace a library class's method for all code")
		}
		return
	}
	if listMutators[at.Attr] {
		// sys.path and the import hooks decide what `import json` runs; sys.argv, what
		// unittest.main() imports.
		for _, r := range p.Refs(at.Value) {
			if importPathLists[r.Qual] {
				p.Reportf(c, "%s.%s changes where imports come from or what is imported", r.Qual, at.Attr)
				return
			}
		}
	}
	if !nsMutators[at.Attr] {
		return
	}
	for _, r := range p.Refs(at.Value) {
		if r.Kind == engine.ModulesRef || r.Kind == engine.DictRef || r.Kind == engine.ModRef && r.Qual == "builtins" {
			p.Reportf(c, "%s of %s changes modules or builtins for all code", at.Attr, describeNS(r))
			return
		}
	}
}

// ---- SBX7xx string tricks ----

// sysWritable are module attributes that programs legitimately assign (redirecting output).
var sysWritable = map[string]bool{
	"sys.stdout": true, "sys.stderr": true, "sys.stdin": true, "sys.excepthook": true,
	"sys.tracebacklimit": true, "sys.dont_write_bytecode": true, "sys.ps1": true, "sys.ps2": true,
	"logging.raiseExceptions": true, "logging.logThreads": true, "logging.logProcesses": true,
	"logging.logMultiprocessing": true, "csv.field_size_limit": false, "decimal.DefaultContext": false,
}

// libraryClass reports whether e is a class the program does not define: a class of the reviewed
// API, or type(x) and x.__class__ of an object that is not the program's own. Its methods are
// what the library's own code calls (unittest.main() calls ArgumentParser.parse_args), so a store
// into it changes what reviewed calls do.
func libraryClass(p *engine.Pass, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Call:
		if len(x.Args) == 1 && len(x.Keywords) == 0 {
			if _, ok := engine.FirstIn(p.Refs(x.Func), typeBuiltin); ok {
				return !p.IsOwn(x.Args[0])
			}
		}
	case *ast.Attribute:
		if x.Attr == "__class__" {
			return !p.IsOwn(x.Value)
		}
	}
	if p.IsOwn(e) {
		return false
	}
	for _, r := range p.Refs(e) {
		if _, inst, ok := p.TypeOf(r); ok && !inst {
			return true
		}
	}
	return false
}

// wrapperIsLibraryClass reports functools.update_wrapper(wrapper, ...) and wraps(...)(wrapper)
// with a library class as the wrapper: they set its __name__, __doc__, __wrapped__ and the names
// of assigned=, whatever they are.
func wrapperIsLibraryClass(p *engine.Pass, c *ast.Call) bool {
	if _, ok := engine.FirstIn(p.Refs(c.Func), updateWrapper); ok {
		w := argOrKeyword(c, 0, "wrapper")
		return w != nil && libraryClass(p, w)
	}
	if inner, ok := c.Func.(*ast.Call); ok && len(c.Args) == 1 {
		if _, ok := engine.FirstIn(p.Refs(inner.Func), functoolsWraps); ok {
			return libraryClass(p, c.Args[0])
		}
	}
	return false
}

var (
	updateWrapper  = engine.NewNameSet("functools.update_wrapper", "functools.update_wrapper")
	functoolsWraps = engine.NewNameSet("functools.wraps", "functools.wraps")
)

// storesFunction reports whether the attribute store at stores one of the program's functions
// (functionValue): the value of an assignment, the matching item of a display it unpacks, an item
// of a display a for loop goes over; a with statement's target may be given anything.
func storesFunction(p *engine.Pass, at *ast.Attribute) bool {
	switch parent := p.Parent().(type) {
	case *ast.Assign:
		return valueFor(p, parent.Targets, parent.Value, at)
	case *ast.AnnAssign:
		return parent.Value != nil && functionValue(p, parent.Value, 0)
	case *ast.For:
		return anyFunction(p, parent.Iter)
	case *ast.AsyncFor:
		return anyFunction(p, parent.Iter)
	case *ast.Comprehension:
		return anyFunction(p, parent.Iter)
	case *ast.With, *ast.AsyncWith, *ast.WithItem:
		return true
	case *ast.Tuple, *ast.List, *ast.Starred:
		return storesFunctionIn(p)
	}
	return false
}

// storesFunctionIn is storesFunction for an attribute within an unpacking target: any function
// item of a display the statement takes its values from.
func storesFunctionIn(p *engine.Pass) bool {
	for i := 2; i < 10; i++ {
		switch st := p.Ancestor(i).(type) {
		case *ast.Assign:
			return anyFunction(p, st.Value)
		case *ast.For:
			return anyFunction(p, st.Iter)
		case *ast.AsyncFor:
			return anyFunction(p, st.Iter)
		case *ast.Comprehension:
			return anyFunction(p, st.Iter)
		case *ast.With, *ast.AsyncWith, *ast.WithItem:
			return true
		case nil:
			return false
		}
	}
	return false
}

func valueFor(p *engine.Pass, targets []ast.Expr, value ast.Expr, at *ast.Attribute) bool {
	for _, t := range targets {
		if ast.Node(t) == ast.Node(at) {
			return functionValue(p, value, 0)
		}
	}
	return anyFunction(p, value)
}

// anyFunction reports whether e is a function of the program's, or a display (or nested displays)
// holding one.
func anyFunction(p *engine.Pass, e ast.Expr) bool {
	var elts []ast.Expr
	switch x := e.(type) {
	case *ast.Tuple:
		elts = x.Elts
	case *ast.List:
		elts = x.Elts
	case *ast.Set:
		elts = x.Elts
	case *ast.Starred:
		return anyFunction(p, x.Value)
	default:
		return functionValue(p, e, 0)
	}
	for _, el := range elts {
		if anyFunction(p, el) {
			return true
		}
	}
	return false
}

// functionValue reports whether e is code of the program's that a store may make a method: a
// def, lambda or class of the program, or one wrapped by functools.partial, partialmethod,
// types.MethodType, staticmethod, classmethod or property, or a name assigned only such values.
// (A library function or class stored, sqlite3.Row as a row_factory, brings no code of the
// program's.)
func functionValue(p *engine.Pass, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := e.(type) {
	case *ast.Lambda:
		return true
	case *ast.Call:
		if _, ok := engine.FirstIn(p.Refs(x.Func), methodWrappers); ok {
			return true
		}
		return false
	case *ast.Name:
		if p.DefinedClassOrFunction(e) {
			return true
		}
		binds := p.Bindings(x.Id)
		for _, b := range binds {
			if p.ParamUnseen(b) {
				// a parameter not all of whose arguments are seen (a decorator of the
				// program's, a def used as a value) may be given a function
				return true
			}
		}
		for _, b := range binds {
			if !b.Assigned() || !functionValue(p, b.Value(), depth+1) {
				return false
			}
		}
		return len(binds) > 0
	}
	return p.DefinedClassOrFunction(e)
}

var methodWrappers = engine.NewNameSet("method wrappers", "functools.partial", "functools.partialmethod",
	"types.MethodType", "builtins.staticmethod", "builtins.classmethod", "builtins.property")
