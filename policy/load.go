package policy

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/open-policy-agent/opa/v1/util"
)

// File is one file of a policy directory.
type File struct {
	// Name is the slash-separated path relative to the policy root. The revision hashes it, so the same
	// policy has the same revision wherever it is installed.
	Name string
	// Display is how messages and locations name the file (the directory joined with Name, or
	// "rego/"+Name for the embedded policy).
	Display string
	Bytes   []byte
}

// Files is a policy directory as read from disk or from the embedded copy: the modules that decide,
// their unit tests, and the data documents.
type Files struct {
	Source  string // the directory, or "embedded"
	Modules []File // *.rego except *_test.rego, sorted by Name
	Tests   []File // *_test.rego, sorted by Name
	Data    []File // data.json, data.yaml, data.yml, sorted by Name
}

// maxPolicyFile bounds one policy or data file. Policies are operator-owned, but a runaway file (a
// generated data set, a wrong directory) should be refused with a message rather than slow every start.
const maxPolicyFile = 8 << 20

// LoadFS reads a policy from fsys. Every *.rego file below the root is read, as are data.json,
// data.yaml and data.yml, which OPA mounts at the path of their directory. Directories named testdata,
// or starting with "." or "_", are skipped as the go tool skips them, so a policy can keep fixtures
// and candidate policies next to itself. display is the prefix used to name files in messages.
func LoadFS(fsys fs.FS, source, display string) (*Files, error) {
	fs_ := &Files{Source: source}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		var dst *[]File
		switch {
		case strings.HasSuffix(name, "_test.rego"):
			dst = &fs_.Tests
		case strings.HasSuffix(name, ".rego"):
			dst = &fs_.Modules
		case name == "data.json" || name == "data.yaml" || name == "data.yml":
			dst = &fs_.Data
		default:
			return nil
		}
		// Stat follows symlinks: Kubernetes mounts ConfigMap files as links into a ..data directory.
		info, err := fs.Stat(fsys, p)
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file: policy files must be plain files", p)
		}
		if info.Size() > maxPolicyFile {
			return fmt.Errorf("%s is %d bytes, above the %d byte limit for a policy file", p, info.Size(), maxPolicyFile)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		*dst = append(*dst, File{Name: p, Display: joinDisplay(display, p), Bytes: b})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", source, err)
	}
	if len(fs_.Modules) == 0 {
		return nil, fmt.Errorf("policy %s: no .rego files found: pass the directory that holds the policy", source)
	}
	for _, l := range [][]File{fs_.Modules, fs_.Tests, fs_.Data} {
		sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	}
	return fs_, nil
}

func joinDisplay(prefix, name string) string {
	if prefix == "" || prefix == "." {
		return name
	}
	return strings.TrimSuffix(prefix, "/") + "/" + name
}

// Document merges the data files into one document, each mounted at its directory's path.
// Two files that set the same key are an error, as in OPA.
func (f *Files) Document() (map[string]any, error) {
	root := map[string]any{}
	for _, df := range f.Data {
		v, err := decodeData(df)
		if err != nil {
			return nil, err
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: the document must be an object", df.Display)
		}
		dir := path.Dir(df.Name)
		dst := root
		if dir != "." {
			for _, seg := range strings.Split(dir, "/") {
				next, ok := dst[seg].(map[string]any)
				if !ok {
					if _, taken := dst[seg]; taken {
						return nil, fmt.Errorf("%s: data path %s is already set by another file", df.Display, dir)
					}
					next = map[string]any{}
					dst[seg] = next
				}
				dst = next
			}
		}
		if err := mergeData(dst, obj, dir); err != nil {
			return nil, fmt.Errorf("%s: %w", df.Display, err)
		}
	}
	return root, nil
}

func decodeData(df File) (any, error) {
	var v any
	if strings.HasSuffix(df.Name, ".json") {
		dec := json.NewDecoder(bytes.NewReader(df.Bytes))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s: %v: fix the JSON", df.Display, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%s: more than one JSON document: keep one object per data file", df.Display)
		}
	} else {
		var y any
		if err := yaml.Unmarshal(df.Bytes, &y); err != nil {
			return nil, fmt.Errorf("%s: %s: fix the YAML", df.Display, strings.Join(strings.Fields(err.Error()), " "))
		}
		// Round trip through JSON so YAML maps become map[string]any and numbers json.Number.
		b, err := json.Marshal(y)
		if err != nil {
			return nil, fmt.Errorf("%s: %v: data must be plain JSON-compatible YAML", df.Display, err)
		}
		if err := util.UnmarshalJSON(b, &v); err != nil {
			return nil, fmt.Errorf("%s: %v", df.Display, err)
		}
	}
	return v, nil
}

func mergeData(dst, src map[string]any, at string) error {
	for k, v := range src {
		old, exists := dst[k]
		if !exists {
			dst[k] = v
			continue
		}
		a, aok := old.(map[string]any)
		b, bok := v.(map[string]any)
		if !aok || !bok {
			return fmt.Errorf("data key %s is set by more than one file", path.Join(at, k))
		}
		if err := mergeData(a, b, path.Join(at, k)); err != nil {
			return err
		}
	}
	return nil
}

// revision hashes what the policy sees besides its input: the deciding modules, the data files and
// the config document the engine mounts at data.sbxgate.config. Tests are left out because they
// cannot change a decision. Each part is framed by its name and length so no two file sets collide.
func revision(f *Files, configDoc []byte) string {
	h := sha256.New()
	frame := func(kind, name string, b []byte) {
		fmt.Fprintf(h, "%s %s %d\n", kind, name, len(b))
		h.Write(b)
		h.Write([]byte{'\n'})
	}
	for _, m := range f.Modules {
		frame("module", m.Name, m.Bytes)
	}
	for _, d := range f.Data {
		frame("data", d.Name, d.Bytes)
	}
	frame("config", "data.sbxgate.config", configDoc)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

var errReservedConfig = errors.New("data.sbxgate.config is reserved for the tiers of sandbox.yaml: remove it from the policy data")
