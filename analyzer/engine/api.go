package engine

import (
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// The facts a check reads besides resolution (pass_refs.go): where an expression is evaluated and
// the values and bindings found there, the program's imports, the operator's module tables, and
// the source itself.

// Node is the node the running check was called with.
func (p *Pass) Node() ast.Node { return p.cur.n }

// Site is where an expression is evaluated: a scope, and the statement of that scope's body that
// contains it. Resolution and folding depend on it, since a name means what the bindings visible
// there make it mean.
type Site struct {
	sc  *scope
	idx int
}

// Site is where the current node is evaluated.
func (p *Pass) Site() Site { return Site{p.cur.sc, p.cur.idx} }

// MayMakeClass reports whether call c, at the current node, may make a class: a call of type, of
// a class derived from it or of another metaclass (abc.ABCMeta, type(x)), or of an object not
// known with three or more arguments (see madeClasses).
func (p *Pass) MayMakeClass(c *ast.Call) bool { return p.classMakingCall(c, p.Site()) }

// RefsAt is what e, evaluated at s, may refer to (Refs for an expression of another scope: a
// binding's value).
func (p *Pass) RefsAt(e ast.Expr, s Site) []Ref { return p.resolve(e, s.sc, s.idx) }

// ConstString is the str value e folds to at the current node's site, if it folds to one.
func (p *Pass) ConstString(e ast.Expr) (string, bool) {
	return p.foldString(e, p.cur.sc, p.cur.idx)
}

// StringAt is ConstString for e evaluated at s.
func (p *Pass) StringAt(e ast.Expr, s Site) (string, bool) { return p.foldString(e, s.sc, s.idx) }

// Fold is the value e folds to at the current node's site: a str, bytes, int or list constant.
func (p *Pass) Fold(e ast.Expr) (Value, bool) { return p.fold(e, p.cur.sc, p.cur.idx, 0) }

// FoldAt is Fold for e evaluated at s.
func (p *Pass) FoldAt(e ast.Expr, s Site) (Value, bool) { return p.fold(e, s.sc, s.idx, 0) }

// Str is v as a str.
func (v Value) Str() (string, bool) { return v.s, v.k == cStr }

// List is the items of v when v is a list (not a tuple, str or bytes).
func (v Value) List() ([]Value, bool) {
	if v.k != cList {
		return nil, false
	}
	return iterate(v)
}

// Bindings are the bindings of name visible at the current node (flow-insensitively: every
// binding in the scope that defines it), or none for a builtin or an unbound name.
func (p *Pass) Bindings(name string) []*Binding {
	binds, _, _ := p.lookup(name, p.cur.sc, p.cur.idx)
	return binds
}

// BindingsAt is Bindings for name used at s.
func (p *Pass) BindingsAt(name string, s Site) []*Binding {
	binds, _, _ := p.lookup(name, s.sc, s.idx)
	return binds
}

// Assigned reports whether b gives its name the value of an expression (Value).
func (b *Binding) Assigned() bool { return b.kind == bAssign }

// Value is the expression an assignment binds, or nil.
func (b *Binding) Value() ast.Expr { return b.value }

// Iter is what a loop target's loop iterates over, or nil.
func (b *Binding) Iter() ast.Expr { return b.iter }

// LoopBody is the body of the for statement whose target b binds (nil for other bindings, and
// for comprehensions).
func (b *Binding) LoopBody() []ast.Stmt {
	switch l := b.loop.(type) {
	case *ast.For:
		return l.Body
	case *ast.AsyncFor:
		return l.Body
	}
	return nil
}

// Site is where Value and Iter are evaluated.
func (b *Binding) Site() Site { return Site{b.scope, b.idx} }

// GetterSteps applies an operator.attrgetter path to what base refers to, returning for each
// candidate the ref after every step, so that checks see the modules the path passes through.
func (p *Pass) GetterSteps(path string, base ast.Expr) [][]Ref {
	return p.getterSteps(path, base, p.cur.sc, p.cur.idx, 0)
}

// DynamicImport is the dynamic import n makes (a call or a sys.modules subscript), or nil.
func (p *Pass) DynamicImport(n ast.Node) *DynImport { return p.dyn[nodeKeyOf(n)] }

// RecordCapabilities adds caps to the report's capabilities without a finding.
func (p *Pass) RecordCapabilities(caps ...string) {
	for _, c := range caps {
		p.extraCaps[c] = true
	}
}

// NamesDataclass reports whether the program names dataclasses.dataclass or make_dataclass (under
// any module's attribute or alias), or imports dataclasses: what reads annotations' names as code.
func (p *Pass) NamesDataclass() bool { return p.dataclassNamed }

// PublicFieldNames reports whether every dataclasses.fields() entry's name is public: no class
// body annotates a private name, and nothing makes or changes fields another way (see
// fieldNamesOpen). Library dataclasses name their fields publicly.
func (p *Pass) PublicFieldNames() bool {
	return !p.fieldNamesOpen && len(p.own.annStores) == 0 && !p.own.storesAny
}

// EvaluatesAnnotations reports whether the program names a function that evaluates string
// annotations (typing.get_type_hints, functools.singledispatch and the like).
func (p *Pass) EvaluatesAnnotations() bool { return p.evalStrings }

// InClassBody reports whether the current node is evaluated directly in a class body.
func (p *Pass) InClassBody() bool { return p.cur.sc.kind == scClass }

// Encoding is the source's declared PEP 263 codec, "" when none.
func (p *Pass) Encoding() string { return p.rep.Encoding }

// Text is the decoded source.
func (p *Pass) Text() string { return p.text }

// Source is the source's bytes, as submitted.
func (p *Pass) Source() []byte { return p.src }

// SourceASCII reports whether Text is ASCII, scanned once for the checks that ask.
func (p *Pass) SourceASCII() bool {
	if p.ascii == 0 {
		p.ascii = 2
		if IsASCII(p.text) {
			p.ascii = 1
		}
	}
	return p.ascii == 1
}

// The operator's tables (config: modules.allow, deny, capabilities, denied_attributes,
// denied_methods) and the module table (config/module_attrs.json).

// Allowed reports whether the module allowlist admits module: the module or its nearest listed
// ancestor decides, deny winning over allow.
func (p *Pass) Allowed(module string) bool { return p.a.allowed(module) }

// FromAllowed reports whether `from mod import name` is admitted: as the submodule mod.name when
// that is a module, else as part of mod.
func (p *Pass) FromAllowed(mod, name string) bool { return p.a.fromAllowed(mod, name) }

// ModuleAttrAllowed reports whether attribute attr of module mod, which is the module target, is
// admitted: as a true submodule under its dotted name, else as target.
func (p *Pass) ModuleAttrAllowed(mod, attr, target string) bool {
	return p.a.moduleAttrAllowed(mod, attr, target)
}

// CapabilitiesOf is what the capability map gives a module or attribute and its parent packages,
// sorted.
func (p *Pass) CapabilitiesOf(name string) []string { return p.a.capsOfModule(name) }

// Capabilities is what the capability map gives exactly qual, sorted; read-only.
func (p *Pass) Capabilities(qual string) []string { return p.a.caps[qual] }

// ModuleCapabilities is the union of the capabilities of mod and its attributes: what an opaque
// use of the module reaches. Read-only.
func (p *Pass) ModuleCapabilities(mod string) []string { return p.a.moduleCaps[mod] }

// Denied reports whether the config denies the module attribute qual.
func (p *Pass) Denied(qual string) bool { return p.a.denied[qual] }

// DeniedMethodModules are the modules whose objects' method name the config denies.
func (p *Pass) DeniedMethodModules(name string) []string { return p.a.methodsOf(name) }

// DeniedAttributeModules are the modules whose attribute name the config denies
// (modules.denied_attributes): what operator.methodcaller(name) may reach on a module.
func (p *Pass) DeniedAttributeModules(name string) []string { return p.a.deniedAttrs[name] }

// RiskyModule reports whether mod has names some check or the config cares about (a capability,
// a denied attribute, a name of a check's Names), so that importing all of them matters.
func (p *Pass) RiskyModule(mod string) bool { return p.a.risky[mod] }

// IsModule reports whether name is a module of the module table.
func (p *Pass) IsModule(name string) bool { return p.a.mods.isModule(name) }

// IsBuiltin reports whether name is the name of a builtin.
func (p *Pass) IsBuiltin(name string) bool { return p.a.mods.builtin[name] }

// ModuleAttr is the module that attribute attr of module mod is, if it is one: the table's entry,
// or the submodule mod.attr.
func (p *Pass) ModuleAttr(mod, attr string) (string, bool) { return p.a.mods.moduleAttr(mod, attr) }

// ModuleTableAttr is the module table's own entry for attribute attr of mod (canonically named).
func (p *Pass) ModuleTableAttr(mod, attr string) (string, bool) {
	target, ok := p.a.mods.Modules[p.a.mods.canonical(mod)][attr]
	return target, ok
}

// ModuleRef is the ref of the module a module name written in the program imports.
func (p *Pass) ModuleRef(name string) Ref { return p.a.modRef(name) }

// Child is attribute attr of r, seen through the module table (random._os is the module os).
func (p *Pass) Child(r Ref, attr string) Ref { return p.a.child(r, attr) }

// IsKeyword reports whether s is a Python keyword (not a soft keyword).
func IsKeyword(s string) bool { return keywords[s] }

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// NormalizeCodec is a codec name as the folder compares them: lower case, "_" for "-".
func NormalizeCodec(enc string) string { return normCodec(enc) }

// IsFunctionDef reports whether b is a def (or async def) of the program.
func (b *Binding) IsFunctionDef() bool {
	switch b.node.(type) {
	case *ast.FunctionDef, *ast.AsyncFunctionDef:
		return b.kind == bDef
	}
	return false
}

// FunctionDef is the def statement b binds, or nil.
func (b *Binding) FunctionDef() *ast.FunctionDef {
	if fn, ok := b.node.(*ast.FunctionDef); ok && b.kind == bDef {
		return fn
	}
	return nil
}

// Decorators are the decorators of the def or class statement b, or nil.
func (b *Binding) Decorators() []ast.Expr {
	if b.kind != bDef {
		return nil
	}
	return decoratorsOf(b.node)
}

// IsImport reports whether b is an import of a module or of a module's attribute.
func (b *Binding) IsImport() bool { return b.kind == bImport }

// IsParam reports whether b binds a parameter of a def or lambda.
func (b *Binding) IsParam() bool {
	_, ok := b.node.(*ast.Arg)
	return ok && b.kind == bUnknown
}

// IsDel reports whether b is a del statement.
func (b *Binding) IsDel() bool { return b.kind == bDel }

// ClassSite is where class statement cd is evaluated: its bases, keywords and decorators.
func (p *Pass) ClassSite(cd *ast.ClassDef) Site { return p.own.classSite[cd] }

// ClassDef is the class statement b binds, or nil.
func (b *Binding) ClassDef() *ast.ClassDef {
	if cd, ok := b.node.(*ast.ClassDef); ok && b.kind == bDef {
		return cd
	}
	return nil
}

// IsClassDef reports whether b is a class statement of the program.
func (b *Binding) IsClassDef() bool {
	_, ok := b.node.(*ast.ClassDef)
	return ok && b.kind == bDef
}

// StoredRefs are what the name nm, stored into at the current node (x += ..., an in-place
// change of the object it holds), may refer to before the store.
func (p *Pass) StoredRefs(nm *ast.Name) []Ref {
	return p.resolveName(nm.Id, p.cur.sc, p.cur.idx, 0, nil)
}

// EnclosingMethod is the function whose body the current node is directly in (not in a nested
// function, lambda or comprehension) when that function is defined in a class body.
func (p *Pass) EnclosingMethod() (*ast.FunctionDef, bool) {
	sc := p.cur.sc
	if sc.kind != scFunction || sc.parent == nil || sc.parent.kind != scClass {
		return nil, false
	}
	d, ok := sc.def.(*ast.FunctionDef)
	return d, ok
}
