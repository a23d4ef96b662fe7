package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

func short(qual string) string { return strings.TrimPrefix(qual, "builtins.") }

// ---- SBX1xx imports ----

// constKey is the constant key of x["key"] or x.get("key"), read through a descriptor or a dict.
func constKey(p *engine.Pass, n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.Subscript:
		if n.Ctx == ast.Load {
			return p.ConstString(n.Slice)
		}
	case *ast.Call:
		if at, ok := n.Func.(*ast.Attribute); ok && (at.Attr == "get" || at.Attr == "__getitem__") && len(n.Args) > 0 {
			return p.ConstString(n.Args[0])
		}
	}
	return "", false
}

// namespaceLike reports whether refs include a module or a builtin (type, object, function), whose
// namespace leads to the interpreter's internals.
func namespaceLike(p *engine.Pass, refs []engine.Ref) bool {
	for _, r := range refs {
		if r.Kind == engine.ModRef || r.Kind == engine.ObjRef && strings.HasPrefix(r.Qual, "builtins.") && strings.Count(r.Qual, ".") == 1 {
			return true
		}
	}
	return false
}

func anyModule(p *engine.Pass, refs []engine.Ref) bool {
	for _, r := range refs {
		if r.Kind == engine.ModRef {
			return true
		}
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

// moduleAttrRefs yields (module, attribute) pairs a node names: m.attr, getattr(m, "attr") and
// `from m import attr` (one per alias, with the alias as position).
func moduleAttrRefs(p *engine.Pass, n ast.Node, fn func(at ast.Node, mod, attr string)) {
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
		for _, r := range p.Refs(n.Value) {
			if r.Kind == engine.ModRef {
				fn(n, r.Qual, n.Attr)
				return
			}
		}
	case *ast.Call:
		if path, base, ok := p.GetterCall(n); ok {
			for _, steps := range p.GetterSteps(path, base) {
				prev := p.Refs(base)
				attrs := strings.Split(path, ".")
				for i, r := range steps {
					for _, b := range prev {
						if b.Kind == engine.ModRef {
							fn(n, b.Qual, attrs[i])
							break
						}
					}
					prev = []engine.Ref{r}
				}
			}
			return
		}
		if !p.IsGetattr(n) || len(n.Args) < 2 {
			return
		}
		name, ok := p.ConstString(n.Args[1])
		if !ok {
			return
		}
		for _, r := range p.Refs(n.Args[0]) {
			if r.Kind == engine.ModRef {
				fn(n, r.Qual, name)
				return
			}
		}
	}
}

// srcLines splits text into lines the way the tokenizer counts them: \r\n, \r and \n each end a line.
func srcLines(text string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			lines = append(lines, text[start:i])
			start = i + 1
		case '\r':
			lines = append(lines, text[start:i])
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(text) {
		lines = append(lines, text[start:])
	}
	return lines
}

// classLike reports whether e is a class whose namespace the program could read by computed keys
// or walk: type(x), x.__class__, a class of the reviewed API, a builtin type, or a name bound to
// one of these.
func classLike(p *engine.Pass, e ast.Expr) bool { return classLikeAt(p, e, p.Site(), 0) }

func classLikeAt(p *engine.Pass, e ast.Expr, site engine.Site, depth int) bool {
	if depth > 4 || e == nil {
		return false
	}
	switch x := e.(type) {
	case *ast.Call:
		if len(x.Args) == 1 && len(x.Keywords) == 0 {
			for _, r := range p.RefsAt(x.Func, site) {
				if r.Qual == "builtins.type" {
					return true
				}
			}
		}
		return false
	case *ast.Attribute:
		if x.Attr == "__class__" {
			return true
		}
	case *ast.Name:
		if binds := p.BindingsAt(x.Id, site); len(binds) == 1 && binds[0].Assigned() {
			if classLikeAt(p, binds[0].Value(), binds[0].Site(), depth+1) {
				return true
			}
		}
	}
	for _, r := range p.RefsAt(e, site) {
		if _, inst, ok := p.TypeOf(r); ok && !inst {
			return true
		}
	}
	return false
}
