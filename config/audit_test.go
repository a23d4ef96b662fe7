package config

import (
	"strings"
	"testing"
	"time"
)

func TestCodeBudget(t *testing.T) {
	if got := Default().Audit.CodeBudget.WithDefaults(); got != DefaultCodeBudget {
		t.Errorf("the shipped config's code budget is %+v, not the documented default %+v", got, DefaultCodeBudget)
	}
	if got := (CodeBudget{}).WithDefaults(); got != DefaultCodeBudget {
		t.Errorf("a config without audit.code_budget gets %+v, not the default %+v", got, DefaultCodeBudget)
	}
	// A small budget keeps its own cap of one record below it.
	if got := (CodeBudget{Bytes: 64 << 10}).WithDefaults(); got.MaxRecord != 64<<10 || got.Per.Duration != time.Hour {
		t.Errorf("bytes 64KiB alone gives %+v: max_record must follow it down", got)
	}
	base := string(DefaultYAML())
	const shipped = "  code_budget:\n    bytes: 16MiB        # each principal's bucket of code, refilled evenly over `per`\n    per: 1h\n"
	if !strings.Contains(base, shipped) {
		t.Fatal("the shipped sandbox.yaml changed: update this test")
	}
	for _, tc := range []struct{ budget, want string }{
		{"    bytes: 1MiB\n    per: 10m\n    max_record: 64KiB\n", ""},
		{"    bytes: -1\n", "is not a size"},
		{"    bytes: 2TiB\n", "is not a size"}, // no such unit
		{"    bytes: 2048GiB\n", "audit.code_budget.bytes"},
		{"    bytes: 2MiB\n    max_record: 4MiB\n", "max_record 4194304 is above audit.code_budget.bytes"},
		{"    per: 10ms\n", "audit.code_budget.per 10ms is out of range"},
		{"    per: -1h\n", "audit.code_budget.per"},
		{"    bytes: 1MiB\n    window: 1h\n", "field window not found"}, // strict: unknown keys are errors
	} {
		data := strings.Replace(base, shipped, "  code_budget:\n"+tc.budget, 1)
		data = strings.Replace(data, "    max_record: 256KiB  # at most this much code in one record\n", "", 1)
		_, err := Parse([]byte(data), "test")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.budget, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: got %v, want an error with %q", tc.budget, err, tc.want)
		}
	}
}
