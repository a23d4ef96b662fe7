package engine

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// What checks ask about the node they are given: where it sits, what it refers to, and which
// module attributes it names. The reporting conventions (testdata/corpus/README.md), so that each
// fact is reported once, where the dangerous object is named:
//   - a reference names an object when it is an attribute (os.system, builtins.exec), a constant
//     subscript of a namespace (vars(m)["x"], sys.modules["os"]), getattr(x, "const"), a builtin's
//     own name (eval), or a name bound by `from m import name` or `import *`;
//   - a name bound by assignment (e = eval) is an alias: its uses are not reported again, the
//     reference on the assignment is;
//   - imports are reported on the import statement (the alias for `import a, b`).

// Parent is the parent of the current node, nil for the module.
func (p *Pass) Parent() ast.Node {
	if p.cur.parent < 0 {
		return nil
	}
	return p.frames[p.cur.parent].n
}

// Ancestor is the current node's ancestor i levels up (1 is Parent), nil above the module.
func (p *Pass) Ancestor(i int) ast.Node {
	f := p.cur
	for ; i > 0; i-- {
		if f.parent < 0 {
			return nil
		}
		f = &p.frames[f.parent]
	}
	return f.n
}

func (p *Pass) IsCallee(n ast.Node) bool {
	c, ok := p.Parent().(*ast.Call)
	return ok && sameNode(c.Func, n)
}

// IsAttrBase reports whether n is the object of an attribute reference (the x of x.attr).
func (p *Pass) IsAttrBase(n ast.Node) bool { return p.isAttrBase(n) }

func (p *Pass) isAttrBase(n ast.Node) bool {
	a, ok := p.Parent().(*ast.Attribute)
	return ok && sameNode(a.Value, n)
}

// IsAliasPos reports whether n is the whole value of an assignment to plain names that resolution
// follows (e = eval): its uses are judged where they are.
func (p *Pass) IsAliasPos(n ast.Node) bool { return p.isAliasPos(n) }

