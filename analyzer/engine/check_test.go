package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/config"
)

// goodCheck is a check that declares everything it needs.
func goodCheck() *Check {
	return &Check{
		ID: "SBX199", Name: "test-check", Capability: "import", Severity: "medium", CWE: 829,
		Doc: "a test check", Hint: "none", Message: "test finding at %s",
		Nodes: []NodeKind{CallNode}, Run: func(*Pass, ast.Node) {},
	}
}

// A check declared without what it needs fails validation, and New refuses to build an engine
// with it, before any program is analyzed.
func TestValidationCatchesMistakes(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(c *Check)
		want   string
	}{
		{"no id", func(c *Check) { c.ID = "" }, "ID is not"},
		{"bad id", func(c *Check) { c.ID = "G101" }, "ID is not"},
		{"id of another stage", func(c *Check) { c.ID = "SBX901" }, "range of stage"},
		{"no name", func(c *Check) { c.Name = "" }, "kebab-case"},
		{"name not kebab-case", func(c *Check) { c.Name = "Test_Check" }, "kebab-case"},
		{"no doc", func(c *Check) { c.Doc = "" }, "empty doc"},
		{"no hint", func(c *Check) { c.Hint = "" }, "empty doc or hint"},
		{"no capability", func(c *Check) { c.Capability = "" }, "unknown capability"},
		{"unknown capability", func(c *Check) { c.Capability = "teleport" }, "unknown capability"},
		{"bad severity", func(c *Check) { c.Severity = "severe" }, "severity"},
		{"no cwe", func(c *Check) { c.CWE = 0 }, "no CWE"},
		{"no message", func(c *Check) { c.Message = "" }, "no message"},
		{"no node kinds", func(c *Check) { c.Nodes = nil }, "no node kinds"},
		{"unknown node kind", func(c *Check) { c.Nodes = []NodeKind{42} }, "unknown node kind"},
		{"internal node kind", func(c *Check) { c.Nodes = []NodeKind{kCallUnresolved} }, "unknown node kind"},
		{"no run", func(c *Check) { c.Run = nil }, "no Run"},
		{"unresolved kind without routing", func(c *Check) { c.Nodes, c.Unresolved = []NodeKind{AssignNode}, []NodeKind{AssignNode} }, "unresolved"},
		{"unresolved kind not asked for", func(c *Check) { c.Nodes, c.Unresolved = []NodeKind{CallNode}, []NodeKind{NameNode} }, "unresolved"},
		{"names without names", func(c *Check) { c.Names = &Names{} }, "lists no names"},
		{"names without %s", func(c *Check) { c.Names, c.Message = &Names{Exact: []string{"json.dumps"}}, "named" }, "no %s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := goodCheck()
			tt.mutate(c)
			err := validateChecks([]*Check{c})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
			if _, err := New(config.Default(), []*Check{c}); err == nil {
				t.Fatal("New accepted the check")
			}
		})
	}
	if err := validateChecks([]*Check{goodCheck()}); err != nil {
		t.Fatalf("a good check: %v", err)
	}
	dup := goodCheck()
	if err := validateChecks([]*Check{goodCheck(), dup}); err == nil || !strings.Contains(err.Error(), "duplicate ID") {
		t.Fatalf("duplicate IDs: got %v", err)
	}
	dup.ID = "SBX198"
	if err := validateChecks([]*Check{goodCheck(), dup}); err == nil || !strings.Contains(err.Error(), "duplicate name") {
		t.Fatalf("duplicate names: got %v", err)
	}
	a, b := goodCheck(), goodCheck()
	b.ID, b.Name = "SBX198", "other-check"
	a.Names, b.Names = &Names{Exact: []string{"json.dumps"}}, &Names{Prefix: []string{"json.dumps"}}
	if err := validateChecks([]*Check{a, b}); err == nil || !strings.Contains(err.Error(), "already SBX199's") {
		t.Fatalf("a name claimed twice: got %v", err)
	}
	if err := validateChecks([]*Check{nil}); err == nil {
		t.Fatal("a nil check passed")
	}
}

// Every check with Names reports the names it declares, however many such checks there are: their
// tags are derived from the list, not assigned by hand.
func TestNamingChecksReportTheirNames(t *testing.T) {
	const n = 2 * 6 // more than the six naming rules the tags once had bits for
	var list []*Check
	var src strings.Builder
	src.WriteString("import json, string\n")
	attrs := []string{"dumps", "loads", "dump", "load", "JSONDecoder", "JSONEncoder",
		"ascii_letters", "digits", "hexdigits", "octdigits", "punctuation", "whitespace"}
	for i := range n {
		mod := "json"
		if i >= 6 {
			mod = "string"
		}
		c := goodCheck()
		c.ID, c.Name = fmt.Sprintf("SBX1%02d", 50+i), fmt.Sprintf("naming-%d", i)
		c.Nodes, c.Message = []NodeKind{AttributeNode}, "%s is named"
		c.Names = &Names{Exact: []string{mod + "." + attrs[i]}}
		c.Run = (*Pass).ReportNamed
		list = append(list, c)
		fmt.Fprintf(&src, "print(%s.%s)\n", mod, attrs[i])
	}
	a, err := New(config.Default(), list)
	if err != nil {
		t.Fatal(err)
	}
	rep := a.Analyze(context.Background(), "x.py", []byte(src.String()))
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%d:%s %s", f.Line, f.Rule, f.Message))
	}
	var want []string
	for i := range n {
		mod := "json"
		if i >= 6 {
			mod = "string"
		}
		want = append(want, fmt.Sprintf("%d:SBX1%02d %s.%s is named", i+2, 50+i, mod, attrs[i]))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// More naming checks than the tags hold is a start-up error, not dropped findings.
func TestTooManyNamingChecks(t *testing.T) {
	var list []*Check
	for i := range maxNamingChecks + 1 {
		c := goodCheck()
		c.ID, c.Name = fmt.Sprintf("SBX%d", 100+i), fmt.Sprintf("naming-%d", i)
		c.Message, c.Names = "%s", &Names{Exact: []string{fmt.Sprintf("m.a%d", i)}}
		list = append(list, c)
	}
	if err := validateChecks(list); err == nil || !strings.Contains(err.Error(), "widen namingBits") {
		t.Fatalf("got %v", err)
	}
	if err := validateSets(maxSets + 1); err == nil {
		t.Fatal("more name sets than bits passed")
	}
	if err := validateSets(len(nameSets)); err != nil {
		t.Fatal(err)
	}
}
