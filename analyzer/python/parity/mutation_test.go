package parity

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// mutant is one generated program and how it was made.
type mutant struct {
	src []byte
	how string
}

// vocabulary is what insertions and replacements draw from: every keyword,
// operator and bracket, and a few names, numbers and strings.
var vocabulary = strings.Fields(`False None True and as assert async await break class continue def del elif else
	except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield
	match case _ print x self 0 1 0x1f 1.5 1j 'a' "b" b'c' f'{x}' f'{x!r:>{w}}' r'\d' '''t'''
	( ) [ ] { } : , ; . ... + - * / // % @ | & ^ ~ << >> ** < > = == != <= >= -> := += -= *= /= //= %= @= |= &= ^= <<= >>= **=
	\ # $ ? !`)

type snippetTok struct {
	start, end int // byte offsets in the snippet
	kind       token.Kind
}

// snippet picks up to three consecutive top-level statements of a stdlib
// file, with their tokens' offsets, or ok=false.
func snippet(rng *rand.Rand, text string) (string, []snippetTok, bool) {
	toks, err := token.TokenizeText(text)
	if err != nil {
		return "", nil, false
	}
	lineStart := []int{0, 0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	lineStart = append(lineStart, len(text))
	off := func(p token.Pos) int {
		if p.Line >= len(lineStart) {
			return len(text)
		}
		return min(len(text), lineStart[p.Line]+p.Col)
	}
	// Starts of top-level logical lines: a text token at column 0 right after a NEWLINE/DEDENT or at the start.
	var starts []int
	for i, tk := range toks {
		if tk.Kind == token.Indent || tk.Kind == token.Dedent || tk.Kind == token.Newline || tk.Kind == token.EndMarker || tk.Start.Col != 0 {
			continue
		}
		if i == 0 || toks[i-1].Kind == token.Newline || toks[i-1].Kind == token.Dedent {
			starts = append(starts, i)
		}
	}
	if len(starts) == 0 {
		return "", nil, false
	}
	for try := 0; try < 20; try++ {
		k := rng.Intn(len(starts))
		n := 1 + rng.Intn(3)
		from := off(toks[starts[k]].Start)
		to := len(text)
		if k+n < len(starts) {
			to = off(toks[starts[k+n]].Start)
		}
		if to-from > 1500 {
			continue
		}
		var st []snippetTok
		for _, tk := range toks {
			if s, e := off(tk.Start), off(tk.End); s >= from && e <= to && tk.Text != "" {
				st = append(st, snippetTok{start: s - from, end: e - from, kind: tk.Kind})
			}
		}
		if len(st) < 2 {
			continue
		}
		return text[from:to], st, true
	}
	return "", nil, false
}

// mutate applies one random token-level edit.
func mutate(rng *rand.Rand, s string, toks []snippetTok) (string, string) {
	i := rng.Intn(len(toks))
	t := toks[i]
	word := vocabulary[rng.Intn(len(vocabulary))]
	sep := []string{"", " "}[rng.Intn(2)]
	switch rng.Intn(8) {
	case 6, 7:
		// Byte-level: quotes, braces, backslashes and line structure inside
		// tokens (f-strings, escapes, continuations) where token edits never reach.
		p := t.start + rng.Intn(t.end-t.start+1)
		if rng.Intn(3) == 0 && p < len(s) {
			return s[:p] + s[p+1:], fmt.Sprintf("delete byte %q at %d", s[p], p)
		}
		const chars = "'\"\\{}!:=#\n\t ()[]fbrxN0_.j"
		ch := string(chars[rng.Intn(len(chars))])
		return s[:p] + ch + s[p:], fmt.Sprintf("insert %q at %d", ch, p)
	case 0:
		return s[:t.start] + s[t.end:], fmt.Sprintf("delete %q", s[t.start:t.end])
	case 1:
		return s[:t.start] + word + sep + s[t.start:], fmt.Sprintf("insert %q before %q", word, s[t.start:t.end])
	case 2:
		if i+1 < len(toks) {
			u := toks[i+1]
			return s[:t.start] + s[u.start:u.end] + s[t.end:u.start] + s[t.start:t.end] + s[u.end:],
				fmt.Sprintf("swap %q and %q", s[t.start:t.end], s[u.start:u.end])
		}
		return s[:t.start] + s[t.end:], fmt.Sprintf("delete %q", s[t.start:t.end])
	case 3:
		return s[:t.end] + sep + s[t.start:t.end] + s[t.end:], fmt.Sprintf("duplicate %q", s[t.start:t.end])
	case 4:
		return s[:t.start] + word + s[t.end:], fmt.Sprintf("replace %q with %q", s[t.start:t.end], word)
	default:
		// Line structure: delete a newline or some indentation, or add a space of indentation.
		nl := strings.IndexByte(s[t.start:], '\n')
		if nl < 0 {
			return s + word, fmt.Sprintf("append %q", word)
		}
		p := t.start + nl
		switch rng.Intn(3) {
		case 0:
			return s[:p] + s[p+1:], "join a line"
		case 1:
			return s[:p+1] + " " + s[p+1:], "indent a line by one space"
		default:
			return s[:p+1] + "\t" + s[p+1:], "indent a line by a tab"
		}
	}
}

// mutants builds n distinct mutants of stdlib snippets, deterministically.
func mutants(t testing.TB, n int) []mutant {
	t.Helper()
	_, files := stdlibFilesAll(t)
	rng := rand.New(rand.NewSource(20261121))
	seen := map[string]bool{}
	var out []mutant
	for attempts := 0; len(out) < n && attempts < n*20; attempts++ {
		f := files[rng.Intn(len(files))]
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := token.Decode(src)
		if err != nil {
			continue
		}
		s, toks, ok := snippet(rng, text)
		if !ok {
			continue
		}
		edits := 1 + rng.Intn(2)
		m, how := s, ""
		for e := 0; e < edits; e++ {
			var h string
			m, h = mutate(rng, m, toks)
			how += h + "; "
			if e+1 < edits {
				// The next edit reuses the original token offsets (those still inside the
				// mutant): after the first edit they are byte ranges, a coarser edit.
				var keep []snippetTok
				for _, tk := range toks {
					if tk.end <= len(m) {
						keep = append(keep, tk)
					}
				}
				if len(keep) == 0 {
					break
				}
				toks = keep
			}
		}
		if seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, mutant{src: []byte(m), how: strings.TrimSuffix(how, "; ")})
	}
	return out
}

