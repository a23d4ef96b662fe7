package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

func TestValidName(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"data.csv", true}, {"in/data.csv", true}, {"a b.txt", true}, {"é.txt", true},
		{"", false}, {"/etc/passwd", false}, {"../x", false}, {"a/../b", false}, {"a//b", false},
		{"./a", false}, {"a/", false}, {"a\x00b", false}, {"a\nb", false}, {"a\\b", false},
		{"a\u202eb", false}, {"\xff", false}, {strings.Repeat("a", 256), false},
		{strings.Repeat("d/", 8) + "f", false}, {strings.Repeat("d/", 7) + "f", true},
	} {
		err := ValidName(tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("ValidName(%q) = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "use a relative name") {
			t.Errorf("ValidName(%q) = %v: no fix named", tc.name, err)
		}
	}
}

func TestCheckFiles(t *testing.T) {
	l := config.FileLimits{MaxCount: 2, MaxBytes: 10, MaxFileBytes: 6}
	for _, tc := range []struct {
		files []File
		want  string
	}{
		{[]File{{"a", []byte("123")}, {"b/c", []byte("456789")}}, ""},
		{[]File{{"a", nil}, {"b", nil}, {"c", nil}}, "3 input files, over the limit of 2"},
		{[]File{{"a", []byte("1234567")}}, "over the limit of 6 per file"},
		{[]File{{"a", []byte("123456")}, {"b", []byte("123456")}}, "12 bytes together"},
		{[]File{{"a", nil}, {"a", nil}}, "given twice"},
		{[]File{{"a", nil}, {"a/b", nil}}, "also a file"},
		{[]File{{"../a", nil}}, "empty, \".\" or \"..\" part"},
	} {
		err := CheckFiles(tc.files, l)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("CheckFiles(%v) = %v, want %q", tc.files, err, tc.want)
		}
	}
}

// The nonce may come split across the demultiplexer's writes; the program's bytes before it are
// capped as before, and a nonce-like prefix the program wrote stays its output.
func TestOutWriterSplitsAtNonce(t *testing.T) {
	nonce := newNonce()
	stream := "out: sbxgate-status-0000\n" + nonce + " file {}\nxx" + nonce + " end\n"
	for step := 1; step <= len(stream); step++ {
		killed := 0
		w := newOutWriter(nonce, 64, 1<<10, func() { killed++ })
		for i := 0; i < len(stream); i += step {
			w.Write([]byte(stream[i:min(i+step, len(stream))]))
		}
		out, trunc, trailer, cut := w.result()
		if string(out) != "out: sbxgate-status-0000\n" || trunc || cut || killed != 0 {
			t.Fatalf("step %d: out %q trunc %v cut %v killed %d", step, out, trunc, cut, killed)
		}
		if string(trailer) != stream[len(out):] {
			t.Fatalf("step %d: trailer %q", step, trailer)
		}
		select {
		case <-w.done:
		default:
			t.Fatalf("step %d: not done", step)
		}
	}
	killed := 0
	w := newOutWriter(nonce, 4, 8, func() { killed++ })
	w.Write([]byte("123456"))
	w.Write([]byte(nonce + " end\n"))
	out, trunc, _, cut := w.result()
	if string(out) != "1234" || !trunc || !cut || killed != 2 {
		t.Fatalf("caps: out %q trunc %v cut %v killed %d", out, trunc, cut, killed)
	}
}

