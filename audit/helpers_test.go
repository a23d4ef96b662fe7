package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// testSchema is the pipeline's schema in miniature: decisions, and results that link to them.
var testSchema = &verify.Schema{Kinds: map[string]verify.KindRule{
	"decision":    {Link: verify.LinkNone},
	"result":      {Link: verify.LinkOptional, LinkTo: "decision"},
	"result_lost": {Link: verify.LinkRequired, LinkTo: "decision"},
}}

// payload is a record body shaped like the pipeline's, without its types: the log must not care.
type payload struct {
	RequestID string `json:"request_id,omitempty"`
	Principal string `json:"principal,omitempty"`
	Code      string `json:"code,omitempty"`
	Report    struct {
		Findings []map[string]any `json:"findings"`
	} `json:"report"`
	Decision   map[string]any `json:"decision,omitempty"`
	Result     map[string]any `json:"result,omitempty"`
	DecisionID string         `json:"decision_id,omitempty"`
}

func body(t testing.TB, p payload) []byte {
	if t != nil {
		t.Helper()
	}
	b, err := json.Marshal(p)
	if err != nil {
		if t == nil {
			panic(err)
		}
		t.Fatal(err)
	}
	return b
}

// decision returns a realistic decision entry for code; t may be nil (in a helper process).
func decision(t testing.TB, principal, code string, allow bool) Entry {
	p := payload{RequestID: "req-1", Principal: principal, Code: code, Decision: map[string]any{"allow": allow, "tier": "standard"}}
	p.Report.Findings = []map[string]any{{"rule": "SBX101", "capability": "process", "line": 1, "message": "import of os reaches process execution"}}
	return Entry{Kind: "decision", Body: body(t, p)}
}

// result returns a result entry linked to decision id.
func result(t testing.TB, principal, id string, exit int) Entry {
	return Entry{Kind: "result", Body: body(t, payload{Principal: principal, DecisionID: id, Result: map[string]any{"exit_code": exit, "stdout": "hi\n"}})}
}

func openT(t testing.TB, path string, opts ...Option) *Log {
	t.Helper()
	l, err := Open(path, append([]Option{WithSchema(testSchema)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

func appendT(t testing.TB, l *Log, e Entry) Stored {
	t.Helper()
	got, err := l.Append(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func readerT(t testing.TB, path string) *Reader {
	t.Helper()
	r, err := OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// envelopes reads every complete record's envelope.
func envelopes(t testing.TB, path string) []Envelope {
	t.Helper()
	var out []Envelope
	r := readerT(t, path)
	if err := r.Lines(context.Background(), 0, func(e *Envelope, _ []byte) error { out = append(out, *e); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func verifyT(t testing.TB, path string) *Report {
	t.Helper()
	rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Index != nil {
		t.Fatalf("the index does not match the log: %v", rep.Index)
	}
	return rep
}

func readLines(t testing.TB, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.SplitAfter(data, []byte("\n"))[:bytes.Count(data, []byte("\n"))]
}

func writeLines(t testing.TB, path string, lines [][]byte) {
	t.Helper()
	if err := os.WriteFile(path, bytes.Join(lines, nil), 0o600); err != nil {
		t.Fatal(err)
	}
}

func appendRaw(t testing.TB, path string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(b); err != nil {
		t.Fatal(err)
	}
}

// removeIndex deletes the log's index files, as on a log written before there was an index.
func removeIndex(t testing.TB, path string) {
	t.Helper()
	off, tree, keys := indexPaths(path)
	for _, p := range []string{off, tree, keys} {
		if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}

func tempLog(t testing.TB) string { return filepath.Join(t.TempDir(), "audit.log") }
