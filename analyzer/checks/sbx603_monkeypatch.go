package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx603 = &engine.Check{
	ID: "SBX603", Name: "monkeypatching", Capability: "monkeypatching", Severity: "high", CWE: 471,
	Doc:     "assignment to attributes of modules or builtins (os.system = ..., builtins.open = ..., sys.modules[...] = ..., __builtins__.x = ...), setattr/delattr on modules, updates of module dicts",
	Hint:    "wrap the function in your own code instead of replacing module attributes",
	Message: "assignment to %s.%s changes the module for all code",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.SubscriptNode, engine.CallNode},
	Run:     runSBX603,
}

func runSBX603(p *engine.Pass, n ast.Node) {
	switch t := n.(type) {
	case *ast.Call:
		monkeyCall(p, t)
	case *ast.Attribute:
		// Any store or delete: assignment, augmented assignment, for/with/comprehension targets.
		if t.Ctx == ast.Load {
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
