package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx204 = &engine.Check{
	ID: "SBX204", Name: "judged-api-as-value", Capability: "dynamic_code", Severity: "critical", CWE: 94,
	Doc:     "an API a check judges at its call (config/module_api.yaml calls: timeit.timeit, timeit.Timer, operator.attrgetter, typing.get_type_hints, getattr, dir, ...) named anywhere but as the function of a call or a plain alias: passed as a callback, stored in a container or an attribute, a default, a base class, the object of an attribute (timeit.timeit.__call__), a call that gives it (getattr(fmt, \"get_field\")) even where it is called, a call of it with spread arguments (getattr(*[loop, \"_ssock\"])), and an alias of a method its check finds by the attribute it is called through (string.Formatter's format, vformat and get_field, email's Policy.clone); the check can no longer see what it is called with. Reported with the capability the review gives it",
	Hint:    "call the API directly where you use it, with constant names and functions rather than strings",
	Message: "%s is used as a value, where the arguments it is called with are not seen: %s",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode},
	Run:     runSBX204,
}

// mayHaveRule reports whether a ref of n may have a rule of the review (one bit of its tags).
// RefsOf of a call is empty but for getattr, lookups and getters.
func mayHaveRule(p *engine.Pass, n ast.Node) bool {
	for _, r := range p.RefsOf(n) {
		if r.MayHaveRule() {
			return true
		}
	}
	return false
}

func runSBX204(p *engine.Pass, n ast.Node) {
	if nm, ok := n.(*ast.Name); ok && nm.Ctx != ast.Load {
		return
	}
	if at, ok := n.(*ast.Attribute); ok && at.Ctx != ast.Load {
		return
	}
	// A call that gives the API (getattr(fmt, "get_field"), attrgetter("clone")(Policy)) is
	// judged as a value even where it is called: the checks read the API's arguments in the
	// forms name(...) and obj.name(...) only. An alias (t = timeit.timeit) is followed by
	// resolution: its calls are judged, but for the methods whose checks read the call as
	// obj.method(...) (attributeJudged).
	if c, ok := n.(*ast.Call); ok && spreadCall(c) {
		// getattr(*[loop, "_ssock"]), copy.deepcopy(*[x, memo]): the check that judges the
		// call reads its arguments by position and keyword, and sees none of these.
		for _, r := range p.Refs(c.Func) {
			if rule := p.RuleOf(r); rule != nil && rule.Judged {
				p.ReportAs(n, rule.Capability, "%s is called with spread arguments, which the check that judges it cannot read: %s", short(rule.Key), rule.Reason)
				return
			}
		}
	}
	_, looked := n.(*ast.Call)
	if !mayHaveRule(p, n) || p.IsCallee(n) && !looked || harmlessRead(p, n) {
		return
	}
	alias := p.IsAliasPos(n)
	refs := p.NamedRefs(n, true)
	for _, r := range refs {
		rule := p.RuleOf(r)
		if rule == nil || !rule.Judged || ruleOwned(p, r, n) || alias && !attributeJudged.Has(rule.Key) {
			continue
		}
		p.ReportAs(n, rule.Capability, "%s is used as a value, where the arguments it is called with are not seen: %s", short(rule.Key), rule.Reason)
		return
	}
}

// attributeJudged are the judged calls whose checks find them by the attribute they are called
// through (fmt.get_field(...), Policy.clone(loop, ...)), not by resolution: an alias of one
// (lookup = fmt.get_field) is a value whose calls are not judged.
var attributeJudged = engine.NewNameSet("attribute-judged calls",
	"string.Formatter.format", "string.Formatter.vformat", "string.Formatter.get_field", cloneRule)

// harmlessRead reports whether n is the object of an attribute that only describes it
// (timeit.timeit.__name__); any other attribute of it (timeit.timeit.__call__, Timer.timeit)
// reaches the API without a call the judge sees.
func harmlessRead(p *engine.Pass, n ast.Node) bool {
	at, ok := p.Parent().(*ast.Attribute)
	if !ok || !p.IsAttrBase(n) {
		return false
	}
	switch at.Attr {
	case "__name__", "__qualname__", "__doc__", "__module__":
		return true
	}
	return false
}
