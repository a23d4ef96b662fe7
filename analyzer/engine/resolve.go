package engine

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// Ref is what an expression may refer to, as a dotted name: a module ("os"), an attribute of one
// ("os.system", "builtins.eval"), a module's namespace dict (vars(os), os.__dict__) or sys.modules.
type Ref struct {
	Qual string
	Kind RefKind
	// How a name use reached it: through `from m import *`, a from-import, or an assignment
	// alias (e = eval). Attribute, subscript and call results clear these: they name the object.
	star, imported, alias bool
	tags                  qualTags // set by pass.addRef: every ref resolution returns has them
}

type RefKind uint8

const (
	ObjRef     RefKind = iota // anything that is not a module
	ModRef                    // a module
	DictRef                   // the namespace dict of module qual
	ModulesRef                // sys.modules
	GlobalsRef                // globals() of the program
	GetterRef                 // operator.attrgetter("a.b"): qual is the dotted path it fetches
)

const (
	maxRefs     = 8   // candidates kept per expression
	maxQualLen  = 256 // longer dotted names are dropped
	maxResolveD = 48  // resolution depth through names and attribute chains
)

// modRef is the module that a module name written in the program (import a.b as c, from a.b
// import x, sys.modules["a.b"], import_module("a.b")) imports, named as the module table knows it.
func (a *Engine) modRef(name string) Ref {
	return Ref{Qual: a.mods.canonical(name), Kind: ModRef}
}

// child is attribute attr of r, seen through the module table: random._os is the module os.
func (a *Engine) child(r Ref, attr string) Ref {
	switch r.Kind {
	case ModRef:
		if m, ok := a.mods.moduleAttr(r.Qual, attr); ok {
			return Ref{Qual: m, Kind: ModRef}
		}
		if r.Qual == "sys" && attr == "modules" {
			return Ref{Qual: "sys.modules", Kind: ModulesRef}
		}
		if attr == "__dict__" {
			return Ref{Qual: r.Qual, Kind: DictRef}
		}
		if r.Qual == "builtins" && attr == "__builtins__" {
			return Ref{Qual: "builtins", Kind: ModRef}
		}
		return Ref{Qual: r.Qual + "." + attr, Kind: ObjRef}
	case ObjRef:
		// A function of a module carries that module's globals: os.system.__globals__ is os's dict.
		if attr == "__globals__" {
			if i := strings.LastIndexByte(r.Qual, '.'); i > 0 && r.Qual[:i] != "builtins" {
				return Ref{Qual: r.Qual[:i], Kind: DictRef}
			}
		}
		if attr == "__self__" && strings.HasPrefix(r.Qual, "builtins.") {
			return Ref{Qual: "builtins", Kind: ModRef}
		}
		// x.__class__ is type(x), which resolution does not name: an object's class is not the
		// path it was reached by (email.policy.default.__class__.clone is EmailPolicy.clone,
		// Formatter().__class__.get_field is Formatter.get_field), and a check that judges a
		// method by its class's name would take it for an unjudged attribute. Unresolved, it is
		// judged like any object of unknown class: by the method's name.
		if attr == "__class__" {
			return Ref{}
		}
		return Ref{Qual: r.Qual + "." + attr, Kind: ObjRef}
	case ModulesRef, DictRef, GlobalsRef:
		return Ref{Qual: r.Qual + "." + attr, Kind: ObjRef}
	}
	return Ref{}
}

// item is r[key] for a constant string key.
func (p *Pass) item(r Ref, key string, sc *scope, idx int, depth int) []Ref {
	switch r.Kind {
	case ModulesRef:
		return []Ref{p.a.modRef(key)}
	case DictRef:
		return []Ref{p.a.child(Ref{Qual: r.Qual, Kind: ModRef}, key)}
	case ModRef:
		if r.Qual == "builtins" { // __builtins__ is a dict in imported modules
			return []Ref{p.a.child(r, key)}
		}
	case GlobalsRef:
		return p.resolveName(key, p.w.root, 1<<30, depth+1, nil)
	}
	return nil
}