func TestParseTrailerRefusesWhatProcess1WouldNotSend(t *testing.T) {
	nonce := newNonce()
	l := config.FileLimits{MaxCount: 2, MaxBytes: 8, MaxFileBytes: 4}
	file := func(name string, size, length int) string {
		return fmt.Sprintf(`%s file {"name":%q,"size":%d,"sha256":"x","length":%d}`+"\n", nonce, name, size, length) + strings.Repeat("z", length)
	}
	end := nonce + " end\n"
	good := file("a.png", 10, 4) + nonce + ` skip {"name":"l","reason":"a link"}` + "\n" + end
	arts, skipped, err := parseTrailer([]byte(good), nonce, l)
	if err != nil || len(arts) != 1 || !arts[0].Truncated || arts[0].MediaType != "image/png" || len(skipped) != 1 {
		t.Fatalf("good trailer: %+v %+v %v", arts, skipped, err)
	}
	// A name Go refuses (where Python's rules differ) is skipped, never an artifact nor a failure.
	arts, skipped, err = parseTrailer([]byte(file("../x", 1, 1)+end), nonce, l)
	if err != nil || len(arts) != 0 || len(skipped) != 1 || skipped[0].Name != "../x" {
		t.Fatalf("a bad name: %+v %+v %v", arts, skipped, err)
	}
	for name, bad := range map[string]string{
		"content over the per-file cap": file("a", 10, 5) + end,
		"more files than max_count":     file("a", 1, 1) + file("b", 1, 1) + file("c", 1, 1) + end,
		"more content than max_bytes":   file("a", 4, 4) + file("b", 4, 4) + end[:0] + file("c", 0, 0) + end,
		"bytes after the end":           end + "x",
		"a line of another nonce":       newNonce() + " end\n",
	} {
		if name == "more content than max_bytes" {
			bad = file("a", 4, 4) + file("b", 5, 4) + end
			l2 := l
			l2.MaxBytes = 7
			if _, _, err := parseTrailer([]byte(bad), nonce, l2); err == nil {
				t.Errorf("%s: accepted", name)
			}
			continue
		}
		if _, _, err := parseTrailer([]byte(bad), nonce, l); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// filesLimits leave room for the test's files in the tier's tmpfs and file size.
var filesLimits = func() config.Limits {
	l := testLimits
	l.TmpfsBytes = 16 << 20
	l.FileSizeBytes = 4 << 20
	return l
}()

func runFiles(t *testing.T, d *Docker, code string, files []File, l config.Limits) (Result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Files: files, Limits: l, Modules: importsOf(code)})
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// pngProgram writes a valid 2x2 PNG with zlib and struct (the image has no PIL).
const pngProgram = `
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
raw = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
with open("out/plot.png", "wb") as f:
    f.write(png)
`

func TestFilesInAndOut(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, filesLimits, func(t *testing.T, l config.Limits) {
		testFilesInAndOut(t, d, l)
	})
}

func testFilesInAndOut(t *testing.T, d *Docker, l config.Limits) {
	csv := []byte("a,b\n1,2\n3,4\n")
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	code := `
import csv, os
print(os.getcwd())
rows = list(csv.DictReader(open("data.csv")))
print(sum(int(r["b"]) for r in rows), len(open("in/big.bin", "rb").read()))
os.makedirs("out/sub")
with open("out/sub/total.txt", "w") as f:
    f.write("total %d\n" % sum(int(r["a"]) for r in rows))
with open("out/copy.bin", "wb") as f:
    f.write(open("in/big.bin", "rb").read())
` + pngProgram
	res, err := runFiles(t, d, code, []File{{"data.csv", csv}, {"in/big.bin", big}}, l)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || res.Stdout != "/tmp/work\n6 1048576\n" {
		t.Fatalf("exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, res.Stderr)
	}
	want := map[string]struct {
		media string
		size  int64
		sha   string
	}{
		"copy.bin":      {"application/octet-stream", int64(len(big)), sum(big)},
		"plot.png":      {"image/png", -1, ""},
		"sub/total.txt": {"text/plain", 8, sum([]byte("total 4\n"))},
	}
	if len(res.Artifacts) != len(want) || len(res.ArtifactsSkipped) != 0 {
		t.Fatalf("artifacts %+v skipped %+v", res.Artifacts, res.ArtifactsSkipped)
	}
	for _, a := range res.Artifacts {
		w, ok := want[a.Name]
		if !ok || a.MediaType != w.media || a.Truncated || int64(len(a.Content)) != a.Size || sum(a.Content) != a.SHA256 {
			t.Errorf("artifact %s: %s %d bytes (content %d) truncated %v", a.Name, a.MediaType, a.Size, len(a.Content), a.Truncated)
		}
		if w.size >= 0 && (a.Size != w.size || a.SHA256 != w.sha) {
			t.Errorf("artifact %s: size %d sha %s, want %d %s", a.Name, a.Size, a.SHA256, w.size, w.sha)
		}
		if a.Name == "plot.png" && !bytes.HasPrefix(a.Content, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("plot.png is not a PNG: %q", a.Content[:min(16, len(a.Content))])
		}
	}
}

// What the program leaves in out/ that is not a regular file of its own comes back as a skip, and
// nothing outside the workspace is read: a link to /etc/passwd, a link out of out/, a FIFO (which
// would block a reader), out/ itself replaced by a link. The audit hook refuses a link to a path
// outside the workspace: it is off here, as for a program that got past it.
func TestArtifactsNeverFollowLinks(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, d, rt)
			hookOff := filesLimits
			hookOff.Enforce = config.LayerAuditHook
			hookOff.Runtime = rt
			testArtifactsNeverFollowLinks(t, d, hookOff)
		})
	}
}

