package policy

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/types"

	"github.com/sbxgate/sbxgate/config"
)

// The embedded policy compiles without the checking stages (compileUnchecked) to exactly what the
// strict compile makes of it, so engines decide the same; and it passes the strict compile, which
// is what makes leaving the checks out sound.
func TestEmbeddedCompilesTheSameUnchecked(t *testing.T) {
	files := Embedded()
	strict, errs := Compile(files.Modules)
	if len(errs) > 0 {
		t.Fatalf("the embedded policy does not compile strictly: %v", errs)
	}
	unchecked, errs := compileUnchecked(files.Modules)
	if len(errs) > 0 {
		t.Fatalf("compileUnchecked: %v", errs)
	}
	// Only CheckTypes types the policy's rules; unchecked, they are of any type.
	typed := func(c *ast.Compiler) bool {
		return types.Compare(c.TypeEnv.GetByRef(ast.MustParseRef(Query)), types.A) != 0
	}
	if !typed(strict) || typed(unchecked) {
		t.Fatal("the unchecked compile type-checked the rules, or the strict one did not")
	}
	if c, _ := compileCached(files.Modules); typed(c) {
		t.Error("engines of the embedded policy compile it strictly: compileCached does not take compileUnchecked")
	}
	for name, m := range strict.Modules {
		if got, want := unchecked.Modules[name].String(), m.String(); got != want {
			t.Errorf("%s compiles to\n%s\nunchecked, want\n%s", name, got, want)
		}
		// Evaluation reads the rules' types (which CheckTypes infers) only for `with` on a function.
		ast.WalkExprs(m, func(e *ast.Expr) bool {
			if len(e.With) > 0 {
				t.Errorf("%s:%d: the embedded policy uses with: its rules' types would be read at evaluation; compile it with Compile", name, e.Location.Row)
			}
			return false
		})
	}
	doc, _, _, err := storeDocument(files, config.Default())
	if err != nil {
		t.Fatal(err)
	}
	inputs, _ := filepath.Glob("testdata/inputs/*.json")
	if len(inputs) == 0 {
		t.Fatal("no inputs under testdata/inputs")
	}
	for _, path := range inputs {
		in := readInput(t, path)
		got, want := evalWith(t, unchecked, doc, in), evalWith(t, strict, doc, in)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: unchecked compile decides %s, strict %s", path, got, want)
		}
	}
}

func evalWith(t *testing.T, c *ast.Compiler, doc map[string]any, in Input) string {
	t.Helper()
	rs, err := rego.New(rego.Query(Query), rego.Compiler(c), rego.Store(inmem.NewFromObject(doc)),
		rego.ParsedInput(inputValue(&in)), rego.StrictBuiltinErrors(true)).Eval(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
