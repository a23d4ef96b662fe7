package ast

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// Dump renders n exactly as CPython 3.11's ast.dump(n, include_attributes=...)
// does with its defaults (annotate_fields=True, indent=None): every field by
// name in ASDL order; an optional field (ASDL "?") that is None is left out,
// a required one that is None prints None; lists print even when empty
// (type_ignores=[]); constants print as Python's repr. With
// includeAttributes, located nodes add lineno, col_offset, end_lineno and
// end_col_offset.
//
// It does not recurse: an explicit stack holds the pieces still to print.
func Dump(n Node, includeAttributes bool) string {
	var b strings.Builder
	stack := []any{n}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := top.(type) {
		case piece:
			b.WriteString(string(v))
		default:
			stack = expand(stack, v, includeAttributes, &b)
		}
	}
	return b.String()
}

// piece is literal output text on the dump stack.
type piece string

type field struct {
	name     string
	value    any
	optional bool
}

// expand writes v if it is a scalar, or pushes its parts (in reverse) on the stack.
func expand(stack []any, v any, attrs bool, b *strings.Builder) []any {
	if s, ok := scalarRepr(v); ok {
		b.WriteString(s)
		return stack
	}
	if n, ok := v.(Node); ok && !isNil(v) {
		name, fs := nodeFields(n)
		var parts []any
		parts = append(parts, piece(name+"("))
		first := true
		add := func(f field) {
			if f.optional && isNil(f.value) {
				return
			}
			if !first {
				parts = append(parts, piece(", "))
			}
			first = false
			parts = append(parts, piece(f.name+"="), f.value)
		}
		for _, f := range fs {
			add(f)
		}
		if l, ok := n.(Located); ok && attrs {
			loc := l.Location()
			add(field{name: "lineno", value: loc.Lineno})
			add(field{name: "col_offset", value: loc.ColOffset})
			add(field{name: "end_lineno", value: loc.EndLineno})
			add(field{name: "end_col_offset", value: loc.EndColOffset})
		}
		parts = append(parts, piece(")"))
		for i := len(parts) - 1; i >= 0; i-- {
			stack = append(stack, parts[i])
		}
		return stack
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice { // []byte was handled by scalarRepr
		stack = append(stack, piece("]"))
		for i := rv.Len() - 1; i >= 0; i-- {
			stack = append(stack, rv.Index(i).Interface())
			if i > 0 {
				stack = append(stack, piece(", "))
			}
		}
		b.WriteByte('[')
		return stack
	}
	if isNil(v) {
		b.WriteString("None")
		return stack
	}
	// Unknown value: make it visible in the dump rather than silently wrong.
	fmt.Fprintf(b, "<unknown %T>", v)
	return stack
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map:
		return rv.IsNil()
	}
	return false
}

// scalarRepr is Python's repr of the leaf values the tree holds.
func scalarRepr(v any) (string, bool) {
	switch x := v.(type) {
	case piece:
		return string(x), true
	case *string:
		if x == nil {
			return "None", true
		}
		return StrRepr(*x), true
	case string:
		return StrRepr(x), true
	case int:
		return strconv.Itoa(x), true
	case bool:
		if x {
			return "True", true
		}
		return "False", true
	case NoneValue:
		return "None", true
	case EllipsisValue:
		return "Ellipsis", true
	case *big.Int:
		if x == nil {
			return "None", true
		}
		return x.String(), true
	case float64:
		return FloatRepr(x), true
	case complex128:
		return ComplexRepr(x), true
	case []byte:
		return BytesRepr(x), true
	case ExprContext, BoolOperator, Operator, UnaryOperator, CmpOp:
		return fmt.Sprint(x) + "()", true
	}
	return "", false
}

