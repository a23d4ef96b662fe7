package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx505 = &engine.Check{
	ID: "SBX505", Name: "excluded-api", Capability: "unreviewed_api", Severity: "high", CWE: 749,
	Doc:     "use of an API the review of the allowed modules excludes (config/module_api.yaml exclude: typing.ForwardRef, sys.addaudithook, gc.get_objects, TestLoader.discover, type.mro, ...): it evaluates strings, imports by name or hands out the interpreter's objects; reported with the capability the review gives it; an excluded method's name on an object of unknown class, also where a string names it (getattr, operator.attrgetter/methodcaller, string.Formatter.get_field)",
	Hint:    "use the module's ordinary API; the excluded ones evaluate strings, import by name or walk the interpreter",
	Message: "%s is excluded from the reviewed API: %s",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode, engine.ImportFromNode},
	// .mro of type(x) or x.__class__, whose class the analysis does not know.
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode},
	Run:        runSBX505,
}

func runSBX505(p *engine.Pass, n ast.Node) {
	if im, ok := n.(*ast.ImportFrom); ok {
		if im.Level > 0 {
			return
		}
		mod := p.ModuleRef(ast.Str(im.Module))
		for _, al := range im.Names {
			if al.Name != "*" {
				excluded(p, al, p.Child(mod, al.Name), nil)
			}
		}
		return
	}
	if at, ok := n.(*ast.Attribute); ok && at.Attr == "mro" && mayBeClass(p, at.Value) {
		if rule := p.RuleOf(engine.Ref{Qual: "builtins.type.mro", Kind: engine.ObjRef}); rule != nil {
			p.ReportAs(n, rule.Capability, "%s is excluded from the reviewed API: %s", "mro", rule.Reason)
			return
		}
	}
	// An object whose class the analysis does not know (self.fmt, an element of a list, what
	// methodcaller is applied to): an excluded method's name, wherever a name names it
	// (namedAttributes), whether or not the program imports its module.
	var one [1]string
	if obj, names := namedAttributes(p, n, &one); len(names) > 0 && (obj == nil || len(p.Refs(obj)) == 0) {
		for _, name := range names {
			for _, rule := range p.MethodRules(name) {
				if !rule.Judged && !ownMethod(p, obj, name) {
					p.ReportAs(n, rule.Capability, "%s is excluded from the reviewed API: %s", short(rule.Key), rule.Reason)
					return
				}
			}
		}
		if _, isAttr := n.(*ast.Attribute); isAttr && len(p.RefsOf(n)) == 0 {
			return // it names nothing the review has a rule for
		}
	}
	if !mayHaveRule(p, n) {
		return
	}
	// Names bound by a from-import were reported at the import.
	for _, r := range p.NamedRefs(n, false) {
		if excluded(p, n, r, n) {
			return
		}
	}
}

func excluded(p *engine.Pass, at ast.Node, r engine.Ref, n ast.Node) bool {
	rule := p.RuleOf(r)
	if rule == nil || rule.Judged || ruleOwned(p, r, n) {
		return false
	}
	p.ReportAs(at, rule.Capability, "%s is excluded from the reviewed API: %s", short(rule.Key), rule.Reason)
	return true
}
