package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx603 = &engine.Check{
	ID: "SBX603", Name: "monkeypatching", Capability: "monkeypatching", Severity: "high", CWE: 471,
	Doc:     "assignment to attributes of modules or builtins (os.system = ..., builtins.open = ..., sys.modules[...] = ..., __builtins__.x = ...), setattr/delattr on modules, updates of module dicts, changes of sys.path and the import hooks, also where sys.path is handed to other code (list.insert(sys.path, ...))",
	Hint:    "wrap the function in your own code instead of replacing module attributes",
	Message: "assignment to %s.%s changes the module for all code",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.SubscriptNode, engine.CallNode, engine.NameNode},
	Run:     runSBX603,
}

func runSBX603(p *engine.Pass, n ast.Node) {
	switch t := n.(type) {
	case *ast.Call:
		monkeyCall(p, t)
	case *ast.Name:
		if t.Ctx == ast.Load {
			importPathValue(p, t)
		}
	case *ast.Attribute:
		// Any store or delete: assignment, augmented assignment, for/with/comprehension targets.
		if t.Ctx == ast.Load {
			importPathValue(p, t)
			return
		}
		for _, r := range p.Refs(t.Value) {
			if r.Kind == engine.ModRef && !sysWritable[r.Qual+"."+t.Attr] {
				p.Report(t, r.Qual, t.Attr)
				return
			}
		}
	case *ast.Subscript:
		if t.Ctx == ast.Load {
			return
		}
		for _, r := range p.Refs(t.Value) {
			if r.Kind == engine.ModulesRef || r.Kind == engine.DictRef || r.Kind == engine.ModRef && r.Qual == "builtins" || importPathLists[r.Qual] {
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
		if parent.Ctx == ast.Load {
			return // sys.path[0]; a store into it is reported above
		}
	case *ast.Call:
		for _, r := range p.Refs(parent.Func) {
			if r.Kind == engine.ObjRef && strings.HasPrefix(r.Qual, "builtins.") && strings.Count(r.Qual, ".") == 1 {
				return // print(sys.path), list(sys.path), len(sys.path)
			}
		}
	}
	p.Reportf(n, "%s is handed to code that may change it, and with it what import statements load", q)
}

// importPathLists are the lists that decide what an import statement loads.
var importPathLists = map[string]bool{"sys.path": true, "sys.meta_path": true, "sys.path_hooks": true}

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
		}
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
		}
		return
	}
	switch at.Attr {
	case "insert", "append", "extend", "__setitem__", "__iadd__", "remove", "clear", "pop":
		// sys.path and the import hooks decide what `import json` runs.
		for _, r := range p.Refs(at.Value) {
			if importPathLists[r.Qual] {
				p.Reportf(c, "%s.%s changes where imports come from", r.Qual, at.Attr)
				return
			}
		}
	}
	switch at.Attr {
	case "update", "__setitem__", "setdefault", "pop", "popitem", "__delitem__", "clear":
	default:
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
	"sys.stdout": true, "sys.stderr": true, "sys.stdin": true, "sys.argv": true, "sys.excepthook": true,
	"sys.tracebacklimit": true, "sys.dont_write_bytecode": true, "sys.ps1": true, "sys.ps2": true,
	"logging.raiseExceptions": true, "logging.logThreads": true, "logging.logProcesses": true,
	"logging.logMultiprocessing": true, "csv.field_size_limit": false, "decimal.DefaultContext": false,
}