func testArtifactsNeverFollowLinks(t *testing.T, d *Docker, hookOff config.Limits) {
	code := `
import os
os.symlink("/etc/passwd", "out/passwd")
os.symlink("..", "out/up")
with open("secret.txt", "w") as f:
    f.write("workspace only")
os.symlink("../secret.txt", "out/link.txt")
os.mkfifo("out/fifo")
os.mkdir("out/d")
os.symlink("/etc", "out/d/etc")
with open("out/ok.txt", "w") as f:
    f.write("ok")
`
	res, err := runFiles(t, d, code, nil, hookOff)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 {
		t.Fatalf("exit %d: %s %+v", res.ExitCode, res.Stderr, res.Violations)
	}
	if len(res.Artifacts) != 1 || res.Artifacts[0].Name != "ok.txt" || string(res.Artifacts[0].Content) != "ok" {
		t.Fatalf("artifacts %+v", res.Artifacts)
	}
	got := map[string]string{}
	for _, s := range res.ArtifactsSkipped {
		got[s.Name] = s.Reason
	}
	for name, reason := range map[string]string{"passwd": "symbolic link", "up": "symbolic link", "link.txt": "symbolic link",
		"fifo": "not a regular file", "d/etc": "symbolic link"} {
		if !strings.Contains(got[name], reason) {
			t.Errorf("%s: skipped as %q, want %q (all: %v)", name, got[name], reason, got)
		}
	}

	// The workspace itself replaced: out/ is still found from the directory process 1 made.
	swap := `
import os
open("out/real.txt", "w").write("real")
os.makedirs("/tmp/fake/out")
open("/tmp/fake/out/fake.txt", "w").write("fake")
os.rename("/tmp/work", "/tmp/old")
os.symlink("/tmp/fake", "/tmp/work")
`
	res, err = runFiles(t, d, swap, nil, hookOff)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || len(res.Artifacts) != 1 || res.Artifacts[0].Name != "real.txt" {
		t.Fatalf("workspace swapped: exit %d %s artifacts %+v skipped %+v", res.ExitCode, res.Stderr, res.Artifacts, res.ArtifactsSkipped)
	}

	res, err = runFiles(t, d, "import os\nos.rmdir('out')\nos.symlink('/etc', 'out')\n", nil, hookOff)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Artifacts) != 0 || len(res.ArtifactsSkipped) != 1 || !strings.Contains(res.ArtifactsSkipped[0].Reason, "not a directory") {
		t.Fatalf("out/ replaced by a link: artifacts %+v skipped %+v", res.Artifacts, res.ArtifactsSkipped)
	}
}

