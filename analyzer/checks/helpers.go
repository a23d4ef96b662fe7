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
func classLike(p *engine.Pass, e ast.Expr) bool { return classLikeAt(p, e, p.Site(), 0, false) }

// mayBeClass is classLike for the checks to which a class is the dangerous answer (type.mro):
// a chain of names deeper than classLike follows may be a class.
func mayBeClass(p *engine.Pass, e ast.Expr) bool { return classLikeAt(p, e, p.Site(), 0, true) }

// classLikeAt is classLike at site; past is the answer for a chain of names deeper than it
// follows (t1 = t0, t2 = t1, ...): false for the checks to which a class is the lenient answer
// (vars() and __dict__ of anything else are reported too), true for the others.
func classLikeAt(p *engine.Pass, e ast.Expr, site engine.Site, depth int, past bool) bool {
	if e == nil {
		return false
	}
	if depth > 4 {
		return past
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
			if classLikeAt(p, binds[0].Value(), binds[0].Site(), depth+1, past) {
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

// namedAttributes are the attribute names n reads by name from an object, and that object where
// the source shows it (nil when it is given later): x.name; getattr(x, name) and
// x.__getattribute__(name) with a constant name or a loop variable over constant names;
// operator.attrgetter's path steps and operator.methodcaller's name, whatever they are applied
// to; string.Formatter's get_field path steps ("0.subprocess_exec"). A name in a string is the
// attribute it names: the checks that judge attribute names judge these the same. An attribute's
// name is returned in one.
func namedAttributes(p *engine.Pass, n ast.Node, one *[1]string) (obj ast.Expr, names []string) {
	switch n := n.(type) {
	case *ast.Attribute:
		one[0] = n.Attr // no allocation for the commonest node
		return n.Value, one[:]
	case *ast.Call:
		at, isAttr := n.Func.(*ast.Attribute)
		if isAttr && at.Attr == "__getattribute__" && len(n.Args) > 0 {
			obj, arg := at.Value, n.Args[0]
			for _, r := range p.Refs(at.Value) {
				if (r.Qual == "builtins.object" || r.Qual == "builtins.type") && len(n.Args) > 1 {
					obj, arg = n.Args[0], n.Args[1]
				}
			}
			return obj, constNames(p, arg)
		}
		if isAttr && (at.Attr == "get_field" || at.Attr == "get_value") && len(n.Args) > 0 {
			if s, ok := p.ConstString(n.Args[0]); ok {
				return nil, fieldSteps(s)
			}
			return nil, nil
		}
		if isAttr && (at.Attr == "format" || at.Attr == "vformat" || at.Attr == "format_map") {
			// "{0.name}".format(x), Formatter().format("{0.name}", x): a Formatter subclass's
			// format_field gets the method the field reaches, and may call it.
			f, ok := p.ConstString(at.Value)
			if !ok && len(n.Args) > 0 {
				f, ok = p.ConstString(n.Args[0])
			}
			if ok && strings.IndexByte(f, '.') >= 0 {
				return nil, formatSteps(f, nil, 0)
			}
			return nil, nil
		}
		for _, r := range p.Refs(n.Func) {
			switch r.Qual {
			case "builtins.getattr":
				if len(n.Args) > 1 {
					return n.Args[0], constNames(p, n.Args[1])
				}
			case "operator.attrgetter", "operator.methodcaller":
				args := n.Args
				if r.Qual == "operator.methodcaller" && len(args) > 1 {
					args = args[:1]
				}
				for _, a := range args {
					for _, s := range constNames(p, a) {
						names = append(names, strings.Split(s, ".")...)
					}
				}
				return nil, names
			}
		}
	}
	return nil, nil
}

// constNames are the strings e may be: a constant, a name guarded by `if name not in NAMES:
// raise`, or a loop variable over a display of constant strings (for name in ("a", "b")).
func constNames(p *engine.Pass, e ast.Expr) []string {
	if s, ok := p.ConstString(e); ok {
		return []string{s}
	}
	nm, ok := e.(*ast.Name)
	if !ok {
		return nil
	}
	if names, ok := p.GuardedStrings(nm); ok {
		return names // if name not in NAMES: raise
	}
	var out []string
	for _, b := range p.Bindings(nm.Id) {
		if b.Iter() == nil {
			continue
		}
		v, ok := p.FoldAt(b.Iter(), b.Site())
		items, isList := v.List()
		if !ok || !isList {
			continue
		}
		for _, x := range items {
			if s, isStr := x.Str(); isStr {
				out = append(out, s)
			}
		}
	}
	return out
}

// fieldSteps are the attribute names of a format field's path ("0.a[k].b": a, b).
func fieldSteps(field string) []string {
	var out []string
	for i := 0; i < len(field); i++ {
		if field[i] != '.' {
			continue
		}
		j := i + 1
		for j < len(field) && field[j] != '.' && field[j] != '[' && field[j] != '!' && field[j] != ':' {
			j++
		}
		out = append(out, field[i+1:j])
		i = j - 1
	}
	return out
}

// formatSteps appends to out the attribute steps of the replacement fields of format string f,
// those of fields nested in format specs included.
func formatSteps(f string, out []string, depth int) []string {
	if depth > 4 {
		return out
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '{' {
			continue
		}
		if i+1 < len(f) && f[i+1] == '{' {
			i++
			continue
		}
		level, j := 1, i+1
		for ; j < len(f) && level > 0; j++ {
			switch f[j] {
			case '{':
				level++
			case '}':
				level--
			}
		}
		body := f[i+1 : j]
		if level == 0 {
			body = f[i+1 : j-1]
		}
		name := body
		if k := strings.IndexAny(name, "!:"); k >= 0 {
			name = name[:k]
		}
		out = append(out, fieldSteps(name)...)
		if k := strings.IndexByte(body, ':'); k >= 0 {
			out = formatSteps(body[k+1:], out, depth+1)
		}
		i = j - 1
	}
	return out
}

// ownMethod reports whether obj is one of the program's own objects whose class (with no library
// class among its ancestors) defines name: x.name is then the program's method, not a library's.
func ownMethod(p *engine.Pass, obj ast.Expr, name string) bool {
	if obj == nil || !p.IsOwn(obj) || !p.OwnDefines(obj, name) {
		return false
	}
	bases, ok := p.LibraryBases(obj)
	return ok && len(bases) == 0 && !p.SubclassLibraryBases(obj)
}
