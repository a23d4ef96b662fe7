package engine

import (
	"slices"
	"sort"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// Import facts: every static import, and every dynamic import with its module name folded when it
// can be. Checks read them through Pass.DynamicImport and the report's Imports.

// DynImport is a dynamic import: a call of an import function, or a subscript of sys.modules.
type DynImport struct {
	Module string // "" when not statically computable
	Opaque bool   // imports something not named by a string (module_from_spec, reload, ...)
	// Direct is false for a call through an assignment alias (load = __import__; load("os")),
	// whose finding is the alias's reference.
	Direct bool
}

// facts records the import facts of the node in f before any check sees it.
func (p *Pass) facts(f *frame) {
	switch n := f.n.(type) {
	case *ast.Import:
		p.importFacts(n)
	case *ast.ImportFrom:
		p.importFromFacts(n)
	case *ast.Constant:
		if s, ok := n.Value.(string); ok && p.evalStrings && looksLikeExpr(s) {
			p.embedded(n, s)
		}
	case *ast.Arg:
		p.annotationStrings(n.Annotation)
	case *ast.FunctionDef:
		p.annotationStrings(n.Returns)
	case *ast.AsyncFunctionDef:
		p.annotationStrings(n.Returns)
	case *ast.AnnAssign:
		p.annotationStrings(n.Annotation)
	case *ast.Call:
		p.dynamicCall(n)
		for _, r := range p.Refs(n.Func) {
			if r.Qual == "typing.ForwardRef" || r.Qual == "typing._type_check" || r.Qual == "typing._eval_type" {
				if s, ok := p.ConstString(firstArg(n)); ok {
					at := ast.Node(n)
					if c, ok := firstArg(n).(*ast.Constant); ok {
						at = c // the same place the string itself is reported from
					}
					p.embedded(at, s)
				}
				break
			}
		}
	case *ast.Subscript:
		if n.Ctx != ast.Load {
			return
		}
		for _, r := range p.Refs(n.Value) {
			if r.Kind == ModulesRef {
				name, _ := p.foldString(n.Slice, p.cur.sc, p.cur.idx)
				// Subscripting names the module even through an alias of sys.modules.
				p.addDynamic(n, name, false, true)
				return
			}
		}
	}
}

// importFacts and importFromFacts record the report's static imports. Functions of their own, not
// cases of facts: their Import values would make the frame of facts, which runs for every node
// and is on the stack under all resolution, several times larger.
func (p *Pass) importFacts(n *ast.Import) {
	for _, al := range n.Names {
		p.addImport(Import{
			Module: al.Name, Names: []string{}, Alias: ast.Str(al.Asname),
			Line: al.Lineno, Col: al.ColOffset,
			Allowed: p.a.allowed(al.Name), Capabilities: p.a.capsOfModule(al.Name),
		})
	}
}

func (p *Pass) importFromFacts(n *ast.ImportFrom) {
	mod := ast.Str(n.Module)
	im := Import{Module: mod, Level: n.Level, Names: []string{}, Line: n.Lineno, Col: n.ColOffset}
	if len(n.Names) == 1 {
		im.Alias = ast.Str(n.Names[0].Asname)
	}
	var caps []string
	im.Allowed = n.Level == 0
	for _, al := range n.Names {
		im.Names = append(im.Names, al.Name)
		if n.Level > 0 {
			continue
		}
		if al.Name == "*" {
			caps = append(caps, p.a.moduleCaps[mod]...)
			continue
		}
		caps = append(caps, p.a.capsOfModule(mod+"."+al.Name)...)
		if !p.a.fromAllowed(mod, al.Name) {
			im.Allowed = false
		}
	}
	if n.Level == 0 {
		caps = append(caps, p.a.capsOfModule(mod)...)
	}
	im.Capabilities = sortedSet(caps)
	p.addImport(im)
}

func (p *Pass) dynamicCall(n *ast.Call) {
	for _, r := range p.Refs(n.Func) {
		switch {
		case r.In(ImportFuncs):
			name, ok := p.foldString(ImportNameArg(n), p.cur.sc, p.cur.idx)
			if !ok || strings.HasPrefix(name, ".") {
				name = ""
			}
			p.addDynamic(n, name, false, !r.alias)
			return
		case r.In(opaqueImportFuncs):
			p.addDynamic(n, "", true, !r.alias)
			return
		}
	}
	// loader.load_module("name"), finder.find_spec("name") on any receiver: only import machinery
	// has them. Without a name
	// (a loader from find_spec or get_loader) the import was reported where the loader was made.
	if at, ok := n.Func.(*ast.Attribute); ok && (at.Attr == "load_module" || at.Attr == "find_spec" || at.Attr == "find_module") {
		if name, ok := p.foldString(ImportNameArg(n), p.cur.sc, p.cur.idx); ok && name != "" {
			p.addDynamic(n, name, false, true)
		}
	}
}

func (p *Pass) addDynamic(n ast.Node, name string, opaque, direct bool) {
	if p.dyn[nodeKeyOf(n)] != nil {
		return
	}
	p.dyn[nodeKeyOf(n)] = &DynImport{Module: name, Opaque: opaque, Direct: direct}
	loc := locOf(n)
	im := Import{Module: name, Names: []string{}, Line: loc.Lineno, Col: loc.ColOffset, Dynamic: true, Capabilities: []string{}}
	if name != "" {
		im.Allowed = p.a.allowed(name)
		im.Capabilities = p.a.capsOfModule(name)
	}
	p.addImport(im)
}

// looksLikeExpr is a cheap filter before parsing a string as code: it has a call or attribute
// access and no newline (type expressions are one line).
// (A longer one is not dropped here: embedded refuses the program, as for any string past its
// bounds.)
func looksLikeExpr(s string) bool {
	return strings.ContainsAny(s, "(.") && !strings.ContainsAny(s, "\n\r")
}

func (p *Pass) addImport(im Import) {
	if im.Capabilities == nil {
		im.Capabilities = []string{}
	}
	if len(p.rep.Imports) >= maxFindings {
		p.dropped++
		return
	}
	p.rep.Imports = append(p.rep.Imports, im)
}

// fromAllowed reports whether `from mod import name` is admitted: as the submodule mod.name when
// that is a module, else as part of mod.
func (a *Engine) fromAllowed(mod, name string) bool {
	if name == "__main__" {
		return false // from unittest import __main__: the package's command line, run at import
	}
	if target, ok := a.mods.moduleAttr(mod, name); ok {
		return a.moduleAttrAllowed(mod, name, target)
	}
	return a.allowed(mod)
}

// moduleAttrAllowed reports whether attribute attr of module mod, which is the module target, is
// admitted: as a true submodule (json.decoder, os.path) under its dotted name, else as target.
func (a *Engine) moduleAttrAllowed(mod, attr, target string) bool {
	sub := mod + "." + attr
	if target == sub || a.mods.isModule(sub) || sub == "os.path" {
		return a.allowed(sub)
	}
	return a.allowed(target)
}

// allowed is config.Modules.ModuleAllowed with the lists as sets: the module or its nearest
// listed ancestor decides, deny winning over allow.
func (a *Engine) allowed(module string) bool {
	if strings.HasSuffix(module, ".__main__") || strings.Contains(module, ".__main__.") {
		// A package's __main__ is its command line, run when it is imported (unittest.__main__
		// imports and calls the test names of sys.argv): never a library to import.
		return false
	}
	if a.profileMods != nil && !a.profileMods[module] && a.cfg.Modules.ProfileOf(module) == a.profile {
		// A module of the profile's packages that its reviewed API does not list: private,
		// a test suite, or denied.
		return false
	}
	ok := false
	for n := module; ; {
		if a.denyMods[n] {
			return false
		}
		if a.allowMods[n] {
			ok = true
		}
		i := strings.LastIndexByte(n, '.')
		if i < 0 {
			return ok
		}
		n = n[:i]
	}
}

// capsOfModule is what the capability map gives a module or attribute and its parent packages:
// "multiprocessing.pool" gets multiprocessing's capabilities.
func (a *Engine) capsOfModule(name string) []string {
	var out []string
	for n := name; ; {
		out = append(out, a.caps[n]...)
		i := strings.LastIndexByte(n, '.')
		if i < 0 {
			break
		}
		n = n[:i]
	}
	if len(out) == 0 {
		return []string{} // most modules: no allocation
	}
	sort.Strings(out) // out is a fresh slice: sortedSet's copy is not needed
	return slices.Clip(slices.Compact(out))
}

// Refs resolves e, which must be in the current frame's scope.
func (p *Pass) Refs(e ast.Expr) []Ref {
	// Checks ask about the same few expressions of the current node again and again; a tiny cache
	// in front of the map keeps that cheap.
	// Newest first: the checks of one node ask about the same expression in a row. Every entry is
	// in small twice, at slot i and i+smallN, so that the scan from the newest back needs no
	// wrapping of its index. A nil e may match an empty slot, whose refs are nil too.
	key := keyOf(e)
	for j := p.smallNext + smallN - 1; j >= p.smallNext; j-- {
		if p.small[j].key == key {
			return p.small[j].refs
		}
	}
	return p.refsMiss(e, key)
}

// refsMiss is refs for an e not in its cache: a function of its own, so that refs inlines.
func (p *Pass) refsMiss(e ast.Expr, key nodeKey) []Ref {
	if e == nil {
		return nil
	}
	r := p.resolve(e, p.cur.sc, p.cur.idx)
	n := p.smallNext
	p.small[n], p.small[n+smallN] = smallEntry{key, r}, smallEntry{key, r}
	if n++; n == smallN {
		n = 0
	}
	p.smallNext = n
	return r
}

type smallEntry struct {
	key  nodeKey
	refs []Ref
}

// smallN is the size of refs' cache.
const smallN = 6
