package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// limitCase is a program on one side of a bound: refused says whether the analysis must refuse it
// (a LimitError naming the bound), where it would otherwise have dropped what the program may
// refer to and been decided on the rest.
type limitCase struct {
	name, src string
	refused   bool
	bound     string // a word the LimitError's message must have
}

func checkLimits(t *testing.T, a *Engine, cases []limitCase) {
	t.Helper()
	for _, tt := range cases {
		rep := a.Analyze(context.Background(), "x.py", []byte(tt.src))
		got := rep.ParseError != nil && rep.ParseError.Kind == "LimitError"
		if got != tt.refused {
			t.Errorf("%s: parse error %+v; want refused %v", tt.name, rep.ParseError, tt.refused)
			continue
		}
		if got && !strings.Contains(rep.ParseError.Message, tt.bound) {
			t.Errorf("%s: message %q does not name %s", tt.name, rep.ParseError.Message, tt.bound)
		}
	}
}

// candidates is a program whose name f may be any of n distinct objects of allowed modules, the
// last one the module glob, and that reads f.os: with more than maxRefs candidates, glob was
// dropped and f.os.posix_spawn went unjudged.
func candidates(n int) string {
	objs := []string{"json.dumps", "json.loads", "math.sqrt", "math.floor", "math.ceil", "math.exp", "math.log", "math.fabs", "math.trunc"}
	var b strings.Builder
	b.WriteString("import json, math, glob\nc = len(json.dumps([])) == 2\n")
	for _, o := range objs[:n-1] {
		fmt.Fprintf(&b, "if c: f = %s\n", o)
	}
	b.WriteString("if c: f = glob\nf.os.posix_spawn('/usr/bin/true', ['true'], {})\n")
	return b.String()
}

func TestRefsLimit(t *testing.T) {
	checkLimits(t, newTestEngine(t), []limitCase{
		{"maxRefs candidates", candidates(maxRefs), false, ""},
		{"maxRefs+1 candidates", candidates(maxRefs + 1), true, "maxRefs"},
		{"maxRefs+1 through a conditional expression",
			"import json, math, glob\nc = 1\nf = json.dumps if c else json.loads if c else math.sqrt if c else math.floor if c else math.ceil if c else math.exp if c else math.log if c else math.fabs if c else glob\nf.os\n",
			true, "maxRefs"},
		{"maxQualLen characters", "import math\nmath.pi." + strings.Repeat("a", maxQualLen-len("math.pi.")) + "\n", false, ""},
		{"maxQualLen+1 characters", "import math\nmath.pi." + strings.Repeat("a", maxQualLen+1-len("math.pi.")) + "\n", true, "maxQualLen"},
	})
}

// A name bound more than maxBindings times in a scope keeps one binding for those past the bound;
// what they bound is not kept, so a use of the name refuses the program.
func TestBindingsLimit(t *testing.T) {
	prog := func(n int) string {
		return "import json, glob\n" + strings.Repeat("f = json.dumps\n", n-1) + "f = glob\nf.os.posix_spawn('/usr/bin/true', ['true'], {})\n"
	}
	checkLimits(t, newTestEngine(t), []limitCase{
		{"maxBindings bindings", prog(maxBindings), false, ""},
		{"maxBindings+1 bindings", prog(maxBindings + 1), true, "maxBindings"},
		{"maxBindings+1 bindings, never read", "x = 1\n" + strings.Repeat("f = 1\n", maxBindings+1), false, ""},
	})
}
