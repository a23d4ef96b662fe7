package analyzer_test

import (
	"context"
	"encoding/json"
	"testing"
)

// TestReuseKeepsNoState analyzes the corpus forwards and then backwards: analyses reuse the
// memory of earlier ones (passPool), and no program's report may depend on what ran before it.
func TestReuseKeepsNoState(t *testing.T) {
	a := newAnalyzer(t)
	files := loadCorpus(t)
	ctx := context.Background()
	first := make([][]byte, len(files))
	for i, cf := range files {
		first[i], _ = json.Marshal(a.Analyze(ctx, cf.path, cf.src))
	}
	for i := len(files) - 1; i >= 0; i-- {
		again, _ := json.Marshal(a.Analyze(ctx, files[i].path, files[i].src))
		if string(again) != string(first[i]) {
			t.Errorf("%s: report differs when analyzed after other programs:\nfirst  %s\nagain  %s", files[i].path, first[i], again)
		}
	}
}