// stdlibFilesAll is stdlibFiles without -short thinning and filters: the
// mutation corpus must not depend on them.
func stdlibFilesAll(t testing.TB) (string, []string) {
	t.Helper()
	t.Setenv("SBX_PARITY_FILTER", "")
	t.Setenv("SBX_PARITY_MAX", "")
	root, files := stdlibFilesNoShort(t)
	return root, files
}

// TestMutationParity: accept/reject (and, when both accept, the tree) of
// thousands of broken programs must match python3 on every one.
func TestMutationParity(t *testing.T) {
	n := envInt("SBX_MUTANTS", 2500)
	if testing.Short() {
		n = min(n, 500)
	}
	ms := mutants(t, n)
	if len(ms) < n {
		t.Fatalf("generated only %d of %d mutants", len(ms), n)
	}
	reqs := make([]pyRequest, len(ms))
	for i, m := range ms {
		reqs[i] = srcRequest(m.src, true)
	}
	var rep diffReport
	pyAccepts, pyRejects := 0, 0
	var errs errorAgreement
	pyParseAll(t, reqs, func(i int, py pyAnswer) {
		m := ms[i]
		ours, err := ourParse(m.src, "<mutant>")
		if py.OK {
			pyAccepts++
		} else {
			pyRejects++
			errs.add(py, err)
		}
		show := fmt.Sprintf("mutant %d (%s):\n%s", i, m.how, clip(string(m.src), 600))
		switch {
		case py.OK && err != nil:
			rep.add("we reject, python3 accepts", fmt.Sprintf("%s\n  ours: %v", show, err))
		case !py.OK && err == nil:
			rep.add("we accept, python3 rejects", fmt.Sprintf("%s\n  python3: %s: %s", show, py.Type, py.Msg))
		case py.OK && py.DumpError == "" && ours != py.Dump:
			rep.add("different tree at "+diffPathOf(ours, py.Dump), fmt.Sprintf("%s\n  %s", show, firstDiff(ours, py.Dump)))
		}
	})
	t.Logf("%d mutants: python3 accepts %d, rejects %d; %d differences", len(ms), pyAccepts, pyRejects, rep.total)
	rep.fail(t, "mutants", len(ms))
	errs.check(t)
}

// errorAgreement counts, over the programs both parsers reject, how often our error has CPython's
// line and message. Accept/reject must agree always; the error reported is a best effort (CPython's
// second, error-reporting pass has many special messages), held to a floor so it cannot regress.
type errorAgreement struct {
	both, line, msg int
	worst           map[string]int // "python3's message | ours" for the disagreements
}

// pyLocSuffix is what str() of a SyntaxError adds to its message.
var pyLocSuffix = regexp.MustCompile(` \([^()]*, line \d+\)$`)

func (a *errorAgreement) add(py pyAnswer, err error) {
	var se *token.SyntaxError
	if !errors.As(err, &se) {
		return
	}
	a.both++
	if py.Line != nil && *py.Line == se.Line {
		a.line++
	}
	if msg := pyLocSuffix.ReplaceAllString(py.Msg, ""); msg == se.Msg {
		a.msg++
	} else {
		if a.worst == nil {
			a.worst = map[string]int{}
		}
		a.worst[msg+" | "+se.Msg]++
	}
}

// Floors for the error reported, measured on the default 2,500 mutants (1,956 rejected by both):
// the line agreed on 99.2% and the message on 98.5% (on 6,000: 99.4% and 98.6%).
const minLineAgreement, minMsgAgreement = 0.985, 0.975

func (a *errorAgreement) check(t *testing.T) {
	if a.both == 0 {
		return
	}
	line, msg := float64(a.line)/float64(a.both), float64(a.msg)/float64(a.both)
	t.Logf("errors of the %d programs both reject: the line agrees on %.1f%%, the message on %.1f%%", a.both, 100*line, 100*msg)
	if line >= minLineAgreement && msg >= minMsgAgreement {
		return
	}
	type kv struct {
		k string
		n int
	}
	var kvs []kv
	for k, n := range a.worst {
		kvs = append(kvs, kv{k, n})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].n > kvs[j].n })
	for _, x := range kvs[:min(10, len(kvs))] {
		t.Logf("%4d× python3 %q, ours %q", x.n, strings.SplitN(x.k, " | ", 2)[0], strings.SplitN(x.k, " | ", 2)[1])
	}
	t.Errorf("error agreement fell below its floor (line %.1f%% < %.0f%% or message %.1f%% < %.0f%%)",
		100*line, 100*minLineAgreement, 100*msg, 100*minMsgAgreement)
}
