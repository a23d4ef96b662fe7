package parity

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// TestStdlibParity parses every stdlib file with python3 (one process) and
// with our front end: the accept/reject decisions and, on accept, the full
// ast.dump(include_attributes=True) must be identical.
func TestStdlibParity(t *testing.T) {
	root, files := stdlibFiles(t)
	reqs := make([]pyRequest, len(files))
	for i, f := range files {
		reqs[i] = pyRequest{Path: f}
	}
	var rep diffReport
	accepted, rejected, refused := 0, 0, 0
	pyParseAll(t, reqs, func(i int, py pyAnswer) {
		rel, _ := filepath.Rel(root, files[i])
		src, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		ours, err := ourParse(src, rel)
		var se *token.SyntaxError
		switch {
		case py.OK && err != nil && errors.As(err, &se) && strings.HasPrefix(se.Msg, "unsupported source encoding"):
			// By design: codecs we cannot decode exactly as CPython are refused (fail closed).
			refused++
			t.Logf("refused by design: %s: %v", rel, err)
		case py.OK && err != nil:
			rep.add("we reject, python3 accepts", fmt.Sprintf("%s: %v", rel, err))
		case !py.OK && err == nil:
			rep.add("we accept, python3 rejects", fmt.Sprintf("%s: python3: %s: %s", rel, py.Type, py.Msg))
		case !py.OK:
			rejected++
		case py.DumpError != "":
			// Both accept; python3's own dump fails (int digit limit, recursion): nothing to compare.
			t.Logf("%s: both accept; python3 cannot dump it: %s", rel, py.DumpError)
		case ours != py.Dump:
			d := firstDiff(ours, py.Dump)
			rep.add("different tree at "+diffPathOf(ours, py.Dump), fmt.Sprintf("%s: %s", rel, d))
		default:
			accepted++
		}
	})
	t.Logf("%d files: %d identical trees, %d rejected by both, %d refused codecs, %d differences",
		len(files), accepted, rejected, refused, rep.total)
	rep.fail(t, "stdlib files", len(files))
}
