package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/config"
)

// Workspace is the program's working directory in the sandbox, on its size-capped tmpfs: the
// input files are placed there, and what the program writes under OutDir comes back as artifacts.
const (
	Workspace = "/tmp/work"
	OutDir    = "out"
)

// A File is an input file, placed in the workspace under Name before the program starts.
type File struct {
	Name    string
	Content []byte
}

// An Artifact is a file the program left under the workspace's out/.
type Artifact struct {
	Name string `json:"name"` // relative to out/, with / between directories
	Size int64  `json:"size"`
	// SHA256 is the digest of the whole file; empty when Content is cut: process 1 reads no more
	// of a file than it sends, so that a program cannot make the collection long (a sparse file
	// of the tmpfs's size costs it nothing).
	SHA256    string `json:"sha256"`
	MediaType string `json:"media_type"`
	// Content is the file's bytes, at most files.out.max_file_bytes, and what is left of
	// files.out.max_bytes after the artifacts before it; Truncated says some were left out.
	Content   []byte `json:"content_base64,omitempty"`
	Truncated bool   `json:"truncated"`
}

// A SkippedArtifact is an entry of out/ that did not come back, and why: a link, a special
// file, a name that is not a plain file name, or one past files.out.max_count.
type SkippedArtifact struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// maxNameBytes bounds a file name, and maxNameDepth its directories.
const (
	maxNameBytes = 255
	maxNameDepth = 8
)

// ValidName checks a workspace file name: relative, "/" between directories, no empty, "." or
// ".." part, no control, invisible or backslash character, valid UTF-8, at most 255 bytes. The
// error is one line naming the problem and the fix.
func ValidName(name string) error {
	fix := `: use a relative name like "data.csv" or "in/data.csv"`
	switch {
	case name == "":
		return errors.New("file name is empty" + fix)
	case len(name) > maxNameBytes:
		return fmt.Errorf("file name %q is %d bytes, over %d%s", clipName(name), len(name), maxNameBytes, fix)
	case !utf8.ValidString(name):
		return fmt.Errorf("file name %q is not UTF-8%s", clipName(name), fix)
	case strings.HasPrefix(name, "/"):
		return fmt.Errorf("file name %q is absolute%s", clipName(name), fix)
	}
	for _, r := range name {
		if forbiddenRune(r) {
			return fmt.Errorf("file name %q has the character %U%s", clipName(name), r, fix)
		}
	}
	parts := strings.Split(name, "/")
	if len(parts) > maxNameDepth {
		return fmt.Errorf("file name %q is %d directories deep, over %d%s", clipName(name), len(parts)-1, maxNameDepth-1, fix)
	}
	for _, p := range parts {
		if p == "" || p == "." || p == ".." {
			return fmt.Errorf("file name %q has an empty, \".\" or \"..\" part%s", clipName(name), fix)
		}
	}
	return nil
}

// forbiddenRune reports a backslash, a control character (C0, DEL, C1), or an invisible one that
// makes a name read as another (zero-width, line and paragraph separators, bidirectional controls,
// word joiners and invisible operators, the byte order mark). The set is explicit, not a Unicode
// table's: process 1 applies the same one in Python (sandbox/init.py, forbidden_char), whose
// tables are another Unicode version than Go's.
func forbiddenRune(r rune) bool {
	return r < 0x20 || r >= 0x7F && r <= 0x9F || r == '\\' || r == 0x061C || r >= 0x200B && r <= 0x200F ||
		r >= 0x2028 && r <= 0x202E || r >= 0x2060 && r <= 0x206F || r == 0xFEFF
}