// lookup finds the bindings a name use refers to and whether the builtin of that name may be the
// one meant (see the comment at the top of scope.go), and the modules star-imported in the
// module scope when the name is looked up there.
func (p *Pass) lookup(name string, sc *scope, idx int) (binds []*Binding, builtin bool, star []string) {
	p.lookups++
	first := true
	for s := sc; s != nil; {
		if s.kind == scClass && !first {
			s, idx = s.parent, s.idxInParent
			continue
		}
		first = false
		y := s.syms[name]
		if y != nil && y.global {
			idx = topIndex(s, idx)
			s = s.module()
			y = s.syms[name]
		}
		if y != nil && y.nonlocal {
			s, idx = s.parent, s.idxInParent
			continue
		}
		if y != nil {
			if s.kind == scFunction || s.kind == scComp {
				return appendBinds(binds, y.binds), false, nil
			}
			binds = appendBinds(binds, y.binds)
			if shadows(y.binds, idx) {
				if s.parent == nil {
					// A star import may bind the name again (the own-object questions ask).
					return binds, false, s.stars
				}
				return binds, false, nil
			}
		}
		if s.parent == nil {
			return binds, true, s.stars
		}
		s, idx = s.parent, s.idxInParent
	}
	return binds, true, nil
}

// appendBinds is append(binds, more...) that shares more when binds is empty: the result is
// read-only, and its capacity is capped so that a later append copies.
func appendBinds(binds, more []*Binding) []*Binding {
	if len(binds) == 0 {
		return more[:len(more):len(more)]
	}
	return append(binds, more...)
}

// topIndex is the index of the module-level statement that contains statement idx of scope s.
func topIndex(s *scope, idx int) int {
	for s.parent != nil {
		s, idx = s.parent, s.idxInParent
	}
	return idx
}

// shadows reports whether an unconditional binding in a statement before idx hides outer names,
// with no del of the name anywhere.
func shadows(binds []*Binding, idx int) bool {
	hidden := false
	for _, b := range binds {
		if b.kind == bDel {
			return false
		}
		if !b.cond && b.at < idx {
			hidden = true
		}
	}
	return hidden
}

// resolve returns what e may refer to, conservatively: every candidate any binding allows.
func (p *Pass) resolve(e ast.Expr, sc *scope, idx int) []Ref {
	return p.resolveD(e, sc, idx, 0)
}

func (p *Pass) resolveD(e ast.Expr, sc *scope, idx int, depth int) []Ref {
	if e == nil {
		return nil
	}
	if depth > maxResolveD || p.budget <= 0 {
		// What e refers to is unknown, and it may be a module or a builtin: fail closed.
		p.exhausted = true
		return nil
	}
	p.budget--
	key := keyOf(e)
	if c, ok := p.refCache.get(key); ok {
		return c
	}
	var kept []Ref
	switch e := e.(type) {
	case *ast.Name:
		kept = p.resolveName(e.Id, sc, idx, depth, e)
	case *ast.Call:
		kept = p.resolveCall(e, sc, idx, depth) // a fresh slice: the flags can be cleared in place
		for i := range kept {
			kept[i].star, kept[i].imported, kept[i].alias = false, false, false
		}
	default:
		kept = p.resolveExpr(e, sc, idx, depth)
	}
	p.refCache.put(key, kept)
	return kept
}

// resolveExpr is resolveD for the expressions other than names and calls, in a fresh slice. A
// function of its own so that the frames of resolveD, which recursion through names stacks up,
// do not carry its buffer.
func (p *Pass) resolveExpr(e ast.Expr, sc *scope, idx int, depth int) []Ref {
	// Candidates are gathered in a buffer on the stack and kept in the walker's slab: results live
	// as long as the analysis, and allocating each one was a large share of its allocations.
	var buf [maxRefs]Ref
	out := buf[:0]
	switch e := e.(type) {
	case *ast.Attribute:
		for _, r := range p.resolveD(e.Value, sc, idx, depth+1) {
			out = p.addRef(out, p.a.child(r, e.Attr))
		}
	case *ast.Subscript:
		key, ok := p.foldString(e.Slice, sc, idx)
		if !ok {
			break
		}
		for _, r := range p.resolveD(e.Value, sc, idx, depth+1) {
			for _, x := range p.item(r, key, sc, idx, depth) {
				x.star, x.imported, x.alias = false, false, false
				out = p.addRef(out, x)
			}
		}
	case *ast.NamedExpr:
		out = append(out, p.resolveD(e.Value, sc, idx, depth+1)...)
	case *ast.IfExp:
		out = append(out, p.resolveD(e.Body, sc, idx, depth+1)...)
		for _, r := range p.resolveD(e.Orelse, sc, idx, depth+1) {
			out = p.addRef(out, r) // at most maxRefs, like every result
		}
	case *ast.BoolOp:
		for _, v := range e.Values {
			for _, r := range p.resolveD(v, sc, idx, depth+1) {
				out = p.addRef(out, r)
			}
		}
	}
	return p.w.refLists.keep(out)
}

