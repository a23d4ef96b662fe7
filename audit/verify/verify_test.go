package verify

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/mod/sumdb/tlog"
)

// TestDeps: the verifier links neither the policy engine nor the container runtime, so an auditor's
// offline tool built on it stays small.
func TestDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go list: %v: %s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps printed %q", out)
	}
	for _, d := range deps {
		for _, banned := range []string{"github.com/open-policy-agent/", "github.com/moby/", "github.com/sbxgate/sbxgate/analyzer", "github.com/sbxgate/sbxgate/policy", "github.com/sbxgate/sbxgate/runner"} {
			if strings.HasPrefix(d, banned) {
				t.Errorf("audit/verify depends on %s", d)
			}
		}
	}
}

// TestVersion1Log: a log written by sbxgate before the log stopped knowing its payload verifies, with
// or without a schema for its kinds.
func TestVersion1Log(t *testing.T) {
	data, err := os.ReadFile("testdata/v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	schema := &Schema{Kinds: map[string]KindRule{
		"decision": {Link: LinkNone},
		"result":   {Link: LinkOptional, LinkTo: "decision"},
	}}
	for _, s := range []*Schema{nil, schema} {
		sum, _, err := Verify("v1", bytes.NewReader(data), s, nil, nil)
		if err != nil || sum.Records != 4 || sum.Repairs != 1 {
			t.Fatalf("schema %v: %+v, %v", s != nil, sum, err)
		}
	}
	// A stricter schema is a schema: an unknown kind is damage.
	strict := &Schema{Kinds: map[string]KindRule{"decision": {}}}
	if _, _, err := Verify("v1", bytes.NewReader(data), strict, nil, nil); err == nil {
		t.Fatal("a result record passed a schema without results")
	}
}