func clipName(s string) string {
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// CheckFiles checks input files against files.in: their number, sizes and names, and that no two
// collide (the same name, or a name that is another's directory).
func CheckFiles(files []File, l config.FileLimits) error {
	if len(files) > l.MaxCount {
		return fmt.Errorf("%d input files, over the limit of %d: send fewer files, or raise files.in.max_count", len(files), l.MaxCount)
	}
	var total int64
	names := map[string]bool{}
	for _, f := range files {
		if err := ValidName(f.Name); err != nil {
			return err
		}
		if top, _, _ := strings.Cut(f.Name, "/"); top == "out" {
			return fmt.Errorf("input file %q is in out/, where the program's artifacts go: name it otherwise, like %q", clipName(f.Name), "in/"+f.Name)
		}
		if n := int64(len(f.Content)); n > int64(l.MaxFileBytes) {
			return fmt.Errorf("input file %q is %d bytes, over the limit of %d per file: send a smaller file, or raise files.in.max_file_bytes", f.Name, n, int64(l.MaxFileBytes))
		}
		total += int64(len(f.Content))
		if names[f.Name] {
			return fmt.Errorf("input file %q is given twice: send each name once", f.Name)
		}
		names[f.Name] = true
	}
	if total > int64(l.MaxBytes) {
		return fmt.Errorf("input files are %d bytes together, over the limit of %d: send less, or raise files.in.max_bytes", total, int64(l.MaxBytes))
	}
	for _, f := range files {
		for dir := path.Dir(f.Name); dir != "."; dir = path.Dir(dir) {
			if names[dir] {
				return fmt.Errorf("input file %q is inside %q, which is also a file: rename one of them", f.Name, dir)
			}
		}
	}
	return nil
}

// checkFilesFit checks input files against the tier: each under its file_size (the sandbox's
// RLIMIT_FSIZE), and all well within its tmpfs, which also holds what the program writes.
func checkFilesFit(files []File, l config.Limits) error {
	var total int64
	for _, f := range files {
		if int64(len(f.Content)) > l.FileSizeBytes {
			return fmt.Errorf("input file %q is %d bytes, over the tier's file_size of %d: send a smaller file, or ask for a tier with a larger file_size", f.Name, len(f.Content), l.FileSizeBytes)
		}
		total += int64(len(f.Content))
	}
	if total > l.TmpfsBytes/2 {
		return fmt.Errorf("input files are %d bytes together, over half the tier's tmpfs of %d (the program needs room to write): send less, or ask for a tier with a larger tmpfs", total, l.TmpfsBytes)
	}
	return nil
}

// mediaTypes names the types of the files programs usually write, by extension; others are
// sniffed from their content (net/http's rules), so the answer does not depend on the host's
// MIME tables.
var mediaTypes = map[string]string{
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
	".webp": "image/webp", ".svg": "image/svg+xml", ".pdf": "application/pdf",
	".csv": "text/csv", ".tsv": "text/tab-separated-values", ".txt": "text/plain",
	".md": "text/markdown", ".json": "application/json", ".html": "text/html", ".xml": "application/xml",
	".parquet": "application/vnd.apache.parquet", ".npy": "application/octet-stream",
	".bin": "application/octet-stream", ".zip": "application/zip", ".gz": "application/gzip",
}

func mediaType(name string, content []byte) string {
	if t, ok := mediaTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	if len(content) == 0 {
		return "application/octet-stream"
	}
	return http.DetectContentType(content)
}

// The trailer is what process 1 writes on standard output after the program and every process
// it left are gone: for each entry of out/, a line "NONCE file {...}" and that many bytes of
// content, or "NONCE skip {...}"; then "NONCE end". The program never sees the nonce, so no byte
// it wrote can pass for the trailer, and it cannot write after it.
type trailerFile struct {
	Name      string `json:"name"`
	Size      int64  `json:"size"`
	SHA256    string `json:"sha256"`
	Length    int    `json:"length"`
	Truncated bool   `json:"truncated"`
}

// parseTrailer reads the trailer (from its first nonce on) into artifacts. It fails on anything
// process 1 would not write: its writer is the sandbox's own process, not the program.
func parseTrailer(t []byte, nonce string, out config.FileLimits) ([]Artifact, []SkippedArtifact, error) {
	arts, skipped := []Artifact{}, []SkippedArtifact{}
	var total int64
	for {
		if !bytes.HasPrefix(t, []byte(nonce+" ")) {
			return nil, nil, errors.New("artifacts: the trailer is out of step")
		}
		t = t[len(nonce)+1:]
		nl := bytes.IndexByte(t, '\n')
		if nl < 0 {
			return nil, nil, errors.New("artifacts: the trailer ends inside a line")
		}
		line := t[:nl]
		t = t[nl+1:]
		kind, body, _ := bytes.Cut(line, []byte(" "))
		switch string(kind) {
		case "end":
			if len(t) != 0 {
				return nil, nil, errors.New("artifacts: bytes after the trailer's end")
			}
			return arts, skipped, nil
		case "skip":
			var s SkippedArtifact
			if err := json.Unmarshal(body, &s); err != nil {
				return nil, nil, fmt.Errorf("artifacts: %w", err)
			}
			skipped = append(skipped, s)
		case "file":
			var f trailerFile
			if err := json.Unmarshal(body, &f); err != nil {
				return nil, nil, fmt.Errorf("artifacts: %w", err)
			}
			if f.Length < 0 || f.Length > len(t) || int64(f.Length) > int64(out.MaxFileBytes) || int64(f.Length) > f.Size {
				return nil, nil, fmt.Errorf("artifacts: %q claims %d bytes of content", f.Name, f.Length)
			}
			if len(arts) >= out.MaxCount {
				return nil, nil, fmt.Errorf("artifacts: more than files.out.max_count")
			}
			total += int64(f.Length)
			if total > int64(out.MaxBytes) {
				return nil, nil, errors.New("artifacts: more content than files.out.max_bytes")
			}
			content := bytes.Clone(t[:f.Length])
			t = t[f.Length:]
			if err := ValidName(f.Name); err != nil {
				// Process 1 checks names by the same rules in Python; where the two disagree on
				// a character, the file does not come back, and the run is still a result.
				skipped = append(skipped, SkippedArtifact{Name: clipName(f.Name), Reason: err.Error()})
				continue
			}
			arts = append(arts, Artifact{
				Name: f.Name, Size: f.Size, SHA256: f.SHA256, MediaType: mediaType(f.Name, content),
				Content: content, Truncated: f.Truncated || int64(f.Length) < f.Size,
			})
		default:
			return nil, nil, fmt.Errorf("artifacts: unknown trailer line %q", clipName(string(kind)))
		}
	}
}

// trailerRoom is how many bytes the trailer may take beyond the content: a line per entry of
// out/ that is listed (files and skips, bounded by process 1), and the end.
func trailerRoom(out config.FileLimits) int64 {
	return int64(out.MaxBytes) + int64(out.MaxCount+maxSkipped+1)*2048
}

// maxSkipped bounds the skipped entries process 1 lists (sandbox/init.py, MAX_SKIPPED).
const maxSkipped = 16

// outWriter takes the container's standard output: the program's bytes, kept up to max (past
// it, overflow is called once, as capWriter does), then from process 1's first nonce on the
// trailer, kept up to trailerMax (past it, overflow too). done is closed when the trailer ends
// with the end line. The last len(nonce)-1 bytes are held back until more arrive, since a nonce
// may come split across writes.
type outWriter struct {
	mu         sync.Mutex
	mark       []byte // the nonce
	end        []byte // "NONCE end\n"
	max        int64
	trailerMax int64
	buf        []byte
	pending    []byte
	trailer    []byte
	inTrailer  bool
	truncated  bool // the program's output passed max
	trailerCut bool // the trailer passed trailerMax
	overflow   func()
	done       chan struct{}
	closed     bool
}

func newOutWriter(nonce string, max, trailerMax int64, overflow func()) *outWriter {
	return &outWriter{mark: []byte(nonce), end: []byte(nonce + " end\n"), max: max, trailerMax: trailerMax,
		overflow: overflow, done: make(chan struct{})}
}

func (w *outWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.inTrailer {
		data := append(w.pending, p...)
		if i := bytes.Index(data, w.mark); i >= 0 {
			w.program(data[:i])
			w.pending = nil
			w.inTrailer = true
			w.addTrailer(data[i:])
		} else {
			keep := min(len(data), len(w.mark)-1)
			w.program(data[:len(data)-keep])
			w.pending = append([]byte(nil), data[len(data)-keep:]...)
		}
		return len(p), nil
	}
	w.addTrailer(p)
	return len(p), nil
}

func (w *outWriter) program(p []byte) {
	room := w.max - int64(len(w.buf))
	if int64(len(p)) <= room {
		w.buf = append(w.buf, p...)
		return
	}
	if room > 0 {
		w.buf = append(w.buf, p[:room]...)
	}
	if !w.truncated {
		w.truncated = true
		w.overflow()
	}
}

func (w *outWriter) addTrailer(p []byte) {
	if int64(len(w.trailer)+len(p)) > w.trailerMax {
		if !w.trailerCut {
			w.trailerCut = true
			w.overflow()
		}
		return
	}
	w.trailer = append(w.trailer, p...)
	if !w.closed && bytes.HasSuffix(w.trailer, w.end) {
		w.closed = true
		close(w.done)
	}
}

// result returns the program's output (with what was held back, once the stream is over), whether
// it passed max, and the trailer.
func (w *outWriter) result() (out []byte, truncated bool, trailer []byte, trailerCut bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) > 0 {
		w.program(w.pending)
		w.pending = nil
	}
	return w.buf, w.truncated, w.trailer, w.trailerCut
}

