package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
)

// TestRunFiles: --file places a local file in the workspace under its name, --out writes what the
// program left in out/.
func TestRunFiles(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	dir := t.TempDir()
	local := filepath.Join(dir, "numbers.txt")
	if err := os.WriteFile(local, []byte("1\n2\n3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outDir := filepath.Join(dir, "results")
	code := "n = [int(x) for x in open('in/n.txt')]\nprint(sum(n))\nopen('out/sum.txt', 'w').write(str(sum(n)))\n"
	status, stdout, stderr := runCmd(context.Background(), code, "run", "--file", local+":in/n.txt", "--out", outDir, "-")
	if status != 0 || stdout != "6\n" {
		t.Fatalf("exit %d stdout %q stderr %q", status, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(outDir, "sum.txt")); err != nil || string(b) != "6" {
		t.Fatalf("out/sum.txt: %q %v; stderr %q", b, err, stderr)
	}
	if !strings.Contains(stderr, "wrote "+filepath.Join(outDir, "sum.txt")) {
		t.Errorf("stderr %q does not say what was written", stderr)
	}
	for _, tc := range []struct{ spec, want string }{
		{local + ":../n.txt", `".." part`},
		{local + ":/etc/n.txt", "absolute"},
		{filepath.Join(dir, "missing.txt"), "no such file"},
	} {
		status, _, stderr := runCmd(context.Background(), "print(1)\n", "run", "--file", tc.spec, "-")
		if status != exitGateFailure || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("--file %s: exit %d stderr %q, want 125 and one line with %q", tc.spec, status, stderr, tc.want)
		}
	}
}
