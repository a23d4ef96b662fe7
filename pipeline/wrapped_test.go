package pipeline

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// wrappers move a whole program into another scope. Scope is where name resolution, binding and the
// routing of nodes to checks differ, so an evasion must be caught wherever it stands, not only at
// module level where the corpus writes it.
var wrappers = []struct {
	name string
	wrap func(body string) string
}{
	{"function", func(b string) string { return "def f():\n" + indent(b, 1) + "    pass\nf()\n" }},
	{"method", func(b string) string {
		return "class C:\n    def m(self):\n" + indent(b, 2) + "        pass\nC().m()\n"
	}},
	{"closure", func(b string) string {
		return "def outer():\n    def inner():\n" + indent(b, 2) + "        pass\n    return inner\nouter()()\n"
	}},
	{"if", func(b string) string { return "if True:\n" + indent(b, 1) + "    pass\n" }},
	{"method with self state", func(b string) string {
		return "class K:\n    def run(self, items):\n        self.items = items\n        items.append(self)\n" + indent(b, 2) + "        return items[0]\n"
	}},
}

func indent(s string, levels int) string {
	pad := strings.Repeat("    ", levels)
	var sb strings.Builder
	for line := range strings.Lines(s) {
		if strings.TrimSpace(line) != "" {
			sb.WriteString(pad)
		}
		sb.WriteString(line)
	}
	if !strings.HasSuffix(s, "\n") {
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Every corpus evasion stays denied, for one of the reasons it is denied at module level, when the
// whole program is moved into a function, a method, a closure or an if block. Programs whose trick
// lives at the start of the file or of a line (a coding declaration, odd line endings, bytes that are
// not UTF-8) or that need the module level (__future__) are left out: indenting them changes what
// they are.
func TestWrappedEvasionsStayDenied(t *testing.T) {
	built := checkerNoLog(t)
	paths := corpusPrograms(t, "../testdata/corpus/evasion", 400)
	ctx := context.Background()
	checked := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(src) || bytes.Contains(src, []byte("coding")) || bytes.Contains(src, []byte("__future__")) ||
			bytes.ContainsAny(src, "\r\f") {
			continue
		}
		orig, err := built.Check(ctx, Submission{Path: p, Code: src})
		if err != nil || orig.Decision.Allow {
			t.Fatalf("%s: the corpus program itself is not denied (%v, %+v)", p, err, orig.Decision)
		}
		why := map[string]bool{}
		for _, r := range orig.Decision.Reasons {
			why[r.Rule] = true
		}
		for _, w := range wrappers {
			out, err := built.Check(ctx, Submission{Path: p, Code: []byte(w.wrap(string(src)))})
			if err != nil {
				t.Fatalf("%s in a %s: %v", p, w.name, err)
			}
			if out.Decision.Allow {
				t.Errorf("%s in a %s: allowed, but denied at module level for %v", p, w.name, out.Decision.Reasons)
				continue
			}
			if out.Report.ParseError != nil {
				continue // e.g. a module-level-only statement: denied as unparsable, which is fine
			}
			same := false
			for _, r := range out.Decision.Reasons {
				same = same || why[r.Rule]
			}
			if !same {
				t.Errorf("%s in a %s: denied only for %v, not for any of %v as at module level", p, w.name, out.Decision.Reasons, orig.Decision.Reasons)
			}
		}
		checked++
	}
	if checked < 350 {
		t.Fatalf("only %d evasion programs could be wrapped; the filter above drops too much", checked)
	}
	t.Logf("%d evasion programs, each in %d scopes", checked, len(wrappers))
}
