package analyzer

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestMemoryPerByte: no shape of program makes an analysis allocate more than MemoryPerByte bytes
// per byte of source, the factor the server's memory ceiling counts with. Each shape is one
// construct repeated to 64 KiB, the most a program analyzed in the server's own process may have
// (larger ones go to the analysis workers); the analysis is linear in these, so the ratio holds for
// larger programs too (checked at 256 KiB for the worst).
func TestMemoryPerByte(t *testing.T) {
	a := newTestAnalyzer(t)
	const size = 64 << 10
	rep := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	shapes := map[string]string{
		"statements":     rep("a;"),
		"numbers":        rep("1;"),
		"assignments":    rep("x=1\n"),
		"parens":         rep("(a)\n"),
		"annotations":    rep("a:b\n"),
		"f-strings":      rep("f'{a}'\n"),
		"lambdas":        rep("lambda:0\n"),
		"ifs":            rep("if a:0\n"),
		"withs":          rep("with a:0\n"),
		"classes":        rep("class A:0\n"),
		"imports":        rep("import os\n"),
		"decorators":     rep("@d\ndef f():0\n"),
		"comprehensions": rep("[a for a in b]\n"),
		"defs":           rep("def f(a):\n return a\n"),
		"call args":      "f(" + rep("a,") + ")\n",
		"star args":      "f(" + rep("*a,") + ")\n",
		"keywords":       "f(" + rep("a=1,") + ")\n",
		"dict":           "d={" + rep("1:a,") + "}\n",
		"list":           "x=[" + rep("0,") + "]\n",
		"tuple":          "x=" + rep("a,") + "a\n",
		"comparisons":    "x=a" + rep("<a") + "\n",
		"operators":      "x=a" + rep("+a") + "\n",
		"or":             "x=a" + rep(" or a") + "\n",
		"attributes":     "x=a" + rep(".b") + "\n",
		"subscripts":     "x=a" + rep("[0]") + "\n",
		"globals":        "def f():\n global " + rep("a,") + "a\n",
		"strings":        rep("'a' ") + "\n",
		"names":          names(size),
	}
	worst, worstName := 0.0, ""
	for name, src := range shapes {
		perByte := allocPerByte(t, a, src)
		if perByte > worst {
			worst, worstName = perByte, name
		}
		if perByte > MemoryPerByte {
			t.Errorf("%s: the analysis of %d bytes allocated %.0f bytes per byte, past MemoryPerByte (%d): raise it, and the server's memory ceiling with it, or make the analysis leaner", name, len(src), perByte, MemoryPerByte)
		}
	}
	t.Logf("worst: %s, %.0f bytes allocated per byte of source (MemoryPerByte %d)", worstName, worst, MemoryPerByte)
	if big := allocPerByte(t, a, strings.Repeat("a;", 128<<10)); big > MemoryPerByte {
		t.Errorf("statements at 256 KiB: %.0f bytes per byte, past MemoryPerByte (%d)", big, MemoryPerByte)
	}
}

func names(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "v%d=v%d\n", i, i/2)
	}
	return b.String()
}

// allocPerByte is what analyzing src allocates, in bytes per byte of src.
func allocPerByte(t *testing.T, a *Analyzer, src string) float64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := a.Analyze(context.Background(), "shape.py", []byte(src))
	runtime.ReadMemStats(&after)
	// A program refused for its size or depth (LimitError) is a shape an attacker can send too.
	if r.ParseError != nil && r.ParseError.Kind != "LimitError" {
		t.Fatalf("%.40q...: %s: %s", src, r.ParseError.Kind, r.ParseError.Message)
	}
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(len(src))
}

// TestMemoryPerByteFolding: the constant folder makes values up to 4 KB per step; what a step
// makes is charged to the work budget, so no shape of folding allocates past MemoryPerByte either
// (findings/70: one 4 KB string replaced into itself made 16 MB a step, 2.3 GB for a 4 KB
// program). 8 KiB programs: the budget's fixed part weighs most in a small one.
func TestMemoryPerByteFolding(t *testing.T) {
	a := newTestAnalyzer(t)
	const size = 8 << 10
	rep := func(head, unit string) string { return head + strings.Repeat(unit, (size-len(head))/len(unit)) }
	const s4k = "s='a'*4096\n"
	shapes := map[string]string{
		"replace":         rep(s4k, "getattr(o,s.replace('a',s))\n"),
		"replace counted": rep(s4k, "getattr(o,s.replace('a',s,4000))\n"),
		"comprehension":   rep("s='a'*2047\n", "getattr(o,[s+s for c in s][0])\n"),
		"join":            rep(s4k, "getattr(o,''.join([s for c in s]))\n"),
		"iterate":         rep(s4k, "getattr(o,[x.y for c in s])\n"),
		"list":            rep(s4k, "getattr(o,list(s)[0])\n"),
		"reversed":        rep(s4k, "getattr(o,''.join(reversed(s)))\n"),
		"map":             rep(s4k, "getattr(o,''.join(map(str,s)))\n"),
		"slice":           rep(s4k, "getattr(o,s[::-1][:9])\n"),
		"index":           rep(s4k, "getattr(o,s[4000])\n"),
		"lists":           rep("t=["+strings.Repeat("1,", 512)+"]\n", "getattr(o,(t+t)[0])\n"),
		"names":           rep("s='a'*2048\n", "t=s+s;getattr(o,t)\n"),
		"upper":           rep(s4k, "getattr(o,s.upper())\n"),
		"f-string":        rep("s='a'*2000\n", "getattr(o,f'{s}{s}')\n"),
	}
	for name, src := range shapes {
		if perByte := allocPerByte(t, a, src); perByte > MemoryPerByte {
			t.Errorf("%s: the analysis of %d bytes allocated %.0f bytes per byte, past MemoryPerByte (%d)", name, len(src), perByte, MemoryPerByte)
		} else {
			t.Logf("%s: %.0f bytes per byte", name, perByte)
		}
	}
}
