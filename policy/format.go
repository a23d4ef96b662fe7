package policy

import (
	"bytes"
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

// Format returns f formatted as `opa fmt` formats Rego v1.
func Format(f File) ([]byte, error) {
	out, err := format.SourceWithOpts(f.Display, f.Bytes, format.Opts{RegoVersion: ast.RegoV1})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Display, err)
	}
	return out, nil
}

// Unformatted returns the files (modules and tests) whose formatting differs from Format, with their
// formatted bytes.
func (f *Files) Unformatted() ([]File, error) {
	var out []File
	for _, file := range append(append([]File{}, f.Modules...), f.Tests...) {
		b, err := Format(file)
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(b, file.Bytes) {
			out = append(out, File{Name: file.Name, Display: file.Display, Bytes: b})
		}
	}
	return out, nil
}
