package config

import (
	"bytes"
	"go/format"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"
)

func TestDefaultModuleAPI(t *testing.T) {
	m, err := DefaultModuleAPI()
	if err != nil {
		t.Fatal(err)
	}
	// Every module the default allowlist admits has its reviewed API.
	for _, mod := range Default().Modules.Allow {
		if _, ok := m.Table.Modules[mod]; !ok {
			t.Errorf("modules.allow: %s has no entry in module_api.json: run make module-api", mod)
		}
	}
	for _, tt := range []struct{ key, kind string }{
		{"json.loads", "function"}, {"string.Formatter", "class"}, {"os.path", "module"},
		{"unittest.loader.TestLoader.discover", "method"}, {"logging.Logger.handlers", "attribute"},
	} {
		if kind, ok := m.Lookup(tt.key); !ok || kind != tt.kind {
			t.Errorf("Lookup(%q) = %q, %v; want %q", tt.key, kind, ok, tt.kind)
		}
	}
}

// The compiled-in tables are a cache: files that differ from those they were made from (edited
// without go run ./scripts/tables) are decoded, never answered from a stale table.
func TestCompiledTablesNeverStale(t *testing.T) {
	review := bytes.Replace(moduleAPIYAML, []byte(`reason: "starts the debugger, which`), []byte(`reason: "edited: starts the debugger, which`), 1)
	if bytes.Equal(review, moduleAPIYAML) {
		t.Fatal("the review has no entry to edit: update the test")
	}
	r, err := reviewedAPI(moduleAPIJSON, review)
	if err != nil {
		t.Fatal(err)
	}
	if r.Table == &moduleAPITable || !strings.HasPrefix(r.Review.Exclude["builtins.breakpoint"].Reason, "edited: ") {
		t.Error("an edited review is answered from the compiled-in one")
	}
	if !reflect.DeepEqual(r.Table, &moduleAPITable) {
		t.Error("the table decoded differs from the compiled-in one")
	}
	table := bytes.Replace(moduleAttrsJSON, []byte(`"builtins": [`), []byte(`"builtins": ["edited", `), 1)
	m, err := moduleAttrsOf(table)
	if err != nil {
		t.Fatal(err)
	}
	if m == &moduleAttrsTable || m.Builtins[0] != "edited" {
		t.Error("an edited module table is answered from the compiled-in one")
	}
}

// Each mistake in the review is refused with a message that names the entry.
func TestModuleAPIValidation(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(r *APIReview)
		want   string
	}{
		{"other python", func(r *APIReview) { r.Python = "CPython 3.12.0 (linux)" }, "review the table's differences"},
		{"unknown name", func(r *APIReview) { r.Exclude["json.load_everything"] = APIRule{"dynamic_code", "x"} }, "exclude.json.load_everything: the table has no such"},
		{"unknown capability", func(r *APIReview) { r.Calls["timeit.timeit"] = APIRule{"shell", "x"} }, "unknown capability"},
		{"no reason", func(r *APIReview) { r.Exclude["typing.ForwardRef"] = APIRule{"dynamic_code", " "} }, "no reason"},
		{"both", func(r *APIReview) { r.Calls["typing.ForwardRef"] = APIRule{"dynamic_code", "x"} }, "either judged at its call"},
		{"return of a class", func(r *APIReview) { r.Returns["re.compile"] = "re.Nothing" }, "not a class of the table"},
		{"return of nothing", func(r *APIReview) { r.Returns["re.nothing"] = "re.Pattern" }, "no such function or method"},
		{"open nothing", func(r *APIReview) { r.Open["re.Nothing"] = "x" }, "open.re.Nothing"},
		{"dunder", func(r *APIReview) { r.Dunders["_private"] = "x" }, "not a dunder name"},
		{"private", func(r *APIReview) { r.Privates["__dunder__"] = "x" }, "not a private name"},
		{"version", func(r *APIReview) { r.Version = 2 }, "version 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseModuleAPI(moduleAPIJSON, moduleAPIYAML)
			if err != nil {
				t.Fatal(err)
			}
			tt.mutate(m.Review)
			err = m.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := ParseModuleAPI(moduleAPIJSON, append([]byte("unknown_key: 1\n"), moduleAPIYAML...)); err == nil || !strings.Contains(err.Error(), "unknown_key") {
		t.Errorf("an unknown key of the review: got %v", err)
	}
}

// The compiled-in tables are the files': what make module-api and make module-table write, and
// the same entries as the files decoded.
func TestCompiledTablesUpToDate(t *testing.T) {
	for _, f := range []struct {
		path   string
		render func() ([]byte, error)
	}{
		{"module_api_table.go", func() ([]byte, error) { return RenderAPITable(moduleAPIJSON, moduleAPIYAML) }},
		{"module_attrs_table.go", func() ([]byte, error) { return RenderModuleAttrs(moduleAttrsJSON) }},
		{"sandbox_default.go", func() ([]byte, error) { return RenderDefault(defaultYAML) }},
	} {
		src, err := f.render()
		if err != nil {
			t.Fatal(err)
		}
		if src, err = format.Source(src); err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(src, have) {
			t.Errorf("%s is not what its files make: run go run ./scripts/tables", f.path)
		}
	}
	var attrs moduleAttrsFile
	if err := json.Unmarshal(moduleAttrsJSON, &attrs); err != nil {
		t.Fatal(err)
	}
	compiled := map[string]map[string]string{}
	for _, m := range moduleAttrsTable.Modules {
		compiled[m.Name] = map[string]string{}
		for i, a := range m.Attrs {
			compiled[m.Name][a] = m.Modules[i]
		}
	}
	if !reflect.DeepEqual(compiled, attrs.Modules) || !reflect.DeepEqual(moduleAttrsTable.Builtins, attrs.Builtins) || moduleAttrsTable.Python != attrs.Python {
		t.Error("the compiled-in module table differs from module_attrs.json decoded: run go run ./scripts/tables")
	}
	if got, err := DefaultModuleAttrs(); err != nil || got != &moduleAttrsTable {
		t.Errorf("DefaultModuleAttrs does not use the compiled-in table (err %v)", err)
	}
	m, err := DefaultModuleAPI()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Table.Sorted(), &moduleAPITable) {
		t.Fatal("the compiled-in table differs from module_api.json decoded: run go run ./scripts/tables")
	}
	r, err := DefaultReviewedAPI()
	if err != nil {
		t.Fatal(err)
	}
	if r.Table != &moduleAPITable {
		t.Error("DefaultReviewedAPI does not use the compiled-in table")
	}
	if !reflect.DeepEqual(r.Review, m.Review) {
		t.Fatal("the compiled-in review differs from module_api.yaml decoded: run go run ./scripts/tables")
	}
	for _, key := range []string{"json.loads", "os.path", "unittest.loader.TestLoader.discover", "logging.Logger.handlers", "json.nothing", "nothing"} {
		k1, ok1 := m.Lookup(key)
		k2, ok2 := lookupIn(r.Table, key)
		if k1 != k2 || ok1 != ok2 {
			t.Errorf("%s: the maps say %q, %v and the sorted table %q, %v", key, k1, ok1, k2, ok2)
		}
	}
}