// SaveArtifacts writes the artifacts' content under dir, creating it and their directories, and
// returns the names written and those it would not write, with why. The names and bytes are the
// program's, so every file is a new one (O_EXCL): nothing existing is overwritten, nor written
// through a link of any kind, nor keeps a mode the program did not choose (files are 0644). Names
// with a part that starts with "." are not written: hidden files and directories are where host
// tools keep configuration they act on (.git/config's fsmonitor runs a command on `git status`);
// nor names with a part that starts with "-", which a shell's * hands to a command as options.
// Nothing is written outside dir: names are checked again, and the writes go through an os.Root,
// which refuses a symbolic link in dir that leads out of it. A truncated artifact is not written (a
// partial file would pass for the whole one).
func SaveArtifacts(dir string, arts []Artifact) (written []string, skipped []SkippedArtifact, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	for _, a := range arts {
		if err := ValidName(a.Name); err != nil {
			return written, skipped, err
		}
		switch {
		case a.Truncated:
			skipped = append(skipped, SkippedArtifact{a.Name, "larger than files.out.max_file_bytes (or past files.out.max_bytes): only its start came back"})
			continue
		case hiddenPart(a.Name):
			skipped = append(skipped, SkippedArtifact{a.Name, "a hidden name (a part starts with .): host tools act on such files"})
			continue
		case optionPart(a.Name):
			skipped = append(skipped, SkippedArtifact{a.Name, "a part starts with -: host tools take such a name for an option (tar cf x.tar * runs --checkpoint-action)"})
			continue
		}
		if d := path.Dir(a.Name); d != "." {
			if err := root.MkdirAll(d, 0o755); err != nil {
				return written, skipped, err
			}
		}
		f, err := root.OpenFile(a.Name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			skipped = append(skipped, SkippedArtifact{a.Name, "exists in the directory: not overwritten (choose an empty --out directory)"})
			continue
		}
		if err != nil {
			return written, skipped, err
		}
		_, werr := f.Write(a.Content)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return written, skipped, werr
		}
		written = append(written, a.Name)
	}
	return written, skipped, nil
}

// optionPart reports a part that starts with "-": a shell's * in DIR hands it to a command as an
// option (`tar cf x.tar *` with --checkpoint-action=exec=..., `rm *` with -rf; findings/35).
func optionPart(name string) bool {
	for p := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(p, "-") {
			return true
		}
	}
	return false
}

func hiddenPart(name string) bool {
	for p := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(p, ".") {
			return true
		}
	}
	return false
}
