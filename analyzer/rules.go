package analyzer

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// The Run functions of the registry. Reporting conventions (testdata/corpus/README.md), so that each
// fact is reported once, where the dangerous object is named:
//   - a reference names an object when it is an attribute (os.system, builtins.exec), a constant
//     subscript of a namespace (vars(m)["x"], sys.modules["os"]), getattr(x, "const"), a builtin's
//     own name (eval), or a name bound by `from m import name` or `import *`;
//   - a name bound by assignment (e = eval) is an alias: its uses are not reported again, the
//     reference on the assignment is;
//   - imports are reported on the import statement (the alias for `import a, b`).

// ---- position helpers ----

// parent is the parent of the current node, nil for the module.
func (p *pass) parent() ast.Node {
	if p.cur.parent < 0 {
		return nil
	}
	return p.frames[p.cur.parent].n
}

func (p *pass) isCallFunc(n ast.Node) bool {
	c, ok := p.parent().(*ast.Call)
	return ok && sameNode(c.Func, n)
}

func (p *pass) isAttrBase(n ast.Node) bool {
	a, ok := p.parent().(*ast.Attribute)
	return ok && sameNode(a.Value, n)
}

// isAliasPos reports whether n is the whole value of an assignment to plain names, in a scope where
// the names are tracked (not a class body, whose attributes are reached as Class.name).
func (p *pass) isAliasPos(n ast.Node) bool {
	if p.cur.sc.kind == scClass {
		return false
	}
	switch a := p.parent().(type) {
	case *ast.Assign:
		if ast.Node(a.Value) != n {
			return false
		}
		for _, t := range a.Targets {
			if _, ok := t.(*ast.Name); !ok {
				return false
			}
		}
		return true
	case *ast.AnnAssign:
		_, ok := a.Target.(*ast.Name)
		return ok && ast.Node(a.Value) == n
	case *ast.NamedExpr:
		return ast.Node(a.Value) == n
	}
	return false
}

// refNode returns what a reference expression refers to: a loaded name, an attribute, a loaded
// subscript, or getattr(x, "const"). Other nodes refer to nothing here.
func (p *pass) refNode(n ast.Node) []ref {
	if !p.memoFor(n) {
		return p.refNodeOf(n)
	}
	if p.memo.have&memoRefNode == 0 {
		p.memo.refNode, p.memo.have = p.refNodeOf(n), p.memo.have|memoRefNode
	}
	return p.memo.refNode
}

// nodeMemo keeps, for the node being dispatched, what several of its checks ask.
type nodeMemo struct {
	have    uint8
	refNode []ref
	named   [2][]ref // namedRefs(n, false), namedRefs(n, true)
}

// memoFor reports whether p.memo may hold answers about n: whether n is the node being
// dispatched (dispatch empties the memo).
func (p *pass) memoFor(n ast.Node) bool {
	return p.cur != nil && sameNode(n, p.cur.n)
}

const (
	memoRefNode uint8 = 1 << iota
	memoNamed         // memoNamed << 1 for imported
	_
	memoNaming // p.namingHits
)

func (p *pass) refNodeOf(n ast.Node) []ref {
	switch n := n.(type) {
	case *ast.Name:
		if n.Ctx == ast.Load {
			return p.refs(n)
		}
	case *ast.Attribute:
		return p.refs(n)
	case *ast.Subscript:
		if n.Ctx == ast.Load {
			return p.refs(n)
		}
	case *ast.Call:
		if p.isGetattrCall(n) || p.isLookupCall(n) {
			return p.refs(n)
		}
		if _, _, ok := p.getterCall(n); ok {
			return p.refs(n)
		}
	}
	return nil
}

// isLookupCall reports whether n is ns.get("const") on a namespace (a module dict, globals(),
// sys.modules, the builtins).
func (p *pass) isLookupCall(n *ast.Call) bool {
	at, ok := n.Func.(*ast.Attribute)
	if !ok || (at.Attr != "get" && at.Attr != "__getitem__") || len(n.Args) == 0 {
		return false
	}
	for _, r := range p.refs(at.Value) {
		if r.kind == kDict || r.kind == kGlobals || r.kind == kModules || r.kind == kMod && r.qual == "builtins" {
			return true
		}
	}
	return false
}

func (p *pass) isGetattrCall(n *ast.Call) bool {
	if at, ok := n.Func.(*ast.Attribute); ok && at.Attr == "__getattribute__" {
		return true
	}
	for _, r := range p.refs(n.Func) {
		if r.qual == "builtins.getattr" {
			return true
		}
	}
	return false
}

// innerRefs is what the object a reference is taken from refers to (the x of x.attr, x[k] and
// getattr(x, k)).
func (p *pass) innerRefs(n ast.Node) []ref {
	switch n := n.(type) {
	case *ast.Attribute:
		return p.refs(n.Value)
	case *ast.Subscript:
		return p.refs(n.Value)
	case *ast.Call:
		if len(n.Args) > 0 {
			return p.refs(n.Args[0])
		}
	}
	return nil
}

// namedAttr is the attribute name a reference names directly, if any.
func (p *pass) namedAttr(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.Attribute:
		return n.Attr, true
	case *ast.Call:
		if p.isGetattrCall(n) && len(n.Args) >= 2 {
			return p.fold1String(n.Args[1])
		}
	case *ast.Subscript:
		return p.fold1String(n.Slice)
	}
	return "", false
}

// opaque reports whether a reference node is used as a value: not called, not the base of an
// attribute, not aliased.
func (p *pass) opaque(n ast.Node) bool {
	if nm, ok := n.(*ast.Name); ok && nm.Ctx != ast.Load {
		return false
	}
	return !p.isCallFunc(n) && !p.isAttrBase(n) && !p.isAliasPos(n)
}

