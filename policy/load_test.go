package policy

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

const minimalPolicy = `package sbxgate

decision := {"allow": true, "trust_level": data.levels[input.request.principal], "tier": "standard", "reasons": []}
`

func TestLoadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"p.rego":                   {Data: []byte(minimalPolicy)},
		"p_test.rego":              {Data: []byte("package sbxgate_test\n\ntest_x if true\n")},
		"levels/data.yaml":         {Data: []byte("ci-bot: trusted\nanalyst: standard\n")},
		"testdata/other/x.rego":    {Data: []byte("not rego at all")},
		".git/hooks/pre.rego":      {Data: []byte("not rego either")},
		"_drafts/draft.rego":       {Data: []byte("nor this")},
		"README.md":                {Data: []byte("ignored")},
		"nested/more/extra.rego":   {Data: []byte("package sbxgate.extra\n\nx := 1\n")},
		"nested/more/notdata.json": {Data: []byte("{}")},
	}
	f, err := LoadFS(fsys, "mem", "mem")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range [][]File{f.Modules, f.Tests, f.Data} {
		for _, x := range l {
			names = append(names, x.Display)
		}
	}
	if got, want := strings.Join(names, " "), "mem/nested/more/extra.rego mem/p.rego mem/p_test.rego mem/levels/data.yaml"; got != want {
		t.Errorf("loaded %s, want %s", got, want)
	}
	e, err := NewFromFiles(context.Background(), f, nil, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	// The YAML data is mounted at its directory: data.levels.
	d := e.Decide(context.Background(), cleanInput())
	if !d.Allow || d.TrustLevel != "trusted" {
		t.Errorf("got %+v, want allow with trust level from levels/data.yaml", d)
	}
}

func TestLoadFSErrors(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"no rego", fstest.MapFS{"data.json": {Data: []byte("{}")}}, "no .rego files"},
		{"data not an object", fstest.MapFS{"p.rego": {Data: []byte(minimalPolicy)}, "data.json": {Data: []byte("[1]")}}, "must be an object"},
		{"bad json", fstest.MapFS{"p.rego": {Data: []byte(minimalPolicy)}, "data.json": {Data: []byte("{")}}, "fix the JSON"},
		{"bad yaml", fstest.MapFS{"p.rego": {Data: []byte(minimalPolicy)}, "data.yaml": {Data: []byte("a: [")}}, "fix the YAML"},
		{"conflicting data", fstest.MapFS{
			"p.rego":           {Data: []byte(minimalPolicy)},
			"data.json":        {Data: []byte(`{"levels": {"x": "trusted"}}`)},
			"levels/data.yaml": {Data: []byte("x: standard\n")},
		}, "set by more than one file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := LoadFS(tt.fsys, "mem", "mem")
			if err == nil {
				_, err = NewFromFiles(context.Background(), f, nil, 0)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}

func TestLoadFollowsSymlinks(t *testing.T) {
	// The layout of a Kubernetes ConfigMap volume: files are links into a hidden ..data directory.
	dir := t.TempDir()
	real := filepath.Join(dir, "..2026_11_21", "p.rego")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, []byte(minimalPolicy), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..2026_11_21", filepath.Join(dir, "..data")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..data", "p.rego"), filepath.Join(dir, "p.rego")); err != nil {
		t.Fatal(err)
	}
	if _, err := New(context.Background(), WithDir(dir)); err != nil {
		t.Fatal(err)
	}
}
