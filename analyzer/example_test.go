package analyzer_test

import (
	"context"
	"fmt"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
)

// An alias of eval and a module name built at run time: each finding names the rule, where it
// starts and the capability the policy judges.
func Example() {
	a, err := analyzer.New(config.Default())
	if err != nil {
		panic(err)
	}
	src := []byte(`import json
run = eval
name = "o" + "s"
__import__(name).system("id")
print(json.dumps(run("1 + 1")))
`)
	rep := a.Analyze(context.Background(), "example.py", src)
	for _, f := range rep.Findings {
		fmt.Printf("%d:%d %s %s %s\n", f.Line, f.Col, f.Rule, f.Severity, f.Capability)
	}
	for _, im := range rep.Imports {
		fmt.Printf("import %q dynamic=%v allowed=%v\n", im.Module, im.Dynamic, im.Allowed)
	}
	fmt.Println(rep.Capabilities)
	// Output:
	// 2:6 SBX201 critical dynamic_code
	// 4:0 SBX101 critical process
	// 4:0 SBX103 high import
	// import "json" dynamic=false allowed=true
	// import "os" dynamic=true allowed=true
	// [dynamic_code import process]
}