// addRef appends r to out unless it is there already, with its tags. A candidate past maxRefs or
// longer than maxQualLen is not kept, and the program is refused (Pass.overLimit): the checks
// judge what an expression may refer to, and one left out (the ninth module a name may be bound
// to) would go unjudged.
func (p *Pass) addRef(out []Ref, r Ref) []Ref {
	if r.Qual == "" {
		return out
	}
	if len(r.Qual) > maxQualLen {
		p.overLimit("a dotted name of more than %d characters (%.40s...), past what the analyzer resolves (maxQualLen): write it in shorter steps", maxQualLen, r.Qual)
		return out
	}
	if r.tags&tagKnown == 0 {
		r.tags = p.a.tagsOf(r.Qual)
	}
	for _, x := range out {
		if x == r {
			return out
		}
	}
	if len(out) >= maxRefs {
		p.overLimit("an expression that may refer to more than %d modules or objects (%s, %s, ...), past what the analyzer follows (maxRefs): bind each to a name of its own", maxRefs, out[0].Qual, r.Qual)
		return out
	}
	return append(out, r)
}

// resolveName returns what name, used in sc at statement idx, may refer to, in a fresh slice.
func (p *Pass) resolveName(name string, sc *scope, idx int, depth int, use *ast.Name) []Ref {
	binds, builtin, stars := p.lookup(name, sc, idx)
	var buf [maxRefs]Ref // see resolveD
	out := buf[:0]
	for _, b := range binds {
		switch b.kind {
		case bUnknown:
			if b.over {
				p.overLimit("the name %s is bound more than %d times in one scope, past what the analyzer keeps (maxBindings): use names of their own", name, maxBindings)
			}
		case bImport:
			r := b.ref
			r.imported = true
			out = p.addRef(out, r)
		case bAssign:
			if b.busy {
				b.cut = true // a cycle: what b gives is being resolved above
				continue
			}
			b.busy = true
			modules := false
			for _, r := range p.resolveD(b.value, b.scope, b.idx, depth+1) {
				r.alias, r.imported, r.star = true, false, false
				out = p.addRef(out, r)
				modules = modules || r.Kind != ObjRef
			}
			b.busy = false
			if b.cut {
				// b's value depends on b (x = x.subprocess in a loop): resolution follows one step
				// of the cycle, and the results inside it are kept with less. A step from a module
				// may be another module (asyncio.subprocess.subprocess is subprocess), so a cycle
				// that carries modules, namespaces or getters refuses the program; one that
				// carries objects (df = df.dropna()) stays within their classes.
				b.cut = false
				if modules {
					p.overLimit("the name %s is assigned a module from its own value (%s = %s.attr, directly or through other names), and the analyzer follows such a cycle one step only: give each step a name of its own", name, name, name)
				}
			}
		}
	}
	if builtin {
		br, isBuiltin := p.a.builtinRefs[name]
		switch {
		case name == "__builtins__":
			out = p.addRef(out, Ref{Qual: "builtins", Kind: ModRef})
		case name == "__loader__" || name == "__spec__":
			out = p.addRef(out, Ref{Qual: name, Kind: ObjRef})
		case isBuiltin:
			out = p.addRef(out, br)
		case len(binds) == 0:
			for _, m := range stars {
				r := p.a.child(Ref{Qual: m, Kind: ModRef}, name)
				r.star = true
				out = p.addRef(out, r)
			}
		}
	}
	return p.w.refLists.keep(out)
}

// ImportFuncs are the dynamic-import entry points: calls that import a module named by their
// first argument.
var ImportFuncs = NewNameSet("import functions",
	"builtins.__import__", "importlib.import_module", "importlib.__import__",
	"importlib._bootstrap._gcd_import", "importlib._bootstrap._find_and_load",
	"importlib.util.find_spec", "importlib.find_loader", "importlib.machinery.PathFinder.find_spec",
	"pkgutil.get_loader", "pkgutil.find_loader", "runpy.run_module", "runpy.run_path",
	"runpy._run_module_as_main", "__loader__.load_module", "__spec__.loader.load_module",
	"sys.modules.get", "sys.modules.__getitem__", "sys.modules.pop", "sys.modules.setdefault",
)