// has returns the first object ref with the tag.
func has(refs []ref, tag qualTags) (string, bool) {
	for _, r := range refs {
		if r.kind == kObj && r.tags&tag != 0 {
			return r.qual, true
		}
	}
	return "", false
}

func short(qual string) string { return strings.TrimPrefix(qual, "builtins.") }

// ---- SBX1xx imports ----

// importVerdict is how an import of module is reported: by SBX401 (builtins), SBX101 (a capability
// finding), SBX100 (not allowed) or not at all.
func (a *Analyzer) importVerdict(module string, allowed bool) (rule, capability string) {
	if module == "builtins" || strings.HasPrefix(module, "builtins.") || module == "__builtin__" {
		return "SBX401", "builtins_access"
	}
	if c := findingCap(a.capsOfModule(module)); c != "" {
		return "SBX101", c
	}
	if !allowed {
		return "SBX100", "import"
	}
	return "", ""
}

func runSBX100(p *pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Import:
		for _, al := range n.Names {
			if r, _ := p.a.importVerdict(al.Name, p.a.allowed(al.Name)); r == "SBX100" {
				p.report(al, "import of %s, which is not in the module allowlist", al.Name)
			}
		}
	case *ast.ImportFrom:
		mod := ast.Str(n.Module)
		if n.Level > 0 {
			p.report(n, "relative import (level %d) cannot be resolved in a single-file program", n.Level)
			return
		}
		if r, _ := p.a.importVerdict(mod, p.a.allowed(mod)); r != "" && r != "SBX100" {
			return
		}
		var bad []string
		for _, al := range n.Names {
			if al.Name != "*" && !p.a.fromAllowed(mod, al.Name) {
				bad = append(bad, mod+"."+al.Name)
			}
		}
		if !p.a.allowed(mod) && len(bad) == 0 {
			bad = append(bad, mod)
		}
		if len(bad) > 0 && findingCapFrom(p.a, n) == "" {
			p.report(n, "import from %s, which is not in the module allowlist", strings.Join(bad, ", "))
		}
	}
}

// findingCapFrom is the capability finding a from-import gets from its module or names, if any.
func findingCapFrom(a *Analyzer, n *ast.ImportFrom) string {
	mod := ast.Str(n.Module)
	caps := a.capsOfModule(mod)
	for _, al := range n.Names {
		if al.Name != "*" {
			caps = append(caps, a.caps[mod+"."+al.Name]...)
		}
	}
	return findingCap(caps)
}

func runSBX101(p *pass, n ast.Node) {
	a := p.a
	switch n := n.(type) {
	case *ast.Import:
		for _, al := range n.Names {
			if r, c := a.importVerdict(al.Name, true); r == "SBX101" {
				p.reportAs(al, c, severityOf(c), "import of %s reaches %s", al.Name, c)
			}
		}
	case *ast.ImportFrom:
		if n.Level > 0 {
			return
		}
		mod := ast.Str(n.Module)
		if r, c := a.importVerdict(mod, true); r == "SBX101" {
			p.reportAs(n, c, severityOf(c), "import from %s reaches %s", mod, c)
			return
		}
		var names []string
		var caps []string
		for _, al := range n.Names {
			if al.Name == "*" {
				continue
			}
			q := mod + "." + al.Name
			if a.denied[q] {
				continue // SBX102
			}
			if cs := a.capsOfModule(q); findingCap(cs) != "" {
				names = append(names, q)
				caps = append(caps, cs...)
			}
		}
		if c := findingCap(caps); c != "" {
			p.reportAs(n, c, severityOf(c), "import of %s reaches %s", strings.Join(names, ", "), c)
		}
	case *ast.Call, *ast.Subscript:
		if c, ok := n.(*ast.Call); ok {
			if path, base, ok := p.getterCall(c); ok {
				p.capGetter(c, path, base)
				return
			}
			if !p.isGetattrCall(c) {
				return
			}
		}
		p.capRef(n)
	case *ast.Attribute:
		p.capRef(n)
	case *ast.Name:
		if n.Ctx != ast.Load {
			return
		}
		if !p.opaque(n) || p.isGetattrObj(n) {
			return
		}
		for _, r := range p.refs(n) {
			if r.kind != kMod || findingCap(a.capsOfModule(r.qual)) != "" {
				continue // imports of mapped modules are reported at the import
			}
			caps := a.moduleCaps[r.qual]
			if c := findingCap(caps); c != "" {
				for _, x := range caps {
					p.extraCaps[x] = true
				}
				p.reportAs(n, c, severityOf(c), "module %s is used as a value, which reaches all of its attributes (%s)", r.qual, strings.Join(caps, ", "))
				return
			}
		}
	}
}

// importedModule reports whether the program imports mod (or a submodule of it) statically.
func (p *pass) importedModule(mod string) bool {
	for m := range p.static {
		if m == mod || strings.HasPrefix(m, mod+".") {
			return true
		}
	}
	return false
}

// isGetattrObj reports whether n is the object of getattr(n, "constant"), which resolution follows.
func (p *pass) isGetattrObj(n ast.Node) bool {
	c, ok := p.parent().(*ast.Call)
	if !ok || len(c.Args) == 0 || ast.Node(c.Args[0]) != n {
		return false
	}
	if _, _, ok := p.getterCall(c); ok {
		return true // attrgetter("a.b")(n) is resolved like n.a.b
	}
	if len(c.Args) < 2 || !p.isGetattrCall(c) {
		return false
	}
	_, ok = p.fold1String(c.Args[1])
	return ok
}

// capGetter reports attrgetter("os.system")(shutil): the capability of the attribute it fetches,
// or of a capability module it passes through without the program importing it.
func (p *pass) capGetter(call *ast.Call, path string, base ast.Expr) {
	for _, steps := range p.getterSteps(path, base, p.cur.sc, p.cur.idx, 0) {
		for _, r := range steps {
			caps := p.a.caps[r.qual]
			if r.kind == kMod && p.importedModule(r.qual) || p.a.denied[r.qual] {
				continue
			}
			if c := findingCap(caps); c != "" {
				p.reportAs(call, c, severityOf(c), "operator getter %q reaches %s (%s)", path, r.qual, c)
				return
			}
		}
	}
}

