package policy_test

import (
	"context"
	"fmt"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
)

// The embedded default policy denies a finding whose capability is denied and names its rule and line.
func ExampleEngine_Decide() {
	eng, err := policy.New(context.Background(), policy.WithTimeout(time.Second))
	if err != nil {
		panic(err)
	}
	d := eng.Decide(context.Background(), policy.Input{
		Request: policy.Request{Principal: "ci-bot", Source: "cli"},
		Report: &analyzer.Report{
			Path: "job.py",
			Findings: []analyzer.Finding{{
				Rule: "SBX101", Capability: "process", Severity: "high",
				Line: 3, Message: "os.system runs a shell command",
			}},
		},
	})
	fmt.Println(d.Allow, d.Tier, d.Reasons[0].Rule, d.Reasons[0].Line)
	// Output: false none SBX101 3
}

// An allowed decision carries the chosen tier's limits from the config.
func ExampleEngine_Decide_allowed() {
	eng, err := policy.New(context.Background(), policy.WithTimeout(time.Second))
	if err != nil {
		panic(err)
	}
	d := eng.Decide(context.Background(), policy.Input{
		Request: policy.Request{Principal: "ci-bot", RequestedTier: "trusted"},
		Report:  &analyzer.Report{Path: "job.py"},
	})
	fmt.Println(d.Allow, d.TrustLevel, d.Tier, d.Limits.MemoryBytes>>20, "MiB")
	// Output: true trusted trusted 1024 MiB
}
