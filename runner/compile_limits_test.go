package runner

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCompileFailureIsTheProgramsResult: a program the interpreter cannot compile ends as the
// program's own failure (exit 1, the error on standard error), never as a sandbox failure
// (findings/34). CPython's parser runs out of its stack (MemoryError) on 2985 nested lambdas or a
// chain of 2985 powers, which the analysis admits (its limit is the AST's nesting, 2991); the
// program's process took the MemoryError for a failure of its own setup: `sbxgate run` exited 125
// ("sandbox failure: setting up the program's process: MemoryError()"), the server answered 503,
// for a program the policy allowed.
func TestCompileFailureIsTheProgramsResult(t *testing.T) {
	d := newTestDocker(t)
	for name, code := range map[string]string{
		"power":   "x = " + strings.Repeat("1**", 2984) + "1\nprint(x)\n",
		"lambda":  "x = " + strings.Repeat("lambda: ", 2985) + "1\nprint(x)\n",
		"binary":  "x = " + strings.Repeat("1+", 5000) + "1\nprint(x)\n", // RecursionError
		"control": "x = (\n",                                             // SyntaxError
	} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: testLimits, Modules: []string{}})
			if errors.Is(err, ErrRunner) || err != nil {
				t.Fatalf("a program the interpreter cannot compile: %v: want the program's failure, exit 1", err)
			}
			if res.ExitCode != 1 || len(res.Violations) != 0 || !strings.Contains(res.Stderr, "Error") {
				t.Errorf("exit %d, violations %v, stderr %q: want exit 1 and the error", res.ExitCode, res.Violations, clip(res.Stderr))
			}
		})
	}
}