// capRef reports a named module attribute that the capability map marks (exact key).
func (p *pass) capRef(n ast.Node) {
	for _, r := range p.refNode(n) {
		if r.kind != kObj && r.kind != kMod || r.tags&(tagCaps|tagDenied) == 0 {
			continue // no capabilities: nothing to record or report
		}
		if p.a.denied[r.qual] || r.kind == kMod && (p.importedModule(r.qual) || p.dyn[nodeKeyOf(n)] != nil) {
			continue // SBX102, reported at the import statement, or a dynamic import (SBX103)
		}
		caps := p.a.caps[r.qual]
		for _, c := range caps {
			p.extraCaps[c] = true
		}
		if c := findingCap(caps); c != "" {
			p.reportAs(n, c, severityOf(c), "%s reaches %s", r.qual, c)
			return
		}
	}
}

func runSBX102(p *pass, n ast.Node) {
	if im, ok := n.(*ast.ImportFrom); ok && im.Level == 0 {
		var qs []string
		for _, al := range im.Names {
			if q := ast.Str(im.Module) + "." + al.Name; p.a.denied[q] {
				qs = append(qs, q)
			}
		}
		if len(qs) > 0 {
			c := findingCap(p.a.caps[qs[0]])
			if c == "" {
				c = "import"
			}
			p.reportAs(im, c, severityOf(c), "%s denied by the configuration", strings.Join(qs, ", "))
		}
		return
	}
	if at, ok := n.(*ast.Attribute); ok {
		if mods := p.a.methodsOf(at.Attr); len(mods) > 0 && !p.anyModule(p.refs(at.Value)) {
			for _, m := range mods {
				if p.importedModule(m) {
					q := m + "." + at.Attr
					c := findingCap(p.a.caps[q])
					if c == "" {
						c = "import"
					}
					p.reportAs(n, c, severityOf(c), "%s() on an object of %s is denied by the configuration (%s)", at.Attr, m, c)
					return
				}
			}
		}
	}
	report := func(at ast.Node, q string) {
		c := findingCap(p.a.caps[q])
		if c == "" {
			p.report(at, "%s is denied by the configuration", q)
			return
		}
		p.reportAs(at, c, severityOf(c), "%s is denied by the configuration (%s)", q, c)
	}
	switch n := n.(type) {
	case *ast.ImportFrom:
		if n.Level > 0 {
			return
		}
		for _, al := range n.Names {
			if q := ast.Str(n.Module) + "." + al.Name; p.a.denied[q] {
				report(al, q)
			}
		}
	default:
		if c, ok := n.(*ast.Call); ok && !p.isGetattrCall(c) {
			return
		}
		for _, r := range p.refNode(n) {
			if (r.kind == kObj || r.kind == kMod) && r.tags&tagDenied != 0 {
				report(n, r.qual)
				return
			}
		}
	}
}

func runSBX103(p *pass, n ast.Node) {
	if d := p.dyn[nodeKeyOf(n)]; d != nil && d.direct && d.module != "" {
		p.report(n, "dynamic import of %s", d.module)
	}
}

func runSBX104(p *pass, n ast.Node) {
	switch n.(type) {
	case *ast.Call, *ast.Subscript:
		if d := p.dyn[nodeKeyOf(n)]; d != nil && d.direct && d.module == "" {
			if d.opaque {
				p.report(n, "import through the import machinery of a module that is not named by a constant")
				return
			}
			p.report(n, "dynamic import of a module whose name is not statically computable")
			return
		}
	}
	if p.isCallFunc(n) {
		return
	}
	if q, ok := has(p.namedRefs(n, true), tagImportBuiltin); ok {
		p.report(n, "%s is referenced without being called, so the modules it imports are unknown", short(q))
	}
}

func runSBX105(p *pass, n ast.Node) {
	im := n.(*ast.ImportFrom)
	mod := ast.Str(im.Module)
	if im.Level > 0 || !p.a.allowed(mod) || !p.a.risky[mod] {
		return
	}
	for _, al := range im.Names {
		if al.Name == "*" {
			for _, c := range p.a.moduleCaps[mod] {
				p.extraCaps[c] = true
			}
			p.report(im, "wildcard import of %s brings in its dangerous attributes under unqualified names", mod)
			return
		}
	}
}

// ---- SBX2xx dynamic code ----

func runSBX201(p *pass, n ast.Node) {
	if im, ok := n.(*ast.ImportFrom); ok {
		if im.Level > 0 {
			return
		}
		mod := p.a.modRef(ast.Str(im.Module))
		if mod.qual != "builtins" {
			return // eval, exec and compile are the builtins module's: no need to build other names
		}
		for _, al := range im.Names {
			if r := p.a.child(mod, al.Name); r.kind == kObj && evalBuiltins[r.qual] {
				p.report(al, "import of %s, which runs code built at run time", short(r.qual))
			}
		}
		return
	}
	if q, ok := has(p.namedRefs(n, false), tagEval); ok {
		p.report(n, "%s runs code built at run time", short(q))
	}
}

func runSBX202(p *pass, n ast.Node) {
	p.naming("SBX202", n)
	switch n := n.(type) {
	case *ast.Call:
		if at, ok := n.Func.(*ast.Attribute); ok && at.Attr == "replace" {
			if inner, ok := at.Value.(*ast.Attribute); ok && inner.Attr == "__code__" {
				p.report(n, "__code__.replace() rewrites a function's code object")
			}
		}
	case *ast.Attribute:
		if n.Attr == "__code__" && n.Ctx != ast.Load {
			p.report(n, "assignment to __code__ replaces a function's code")
		}
	}
}

