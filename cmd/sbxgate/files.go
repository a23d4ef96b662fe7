package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/runner"
)

// fileFlag collects --file LOCAL[:NAME]. NAME is what follows the last colon; LOCAL's base name
// when there is none.
type fileFlag struct{ specs []string }

func (f *fileFlag) String() string { return strings.Join(f.specs, ",") }

func (f *fileFlag) Set(s string) error {
	if s == "" {
		return fmt.Errorf("--file needs LOCAL[:NAME]")
	}
	f.specs = append(f.specs, s)
	return nil
}

// read reads the files, each refused past the per-file limit before it is buffered, and checks
// them against files.in.
func (f *fileFlag) read(l config.FileLimits) ([]runner.File, error) {
	if len(f.specs) > l.MaxCount {
		return nil, fmt.Errorf("%d --file flags, over files.in.max_count of %d: pass fewer files", len(f.specs), l.MaxCount)
	}
	var out []runner.File
	for _, spec := range f.specs {
		local, name := spec, filepath.Base(spec)
		if i := strings.LastIndexByte(spec, ':'); i >= 0 {
			local, name = spec[:i], spec[i+1:]
		}
		if local == "" || local == "-" {
			return nil, fmt.Errorf("--file %q: name a local file: --file LOCAL[:NAME]", spec)
		}
		if err := runner.ValidName(name); err != nil {
			return nil, fmt.Errorf("--file %q: %v", spec, err)
		}
		b, err := readCapped(nil, local, int(l.MaxFileBytes), "pass a smaller file, or raise files.in.max_file_bytes")
		if err != nil {
			return nil, fmt.Errorf("--file %q: %v", spec, err)
		}
		out = append(out, runner.File{Name: name, Content: b})
	}
	if err := runner.CheckFiles(out, l); err != nil {
		return nil, err
	}
	return out, nil
}

// saveArtifacts writes the artifacts to dir (--out), or says they exist and how to keep them; it
// reports false when they could not be written.
func saveArtifacts(e *Env, path, dir string, res *runner.Result) bool {
	for _, s := range res.ArtifactsSkipped {
		name := s.Name
		if name == "" {
			name = "out/"
		} else {
			name = "out/" + name
		}
		e.Errorf("%s: %s: not returned: %s", path, name, s.Reason)
	}
	if len(res.Artifacts) == 0 {
		return true
	}
	if dir == "" {
		e.Errorf("%s: the program left %d files in out/: pass --out DIR to keep them", path, len(res.Artifacts))
		return true
	}
	written, skipped, err := runner.SaveArtifacts(dir, res.Artifacts)
	for _, name := range written {
		e.Errorf("%s: wrote %s", path, filepath.Join(dir, name))
	}
	for _, s := range skipped {
		e.Errorf("%s: out/%s: not written: %s", path, s.Name, s.Reason)
	}
	if err != nil {
		e.Errorf("run: --out %s: %v: the program ran; choose a directory sbxgate can write", dir, err)
		return false
	}
	return true
}
