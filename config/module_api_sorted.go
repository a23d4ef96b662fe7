package config

import (
	"fmt"
	"hash/crc32"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The standard library's table compiled in: module_api_table.go holds module_api.json as sorted
// slices (SortedAPITable) and the review module_api.yaml as Go values, written by make module-api
// (go run ./scripts/tables) and checked against the files by TestCompiledTablesUpToDate. A
// command that analyzes reads them where they lie in the binary instead of decoding 400 KB of JSON
// and 15 KB of YAML at every start.

// SortedAPITable is a generated table (APITable) as sorted slices, searched by name.
type SortedAPITable struct {
	GeneratedBy string
	Python      string
	Modules     []SortedModule // by name
	Classes     []SortedClass  // by name
	Privates    []string       // sorted
}

// SortedModule is a module of the table: its public attributes, sorted, and what each is.
type SortedModule struct {
	Name  string
	Attrs []string
	Kinds []string // Kinds[i] is what Attrs[i] is: "module M", "class C", "function" or "data C"
}

// SortedClass is a class of the table (APIClass), its name lists sorted.
type SortedClass struct {
	Name     string
	Attrs    []string // public names of dir(C)
	Instance []string // public attributes its methods assign on self
	Bases    []string
	Meta     string
	Dynamic  bool
}

// Module is the entry of module name, or nil.
func (t *SortedAPITable) Module(name string) *SortedModule {
	i, ok := slices.BinarySearchFunc(t.Modules, name, func(m SortedModule, name string) int { return strings.Compare(m.Name, name) })
	if !ok {
		return nil
	}
	return &t.Modules[i]
}

// Kind is what attribute attr of m is, if m has it.
func (m *SortedModule) Kind(attr string) (string, bool) {
	i, ok := slices.BinarySearch(m.Attrs, attr)
	if !ok {
		return "", false
	}
	return m.Kinds[i], true
}

// Class is the entry of class name (its canonical name), or nil.
func (t *SortedAPITable) Class(name string) *SortedClass {
	i, ok := slices.BinarySearchFunc(t.Classes, name, func(c SortedClass, name string) int { return strings.Compare(c.Name, name) })
	if !ok {
		return nil
	}
	return &t.Classes[i]
}

func (t *SortedAPITable) moduleAttr(mod, attr string) (string, bool) {
	if m := t.Module(mod); m != nil {
		return m.Kind(attr)
	}
	return "", false
}

func (t *SortedAPITable) class(name string) (attrs, instance []string, ok bool) {
	if c := t.Class(name); c != nil {
		return c.Attrs, c.Instance, true
	}
	return nil, nil, false
}

// Sorted is t as sorted slices (an empty list is nil).
func (t *APITable) Sorted() *SortedAPITable {
	s := &SortedAPITable{GeneratedBy: t.GeneratedBy, Python: t.Python, Privates: sortedList(t.Privates)}
	for _, name := range sortedKeys(t.Modules) {
		m := SortedModule{Name: name, Attrs: sortedKeys(t.Modules[name])}
		for _, a := range m.Attrs {
			m.Kinds = append(m.Kinds, t.Modules[name][a])
		}
		if len(m.Attrs) == 0 {
			m.Attrs = nil
		}
		s.Modules = append(s.Modules, m)
	}
	for _, name := range sortedKeys(t.Classes) {
		c := t.Classes[name]
		s.Classes = append(s.Classes, SortedClass{
			Name: name, Attrs: sortedList(c.Attrs), Instance: sortedList(c.Instance),
			Bases: slices.Clip(slices.Clone(c.Bases)), Meta: c.Meta, Dynamic: c.Dynamic,
		})
		if len(c.Bases) == 0 {
			s.Classes[len(s.Classes)-1].Bases = nil
		}
	}
	return s
}

// sortedList is the distinct strings of xs, sorted, in a new slice; nil when there are none.
func sortedList(xs []string) []string {
	if len(xs) == 0 {
		return nil
	}
	return slices.Clip(slices.Compact(slices.Sorted(slices.Values(xs))))
}

// ReviewedAPI is a table as sorted slices with its review: what the analyzer reads.
type ReviewedAPI struct {
	Table  *SortedAPITable
	Review *APIReview
}

// Reviewed is m with its table as sorted slices.
func (m *ModuleAPI) Reviewed() *ReviewedAPI {
	return &ReviewedAPI{Table: m.Table.Sorted(), Review: m.Review}
}

// DefaultReviewedAPI returns the embedded table and review (module_api.json's and
// module_api.yaml's), validated once; read-only. DefaultModuleAPI is the same as maps.
//
// They are the compiled-in ones when those were made from the embedded files (their CRC-32s
// match): the compiled-in forms are a cache, and a file edited without go run ./scripts/tables
// is decoded at start as before (slower, never stale).
func DefaultReviewedAPI() (*ReviewedAPI, error) { return defaultReviewedAPI() }

var defaultReviewedAPI = sync.OnceValues(func() (*ReviewedAPI, error) { return reviewedAPI(moduleAPIJSON, moduleAPIYAML) })

// reviewedAPI is the table and review of the files given: the compiled-in ones if they were made
// from them, else the files decoded.
func reviewedAPI(tableJSON, reviewYAML []byte) (*ReviewedAPI, error) {
	if crc32.ChecksumIEEE(tableJSON) != moduleAPISums[0] || crc32.ChecksumIEEE(reviewYAML) != moduleAPISums[1] {
		m, err := ParseModuleAPI(tableJSON, reviewYAML)
		if err != nil {
			return nil, err
		}
		return m.Reviewed(), nil
	}
	r := compiledReview()
	if err := validateReview(&moduleAPITable, moduleAPITable.Python, r); err != nil {
		return nil, fmt.Errorf("module API review: %w", err)
	}
	return &ReviewedAPI{Table: &moduleAPITable, Review: r}, nil
}

// RenderAPITable is the Go source of module_api_table.go for a generated table (module_api.json)
// and its review (module_api.yaml), before gofmt.
func RenderAPITable(tableJSON, reviewYAML []byte) ([]byte, error) {
	m, err := ParseModuleAPI(tableJSON, reviewYAML)
	if err != nil {
		return nil, err
	}
	s, r := m.Table.Sorted(), m.Review
	var b strings.Builder
	b.WriteString("// Code generated by go run ./scripts/tables from module_api.json and module_api.yaml; DO NOT EDIT.\n\npackage config\n\n")
	fmt.Fprintf(&b, "// moduleAPISums are the CRC-32s of the files this was made from (DefaultReviewedAPI).\nvar moduleAPISums = [2]uint32{%#08x, %#08x}\n\n", crc32.ChecksumIEEE(tableJSON), crc32.ChecksumIEEE(reviewYAML))
	b.WriteString("var moduleAPITable = SortedAPITable{\n")
	fmt.Fprintf(&b, "\tGeneratedBy: %s,\n\tPython:      %s,\n\tModules: []SortedModule{\n", strconv.Quote(s.GeneratedBy), strconv.Quote(s.Python))
	for _, m := range s.Modules {
		fmt.Fprintf(&b, "\t\t{Name: %s, Attrs: %s, Kinds: %s},\n", strconv.Quote(m.Name), goStrings(m.Attrs), goStrings(m.Kinds))
	}
	b.WriteString("\t},\n\tClasses: []SortedClass{\n")
	for _, c := range s.Classes {
		fmt.Fprintf(&b, "\t\t{Name: %s, Attrs: %s, Instance: %s, Bases: %s, Meta: %s, Dynamic: %t},\n",
			strconv.Quote(c.Name), goStrings(c.Attrs), goStrings(c.Instance), goStrings(c.Bases), strconv.Quote(c.Meta), c.Dynamic)
	}
	fmt.Fprintf(&b, "\t},\n\tPrivates: %s,\n}\n", goStrings(s.Privates))
	// A function, not a variable: Go builds map literals at run time, and only the analyzer's
	// first engine needs these.
	b.WriteString("\n// compiledReview is module_api.yaml.\nfunc compiledReview() *APIReview {\n\treturn &APIReview{\n")
	fmt.Fprintf(&b, "\t\tVersion: %d,\n\t\tPython: %s,\n", r.Version, strconv.Quote(r.Python))
	for _, part := range []struct {
		name  string
		rules map[string]APIRule
	}{{"Exclude", r.Exclude}, {"Calls", r.Calls}} {
		if part.rules == nil {
			fmt.Fprintf(&b, "\t\t%s: nil,\n", part.name)
			continue
		}
		fmt.Fprintf(&b, "\t\t%s: map[string]APIRule{\n", part.name)
		for _, k := range sortedKeys(part.rules) {
			fmt.Fprintf(&b, "\t\t\t%s: {Capability: %s, Reason: %s},\n", strconv.Quote(k), strconv.Quote(part.rules[k].Capability), strconv.Quote(part.rules[k].Reason))
		}
		b.WriteString("\t\t},\n")
	}
	for _, part := range []struct {
		name string
		m    map[string]string
	}{{"Returns", r.Returns}, {"Open", r.Open}, {"Dunders", r.Dunders}, {"Privates", r.Privates}} {
		if part.m == nil {
			fmt.Fprintf(&b, "\t\t%s: nil,\n", part.name)
			continue
		}
		fmt.Fprintf(&b, "\t\t%s: map[string]string{\n", part.name)
		for _, k := range sortedKeys(part.m) {
			fmt.Fprintf(&b, "\t\t\t%s: %s,\n", strconv.Quote(k), strconv.Quote(part.m[k]))
		}
		b.WriteString("\t\t},\n")
	}
	b.WriteString("\t}\n}\n")
	return []byte(b.String()), nil
}

// goStrings is the Go expression of xs: nil, or a []string literal.
func goStrings(xs []string) string {
	if xs == nil {
		return "nil"
	}
	var b strings.Builder
	b.WriteString("[]string{")
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(x))
	}
	b.WriteString("}")
	return b.String()
}