// runNaming returns the Run function of a rule whose sinks are module attributes in the naming
// tables, reported where they are named.
func runNaming(id string) func(p *pass, n ast.Node) {
	return func(p *pass, n ast.Node) {
		p.naming(id, n)
	}
}

func (p *pass) naming(id string, n ast.Node) {
	if memo := p.memoFor(n); !memo || p.memo.have&memoNaming == 0 {
		if memo {
			p.memo.have |= memoNaming
		}
		p.namingHits = p.namingHits[:0]
		for _, r := range p.namedRefs(n, true) {
			rule := r.tags & tagNaming
			if rule == 0 {
				continue
			}
			inner := false
			for _, x := range p.innerRefs(n) {
				if x.tags&tagNaming == rule {
					inner = true // reported at the inner reference
				}
			}
			if !inner {
				p.namingHits = append(p.namingHits, namingHit{namingRuleOf(rule), r.qual})
			}
		}
	}
	for _, h := range p.namingHits {
		if h.rule == id {
			p.report(n, "%s %s", h.qual, ruleVerb[id])
			return
		}
	}
}

type namingHit struct{ rule, qual string }

// namedRefs are the refs of a reference node that name their object there (see the top of this
// file): not those reached through an assignment alias, and for names bound by from-imports only
// when imported is set.
func (p *pass) namedRefs(n ast.Node, imported bool) []ref {
	if !p.memoFor(n) {
		return p.namedRefsOf(n, imported)
	}
	i := 0
	if imported {
		i = 1
	}
	if bit := memoNamed << i; p.memo.have&bit == 0 {
		p.memo.named[i], p.memo.have = p.namedRefsOf(n, imported), p.memo.have|bit
	}
	return p.memo.named[i]
}

func (p *pass) namedRefsOf(n ast.Node, imported bool) []ref {
	refs := p.refNode(n)
	if _, ok := n.(*ast.Name); !ok {
		return refs
	}
	for i, r := range refs {
		if r.alias || r.imported && !imported {
			out := append([]ref(nil), refs[:i]...)
			for _, r := range refs[i+1:] {
				if !(r.alias || r.imported && !imported) {
					out = append(out, r)
				}
			}
			return out
		}
	}
	return refs
}

// sysModulesAccess reports whether the sys.modules reference n is subscripted or has a lookup or
// update method called on it.
func (p *pass) sysModulesAccess(n ast.Node) bool {
	switch par := p.parent().(type) {
	case *ast.Subscript:
		return ast.Node(par.Value) == n
	case *ast.Attribute:
		if ast.Node(par.Value) != n {
			return false
		}
		switch par.Attr {
		case "get", "__getitem__", "pop", "setdefault", "update", "__setitem__", "__delitem__", "clear", "popitem":
			return true
		}
	}
	return false
}

var ruleVerb = map[string]string{
	"SBX203": "deserialises data in a way that can run code",
	"SBX202": "builds a function or code object at run time",
	"SBX303": "inspects the running interpreter",
	"SBX503": "resolves dotted names to objects at run time",
	"SBX601": "runs code given as a string",
	"SBX602": "starts an interactive debugger or helper",
}

// ---- SBX3xx introspection ----

// constKey is the constant key of x["key"] or x.get("key"), read through a descriptor or a dict.
func (p *pass) constKey(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.Subscript:
		if n.Ctx == ast.Load {
			return p.fold1String(n.Slice)
		}
	case *ast.Call:
		if at, ok := n.Func.(*ast.Attribute); ok && (at.Attr == "get" || at.Attr == "__getitem__") && len(n.Args) > 0 {
			return p.fold1String(n.Args[0])
		}
	}
	return "", false
}

func runSBX301(p *pass, n ast.Node) {
	if k, ok := p.constKey(n); ok && dunderHeads.in(dunderIntro, k) && k != "__dict__" && k != "__builtins__" && k != "__import__" {
		p.report(n, "%s read from a type's or object's dict walks the object graph", k)
		return
	}
	switch n := n.(type) {
	case *ast.Attribute:
		if !dunderHeads.in(dunderIntro, n.Attr) {
			return
		}
		switch n.Attr {
		case "__dict__":
			if !p.namespaceLike(p.refs(n.Value)) {
				return
			}
		}
		p.report(n, "%s walks the object graph", n.Attr)
	case *ast.Name:
		if (n.Id == "__loader__" || n.Id == "__spec__") && n.Ctx == ast.Load {
			for _, r := range p.refs(n) {
				if r.qual == n.Id {
					p.report(n, "%s exposes the import machinery", n.Id)
					return
				}
			}
		}
	}
}

// namespaceLike reports whether refs include a module or a builtin (type, object, function), whose
// namespace leads to the interpreter's internals.
func (p *pass) namespaceLike(refs []ref) bool {
	for _, r := range refs {
		if r.kind == kMod || r.kind == kObj && strings.HasPrefix(r.qual, "builtins.") && strings.Count(r.qual, ".") == 1 {
			return true
		}
	}
	return false
}

func (p *pass) anyModule(refs []ref) bool {
	for _, r := range refs {
		if r.kind == kMod {
			return true
		}
	}
	return false
}

func runSBX302(p *pass, n ast.Node) {
	if k, ok := p.constKey(n); ok && frameHeads.in(frameAttrs, k) {
		p.report(n, "%s read from a type's dict reaches frames and their globals", k)
		return
	}
	switch n := n.(type) {
	case *ast.Attribute:
		if frameHeads.in(frameAttrs, n.Attr) {
			p.report(n, "%s reaches frames and their globals", n.Attr)
		}
	case *ast.Call:
		if p.isGetattrCall(n) {
			if name, ok := p.namedAttr(n); ok && frameAttrs[name] {
				p.report(n, "%s reaches frames and their globals", name)
			}
		}
	}
}

// ---- SBX4xx builtins access ----