// Calls that import something that is not named by a string argument.
var opaqueImportFuncs = NewNameSet("opaque import functions",
	"importlib.util.spec_from_file_location", "importlib.util.spec_from_loader", "importlib.reload",
	"importlib.machinery.SourceFileLoader", "importlib.machinery.SourcelessFileLoader",
	"importlib.machinery.ExtensionFileLoader", "pkgutil.ImpImporter", "pkgutil.ImpLoader",
	"zipimport.zipimporter", "imp.load_source", "imp.load_module", "imp.load_dynamic",
	"imp.find_module",
)

// instanceTypes are classes whose instances' methods are sinks: calling one yields the ref
// "cProfile.Profile()", whose attributes the checks' Names can name.
var instanceTypes = map[string]bool{
	"cProfile.Profile": true, "profile.Profile": true, "string.Formatter": true, "timeit.Timer": true,
	"unittest.TestLoader": true, "unittest.loader.TestLoader": true, "asyncio.Task": true,
}

// instanceResults are functions that return instances of those classes.
var instanceResults = map[string]string{
	"asyncio.current_task": "asyncio.Task()", "asyncio.create_task": "asyncio.Task()",
	"asyncio.ensure_future": "asyncio.Task()",
}

// resolveCall returns what the result of call e may refer to, in a fresh slice.
func (p *Pass) resolveCall(e *ast.Call, sc *scope, idx int, depth int) []Ref {
	// x.__getattribute__("name") and object.__getattribute__(x, "name") are getattr(x, "name").
	if at, ok := e.Func.(*ast.Attribute); ok && at.Attr == "__getattribute__" {
		return p.getattributeRefs(e, at, sc, idx, depth)
	}
	var buf [maxRefs]Ref // see resolveD
	out := buf[:0]
	// ns.get("name") on a namespace is ns["name"].
	if at, ok := e.Func.(*ast.Attribute); ok && (at.Attr == "get" || at.Attr == "__getitem__") && len(e.Args) > 0 {
		if key, ok := p.foldString(e.Args[0], sc, idx); ok {
			for _, r := range p.resolveD(at.Value, sc, idx, depth+1) {
				if r.Kind == DictRef || r.Kind == GlobalsRef || r.Kind == ModRef && r.Qual == "builtins" {
					for _, x := range p.item(r, key, sc, idx, depth) {
						out = p.addRef(out, x)
					}
				}
			}
		}
	}
	for _, f := range p.resolveD(e.Func, sc, idx, depth+1) {
		if f.Kind != ObjRef && f.Kind != GetterRef {
			continue
		}
		if instanceTypes[f.Qual] {
			out = p.addRef(out, Ref{Qual: f.Qual + "()", Kind: ObjRef})
			continue
		}
		if inst, ok := instanceResults[f.Qual]; ok {
			out = p.addRef(out, Ref{Qual: inst, Kind: ObjRef})
			continue
		}

		if f.Kind == GetterRef && len(e.Args) == 1 {
			for _, steps := range p.getterSteps(f.Qual, e.Args[0], sc, idx, depth) {
				out = p.addRef(out, steps[len(steps)-1])
			}
			continue
		}
		switch f.Qual {
		case "operator.attrgetter", "operator.methodcaller":
			// attrgetter("a.b")(x) is x.a.b; methodcaller("name", ...)(x) calls x.name, which is
			// what the checks need to see (os.system for methodcaller("system", "id")(os)).
			if len(e.Args) == 1 || f.Qual == "operator.methodcaller" && len(e.Args) >= 1 {
				path, ok := p.foldString(e.Args[0], sc, idx)
				if ok && path != "" && (f.Qual == "operator.attrgetter" || !strings.Contains(path, ".")) {
					out = p.addRef(out, Ref{Qual: path, Kind: GetterRef})
				}
			}
		case "builtins.getattr":
			if len(e.Args) >= 2 {
				if name, ok := p.foldString(e.Args[1], sc, idx); ok {
					for _, r := range p.resolveD(e.Args[0], sc, idx, depth+1) {
						out = p.addRef(out, p.a.child(r, name))
					}
				}
			}
		case "builtins.vars":
			if len(e.Args) == 0 {
				out = p.addRef(out, Ref{Qual: "__main__", Kind: GlobalsRef})
			}
			for _, r := range p.resolveD(firstArg(e), sc, idx, depth+1) {
				if r.Kind == ModRef {
					out = p.addRef(out, Ref{Qual: r.Qual, Kind: DictRef})
				}
			}
		case "builtins.globals", "builtins.locals":
			out = p.addRef(out, Ref{Qual: "__main__", Kind: GlobalsRef})
		case "builtins.__import__", "importlib.import_module", "importlib.__import__", "importlib._bootstrap._gcd_import",
			"sys.modules.get", "sys.modules.__getitem__":
			name, ok := p.foldString(ImportNameArg(e), sc, idx)
			if !ok || name == "" || strings.HasPrefix(name, ".") {
				continue
			}
			if f.Qual == "builtins.__import__" && !hasFromlist(e) {
				if i := strings.IndexByte(name, '.'); i >= 0 {
					name = name[:i]
				}
			}
			out = p.addRef(out, p.a.modRef(name))
		default:
			// An object of a class of the reviewed API, or of what a factory the review lists
			// returns: its attributes are judged against the class's API.
			if c := p.reviewedReturn(f); c != "" {
				out = p.addRef(out, Ref{Qual: c + "()", Kind: ObjRef})
			}
		}
	}
	return p.w.refLists.keep(out)
}

