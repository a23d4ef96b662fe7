package pipeline

import (
	"context"
	"reflect"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// A program analyzed ahead (Options.Prefetch) is decided on the report its own analysis would
// give, once; another program, or the same path with other code, is analyzed as it comes.
func TestPrefetch(t *testing.T) {
	ctx := context.Background()
	code := []byte("import os\nos.system('id')\n")
	b, err := New(ctx, config.Default(), Options{Prefetch: []Prefetch{{Path: "a.py", Code: code}}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	fresh := b.Analyzer.Analyze(ctx, "a.py", code)
	var first *Outcome
	for i, s := range []Submission{
		{Path: "a.py", Code: code},                    // the prefetched report
		{Path: "a.py", Code: code},                    // taken already: analyzed again
		{Path: "b.py", Code: code},                    // another path
		{Path: "a.py", Code: []byte("print('hi')\n")}, // other code
	} {
		out, err := b.Check(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		want := fresh
		if i >= 2 {
			want = b.Analyzer.Analyze(ctx, s.Path, s.Code)
		}
		if !reflect.DeepEqual(out.Report, want) {
			t.Errorf("submission %d (%s): the report differs from its analysis", i, s.Path)
		}
		if i == 0 {
			first = &out
			if out.Decision.Allow {
				t.Errorf("os.system allowed")
			}
		}
	}
	if e := b.ahead.entries[0]; !e.taken || e.rep == nil || e.rep != first.Report {
		t.Errorf("the first check did not take the prefetched report (taken %v)", e.taken)
	}
}
