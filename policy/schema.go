package policy

import (
	"reflect"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/sbxgate/sbxgate/analyzer"
)

// InputSchema returns the JSON schema of the policy input, derived from Input's JSON encoding so
// it cannot drift from what Decide passes. The compiler type-checks policies against it: a
// reference to input.report.findigs, or a number compared with a string field, is a compile error
// with a location instead of a rule that silently never matches.
//
// It describes what inputValue builds, which is the JSON encoding with two exceptions: the report is
// never null (Decide denies before evaluating without one) and lists are never null (a nil slice
// becomes []). Only such non-nullable parts are checked field by field: OPA's type checker does not
// look inside anyOf, so a nullable report would let every typo under input.report through.
var InputSchema = sync.OnceValue(func() map[string]any { return schemaOf(reflect.TypeFor[Input](), true) })

func schemaOf(t reflect.Type, top bool) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		if top && t.Elem() == reflect.TypeFor[analyzer.Report]() {
			return schemaOf(t.Elem(), false)
		}
		return nullable(schemaOf(t.Elem(), false))
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64, reflect.Int32:
		return map[string]any{"type": "integer"}
	case reflect.Float64, reflect.Float32:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": schemaOf(t.Elem(), false)}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem(), false)}
	case reflect.Struct:
		props := map[string]any{}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = schemaOf(f.Type, top)
		}
		return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	}
	panic("policy: no schema for " + t.String())
}

func nullable(s map[string]any) map[string]any {
	return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, s}}
}

func schemaSet() *ast.SchemaSet {
	ss := ast.NewSchemaSet()
	ss.Put(ast.SchemaRootRef, InputSchema())
	return ss
}