// isAliasPos reports whether n is the whole value of an assignment to plain names, in a scope where
// the names are tracked (not a class body, whose attributes are reached as Class.name).
func (p *Pass) isAliasPos(n ast.Node) bool {
	if p.cur.sc.kind == scClass {
		return false
	}
	switch a := p.Parent().(type) {
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

// UsedAsValue reports whether a reference node is used as a value: not called, not the base of an
// attribute, not aliased.
func (p *Pass) UsedAsValue(n ast.Node) bool {
	if nm, ok := n.(*ast.Name); ok && nm.Ctx != ast.Load {
		return false
	}
	return !p.IsCallee(n) && !p.isAttrBase(n) && !p.isAliasPos(n)
}

// RefsOf returns what a reference expression refers to: a loaded name, an attribute, a loaded
// subscript, or getattr(x, "const"). Other nodes refer to nothing here.
func (p *Pass) RefsOf(n ast.Node) []Ref {
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
	refNode []Ref
	named   [2][]Ref // namedRefs(n, false), namedRefs(n, true)
}

// memoFor reports whether p.memo may hold answers about n: whether n is the node being
// dispatched (dispatch empties the memo).
func (p *Pass) memoFor(n ast.Node) bool {
	return p.cur != nil && sameNode(n, p.cur.n)
}

const (
	memoRefNode uint8 = 1 << iota
	memoNamed         // memoNamed << 1 for imported
	_
	memoNaming // p.namingHits
)

func (p *Pass) refNodeOf(n ast.Node) []Ref {
	switch n := n.(type) {
	case *ast.Name:
		if n.Ctx == ast.Load {
			return p.Refs(n)
		}
	case *ast.Attribute:
		return p.Refs(n)
	case *ast.Subscript:
		if n.Ctx == ast.Load {
			return p.Refs(n)
		}
	case *ast.Call:
		if p.IsGetattr(n) || p.isLookupCall(n) {
			return p.Refs(n)
		}
		if _, _, ok := p.GetterCall(n); ok {
			return p.Refs(n)
		}
	}
	return nil
}

// isLookupCall reports whether n is ns.get("const") on a namespace (a module dict, globals(),
// sys.modules, the builtins).
func (p *Pass) isLookupCall(n *ast.Call) bool {
	at, ok := n.Func.(*ast.Attribute)
	if !ok || (at.Attr != "get" && at.Attr != "__getitem__") || len(n.Args) == 0 {
		return false
	}
	for _, r := range p.Refs(at.Value) {
		if r.Kind == DictRef || r.Kind == GlobalsRef || r.Kind == ModulesRef || r.Kind == ModRef && r.Qual == "builtins" {
			return true
		}
	}
	return false
}

func (p *Pass) IsGetattr(n *ast.Call) bool {
	if at, ok := n.Func.(*ast.Attribute); ok && at.Attr == "__getattribute__" {
		return true
	}
	for _, r := range p.Refs(n.Func) {
		if r.Qual == "builtins.getattr" {
			return true
		}
	}
	return false
}

// innerRefs is what the object a reference is taken from refers to (the x of x.attr, x[k] and
// getattr(x, k)).
func (p *Pass) innerRefs(n ast.Node) []Ref {
	switch n := n.(type) {
	case *ast.Attribute:
		return p.Refs(n.Value)
	case *ast.Subscript:
		return p.Refs(n.Value)
	case *ast.Call:
		if len(n.Args) > 0 {
			return p.Refs(n.Args[0])
		}
	}
	return nil
}

// NamedAttr is the attribute name a reference names directly, if any.
func (p *Pass) NamedAttr(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.Attribute:
		return n.Attr, true
	case *ast.Call:
		if p.IsGetattr(n) && len(n.Args) >= 2 {
			return p.ConstString(n.Args[1])
		}
	case *ast.Subscript:
		return p.ConstString(n.Slice)
	}
	return "", false
}

// NamedRefs are the refs of a reference node that name their object there (see the top of this
// file): not those reached through an assignment alias, and for names bound by from-imports only
// when imported is set.
func (p *Pass) NamedRefs(n ast.Node, imported bool) []Ref {
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

func (p *Pass) namedRefsOf(n ast.Node, imported bool) []Ref {
	refs := p.RefsOf(n)
	if _, ok := n.(*ast.Name); !ok {
		return refs
	}
	for i, r := range refs {
		if r.alias || r.imported && !imported {
			out := append([]Ref(nil), refs[:i]...)
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

// Imported reports whether the program imports mod (or a submodule of it) statically.
func (p *Pass) Imported(mod string) bool { return p.static[mod] }

// importStatic notes an import statement of mod: mod and each package above it are imported. Checks
// ask Imported at most nodes, so it is one lookup, not a loop over the imports.
func (p *Pass) importStatic(mod string) {
	for mod != "" && !p.static[mod] {
		p.static[mod] = true
		i := strings.LastIndexByte(mod, '.')
		if i < 0 {
			break
		}
		mod = mod[:i]
	}
}

// ReportNamed reports, at n, the object n names (see the top of this file) when the current
// check's Names have it, with the check's Message; a name whose object n is taken from has the
// same check's name is reported there instead (inspect.stack is reported at inspect, once).
func (p *Pass) ReportNamed(n ast.Node) {
	if memo := p.memoFor(n); !memo || p.memo.have&memoNaming == 0 {
		if memo {
			p.memo.have |= memoNaming
		}
		p.namingHits = p.namingHits[:0]
		for _, r := range p.NamedRefs(n, true) {
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
				p.namingHits = append(p.namingHits, namingHit{p.a.namingCheck(rule), r.Qual})
			}
		}
	}
	for _, h := range p.namingHits {
		if h.check == p.check {
			p.Report(n, h.qual)
			return
		}
	}
}

type namingHit struct {
	check int // index in the engine's checks
	qual  string
}