func TestParseEnvelope(t *testing.T) {
	ok := `{"seq":3,"prev":"p","id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","time":"2026-01-02T03:04:05.5Z","kind":"result","key":"k","owner":{"host":"h","boot":"b","pid":7,"start":"9"},"x":{"kind":"nested","seq":"no"},"decision_id":"01ARZ3NDEKTSV4RRFFQ69G5FAW","hash":"h"}`
	e, err := ParseEnvelope([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	if e.Seq != 3 || e.Kind != "result" || e.Key != "k" || e.Owner == nil || e.Owner.PID != 7 || e.Link != "01ARZ3NDEKTSV4RRFFQ69G5FAW" || e.Time.Nanosecond() != 5e8 || e.Repair {
		t.Fatalf("envelope %+v", e)
	}
	for name, line := range map[string]string{
		"not JSON":          `{"seq":`,
		"array":             `[1]`,
		"seq twice":         `{"seq":1,"seq":2,"id":"x","time":"2026-01-02T03:04:05Z","kind":"a"}`,
		"kind twice":        `{"seq":1,"id":"x","time":"2026-01-02T03:04:05Z","kind":"a","kind":"b"}`,
		"payload twice":     `{"seq":1,"id":"x","time":"2026-01-02T03:04:05Z","kind":"a","p":1,"p":2}`,
		"no seq":            `{"id":"x","time":"2026-01-02T03:04:05Z","kind":"a"}`,
		"no kind":           `{"seq":1,"id":"x","time":"2026-01-02T03:04:05Z"}`,
		"seq not a number":  `{"seq":"1","id":"x","time":"2026-01-02T03:04:05Z","kind":"a"}`,
		"seq fractional":    `{"seq":1.5,"id":"x","time":"2026-01-02T03:04:05Z","kind":"a"}`,
		"bad time":          `{"seq":1,"id":"x","time":"yesterday","kind":"a"}`,
		"owner unknown key": `{"seq":1,"id":"x","time":"2026-01-02T03:04:05Z","kind":"a","owner":{"uid":0}}`,
		"two values":        `{"seq":1,"id":"x","time":"2026-01-02T03:04:05Z","kind":"a"} {}`,
		"invalid UTF-8":     "{\"seq\":1,\"id\":\"x\",\"time\":\"2026-01-02T03:04:05Z\",\"kind\":\"a\",\"p\":\"\xff\"}",
	} {
		if _, err := ParseEnvelope([]byte(line)); err == nil {
			t.Errorf("%s: accepted %s", name, line)
		}
	}
}

func TestIsID(t *testing.T) {
	for s, want := range map[string]bool{
		"01ARZ3NDEKTSV4RRFFQ69G5FAV":  true,
		"01ARZ3NDEKTSV4RRFFQ69G5FA":   false,
		"01ARZ3NDEKTSV4RRFFQ69G5FAVV": false,
		"01ARZ3NDEKTSV4RRFFQ69G5FAI":  false, // I, L, O, U are not Crockford digits
		"01arz3ndektsv4rrffq69g5fav":  false,
	} {
		if IsID(s) != want {
			t.Errorf("IsID(%s) = %v", s, !want)
		}
	}
}

func TestSchemaLinks(t *testing.T) {
	s := &Schema{Kinds: map[string]KindRule{
		"decision":    {Link: LinkNone},
		"result":      {Link: LinkOptional, LinkTo: "decision"},
		"result_lost": {Link: LinkRequired, LinkTo: "decision"},
	}}
	tests := []struct {
		kind, link, target string
		ok                 bool
	}{
		{"decision", "", "", true},
		{"decision", "X", "decision", false},
		{"result", "", "", true},
		{"result", "X", "decision", true},
		{"result", "X", "result", false},
		{"result", "X", "", false},
		{"result_lost", "", "", false},
		{"result_lost", "X", "decision", true},
		{"repair", "", "", true},
		{"verdict", "", "", false},
	}
	for _, tt := range tests {
		if err := s.CheckLink(tt.kind, tt.link, tt.target); (err == nil) != tt.ok {
			t.Errorf("CheckLink(%s, %q, %q) = %v, want ok %v", tt.kind, tt.link, tt.target, err, tt.ok)
		}
	}
	var none *Schema
	if err := none.CheckLink("anything", "X", "other"); err != nil {
		t.Errorf("nil schema: %v", err)
	}
	if err := none.CheckLink("Bad Kind", "", ""); err == nil {
		t.Error("nil schema accepted kind \"Bad Kind\"")
	}
}

func TestProofOfVersion1Log(t *testing.T) {
	data, err := os.ReadFile("testdata/v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	_, tree, err := Verify("v1", bytes.NewReader(data), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := tree.Hash(tree.N)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i, line := range lines {
		hs, err := tlog.ProveRecord(tree.N, int64(i), tree)
		if err != nil {
			t.Fatal(err)
		}
		p := &Proof{Line: line, Index: int64(i), TreeSize: tree.N, TreeHash: root, Hashes: hs}
		if _, err := VerifyProof(p, tlog.Tree{N: tree.N, Hash: root}); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		p.Index = (p.Index + 1) % tree.N
		if _, err := VerifyProof(p, tlog.Tree{N: tree.N, Hash: root}); !errors.Is(err, ErrBadProof) {
			t.Fatalf("record %d at the wrong index: %v", i, err)
		}
	}
}

// FuzzCheckLine: no input makes the line checks panic, and a line they accept is exactly its leaf
// bytes with the leaf's hash as the last member: no other bytes pass for a record.
func FuzzCheckLine(f *testing.F) {
	data, err := os.ReadFile("testdata/v1.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		f.Add(l)
	}
	f.Add([]byte(`{"seq":0,"prev":"","hash":"00"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		ParseEnvelope(line)
		h, err := CheckLine(line)
		if err != nil {
			return
		}
		leaf, _, err := LeafOf(line)
		if err != nil || h != tlog.RecordHash(leaf) {
			t.Fatalf("accepted hash %x is not the leaf hash of %q", h, leaf)
		}
		want := append(bytes.Clone(leaf[:len(leaf)-1]), HashMember...)
		want = hex.AppendEncode(want, h[:])
		want = append(want, `"}`...)
		if !bytes.Equal(want, line) {
			t.Fatalf("accepted line %q is not its leaf %q with its hash", line, leaf)
		}
	})
}