func runSBX401(p *pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Name:
		if n.Id == "__builtins__" {
			p.report(n, "__builtins__ gives access to every builtin, including eval and __import__")
		}
	case *ast.Import:
		for _, al := range n.Names {
			if r, _ := p.a.importVerdict(al.Name, true); r == "SBX401" {
				p.report(al, "import of the builtins module")
			}
		}
	case *ast.ImportFrom:
		if r, _ := p.a.importVerdict(ast.Str(n.Module), true); r == "SBX401" && n.Level == 0 {
			p.report(n, "import from the builtins module")
		}
	case *ast.Call, *ast.Subscript:
		var key ast.Expr
		switch x := n.(type) {
		case *ast.Subscript:
			if x.Ctx == ast.Load {
				key = x.Slice
			}
		case *ast.Call:
			if at, ok := x.Func.(*ast.Attribute); ok && (at.Attr == "get" || at.Attr == "__getitem__" || at.Attr == "pop") && len(x.Args) > 0 {
				key = x.Args[0]
			}
		}
		if k, ok := p.fold1String(key); key != nil && ok && (k == "__builtins__" || k == "__import__") {
			p.report(n, "lookup of %s in a namespace reaches the builtins", k)
		}
	}
}

func runSBX402(p *pass, n ast.Node) {
	if c, ok := n.(*ast.Call); ok {
		q, ok := has(p.refs(c.Func), tagNS)
		if !ok {
			return
		}
		switch q {
		case "builtins.globals", "builtins.locals":
			p.report(n, "%s() exposes the program's namespace by name", short(q))
		case "builtins.vars":
			if len(c.Args) == 0 && len(c.Keywords) == 0 || len(c.Args) > 0 && p.namespaceLike(p.refs(c.Args[0])) {
				p.report(n, "vars() of a module, a builtin type or the current scope fetches names dynamically")
			}
		case "builtins.dir":
			if len(c.Args) > 0 && p.namespaceLike(p.refs(c.Args[0])) {
				p.report(n, "dir() of a module or builtin type lists names to fetch dynamically")
			}
		}
		return
	}
	if !p.opaque(n) {
		return
	}
	if q, ok := has(p.namedRefs(n, true), tagNS); ok && q != "builtins.dir" {
		p.report(n, "%s is passed as a value", short(q))
	}
}

// safeComputedName reports whether a computed attribute name starts with a constant that starts
// with a letter (getattr(self, "visit_" + kind)): it cannot name a dunder or private attribute.
func (p *pass) safeComputedName(e ast.Expr) bool {
	if p.safeLoopName(e) && !p.getattrOnModule() {
		return true
	}
	for i := 0; i < 32 && e != nil; i++ {
		switch x := e.(type) {
		case *ast.BinOp:
			if x.Op != ast.Add {
				return false
			}
			e = x.Left
			continue
		case *ast.JoinedStr:
			if len(x.Values) == 0 {
				return false
			}
			e = x.Values[0]
			continue
		case *ast.Call:
			if at, ok := x.Func.(*ast.Attribute); ok && at.Attr == "format" {
				e = at.Value
				continue
			}
			return false
		}
		s, ok := p.fold1String(e)
		if !ok || s == "" {
			return false
		}
		c := s[0]
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	return false
}

// getattrOnModule reports whether the current node is getattr-like on a module (including
// builtins), where even plain names reach dangerous attributes.
func (p *pass) getattrOnModule() bool {
	c, ok := p.cur.n.(*ast.Call)
	return ok && len(c.Args) > 0 && p.anyModule(p.refs(c.Args[0]))
}

// safeLoopName recognises names that come from iterating what cannot hold a dunder: the .name of
// dataclasses.fields(...) entries (getattr(self, f.name) for f in fields(self)), or a loop over
// constant strings that are neither dunder nor private.
func (p *pass) safeLoopName(e ast.Expr) bool {
	field := false
	if at, ok := e.(*ast.Attribute); ok && at.Attr == "name" {
		e, field = at.Value, true
	}
	nm, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	binds, _, _ := p.lookup(nm.Id, p.cur.sc, p.cur.idx)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		if b.iter == nil {
			return false
		}
		if field {
			call, ok := b.iter.(*ast.Call)
			if !ok {
				return false
			}
			isFields := false
			for _, r := range p.resolve(call.Func, b.scope, b.idx) {
				isFields = isFields || r.qual == "dataclasses.fields"
			}
			if !isFields {
				return false
			}
			continue
		}
		v, ok := p.fold(b.iter, b.scope, b.idx, 0)
		items, ok2 := iterate(v)
		if !ok || !ok2 || v.k != cList {
			return false
		}
		for _, x := range items {
			if x.k != cStr || x.s == "" || x.s[0] == '_' {
				return false
			}
		}
	}
	return true
}

func runSBX403(p *pass, n ast.Node) {
	c, ok := n.(*ast.Call)
	if !ok {
		if !p.opaque(n) {
			return
		}
		if q, ok := has(p.namedRefs(n, true), tagAttr); ok && q != "builtins.hasattr" {
			p.report(n, "%s is passed as a value, so the attribute names it is given are unknown", short(q))
		}
		return
	}
	checkName := func(nameArg ast.Expr, fn string) {
		if nameArg == nil {
			return
		}
		if name, ok := p.fold1String(nameArg); ok {
			if dunderIntro[name] {
				p.report(n, "%s with the dunder name %q walks the object graph", fn, name)
			}
			return
		}
		if !p.safeComputedName(nameArg) {
			p.report(n, "%s with a computed attribute name can reach any attribute", fn)
		}
	}
	if at, ok := c.Func.(*ast.Attribute); ok && at.Attr == "__getattribute__" {
		arg := 0
		for _, r := range p.refs(at.Value) {
			if r.qual == "builtins.object" || r.qual == "builtins.type" || r.qual == "builtins.super" {
				arg = 1
			}
		}
		if len(c.Args) > arg {
			checkName(c.Args[arg], "__getattribute__")
		}
		return
	}
	q, ok := has(p.refs(c.Func), tagAttr)
	if !ok || len(c.Args) < 2 {
		return
	}
	if (q == "builtins.setattr" || q == "builtins.hasattr") && !p.namespaceLike(p.refs(c.Args[0])) {
		// setattr(self, key, value) from data and hasattr probes are everyday code: only a dunder
		// name (reaching internals) is reported on ordinary objects.
		if name, ok := p.fold1String(c.Args[1]); ok && dunderIntro[name] {
			p.report(n, "%s with the dunder name %q walks the object graph", short(q), name)
		}
		return
	}
	checkName(c.Args[1], short(q))
}

