package parity

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

// pyAnswer is one answer of testdata/pyparse.py.
type pyAnswer struct {
	OK        bool   `json:"ok"`
	Dump      string `json:"dump"`
	DumpError string `json:"dump_error"`
	Type      string `json:"type"`
	Msg       string `json:"msg"`
	Line      *int   `json:"line"`
	Col       *int   `json:"col"`
}

type pyRequest struct {
	Path string `json:"path,omitempty"`
	Src  string `json:"src"`
	Dump *bool  `json:"dump,omitempty"`
}

// pyParseAll runs ONE python3 process over all requests and calls fn with
// each answer, in order, as it arrives (the requests are written concurrently).
func pyParseAll(t testing.TB, reqs []pyRequest, fn func(i int, a pyAnswer)) {
	t.Helper()
	cmd := exec.Command("python3", "testdata/pyparse.py")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("python3: %v (python3 3.11 must be on PATH)", err)
	}
	go func() {
		enc := json.NewEncoder(stdin)
		for _, r := range reqs {
			if enc.Encode(r) != nil {
				break
			}
		}
		stdin.Close()
	}()
	r := bufio.NewReaderSize(stdout, 1<<20)
	for i := range reqs {
		line, err := r.ReadBytes('\n')
		if err != nil {
			t.Fatalf("python3 helper stopped after %d of %d answers: %v", i, len(reqs), err)
		}
		var a pyAnswer
		if err := json.Unmarshal(line, &a); err != nil {
			t.Fatalf("python3 helper answer %d: %v", i, err)
		}
		fn(i, a)
	}
	io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("python3 helper: %v", err)
	}
}

func srcRequest(src []byte, dump bool) pyRequest {
	return pyRequest{Src: base64.StdEncoding.EncodeToString(src), Dump: &dump}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// stdlibRoot is python3's stdlib directory.
func stdlibRoot(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("python3", "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// stdlibFiles lists the stdlib's .py files (site-packages excluded), sorted,
// narrowed by SBX_PARITY_FILTER and SBX_PARITY_MAX; -short keeps every 10th.
func stdlibFiles(t testing.TB) (string, []string) {
	t.Helper()
	root, files := stdlibFilesNoShort(t)
	if testing.Short() {
		var some []string
		for i := 0; i < len(files); i += 10 {
			some = append(some, files[i])
		}
		files = some
	}
	if max := envInt("SBX_PARITY_MAX", 0); max > 0 && len(files) > max {
		files = files[:max]
	}
	return root, files
}

func stdlibFilesNoShort(t testing.TB) (string, []string) {
	t.Helper()
	root := stdlibRoot(t)
	filter := os.Getenv("SBX_PARITY_FILTER")
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "site-packages" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".py") && strings.Contains(p, filter) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return root, files
}

// ourParse parses and dumps with our front end.
func ourParse(src []byte, name string) (dump string, err error) {
	m, err := parser.Parse(src, name)
	if err != nil {
		return "", err
	}
	return ast.Dump(m, true), nil
}

// firstDiff returns the offset of the first differing byte and a window of
// both strings around it.
func firstDiff(ours, theirs string) string {
	i := 0
	for i < len(ours) && i < len(theirs) && ours[i] == theirs[i] {
		i++
	}
	lo := max(0, i-120)
	window := func(s string) string {
		return s[min(lo, len(s)):min(len(s), i+120)]
	}
	return fmt.Sprintf("first difference at dump offset %d (%s):\n      ours:    …%s…\n      python3: …%s…", i, diffPath(theirs, i), window(ours), window(theirs))
}

// diffPath names where in the tree offset i of a dump lies, as the last two
// enclosing node types and the field being printed, e.g.
// "FormattedValue>Name.col_offset": good enough to group differences by cause.
func diffPath(dump string, i int) string {
	type level struct{ node, field string }
	var stack []level
	var quote byte
	word := 0
	for k := 0; k < i && k < len(dump); k++ {
		c := dump[k]
		if quote != 0 {
			if c == '\\' {
				k++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch {
		case c == '\'' || c == '"':
			quote = c
		case c == '(':
			stack = append(stack, level{node: dump[word:k]})
		case c == ')' && len(stack) > 0:
			stack = stack[:len(stack)-1]
		case c == '=' && len(stack) > 0:
			stack[len(stack)-1].field = dump[word:k]
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= '0' && c <= '9') {
			word = k + 1
		}
	}
	var names []string
	for _, l := range stack[max(0, len(stack)-2):] {
		names = append(names, l.node)
	}
	field := ""
	if len(stack) > 0 {
		field = "." + stack[len(stack)-1].field
	}
	return strings.Join(names, ">") + field
}

// diffReport collects differences by category and prints the first few.
type diffReport struct {
	byKind map[string][]string
	total  int
}

func (r *diffReport) add(kind, detail string) {
	if r.byKind == nil {
		r.byKind = map[string][]string{}
	}
	r.byKind[kind] = append(r.byKind[kind], detail)
	r.total++
}

func (r *diffReport) fail(t testing.TB, what string, n int) {
	t.Helper()
	r.failVs(t, what, n, "python3")
}

func (r *diffReport) failVs(t testing.TB, what string, n int, other string) {
	t.Helper()
	if r.total == 0 {
		return
	}
	show := envInt("SBX_PARITY_SHOW", 20)
	var kinds []string
	for k := range r.byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d %s differ from %s:\n", r.total, n, what, other)
	for _, k := range kinds {
		fmt.Fprintf(&b, "  %-40s %d\n", k, len(r.byKind[k]))
	}
	shown := 0
	for _, k := range kinds {
		for _, d := range r.byKind[k] {
			if shown >= show {
				break
			}
			fmt.Fprintf(&b, "--- %s: %s\n", k, d)
			shown++
		}
	}
	if path := os.Getenv("SBX_PARITY_REPORT"); path != "" {
		var all strings.Builder
		for _, k := range kinds {
			for _, d := range r.byKind[k] {
				fmt.Fprintf(&all, "--- %s: %s\n", k, d)
			}
		}
		if err := os.WriteFile(path, []byte(all.String()), 0o644); err != nil {
			t.Errorf("write %s: %v", path, err)
		} else {
			fmt.Fprintf(&b, "(all differences written to %s)\n", path)
		}
	} else if r.total > shown {
		fmt.Fprintf(&b, "(%d more; SBX_PARITY_SHOW=N prints more, SBX_PARITY_REPORT=FILE writes all)\n", r.total-shown)
	}
	t.Error(b.String())
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func diffPathOf(ours, theirs string) string {
	i := 0
	for i < len(ours) && i < len(theirs) && ours[i] == theirs[i] {
		i++
	}
	return diffPath(theirs, i)
}
