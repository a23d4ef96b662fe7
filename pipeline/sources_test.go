package pipeline

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestExpandPaths(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.py", "a.py", "sub/c.py", "sub/notes.txt", ".hidden/d.py", "sub/.e.py"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("pass\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	single := filepath.Join(dir, "b.py")
	got, err := ExpandPaths([]string{dir, "-", single})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(dir, "a.py"), filepath.Join(dir, "b.py"),
		filepath.Join(dir, "sub/.e.py"), filepath.Join(dir, "sub/c.py"),
		"-", single,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ExpandPaths:\n got %q\nwant %q", got, want)
	}

	_, err = ExpandPaths([]string{filepath.Join(dir, "missing.py")})
	if err == nil || !strings.Contains(err.Error(), "missing.py") || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing path: got %v, want an error naming the file", err)
	}
}