// ---- SBX5xx module internals and name resolvers ----

// moduleAttrRefs yields (module, attribute) pairs a node names: m.attr, getattr(m, "attr") and
// `from m import attr` (one per alias, with the alias as position).
func (p *pass) moduleAttrRefs(n ast.Node, fn func(at ast.Node, mod, attr string)) {
	switch n := n.(type) {
	case *ast.ImportFrom:
		if n.Level > 0 {
			return
		}
		for _, al := range n.Names {
			if al.Name != "*" {
				fn(al, ast.Str(n.Module), al.Name)
			}
		}
	case *ast.Attribute:
		for _, r := range p.refs(n.Value) {
			if r.kind == kMod {
				fn(n, r.qual, n.Attr)
				return
			}
		}
	case *ast.Call:
		if path, base, ok := p.getterCall(n); ok {
			for _, steps := range p.getterSteps(path, base, p.cur.sc, p.cur.idx, 0) {
				prev := p.refs(base)
				attrs := strings.Split(path, ".")
				for i, r := range steps {
					for _, b := range prev {
						if b.kind == kMod {
							fn(n, b.qual, attrs[i])
							break
						}
					}
					prev = []ref{r}
				}
			}
			return
		}
		if !p.isGetattrCall(n) || len(n.Args) < 2 {
			return
		}
		name, ok := p.fold1String(n.Args[1])
		if !ok {
			return
		}
		for _, r := range p.refs(n.Args[0]) {
			if r.kind == kMod {
				fn(n, r.qual, name)
				return
			}
		}
	}
}

func runSBX501(p *pass, n ast.Node) {
	p.moduleAttrRefs(n, func(at ast.Node, mod, attr string) {
		if !isPrivate(attr) || !p.a.allowed(mod) {
			return
		}
		if target, ok := p.a.mods.moduleAttr(mod, attr); ok {
			p.report(at, "%s.%s is the module %s, reached through a private attribute", mod, attr, target)
			return
		}
		q := mod + "." + attr
		if !p.a.mods.isModule(mod) || len(p.a.caps[q]) > 0 || namingRule(q) != "" || p.a.denied[q] {
			return // not a standard-library module, or reported by the rule for that attribute
		}
		p.report(at, "%s is a private attribute of a standard-library module", q)
	})
}

func runSBX502(p *pass, n ast.Node) {
	p.moduleAttrRefs(n, func(at ast.Node, mod, attr string) {
		if isPrivate(attr) || isDunder(attr) || !p.a.allowed(mod) {
			return
		}
		target, ok := p.a.mods.Modules[p.a.mods.canonical(mod)][attr]
		if !ok || target == mod+"."+attr {
			return
		}
		if p.a.moduleAttrAllowed(mod, attr, target) {
			return
		}
		p.report(at, "%s.%s is the module %s, which is not in the module allowlist", mod, attr, target)
	})
}

func runSBX503(p *pass, n ast.Node) {
	p.naming("SBX503", n)
	c, ok := n.(*ast.Call)
	if !ok {
		return
	}
	var q string
	for _, r := range p.refs(c.Func) {
		switch r.qual {
		case "operator.attrgetter", "operator.methodcaller":
			q = r.qual
		case "operator.itemgetter":
			for _, a := range c.Args {
				if s, ok := p.fold1String(a); ok && dunderIntro[s] {
					p.report(n, "operator.itemgetter(%q) fetches a dunder entry of a namespace", s)
					return
				}
			}
			return
		case "unittest.main", "unittest.TestProgram", "unittest.main.TestProgram", "unittest.main.main":
			if p.unittestNames(c) {
				p.report(n, "%s with test names or a module name imports and runs what they name", r.qual)
			}
			return
		}
	}
	if q == "" {
		return
	}
	args := c.Args
	if q == "operator.methodcaller" && len(args) > 1 {
		args = args[:1]
	}
	for _, a := range args {
		s, ok := p.fold1String(a)
		if !ok {
			if !p.safeComputedName(a) {
				p.report(n, "%s with a computed path resolves arbitrary attributes", q)
				return
			}
			continue
		}
		if strings.Contains(s, "__") || strings.HasPrefix(s, "_") || strings.Contains(s, "._") {
			p.report(n, "%s(%q) resolves a private or dunder path", q, s)
			return
		}
	}
}

// unittest.main(module, defaultTest, argv, ...) resolves test names (dotted names) and a module name
// given as a string; only the bare unittest.main() of the running program is harmless.
func (p *pass) unittestNames(c *ast.Call) bool {
	if len(c.Args) > 1 {
		return true
	}
	check := func(e ast.Expr, kw string) bool {
		if e == nil {
			return false
		}
		if kw == "module" {
			if k, ok := e.(*ast.Constant); ok {
				if _, none := k.Value.(ast.NoneValue); none {
					return false
				}
			}
			s, ok := p.fold1String(e)
			return !ok || s != "__main__"
		}
		if kw == "argv" {
			// argv[0] is the program name; options are fine; anything else is a test name.
			for _, r := range p.refs(e) {
				if r.qual == "sys.argv" {
					return false
				}
			}
			v, ok := p.fold(e, p.cur.sc, p.cur.idx, 0)
			if !ok || v.k != cList {
				return true
			}
			for i, x := range v.l {
				if i > 0 && (x.k != cStr || !strings.HasPrefix(x.s, "-")) {
					return true
				}
			}
			return false
		}
		return true
	}
	if len(c.Args) == 1 && check(c.Args[0], "module") {
		return true
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return true
		}
		switch *k.Arg {
		case "module", "defaultTest", "argv":
			if check(k.Value, *k.Arg) {
				return true
			}
		}
	}
	return false
}

