package token

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// stdlibFiles lists python3's stdlib .py files (no site-packages), sorted.
// SBX_STDLIB_FILTER (a substring of the relative path) narrows the set;
// -short keeps every 20th file.
func stdlibFiles(t testing.TB) (root string, files []string) {
	t.Helper()
	out, err := exec.Command("python3", "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	root = strings.TrimSpace(string(out))
	filter := os.Getenv("SBX_STDLIB_FILTER")
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
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
	if testing.Short() {
		var some []string
		for i := 0; i < len(files); i += 20 {
			some = append(some, files[i])
		}
		files = some
	}
	return root, files
}

// TestTokenizeStdlib compares our tokens with the tokenize module's on every
// stdlib file both accept: kind, text and positions of NAME, NUMBER, STRING
// and OP tokens, and the sequence of NEWLINE/INDENT/DEDENT.
func TestTokenizeStdlib(t *testing.T) {
	o := pyOracle(t)
	root, files := stdlibFiles(t)
	var diffs []string
	compared := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		text, _, err := Decode(src)
		if err != nil {
			continue // refused codecs are tested in decode_test.go
		}
		toks, ourErr := TokenizeText(text)
		a := o.ask(t, "tokens", []byte(text), "")
		if a.OracleError != "" {
			continue // e.g. invalid UTF-8 in a comment, which tokenize cannot read
		}
		if !a.OK || ourErr != nil {
			if a.OK && ourErr != nil {
				// tokenize is laxer than CPython's tokenizer; the parity
				// package checks such files against ast.parse.
				if p := o.ask(t, "parse", src, ""); p.OK {
					diffs = append(diffs, fmt.Sprintf("%s: we reject (%v), ast.parse accepts", rel, ourErr))
				}
			}
			continue
		}
		if hasErrorToken(a.Toks) {
			continue // the tokenize module's regexes miss some identifiers CPython accepts
		}
		compared++
		if d := diffTokens(toks, a.Toks); d != "" {
			diffs = append(diffs, rel+": "+d)
		}
	}
	t.Logf("compared %d of %d files", compared, len(files))
	if len(diffs) > 0 {
		t.Errorf("%d files differ; first ones:\n%s", len(diffs), strings.Join(diffs[:min(len(diffs), 20)], "\n"))
	}
}

func diffTokens(ours []Token, py [][]any) string {
	var a, b []string
	for _, tk := range ours {
		a = append(a, fmtTok(tk.Kind.String(), tk.Text, tk.Start, tk.End))
	}
	for _, p := range py {
		kind := p[0].(string)
		pos := func(i int) int { return int(p[i].(float64)) }
		b = append(b, fmtTok(kind, p[1].(string), Pos{pos(2), pos(3)}, Pos{pos(4), pos(5)}))
	}
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("token %d: ours %s, tokenize %s", i, x, y)
		}
	}
	return ""
}

func fmtTok(kind, text string, s, e Pos) string {
	switch kind {
	case "NEWLINE", "INDENT", "DEDENT", "ENDMARKER":
		return kind
	}
	return fmt.Sprintf("%s %s %d:%d-%d:%d", kind, strconv.Quote(text), s.Line, s.Col, e.Line, e.Col)
}

func hasErrorToken(py [][]any) bool {
	for _, p := range py {
		if p[0] == "ERRORTOKEN" {
			return true
		}
	}
	return false
}
