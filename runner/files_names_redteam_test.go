package runner

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// Red team, held: names and kinds of entries of out/ that a reader on the host could be fooled by
// or block on. Each is skipped with its reason (a terminal escape, a right-to-left override, a
// zero-width space, bytes that are not UTF-8, a path over 255 bytes, a socket, a FIFO, a file or
// directory process 1 may not open), or comes back as exactly the name it has (a fullwidth
// solidus is a character, not a directory; NFC and NFD spellings are two files), and no mode bit
// travels (the set-user-ID file is a plain artifact).
func TestArtifactNamesHeld(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, filesLimits, func(t *testing.T, l config.Limits) {
		l.Enforce = config.LayerAuditHook // the audit hook off: a program that got past it
		testArtifactNamesHeld(t, d, l)
	})
}

func testArtifactNamesHeld(t *testing.T, d *Docker, l config.Limits) {
	code := `
import os, stat
def w(name):
    with open(name, "wb") as f:
        f.write(b"x")
for n in ["\x1b[31mred", "rtl\u202etxt.exe", "zero\u200bwidth", "a\uff0fb.txt", "\u00e9.txt", "e\u0301.txt"]:
    w("out/" + n)
fd = os.open(b"out/bad\xff", os.O_CREAT | os.O_WRONLY, 0o600)
os.close(fd)
p = "out/" + "/".join(["p" * 60] * 5)
os.makedirs(p)
w(p + "/f.txt")
os.mknod("out/sock", stat.S_IFSOCK | 0o600)
os.mkfifo("out/fifo")
os.mkdir("out/locked")
w("out/locked/in.txt")
os.chmod("out/locked", 0)
w("out/noread.txt")
os.chmod("out/noread.txt", 0)
w("out/setuid.sh")
os.chmod("out/setuid.sh", 0o6777)
`
	res, err := runFiles(t, d, code, nil, l)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 {
		t.Fatalf("exit %d: %s %+v", res.ExitCode, res.Stderr, res.Violations)
	}
	got := map[string]bool{}
	for _, a := range res.Artifacts {
		got[a.Name] = true
	}
	// What the program kept from everyone (mode 0) comes back too: process 1 makes what the program
	// left readable once it is gone (findings/31).
	for _, name := range []string{"a\uff0fb.txt", "\u00e9.txt", "e\u0301.txt", "setuid.sh", "noread.txt", "locked/in.txt"} {
		if !got[name] {
			t.Errorf("%q did not come back: artifacts %+v", name, res.Artifacts)
		}
	}
	if len(res.Artifacts) != 6 {
		t.Errorf("artifacts %+v", res.Artifacts)
	}
	skipped := map[string]string{}
	for _, s := range res.ArtifactsSkipped {
		if strings.ContainsFunc(s.Name, func(r rune) bool { return r < 0x20 || r == 0x7f || r == 0x202e || r == 0x200b }) {
			t.Errorf("skipped name %q carries a control character", s.Name)
		}
		skipped[s.Name] = s.Reason
	}
	for name, reason := range map[string]string{
		"?[31mred": "control character", "rtl?txt.exe": "control character", "zero?width": "control character",
		"bad\ufffd": "not UTF-8", "sock": "not a regular file", "fifo": "not a regular file",
	} {
		if !strings.Contains(skipped[name], reason) {
			t.Errorf("%q: skipped as %q, want %q (all: %v)", name, skipped[name], reason, skipped)
		}
	}
	long := false
	for name, reason := range skipped {
		long = long || strings.HasPrefix(name, "pppp") && strings.Contains(reason, "over-long")
	}
	if !long {
		t.Errorf("the path over 255 bytes was not skipped as over-long: %v", skipped)
	}
}
