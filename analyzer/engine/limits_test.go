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

// A string Python may evaluate as code (here string annotations, with typing.get_type_hints
// named) is analyzed up to maxEmbeddedCode bytes, maxEmbeddedDepth strings deep and
// maxEmbeddedTotal bytes in all; past them the program is refused, where it was decided without
// the string. Where no evaluator is named, nothing evaluates the annotations.
func TestEmbeddedLimits(t *testing.T) {
	const hints = "import typing\n"
	ann := func(n int) string { return `"int` + strings.Repeat(" ", n-3) + `"` }
	defs := func(k, n int) string {
		var b strings.Builder
		for i := range k {
			fmt.Fprintf(&b, "def f%d(x: %s): pass\n", i, ann(n))
		}
		return b.String()
	}
	checkLimits(t, newTestEngine(t), []limitCase{
		{"maxEmbeddedCode bytes", hints + defs(1, maxEmbeddedCode) + "typing.get_type_hints(f0)\n", false, ""},
		{"maxEmbeddedCode+1 bytes", hints + defs(1, maxEmbeddedCode+1) + "typing.get_type_hints(f0)\n", true, "maxEmbeddedCode"},
		{"maxEmbeddedCode+1 bytes, no evaluator", defs(1, maxEmbeddedCode+1), false, ""},
		{"maxEmbeddedTotal bytes", hints + defs(maxEmbeddedTotal/maxEmbeddedCode, maxEmbeddedCode) + "typing.get_type_hints(f0)\n", false, ""},
		{"past maxEmbeddedTotal bytes", hints + defs(maxEmbeddedTotal/maxEmbeddedCode+1, maxEmbeddedCode) + "typing.get_type_hints(f0)\n", true, "maxEmbeddedTotal"},
		{"strings maxEmbeddedDepth deep", hints + "def f(x: \"typing.List['typing.List[int]']\"): pass\ntyping.get_type_hints(f)\n", false, ""},
		{"strings maxEmbeddedDepth+1 deep", hints + "def f(x: \"typing.List['typing.List[\\\"typing.Any\\\"]']\"): pass\ntyping.get_type_hints(f)\n", true, "maxEmbeddedDepth"},
	})
}

// A string in an evaluated string is code too: typing evaluates the forward reference
// List['...'] holds. The embedded analysis of the outer string analyzes the inner one.
func TestEmbeddedStringsInStrings(t *testing.T) {
	a := newTestEngine(t)
	src := "import typing\ndef f(x: \"typing.List['__import__(\\\"os\\\")']\"): pass\ntyping.get_type_hints(f)\n"
	rep := a.Analyze(context.Background(), "x.py", []byte(src))
	if rep.ParseError != nil {
		t.Fatalf("parse error %+v", rep.ParseError)
	}
	found := false
	for _, im := range rep.Imports {
		found = found || im.Module == "os"
	}
	if !found {
		t.Errorf("the import of os in a string in a string annotation is not in the report: %+v", rep.Imports)
	}
}

// Resolution follows a cycle of assignments one step (the binding met again is skipped), so a
// cycle that carries modules may hide one: x = x.subprocess run twice from asyncio is subprocess.
// Such a program is refused; a cycle of objects (df = df.dropna()) and a plain rebinding are not.
func TestCycleLimit(t *testing.T) {
	checkLimits(t, newTestEngine(t), []limitCase{
		{"a module from its own value",
			"import asyncio\ndef spawn(a):\n    return x.run(a)\nx = asyncio\nfor _ in range(2):\n    x = x.subprocess\n",
			true, "cycle"},
		{"a module from its own value, through another name",
			"import asyncio\nx = asyncio\nfor _ in range(2):\n    y = x\n    x = y.subprocess\nx.run([])\n",
			true, "cycle"},
		{"an object from its own value",
			"import json\nd = json.JSONDecoder()\nfor _ in range(2):\n    d = d.decode\nd('1')\n",
			false, ""},
		{"a module from another name",
			"import asyncio\nx = asyncio\ny = x.subprocess\ny.PIPE\n",
			false, ""},
	})
}
