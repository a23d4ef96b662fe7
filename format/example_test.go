package format_test

import (
	"os"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/format"
	"github.com/sbxgate/sbxgate/policy"
)

func ExampleWriteText() {
	src := []byte("import json\nvalue = eval(input())\n")
	results := []format.Result{{
		Report: analyzer.Report{
			Path: "calc.py",
			Findings: []analyzer.Finding{{
				Rule: "SBX201", Capability: "dynamic_code", Severity: "critical",
				Line: 2, Col: 8, EndLine: 2, EndCol: 12, Message: "eval runs code built at run time",
				Hint: "parse the input with ast.literal_eval or float() instead of eval",
			}},
		},
		Decision: &policy.Decision{TrustLevel: "untrusted", Tier: "none",
			Reasons: []policy.Reason{{Rule: "SBX201", Line: 2, Message: "dynamic code is never allowed"}}},
		Source: src,
	}}
	if err := format.WriteText(os.Stdout, results); err != nil {
		panic(err)
	}
	// Output:
	// calc.py:2:9: SBX201 [critical dynamic_code] eval runs code built at run time
	//   value = eval(input())
	//           ^~~~
	//   fix: parse the input with ast.literal_eval or float() instead of eval
	// calc.py: DENY (untrusted, tier none): SBX201 line 2: dynamic code is never allowed
}

func ExampleWriteJSON() {
	// A program the front end refused: no imports, no findings, and (here) no decision yet.
	results := []format.Result{{Report: analyzer.Report{
		Path: "utf7.py", SHA256: "ab12",
		ParseError: &analyzer.ParseError{Kind: "EncodingError", Message: "unsupported source encoding utf-7: re-save the file as UTF-8", Line: 1},
	}}}
	if err := format.WriteJSON(os.Stdout, results); err != nil {
		panic(err)
	}
	// Output:
	// {
	//   "results": [
	//     {
	//       "path": "utf7.py",
	//       "sha256": "ab12",
	//       "size": 0,
	//       "analyzer_version": "",
	//       "parse_error": {
	//         "kind": "EncodingError",
	//         "message": "unsupported source encoding utf-7: re-save the file as UTF-8",
	//         "line": 1,
	//         "col": 0
	//       },
	//       "imports": [],
	//       "findings": [],
	//       "capabilities": [],
	//       "decision": null
	//     }
	//   ]
	// }
}