// getattributeRefs is resolveCall for x.__getattribute__("name") and
// object.__getattribute__(x, "name"). Out of resolveCall to keep the frame of that recursive
// function small. (It returns its own slice: a buffer of resolveCall's passed to a function of
// the recursion would escape to the heap.)
func (p *Pass) getattributeRefs(e *ast.Call, at *ast.Attribute, sc *scope, idx int, depth int) []Ref {
	var buf [maxRefs]Ref // see resolveD
	out := buf[:0]
	obj, nameArg := at.Value, firstArg(e)
	for _, r := range p.resolveD(at.Value, sc, idx, depth+1) {
		if (r.Qual == "builtins.object" || r.Qual == "builtins.type") && len(e.Args) >= 2 {
			obj, nameArg = e.Args[0], e.Args[1]
		}
	}
	if name, ok := p.foldString(nameArg, sc, idx); ok {
		for _, r := range p.resolveD(obj, sc, idx, depth+1) {
			out = p.addRef(out, p.a.child(r, name))
		}
	}
	return p.w.refLists.keep(out)
}

// getterSteps applies an attrgetter path to what base refers to, returning for each candidate the
// ref after every step (so that checks can see the modules passed through).
func (p *Pass) getterSteps(path string, base ast.Expr, sc *scope, idx int, depth int) [][]Ref {
	var out [][]Ref
	for _, r := range p.resolveD(base, sc, idx, depth+1) {
		var steps []Ref
		cur := r
		for _, attr := range strings.Split(path, ".") {
			cur = p.a.child(cur, attr)
			steps = append(steps, cur)
		}
		if len(steps) > 0 {
			out = append(out, steps) // one per candidate of base: at most maxRefs
		}
	}
	return out
}

// GetterCall returns the path and base of an attrgetter application, attrgetter("a.b")(base).
func (p *Pass) GetterCall(c *ast.Call) (string, ast.Expr, bool) {
	if len(c.Args) != 1 {
		return "", nil, false
	}
	for _, f := range p.Refs(c.Func) {
		if f.Kind == GetterRef {
			return f.Qual, c.Args[0], true
		}
	}
	return "", nil, false
}

func firstArg(e *ast.Call) ast.Expr {
	if len(e.Args) > 0 {
		return e.Args[0]
	}
	return nil
}

// ImportNameArg is the module-name argument of a dynamic-import call: the first positional one or
// the keyword name.
func ImportNameArg(e *ast.Call) ast.Expr {
	if len(e.Args) > 0 {
		if _, ok := e.Args[0].(*ast.Starred); !ok {
			return e.Args[0]
		}
		return nil
	}
	for _, k := range e.Keywords {
		if k.Arg != nil && (*k.Arg == "name" || *k.Arg == "path_name" || *k.Arg == "mod_name" || *k.Arg == "fullname") {
			return k.Value
		}
	}
	return nil
}

// hasFromlist reports whether an __import__ call passes a fromlist, in which case it returns the
// named submodule itself rather than the top-level package.
func hasFromlist(e *ast.Call) bool {
	if len(e.Args) >= 4 {
		return !isEmptyDisplay(e.Args[3])
	}
	for _, k := range e.Keywords {
		if k.Arg != nil && *k.Arg == "fromlist" {
			return !isEmptyDisplay(k.Value)
		}
	}
	return false
}

func isEmptyDisplay(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.List:
		return len(e.Elts) == 0
	case *ast.Tuple:
		return len(e.Elts) == 0
	case *ast.Constant:
		_, none := e.Value.(ast.NoneValue)
		return none
	}
	return false
}
