package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx701 = &engine.Check{
	ID: "SBX701", Name: "format-traversal", Capability: "format_traversal", Severity: "high", CWE: 134,
	Doc:        "str.format / format_map / string.Formatter with a field that traverses attributes or items (\"{0.__class__.__init__.__globals__}\"); string.Formatter's format, vformat and get_field with a format string or field name built at run time (given positionally, by keyword or spread)",
	Hint:       "use f-strings or plain {} / {name} fields",
	Message:    "format field {%s} traverses attributes or items of its argument",
	Nodes:      []engine.NodeKind{engine.CallNode, engine.AttributeNode},
	Unresolved: []engine.NodeKind{engine.AttributeNode, engine.CallNode},
	Run:        runSBX701,
}

func runSBX701(p *engine.Pass, n ast.Node) {
	var format string
	var ok bool
	switch n := n.(type) {
	case *ast.Attribute:
		// "{0.__globals__}".format, called or passed as a bound method.
		if n.Attr == "format" || n.Attr == "format_map" {
			format, ok = p.ConstString(n.Value)
		}
		// A Formatter's method taken as a value (map(fmt.vformat, ...)): its format strings are
		// not seen. SBX204 reports it on a string.Formatter; this, on the program's subclasses.
		if !ok && (n.Attr == "format" || n.Attr == "vformat" || n.Attr == "get_field") && !p.IsCallee(n) &&
			n.Ctx == ast.Load && p.IsOwn(n.Value) && p.OwnSubclassOf("string.Formatter") && !p.OwnDefines(n.Value, n.Attr) {
			p.Reportf(n, "string.Formatter.%s taken as a value: the format strings it is called with are not seen", n.Attr)
			return
		}
	case *ast.Call:
		if formatterCall(p, n) {
			return
		}
		format, ok = formatOfCall(p, n)
	}
	if !ok {
		return
	}
	if field, t := traversingField(format); t {
		p.Report(n, field)
	}
}

// formatterCall judges a call of a string.Formatter's format, vformat or get_field (of a
// Formatter, of a subclass the program defines, or, by name, of an object of unknown class in a
// program that imports string) whose format string or field name is not a constant: the fields
// are then attribute paths the source does not show. It reports whether it reported.
func formatterCall(p *engine.Pass, c *ast.Call) bool {
	at, ok := c.Func.(*ast.Attribute)
	if !ok {
		return false
	}
	switch at.Attr {
	case "format", "vformat", "get_field":
	default:
		return false
	}
	// The format string or field name: first, or second when the method is called unbound
	// (string.Formatter.vformat(f, fmt, ...)); vformat and get_field also take it by keyword.
	pos, unbound := 0, formatterClass(p, at.Value)
	if unbound {
		pos = 1
	} else if !formatterLike(p, at.Value, at.Attr) {
		return false
	}
	kw := ""
	switch at.Attr {
	case "vformat":
		kw = "format_string"
	case "get_field":
		kw = "field_name"
	}
	arg := argOrKeyword(c, pos, kw)
	if arg == nil {
		if !spreadCall(c) {
			return false
		}
	} else if s, ok := p.ConstString(arg); ok {
		if !unbound && pos < len(c.Args) {
			return false // a constant: its fields are judged below
		}
		if at.Attr == "get_field" {
			s = "{" + s + "}"
		}
		if field, t := traversingField(s); t {
			p.Report(c, field)
			return true
		}
		return false
	}
	what := "format string"
	if at.Attr == "get_field" {
		what = "field name"
	}
	p.Reportf(c, "string.Formatter.%s with a %s built at run time walks attribute paths the source does not show", at.Attr, what)
	return true
}

// spreadCall reports whether call c has spread arguments (*args, **kwargs), which may hold any
// of its parameters.
func spreadCall(c *ast.Call) bool {
	for _, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			return true
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return true
		}
	}
	return false
}

// formatterClass reports whether e is string.Formatter itself, or a subclass the program defines.
func formatterClass(p *engine.Pass, e ast.Expr) bool {
	for _, r := range p.Refs(e) {
		if class, inst, ok := p.TypeOf(r); ok && !inst && class == "string.Formatter" {
			return true
		}
	}
	nm, ok := e.(*ast.Name)
	return ok && ownClass(p, nm) && p.OwnSubclassOf("string.Formatter")
}

// formatterLike reports whether recv may be a string.Formatter: one, an object of a subclass the
// program defines, or (for the methods str has not, vformat and get_field) an object of unknown
// class in a program that imports string.
func formatterLike(p *engine.Pass, recv ast.Expr, method string) bool {
	refs := p.Refs(recv)
	for _, r := range refs {
		if class, inst, ok := p.TypeOf(r); ok && inst && class == "string.Formatter" {
			return true
		}
	}
	if p.IsOwn(recv) {
		return p.OwnSubclassOf("string.Formatter")
	}
	return len(refs) == 0 && method != "format" && p.Imported("string")
}

// formatOfCall returns the format string a call formats with, for the forms the Attribute case
// does not see: getattr(fmt, "format"), str.format(fmt, ...), Formatter().format/vformat(fmt, ...),
// Formatter().get_field(name, ...), and logging formatters with style="{".
func formatOfCall(p *engine.Pass, c *ast.Call) (string, bool) {
	if p.IsGetattr(c) && len(c.Args) >= 2 {
		if name, ok := p.ConstString(c.Args[1]); ok && (name == "format" || name == "format_map") {
			return p.ConstString(c.Args[0])
		}
		return "", false
	}
	if at, ok := c.Func.(*ast.Attribute); ok {
		switch at.Attr {
		case "format", "format_map", "vformat":
			if _, recvIsStr := p.ConstString(at.Value); !recvIsStr && len(c.Args) > 0 {
				return p.ConstString(c.Args[0])
			}
			return "", false
		case "get_field", "get_value":
			if len(c.Args) > 0 {
				if s, ok := p.ConstString(c.Args[0]); ok {
					return "{" + s + "}", true
				}
			}
			return "", false
		}
	}
	for _, r := range p.Refs(c.Func) {
		switch r.Qual {
		case "logging.Formatter", "logging.basicConfig", "logging.LoggerAdapter":
			style, ok := p.ConstString(argOrKeyword(c, 2, "style"))
			if !ok || style != "{" {
				return "", false
			}
			if f := argOrKeyword(c, 0, "fmt"); f != nil && r.Qual == "logging.Formatter" {
				return p.ConstString(f)
			}
			for _, k := range c.Keywords {
				if k.Arg != nil && (*k.Arg == "format" || *k.Arg == "fmt") {
					return p.ConstString(k.Value)
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
