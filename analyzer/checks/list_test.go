package checks

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/config"
)

// The list validates (engine.New checks every declaration), is in ID order, and each check lives
// in a file of its own named after it, as DEVELOPMENT.md's recipe has it.
func TestAllValid(t *testing.T) {
	if _, err := engine.New(config.Default(), All); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSortedFunc(All, func(a, b *engine.Check) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("All is not in ID order")
	}
	for _, c := range All {
		files, _ := filepath.Glob(strings.ToLower(c.ID) + "_*.go")
		if len(files) != 1 {
			t.Errorf("%s: want one file %s_<name>.go, found %v", c.ID, strings.ToLower(c.ID), files)
			continue
		}
		src, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), `ID: "`+c.ID+`"`) {
			t.Errorf("%s does not declare %s", files[0], c.ID)
		}
	}
}
