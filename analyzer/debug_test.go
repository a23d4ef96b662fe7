package analyzer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

func TestDebugFile(t *testing.T) {
	path := os.Getenv("SBX_DEBUG")
	if path == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(path)
	a, err := New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	rep := a.Analyze(context.Background(), path, src)
	fmt.Printf("parse=%v\n", rep.ParseError)
	for _, im := range rep.Imports {
		fmt.Printf("import %+v\n", im)
	}
	for _, f := range rep.Findings {
		fmt.Printf("%d:%d %s %s %s\n", f.Line, f.Col, f.Rule, f.Capability, f.Message)
	}
	fmt.Println(rep.Capabilities)
}

// TestDebugFindings prints "path\tline\trule" for each finding of each file in SBX_FINDINGS
// (space-separated absolute paths); a development aid for reviewing corpus labels.
func TestDebugFindings(t *testing.T) {
	paths := os.Getenv("SBX_FINDINGS")
	if paths == "" {
		t.Skip()
	}
	a, err := New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range strings.Fields(paths) {
		src, _ := os.ReadFile(path)
		rep := a.Analyze(context.Background(), path, src)
		for _, f := range rep.Findings {
			fmt.Printf("F\t%s\t%d\t%s\n", path, f.Line, f.Rule)
		}
		fmt.Printf("F\t%s\t0\t-\n", path)
	}
}