// StrRepr is Python's repr(str). s is UTF-8 in which lone surrogates may
// appear in their WTF-8 form (see token.DecodeStringLiteral).
func StrRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, quote)
	for i := 0; i < len(s); {
		r, n := token.DecodeWTF8Rune(s[i:])
		if r == 0xFFFD && n <= 1 {
			// Not reachable from parsed source; show the raw byte like surrogateescape would.
			b = fmt.Appendf(b, `\udc%02x`, s[i])
			i++
			continue
		}
		i += n
		switch {
		case r == rune(quote) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r < ' ' || r == 0x7f:
			b = fmt.Appendf(b, `\x%02x`, r)
		case r < 0x7f:
			b = append(b, byte(r))
		case token.IsPrintable(r):
			b = append(b, s[i-n:i]...)
		case r <= 0xff:
			b = fmt.Appendf(b, `\x%02x`, r)
		case r <= 0xffff:
			b = fmt.Appendf(b, `\u%04x`, r)
		default:
			b = fmt.Appendf(b, `\U%08x`, r)
		}
	}
	b = append(b, quote)
	return string(b)
}

// BytesRepr is Python's repr(bytes).
func BytesRepr(s []byte) string {
	quote := byte('\'')
	if strings.IndexByte(string(s), '\'') >= 0 && strings.IndexByte(string(s), '"') < 0 {
		quote = '"'
	}
	b := make([]byte, 0, len(s)+3)
	b = append(b, 'b', quote)
	for _, c := range s {
		switch {
		case c == quote || c == '\\':
			b = append(b, '\\', c)
		case c == '\t':
			b = append(b, `\t`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c < ' ' || c >= 0x7f:
			b = fmt.Appendf(b, `\x%02x`, c)
		default:
			b = append(b, c)
		}
	}
	b = append(b, quote)
	return string(b)
}

// FloatRepr is Python's repr(float): the shortest digits that round-trip,
// in exponent form when the decimal exponent is below -4 or above 15.
func FloatRepr(f float64) string {
	return floatRepr(f, true)
}

// ComplexRepr is Python's repr of a complex number; literals only ever have
// a +0.0 real part, printed as "1j", "2.5j", "1e+16j", "infj".
func ComplexRepr(c complex128) string {
	if real(c) == 0 && !math.Signbit(real(c)) {
		return floatRepr(imag(c), false) + "j"
	}
	sign := "+"
	if imag(c) < 0 || (imag(c) == 0 && math.Signbit(imag(c))) || math.IsNaN(imag(c)) && math.Signbit(imag(c)) {
		sign = "-"
	}
	return "(" + floatRepr(real(c), false) + sign + floatRepr(math.Abs(imag(c)), false) + "j)"
}

func floatRepr(f float64, addDot0 bool) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // [-]d[.ddd]e±XX
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	decpt := x + 1 // value = 0.DIGITS * 10**decpt
	var s string
	if decpt <= -4 || decpt > 16 {
		s = digits[:1]
		if len(digits) > 1 {
			s += "." + digits[1:]
		}
		sign := "+"
		if x < 0 {
			sign, x = "-", -x
		}
		s += fmt.Sprintf("e%s%02d", sign, x)
	} else {
		switch {
		case decpt <= 0:
			s = "0." + strings.Repeat("0", -decpt) + digits
		case decpt >= len(digits):
			s = digits + strings.Repeat("0", decpt-len(digits))
			if addDot0 {
				s += ".0"
			}
		default:
			s = digits[:decpt] + "." + digits[decpt:]
		}
	}
	if neg {
		s = "-" + s
	}
	return s
}

