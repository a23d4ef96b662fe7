package parity

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// fuzzWatchdog bounds one Parse call. Inputs are at most a few KB; anything
// near this is an exponential blow-up, not a slow machine.
const fuzzWatchdog = 20 * time.Second

var fuzzSeeds = []string{
	"", "\n", "x", "import os\n", "from . import (a as b, c)\n", "f(*a, **k)\n", "@d\nclass C(B, metaclass=M): pass\n",
	"async def f():\n    async with a as b, c:\n        await x\n", "match p:\n    case {'k': [1, *r], **kw} | C(a=1) if g: pass\n",
	"x = f'{a!r:>{w}} {b=}' 'c'\n", "lambda *, a=1, **k: (yield)\n", "try:\n    pass\nexcept* E as e:\n    pass\n",
	"x = [i async for i in y if i]\n", "del a[1:2:3], b.c\n", "global g; nonlocal n\n", "if (n := 10) > 5: pass\n",
	"\ufeff# coding: utf-8\nx = 1\n", "# coding: latin-1\nx = '\xe9'\n", "x = '\\N{BULLET}'\n", "0_7", "1if 1else 2",
	strings.Repeat("(", 199) + strings.Repeat(")", 199), strings.Repeat("-", 5000) + "1", "def f(a, /, b, *, c): pass\n",
}

// FuzzParse: Parse never panics (the parser's recover turns a panic into an
// "internal parser error", which counts as a failure here), never hangs, and
// whatever it accepts dumps and re-tokenizes cleanly. With SBX_FUZZ_PYTHON=1
// every input is also checked against python3's ast.parse: the same decision
// and, on accept, the same ast.dump (a differential fuzzer for parity).
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, s := range edgeCases {
		f.Add([]byte(s))
	}
	for _, dir := range []string{"../../../testdata/corpus"} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
				if b, err := os.ReadFile(p); err == nil {
					f.Add(b)
				}
			}
			return nil
		})
	}
	// Small stdlib files keep the fuzzer fast; the large ones are covered by TestStdlibParity.
	if out, err := exec.Command("python3", "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])").Output(); err == nil {
		root := strings.TrimSpace(string(out))
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() && d.Name() == "site-packages" {
				return filepath.SkipDir
			}
			if info, err := d.Info(); err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") && info.Size() < 3000 {
				if b, err := os.ReadFile(p); err == nil {
					f.Add(b)
				}
			}
			return nil
		})
	}
	differential := os.Getenv("SBX_FUZZ_PYTHON") == "1"
	f.Fuzz(func(t *testing.T, src []byte) {
		type result struct {
			m   *ast.Module
			err error
		}
		done := make(chan result, 1)
		go func() {
			m, err := parser.Parse(src, "<fuzz>")
			done <- result{m, err}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(fuzzWatchdog):
			t.Fatalf("Parse did not return within %v on %d bytes", fuzzWatchdog, len(src))
		}
		var se *token.SyntaxError
		if r.err != nil {
			if !errors.As(r.err, &se) {
				t.Fatalf("Parse error is %T, not *token.SyntaxError: %v", r.err, r.err)
			}
			if strings.Contains(se.Msg, "internal parser error") {
				t.Fatalf("parser panicked: %v", r.err)
			}
		} else {
			if r.m == nil {
				t.Fatal("Parse returned neither a module nor an error")
			}
			if _, err := token.Tokenize(src); err != nil {
				t.Fatalf("Parse accepted what Tokenize rejects: %v", err)
			}
		}
		if !differential || se != nil && strings.HasPrefix(se.Msg, "unsupported source encoding") {
			return // refusing codecs CPython would decode is by design
		}
		py := fuzzOracle(t).ask(t, src)
		switch {
		case py.OK && r.err != nil:
			t.Fatalf("python3 accepts, we reject: %v", r.err)
		case !py.OK && r.err == nil:
			t.Fatalf("we accept, python3 rejects: %s: %s", py.Type, py.Msg)
		case py.OK && py.DumpError == "":
			if ours := ast.Dump(r.m, true); ours != py.Dump {
				t.Fatalf("different tree: %s", firstDiff(ours, py.Dump))
			}
		}
	})
}

// pyProc is a long-lived testdata/pyparse.py for the differential fuzzer
// (one per fuzz worker process).
type pyProc struct {
	mu  sync.Mutex
	enc *json.Encoder
	r   *bufio.Reader
}

var (
	fuzzPyOnce sync.Once
	fuzzPy     *pyProc
	fuzzPyErr  error
)

func fuzzOracle(t *testing.T) *pyProc {
	fuzzPyOnce.Do(func() {
		cmd := exec.Command("python3", "testdata/pyparse.py")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			fuzzPyErr = err
			return
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			fuzzPyErr = err
			return
		}
		if fuzzPyErr = cmd.Start(); fuzzPyErr == nil {
			fuzzPy = &pyProc{enc: json.NewEncoder(stdin), r: bufio.NewReaderSize(stdout, 1<<20)}
		}
	})
	if fuzzPyErr != nil {
		t.Fatalf("python3: %v", fuzzPyErr)
	}
	return fuzzPy
}

func (p *pyProc) ask(t *testing.T, src []byte) pyAnswer {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.enc.Encode(srcRequest(src, true)); err != nil {
		t.Fatalf("python3 helper: %v", err)
	}
	line, err := p.r.ReadBytes('\n')
	if err != nil {
		t.Fatalf("python3 helper: %v", err)
	}
	var a pyAnswer
	if err := json.Unmarshal(line, &a); err != nil {
		t.Fatalf("python3 helper: %v", err)
	}
	return a
}
