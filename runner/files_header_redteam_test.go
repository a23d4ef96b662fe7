package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// TestInputHeaderTheGateAcceptsFits: a set of input files that CheckFiles accepts with a
// configured files.in (max_count may be set up to 1024, config/files.go) must run, not end as a
// sandbox failure (findings/22). The runner sends process 1 the files' names in a JSON header
// line, which process 1 reads up to 1 MiB (init.py, read_line(0, 1 << 20)); Go's encoder writes
// each of <, > and & as a six-byte \u escape, so 1024 empty files named with 250 of them make a
// header of about 1.5 MiB while every name is 255 bytes: process 1 refuses the header ("header
// line longer than 1048576 bytes"), exits 125, and the decided, logged-as-allowed run is a
// sandbox failure (ErrRunner; 503 over HTTP) the submitter chose. Names alone, no content.
func TestInputHeaderTheGateAcceptsFits(t *testing.T) {
	d := newTestDocker(t)
	d.files.In = config.FileLimits{MaxCount: 1024}
	var files []File
	for i := 0; i < 1024; i++ {
		files = append(files, File{Name: strings.Repeat("<", 250) + fmt.Sprintf("%05d", i)})
	}
	if err := CheckFiles(files, d.files.InLimits()); err != nil {
		t.Fatalf("the gate refuses the files (no finding): %v", err)
	}
	// The program's deadline (10 s) and the backstop's slack, and as much again: a sandbox that has
	// not answered by then holds its runner slot for a time no limit of the tier bounds.
	budget := time.Duration(testLimits.TimeoutMS)*time.Millisecond + 30*time.Second
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	code := "import os\nprint(len(os.listdir('.')))\n"
	t0 := time.Now()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Files: files, Limits: testLimits, Modules: importsOf(code)})
	if err != nil {
		if errors.Is(err, ErrRunner) {
			t.Fatalf("1024 input files with 255-byte names pass CheckFiles, but the run failed after %v: %v", time.Since(t0).Round(time.Millisecond), err)
		}
		t.Fatalf("1024 input files with 255-byte names pass CheckFiles, but the run had not ended %v later (a 10 s deadline): %v", time.Since(t0).Round(time.Millisecond), err)
	}
	if res.ExitCode != 0 || strings.TrimSpace(res.Stdout) != "1025" {
		t.Errorf("exit %d, stdout %q (want 1025 entries: the files and out/), stderr %q", res.ExitCode, res.Stdout, res.Stderr)
	}
}
