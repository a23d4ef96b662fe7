package analyzer_test

import (
	"context"
	"testing"
)

// FuzzAnalyze: any input gives a report, never a panic (a recovered panic shows as an
// InternalError), and the report stays bounded.
func FuzzAnalyze(f *testing.F) {
	for _, cf := range loadCorpus(f) {
		f.Add(cf.src)
	}
	f.Add(llmProgram(f))
	a := newAnalyzer(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		rep := a.Analyze(context.Background(), "fuzz.py", src)
		if rep == nil {
			t.Fatal("nil report")
		}
		if rep.ParseError != nil && rep.ParseError.Kind == "InternalError" {
			t.Fatalf("internal error: %s", rep.ParseError.Message)
		}
		if len(rep.Findings) > 1000 || len(rep.Imports) > 1000 {
			t.Fatalf("unbounded report: %d findings, %d imports", len(rep.Findings), len(rep.Imports))
		}
		if rep.Size != len(src) || len(rep.SHA256) != 64 {
			t.Fatalf("identity fields: size %d sha %q", rep.Size, rep.SHA256)
		}
		for _, fd := range rep.Findings {
			if fd.Line < 1 || fd.Rule == "" || fd.Capability == "" || fd.Severity == "" {
				t.Fatalf("malformed finding %+v", fd)
			}
		}
	})
}