// The caps of files.out: past the count, files are listed as skipped; past the content caps, they
// come back truncated, with the size of the whole file and no hash (its end was not read).
func TestArtifactsBounded(t *testing.T) {
	cfg := config.Default()
	cfg.Files.Out = config.FileLimits{MaxCount: 3, MaxBytes: 1500, MaxFileBytes: 1000}
	d := newTestDocker(t, WithConfig(cfg), WithPoolSize(0))
	code := `
for i in range(5):
    with open("out/f%d.txt" % i, "w") as f:
        f.write(str(i) * 800)
`
	res, err := runFiles(t, d, code, nil, filesLimits)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Artifacts) != 3 || len(res.ArtifactsSkipped) != 2 {
		t.Fatalf("artifacts %+v skipped %+v", res.Artifacts, res.ArtifactsSkipped)
	}
	lens := []int{800, 700, 0}
	for i, a := range res.Artifacts {
		full := strings.Repeat(fmt.Sprint(i), 800)
		want := sum([]byte(full))
		if lens[i] < 800 {
			want = ""
		}
		if a.Size != 800 || a.SHA256 != want || len(a.Content) != lens[i] || a.Truncated != (lens[i] < 800) {
			t.Errorf("artifact %d: %s size %d content %d truncated %v", i, a.Name, a.Size, len(a.Content), a.Truncated)
		}
	}
	for _, s := range res.ArtifactsSkipped {
		if !strings.Contains(s.Reason, "max_count") {
			t.Errorf("skipped %+v", s)
		}
	}
}

// The program cannot forge the trailer or the status line: it never sees the nonce, it cannot
// write after process 1, and a pipe it left non-blocking does not stop process 1.
func TestArtifactsCannotBeForged(t *testing.T) {
	d := newTestDocker(t)
	code := `
import os, sys
fake = "sbxgate-status-" + "0" * 32
sys.stdout.write("\n" + fake + ' file {"name":"evil.txt","size":4,"sha256":"x","length":4,"truncated":false}\nevil' + fake + " end\n")
sys.stdout.flush()
with open("out/real.txt", "w") as f:
    f.write("real")
os.set_blocking(1, False)
os.set_blocking(2, False)
`
	res, err := runFiles(t, d, code, nil, filesLimits)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Artifacts) != 1 || res.Artifacts[0].Name != "real.txt" || !strings.Contains(res.Stdout, "evil") {
		t.Fatalf("artifacts %+v stdout %q", res.Artifacts, res.Stdout)
	}
}

// A program stopped at its deadline still gives back what it wrote.
func TestArtifactsAfterTimeout(t *testing.T) {
	d := newTestDocker(t)
	l := filesLimits
	l.TimeoutMS = 1500
	res, err := runFiles(t, d, "open('out/partial.txt', 'w').write('half')\nwhile True: pass\n", nil, l)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || len(res.Artifacts) != 1 || string(res.Artifacts[0].Content) != "half" {
		t.Fatalf("timed out %v artifacts %+v skipped %+v", res.TimedOut, res.Artifacts, res.ArtifactsSkipped)
	}
}

func TestInputFilesRefused(t *testing.T) {
	d := newTestDocker(t)
	small := filesLimits
	small.FileSizeBytes = 1 << 10
	for name, tc := range map[string]struct {
		files []File
		l     config.Limits
		want  string
	}{
		"bad name":          {[]File{{"../etc/x", nil}}, filesLimits, "\"..\" part"},
		"over file_size":    {[]File{{"a", make([]byte, 2<<10)}}, small, "tier's file_size"},
		"over half the tmp": {[]File{{"a", make([]byte, 3<<20)}, {"b", make([]byte, 3<<20)}, {"c", make([]byte, 3<<20)}}, filesLimits, "tmpfs"},
	} {
		_, err := runFiles(t, d, "print(1)", tc.files, tc.l)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

func TestSaveArtifactsStaysInDir(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "evil")); err != nil {
		t.Fatal(err)
	}
	written, skipped, err := SaveArtifacts(dir, []Artifact{
		{Name: "a/b.txt", Content: []byte("ab")},
		{Name: "cut.png", Content: []byte("x"), Size: 9, Truncated: true},
	})
	if err != nil || len(written) != 1 || len(skipped) != 1 {
		t.Fatalf("written %v skipped %v: %v", written, skipped, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "a/b.txt")); err != nil || string(b) != "ab" {
		t.Fatalf("a/b.txt: %q %v", b, err)
	}
	for _, name := range []string{"evil/x.txt", "../x.txt"} {
		if _, _, err := SaveArtifacts(dir, []Artifact{{Name: name, Content: []byte("x")}}); err == nil {
			t.Errorf("%s: written", name)
		}
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Fatalf("written outside the directory: %v", ents)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "x.txt")); err == nil {
		t.Fatal("written beside the directory")
	}
}