// ---- SBX6xx code runners, interactive, monkeypatching ----

func runSBX601(p *pass, n ast.Node) {
	p.naming("SBX601", n)
	c, ok := n.(*ast.Call)
	if !ok {
		return
	}
	for _, r := range p.refs(c.Func) {
		switch r.qual {
		case "timeit.timeit", "timeit.repeat", "timeit.Timer":
			stmt := argOrKeyword(c, 0, "stmt")
			setup := argOrKeyword(c, 1, "setup")
			if p.codeString(stmt) || p.codeString(setup) {
				p.report(n, "%s with a string statement runs code given as a string", r.qual)
			}
			return
		}
	}
}

// codeString reports whether e is a string (which timeit compiles) rather than a callable.
func (p *pass) codeString(e ast.Expr) bool {
	if e == nil {
		return false
	}
	if s, ok := p.fold1String(e); ok {
		return strings.TrimSpace(s) != "pass"
	}
	switch e.(type) {
	case *ast.JoinedStr, *ast.BinOp:
		return true
	}
	return false
}

func argOrKeyword(c *ast.Call, i int, kw string) ast.Expr {
	if i < len(c.Args) {
		return c.Args[i]
	}
	for _, k := range c.Keywords {
		if k.Arg != nil && *k.Arg == kw {
			return k.Value
		}
	}
	return nil
}

func runSBX602(p *pass, n ast.Node) {
	p.naming("SBX602", n)
	if c, ok := n.(*ast.Call); ok {
		if q, ok := has(p.refs(c.Func), tagInteractive); ok {
			p.report(n, "%s() starts an interactive session", short(q))
		}
		return
	}
	if _, ok := n.(*ast.Subscript); ok || !p.opaque(n) {
		return
	}
	if q, ok := has(p.namedRefs(n, true), tagInteractive); ok {
		p.report(n, "%s is passed as a value", short(q))
	}
}

func runSBX603(p *pass, n ast.Node) {
	switch t := n.(type) {
	case *ast.Call:
		p.monkeyCall(t)
	case *ast.Attribute:
		// Any store or delete: assignment, augmented assignment, for/with/comprehension targets.
		if t.Ctx == ast.Load {
			return
		}
		for _, r := range p.refs(t.Value) {
			if r.kind == kMod && !sysWritable[r.qual+"."+t.Attr] {
				p.report(t, "assignment to %s.%s changes the module for all code", r.qual, t.Attr)
				return
			}
		}
	case *ast.Subscript:
		if t.Ctx == ast.Load {
			return
		}
		for _, r := range p.refs(t.Value) {
			if r.kind == kModules || r.kind == kDict || r.kind == kMod && r.qual == "builtins" || importPathLists[r.qual] {
				p.report(t, "assignment into %s changes modules or builtins for all code", describeNS(r))
				return
			}
		}
	}
}

// importPathLists are the lists that decide what an import statement loads.
var importPathLists = map[string]bool{"sys.path": true, "sys.meta_path": true, "sys.path_hooks": true}

func describeNS(r ref) string {
	switch r.kind {
	case kModules:
		return "sys.modules"
	case kDict:
		return "the namespace of " + r.qual
	}
	return r.qual
}

