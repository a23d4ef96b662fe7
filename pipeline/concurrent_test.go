package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// The parser, the analyzer and the policy engine reuse memory between checks (pools, arenas, shared
// terms). Checked concurrently, in another order, every corpus program must get byte for byte the
// report and decision it gets alone: nothing of one check may leak into another.
func TestConcurrentChecksMatchSequential(t *testing.T) {
	built := checkerNoLog(t)
	paths := corpusPrograms(t, "../testdata/corpus", 500)
	srcs := make([][]byte, len(paths))
	for i, p := range paths {
		var err error
		if srcs[i], err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	srcs = append(srcs, program200())
	paths = append(paths, "program200.py")

	doc := func(path string, src []byte) string {
		out, err := built.Check(context.Background(), Submission{Path: path, Code: src})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return ""
		}
		b, err := json.Marshal(struct {
			Report   any
			Decision any
		}{out.Report, out.Decision})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	want := make([]string, len(srcs))
	for i := range srcs {
		want[i] = doc(paths[i], srcs[i])
	}

	const workers = 4
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			// Each worker walks the corpus from its own offset and stride, so neighbours differ.
			for k := range srcs {
				i := (w*len(srcs)/workers + k*(2*w+1)) % len(srcs)
				if got := doc(paths[i], srcs[i]); got != want[i] {
					t.Errorf("%s: checked concurrently, the report or decision differs from the one checked alone:\n got %s\nwant %s", paths[i], got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}

// checkerNoLog builds the real analyzer and policy, without an audit log.
func checkerNoLog(t *testing.T) *Built {
	t.Helper()
	built, err := New(context.Background(), config.Default(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { built.Close() })
	return built
}

// corpusPrograms lists the .py files under dir, failing unless there are at least atLeast of them.
func corpusPrograms(t *testing.T, dir string, atLeast int) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".py" {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil || len(paths) < atLeast {
		t.Fatalf("%s: %d programs (%v), want at least %d", dir, len(paths), err, atLeast)
	}
	return paths
}
