package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx506 = &engine.Check{
	ID: "SBX506", Name: "module-as-value", Capability: "unreviewed_api", Severity: "high", CWE: 470,
	Doc:     "a module used as a value: stored in a container, a class attribute or an object, passed as an argument, returned, yielded, matched; its attributes are then read where the analysis cannot see which module they belong to (SBX101 reports the modules the capability map marks)",
	Hint:    "import the module where you use it and call its functions directly; pass functions, not modules",
	Message: "module %s is used as a value, where the attributes read from it are not judged",
	Nodes:   []engine.NodeKind{engine.NameNode, engine.AttributeNode, engine.ImportNode, engine.ImportFromNode},
	Run:     runSBX506,
}

func runSBX506(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Import:
		// import in a class body: the module is a class attribute, read as self.mod.x.
		if p.InClassBody() {
			for _, al := range n.Names {
				if r := p.ModuleRef(al.Name); !mappedModule(p, r.Qual) && !moduleValueOwned(p, nil, r.Qual) {
					p.Reportf(al, "module %s is imported into a class body, where what is read from it through the class is not judged", al.Name)
				}
			}
		}
		return
	case *ast.ImportFrom:
		if p.InClassBody() && n.Level == 0 {
			mod := ast.Str(n.Module)
			for _, al := range n.Names {
				if target, ok := p.ModuleAttr(mod, al.Name); ok && !mappedModule(p, target) {
					p.Reportf(al, "module %s is imported into a class body, where what is read from it through the class is not judged", target)
				}
			}
		}
		return
	}
	if nm, ok := n.(*ast.Name); ok && nm.Ctx != ast.Load {
		return
	}
	if at, ok := n.(*ast.Attribute); ok && at.Ctx != ast.Load {
		return
	}
	for _, r := range p.RefsOf(n) {
		if r.Kind != engine.ModRef || r.Qual == "builtins" || mappedModule(p, r.Qual) || moduleValueOwned(p, n, r.Qual) {
			continue
		}
		if !p.UsedAsValue(n) || isGetattrObj(p, n) || judgedObject(p, n) {
			return
		}
		p.Report(n, r.Qual)
		return
	}
}

// judgedObject reports whether n is the object a namespace or attribute builtin is applied to
// (vars(m), dir(m), getattr(m, name)), which SBX402 and SBX403 judge.
func judgedObject(p *engine.Pass, n ast.Node) bool {
	c, ok := p.Parent().(*ast.Call)
	if !ok || len(c.Args) == 0 || ast.Node(c.Args[0]) != n {
		return false
	}
	for _, r := range p.Refs(c.Func) {
		if r.In(attrBuiltins) || r.In(nsBuiltins) {
			return true
		}
	}
	return false
}