func (p *pass) monkeyCall(c *ast.Call) {
	if q, ok := has(p.refs(c.Func), tagSetDel); ok && len(c.Args) > 0 {
		if p.anyModule(p.refs(c.Args[0])) {
			p.report(c, "%s on a module changes it for all code", short(q))
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
		for _, r := range p.refs(at.Value) {
			if (r.qual == "builtins.object" || r.qual == "builtins.type") && len(c.Args) > 0 {
				target = c.Args[0]
			}
		}
		if p.anyModule(p.refs(target)) {
			p.report(c, "%s on a module changes it for all code", at.Attr)
		}
		return
	}
	switch at.Attr {
	case "insert", "append", "extend", "__setitem__", "__iadd__", "remove", "clear", "pop":
		// sys.path and the import hooks decide what `import json` runs.
		for _, r := range p.refs(at.Value) {
			if importPathLists[r.qual] {
				p.report(c, "%s.%s changes where imports come from", r.qual, at.Attr)
				return
			}
		}
	}
	switch at.Attr {
	case "update", "__setitem__", "setdefault", "pop", "popitem", "__delitem__", "clear":
	default:
		return
	}
	for _, r := range p.refs(at.Value) {
		if r.kind == kModules || r.kind == kDict || r.kind == kMod && r.qual == "builtins" {
			p.report(c, "%s of %s changes modules or builtins for all code", at.Attr, describeNS(r))
			return
		}
	}
}

// ---- SBX7xx string tricks ----

func runSBX701(p *pass, n ast.Node) {
	var format string
	var ok bool
	switch n := n.(type) {
	case *ast.Attribute:
		// "{0.__globals__}".format, called or passed as a bound method.
		if n.Attr == "format" || n.Attr == "format_map" {
			format, ok = p.fold1String(n.Value)
		}
	case *ast.Call:
		format, ok = p.formatOfCall(n)
	}
	if !ok {
		return
	}
	if field, t := traversingField(format); t {
		p.report(n, "format field {%s} traverses attributes or items of its argument", field)
	}
}

// formatOfCall returns the format string a call formats with, for the forms the Attribute case
// does not see: getattr(fmt, "format"), str.format(fmt, ...), Formatter().format/vformat(fmt, ...),
// Formatter().get_field(name, ...), and logging formatters with style="{".
func (p *pass) formatOfCall(c *ast.Call) (string, bool) {
	if p.isGetattrCall(c) && len(c.Args) >= 2 {
		if name, ok := p.fold1String(c.Args[1]); ok && (name == "format" || name == "format_map") {
			return p.fold1String(c.Args[0])
		}
		return "", false
	}
	if at, ok := c.Func.(*ast.Attribute); ok {
		switch at.Attr {
		case "format", "format_map", "vformat":
			if _, recvIsStr := p.fold1String(at.Value); !recvIsStr && len(c.Args) > 0 {
				return p.fold1String(c.Args[0])
			}
			return "", false
		case "get_field", "get_value":
			if len(c.Args) > 0 {
				if s, ok := p.fold1String(c.Args[0]); ok {
					return "{" + s + "}", true
				}
			}
			return "", false
		}
	}
	for _, r := range p.refs(c.Func) {
		switch r.qual {
		case "logging.Formatter", "logging.basicConfig", "logging.LoggerAdapter":
			style, ok := p.fold1String(argOrKeyword(c, 2, "style"))
			if !ok || style != "{" {
				return "", false
			}
			if f := argOrKeyword(c, 0, "fmt"); f != nil && r.qual == "logging.Formatter" {
				return p.fold1String(f)
			}
			for _, k := range c.Keywords {
				if k.Arg != nil && (*k.Arg == "format" || *k.Arg == "fmt") {
					return p.fold1String(k.Value)
				}
			}
		}
	}
	return "", false
}

// privateStep reports whether a field name ("0.x[k].y") has an attribute or item step that starts
// with an underscore: public attributes ("{0.x}") read what the program could read anyway, while
// "_" and "__" steps walk into internals ("{0.__init__.__globals__}").
func privateStep(field string) bool {
	for i := 0; i < len(field); i++ {
		if (field[i] == '.' || field[i] == '[') && i+1 < len(field) && field[i+1] == '_' {
			return true
		}
	}
	return false
}

// traversingField finds a replacement field whose name has an attribute or index part, including
// nested fields inside format specs.
func traversingField(f string) (string, bool) {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '{':
			if i+1 < len(f) && f[i+1] == '{' {
				i++
				continue
			}
			depth, j := 1, i+1
			for ; j < len(f) && depth > 0; j++ {
				switch f[j] {
				case '{':
					depth++
				case '}':
					depth--
				}
			}
			var body string
			if depth == 0 {
				body = f[i+1 : j-1]
			} else {
				body = f[i+1:]
			}
			name := body
			if k := strings.IndexAny(name, "!:"); k >= 0 {
				name = name[:k]
			}
			if privateStep(name) {
				return name, true
			}
			if k := strings.IndexByte(body, ':'); k >= 0 {
				if inner, ok := traversingField(body[k+1:]); ok {
					return inner, true
				}
			}
			i = j - 1
		}
	}
	return "", false
}

func runSBX702(p *pass, n ast.Node) {
	c := n.(*ast.Call)
	var arg ast.Expr
	var sink string
	for _, r := range p.refs(c.Func) {
		switch {
		case r.tags&tagEval != 0:
			arg, sink = argOrKeyword(c, 0, "source"), short(r.qual)
		case r.tags&tagImportFunc != 0:
			arg, sink = importNameArg(c), short(r.qual)
		case r.tags&tagAttr != 0:
			arg, sink = argOrKeyword(c, 1, "name"), short(r.qual)
		case r.qual == "timeit.timeit" || r.qual == "timeit.Timer" || r.qual == "timeit.repeat":
			arg, sink = argOrKeyword(c, 0, "stmt"), r.qual
		}
		if arg != nil {
			break
		}
	}
	if arg == nil {
		return
	}
	if dec, ok := p.decoded(arg); ok {
		p.report(n, "%s receives a string decoded at run time by %s", sink, dec)
	}
}

// decoded reports whether e is computed by a decoder call, looking through names bound once.
func (p *pass) decoded(e ast.Expr) (string, bool) {
	type item struct {
		e   ast.Expr
		sc  *scope
		idx int
	}
	work := []item{{e, p.cur.sc, p.cur.idx}}
	seen := map[*binding]bool{}
	var found string
	for steps := 0; len(work) > 0 && steps < 512 && found == ""; steps++ {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		ast.Walk(it.e, func(x, _ ast.Node) bool {
			if found != "" {
				return false
			}
			switch x := x.(type) {
			case *ast.Call:
				for _, r := range p.resolve(x.Func, it.sc, it.idx) {
					if decoders[r.qual] {
						found = r.qual
						return false
					}
				}
				if at, ok := x.Func.(*ast.Attribute); ok && (at.Attr == "decode" || at.Attr == "fromhex") {
					if len(x.Args) > 0 {
						if s, ok := p.foldString(x.Args[0], it.sc, it.idx); ok && isTransformCodec(s) {
							found = at.Attr + "(" + s + ")"
							return false
						}
					}
					if at.Attr == "fromhex" {
						found = "fromhex"
						return false
					}
				}
			case *ast.Name:
				binds, _, _ := p.lookup(x.Id, it.sc, it.idx)
				for _, b := range binds {
					if b.kind == bAssign && !seen[b] && len(seen) < 32 {
						seen[b] = true
						work = append(work, item{b.value, b.scope, b.idx})
					}
				}
			case *ast.Lambda, *ast.FunctionDef:
				return false
			}
			return true
		})
	}
	return found, found != ""
}

func isTransformCodec(s string) bool {
	switch normCodec(s) {
	case "rot13", "rot_13", "hex", "hex_codec", "base64", "base64_codec", "base_64", "zlib", "zlib_codec", "bz2", "bz2_codec", "uu", "quopri":
		return true
	}
	return false
}