// nodeFields lists a node's ASDL fields in order, marking the optional ("?") ones.
func nodeFields(n Node) (string, []field) {
	req := func(name string, v any) field { return field{name: name, value: v} }
	opt := func(name string, v any) field { return field{name: name, value: v, optional: true} }
	switch n := n.(type) {
	case *Module:
		return "Module", []field{req("body", n.Body), req("type_ignores", n.TypeIgnores)}
	case *Interactive:
		return "Interactive", []field{req("body", n.Body)}
	case *Expression:
		return "Expression", []field{req("body", n.Body)}
	case *FunctionType:
		return "FunctionType", []field{req("argtypes", n.Argtypes), req("returns", n.Returns)}
	case *FunctionDef:
		return "FunctionDef", []field{req("name", n.Name), req("args", n.Args), req("body", n.Body),
			req("decorator_list", n.DecoratorList), opt("returns", n.Returns), opt("type_comment", n.TypeComment)}
	case *AsyncFunctionDef:
		return "AsyncFunctionDef", []field{req("name", n.Name), req("args", n.Args), req("body", n.Body),
			req("decorator_list", n.DecoratorList), opt("returns", n.Returns), opt("type_comment", n.TypeComment)}
	case *ClassDef:
		return "ClassDef", []field{req("name", n.Name), req("bases", n.Bases), req("keywords", n.Keywords),
			req("body", n.Body), req("decorator_list", n.DecoratorList)}
	case *Return:
		return "Return", []field{opt("value", n.Value)}
	case *Delete:
		return "Delete", []field{req("targets", n.Targets)}
	case *Assign:
		return "Assign", []field{req("targets", n.Targets), req("value", n.Value), opt("type_comment", n.TypeComment)}
	case *AugAssign:
		return "AugAssign", []field{req("target", n.Target), req("op", n.Op), req("value", n.Value)}
	case *AnnAssign:
		return "AnnAssign", []field{req("target", n.Target), req("annotation", n.Annotation), opt("value", n.Value),
			req("simple", n.Simple)}
	case *For:
		return "For", []field{req("target", n.Target), req("iter", n.Iter), req("body", n.Body), req("orelse", n.Orelse),
			opt("type_comment", n.TypeComment)}
	case *AsyncFor:
		return "AsyncFor", []field{req("target", n.Target), req("iter", n.Iter), req("body", n.Body),
			req("orelse", n.Orelse), opt("type_comment", n.TypeComment)}
	case *While:
		return "While", []field{req("test", n.Test), req("body", n.Body), req("orelse", n.Orelse)}
	case *If:
		return "If", []field{req("test", n.Test), req("body", n.Body), req("orelse", n.Orelse)}
	case *With:
		return "With", []field{req("items", n.Items), req("body", n.Body), opt("type_comment", n.TypeComment)}
	case *AsyncWith:
		return "AsyncWith", []field{req("items", n.Items), req("body", n.Body), opt("type_comment", n.TypeComment)}
	case *Match:
		return "Match", []field{req("subject", n.Subject), req("cases", n.Cases)}
	case *Raise:
		return "Raise", []field{opt("exc", n.Exc), opt("cause", n.Cause)}
	case *Try:
		return "Try", []field{req("body", n.Body), req("handlers", n.Handlers), req("orelse", n.Orelse),
			req("finalbody", n.Finalbody)}
	case *TryStar:
		return "TryStar", []field{req("body", n.Body), req("handlers", n.Handlers), req("orelse", n.Orelse),
			req("finalbody", n.Finalbody)}
	case *Assert:
		return "Assert", []field{req("test", n.Test), opt("msg", n.Msg)}
	case *Import:
		return "Import", []field{req("names", n.Names)}
	case *ImportFrom:
		return "ImportFrom", []field{opt("module", n.Module), req("names", n.Names), opt("level", n.Level)}
	case *Global:
		return "Global", []field{req("names", n.Names)}
	case *Nonlocal:
		return "Nonlocal", []field{req("names", n.Names)}
	case *ExprStmt:
		return "Expr", []field{req("value", n.Value)}
	case *Pass:
		return "Pass", nil
	case *Break:
		return "Break", nil
	case *Continue:
		return "Continue", nil
	case *BoolOp:
		return "BoolOp", []field{req("op", n.Op), req("values", n.Values)}
	case *NamedExpr:
		return "NamedExpr", []field{req("target", n.Target), req("value", n.Value)}
	case *BinOp:
		return "BinOp", []field{req("left", n.Left), req("op", n.Op), req("right", n.Right)}
	case *UnaryOp:
		return "UnaryOp", []field{req("op", n.Op), req("operand", n.Operand)}
	case *Lambda:
		return "Lambda", []field{req("args", n.Args), req("body", n.Body)}
	case *IfExp:
		return "IfExp", []field{req("test", n.Test), req("body", n.Body), req("orelse", n.Orelse)}
	case *Dict:
		return "Dict", []field{req("keys", n.Keys), req("values", n.Values)}
	case *Set:
		return "Set", []field{req("elts", n.Elts)}
	case *ListComp:
		return "ListComp", []field{req("elt", n.Elt), req("generators", n.Generators)}
	case *SetComp:
		return "SetComp", []field{req("elt", n.Elt), req("generators", n.Generators)}
	case *DictComp:
		return "DictComp", []field{req("key", n.Key), req("value", n.Value), req("generators", n.Generators)}
	case *GeneratorExp:
		return "GeneratorExp", []field{req("elt", n.Elt), req("generators", n.Generators)}
	case *Await:
		return "Await", []field{req("value", n.Value)}
	case *Yield:
		return "Yield", []field{opt("value", n.Value)}
	case *YieldFrom:
		return "YieldFrom", []field{req("value", n.Value)}
	case *Compare:
		return "Compare", []field{req("left", n.Left), req("ops", n.Ops), req("comparators", n.Comparators)}
	case *Call:
		return "Call", []field{req("func", n.Func), req("args", n.Args), req("keywords", n.Keywords)}
	case *FormattedValue:
		return "FormattedValue", []field{req("value", n.Value), req("conversion", n.Conversion),
			opt("format_spec", n.FormatSpec)}
	case *JoinedStr:
		return "JoinedStr", []field{req("values", n.Values)}
	case *Constant:
		return "Constant", []field{req("value", n.Value), opt("kind", n.Kind)}
	case *Attribute:
		return "Attribute", []field{req("value", n.Value), req("attr", n.Attr), req("ctx", n.Ctx)}
	case *Subscript:
		return "Subscript", []field{req("value", n.Value), req("slice", n.Slice), req("ctx", n.Ctx)}
	case *Starred:
		return "Starred", []field{req("value", n.Value), req("ctx", n.Ctx)}
	case *Name:
		return "Name", []field{req("id", n.Id), req("ctx", n.Ctx)}
	case *List:
		return "List", []field{req("elts", n.Elts), req("ctx", n.Ctx)}
	case *Tuple:
		return "Tuple", []field{req("elts", n.Elts), req("ctx", n.Ctx)}
	case *Slice:
		return "Slice", []field{opt("lower", n.Lower), opt("upper", n.Upper), opt("step", n.Step)}
	case *Comprehension:
		return "comprehension", []field{req("target", n.Target), req("iter", n.Iter), req("ifs", n.Ifs),
			req("is_async", n.IsAsync)}
	case *ExceptHandler:
		return "ExceptHandler", []field{opt("type", n.Type), opt("name", n.Name), req("body", n.Body)}
	case *Arguments:
		return "arguments", []field{req("posonlyargs", n.Posonlyargs), req("args", n.Args), opt("vararg", n.Vararg),
			req("kwonlyargs", n.Kwonlyargs), req("kw_defaults", n.KwDefaults), opt("kwarg", n.Kwarg),
			req("defaults", n.Defaults)}
	case *Arg:
		return "arg", []field{req("arg", n.Arg), opt("annotation", n.Annotation), opt("type_comment", n.TypeComment)}
	case *Keyword:
		return "keyword", []field{opt("arg", n.Arg), req("value", n.Value)}
	case *Alias:
		return "alias", []field{req("name", n.Name), opt("asname", n.Asname)}
	case *WithItem:
		return "withitem", []field{req("context_expr", n.ContextExpr), opt("optional_vars", n.OptionalVars)}
	case *MatchCase:
		return "match_case", []field{req("pattern", n.Pattern), opt("guard", n.Guard), req("body", n.Body)}
	case *MatchValue:
		return "MatchValue", []field{req("value", n.Value)}
	case *MatchSingleton:
		return "MatchSingleton", []field{req("value", n.Value)}
	case *MatchSequence:
		return "MatchSequence", []field{req("patterns", n.Patterns)}
	case *MatchMapping:
		return "MatchMapping", []field{req("keys", n.Keys), req("patterns", n.Patterns), opt("rest", n.Rest)}
	case *MatchClass:
		return "MatchClass", []field{req("cls", n.Cls), req("patterns", n.Patterns), req("kwd_attrs", n.KwdAttrs),
			req("kwd_patterns", n.KwdPatterns)}
	case *MatchStar:
		return "MatchStar", []field{opt("name", n.Name)}
	case *MatchAs:
		return "MatchAs", []field{opt("pattern", n.Pattern), opt("name", n.Name)}
	case *MatchOr:
		return "MatchOr", []field{req("patterns", n.Patterns)}
	case *TypeIgnore:
		return "TypeIgnore", []field{req("lineno", n.Lineno), req("tag", n.Tag)}
	}
	return n.NodeType(), nil
}
