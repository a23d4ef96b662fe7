package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// image context writes a build context (TestBuildContext in runner builds one with Docker) and
// refuses what it cannot write, writing nothing.
func TestImageContext(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ctx")
	code, stdout, stderr := runCmd(context.Background(), "", "image", "context", "--profile", "data", dir)
	if code != 0 || !strings.Contains(stdout, "docker build -t sbxgate-runner:bookworm-data "+dir) {
		t.Fatalf("image context: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	df, err := os.ReadFile(filepath.Join(dir, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"python3-pandas", "org.sbxgate.profile=data", "COPY sbxgate.c extract-hook.sh /src/"} {
		if !strings.Contains(string(df), want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
	for _, f := range []string{"sbxgate.c", "extract-hook.sh"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", f, err)
		}
	}

	for _, args := range [][]string{
		{"image", "context", "--profile", "gpu", filepath.Join(dir, "other")},
		{"image", "context"},
		{"image", "context", "a", "b"},
	} {
		code, _, stderr := runCmd(context.Background(), "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "image context: ") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "other")); !os.IsNotExist(err) {
		t.Errorf("a refused profile wrote its directory: %v", err)
	}
}
