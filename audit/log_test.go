package audit

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
	"golang.org/x/mod/sumdb/tlog"
)

// decisionRecord returns a realistic decision record for code.
func decisionRecord(principal, code string, allow bool) Record {
	rep := &analyzer.Report{
		Path: "job.py", Size: len(code), AnalyzerVersion: "test-1",
		Imports:      []analyzer.Import{{Module: "os", Line: 1, Allowed: false, Capabilities: []string{"process"}}},
		Findings:     []analyzer.Finding{{Rule: "SBX101", Capability: "process", Severity: "high", Line: 1, EndLine: 1, EndCol: 9, Message: "import of os reaches process execution"}},
		Capabilities: []string{"process"},
	}
	dec := &policy.Decision{Allow: allow, TrustLevel: "untrusted", Tier: "none", PolicyRevision: "sha256:abc"}
	if allow {
		dec.Tier = "standard"
		dec.Limits = config.Limits{CPUs: 1, MemoryBytes: 256 << 20, TimeoutMS: 5000, Pids: 64, Network: "none"}
	} else {
		dec.Reasons = []policy.Reason{{Rule: "SBX101", Line: 1, Message: "process execution is not allowed"}}
	}
	c := code
	return Record{
		Kind: KindDecision, RequestID: "req-1", Principal: principal, Source: "cli", Code: &c,
		AnalyzerVersion: "test-1", Request: policy.Request{Principal: principal, Source: "cli"}, Report: rep, Decision: dec,
	}
}

func openT(t testing.TB, path string, opts ...Option) *Log {
	t.Helper()
	l, err := Open(path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

func appendT(t testing.TB, l *Log, r Record) Record {
	t.Helper()
	got, err := l.Append(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestLineEncoding pins the leaf definition: the leaf bytes are exactly json.Marshal of the record with
// its hash member left out, and the hash member is their RFC 6962 leaf hash.
func TestLineEncoding(t *testing.T) {
	r := decisionRecord("alice", "import os\n<&>\"\u2028", false)
	r.Time = time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	r.ID = newID(r.Time)
	body, err := encodeBody(&r)
	if err != nil {
		t.Fatal(err)
	}
	prev := strings.Repeat("ab", 32)
	line, h := appendLine(nil, body, 41, prev)
	if line[len(line)-1] != '\n' || bytes.Count(line, []byte("\n")) != 1 {
		t.Fatalf("line is not one newline-terminated line: %q", line)
	}
	r.Seq, r.Prev = 41, prev
	want, err := json.Marshal(&r)
	if err != nil {
		t.Fatal(err)
	}
	leaf, claimed, err := leafOf(line[:len(line)-1])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(leaf, want) {
		t.Fatalf("leaf bytes differ from json.Marshal:\n got %s\nwant %s", leaf, want)
	}
	if claimed != h || h != tlog.RecordHash(want) {
		t.Fatalf("hash member %x, leaf hash %x, want %x", claimed, h, tlog.RecordHash(want))
	}
	var back Record
	if err := json.Unmarshal(line, &back); err != nil {
		t.Fatal(err)
	}
	if back.Hash != hex.EncodeToString(h[:]) || back.Seq != 41 || back.Prev != prev || *back.Code != *r.Code {
		t.Fatalf("decoded record does not round-trip: %+v", back)
	}
}

func TestAppendScanVerify(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l := openT(t, path, WithStoreCode(StoreAlways))
	d := appendT(t, l, decisionRecord("alice", "print(1)\n", true))
	res := appendT(t, l, Record{Kind: KindResult, Principal: "alice", DecisionID: d.ID, Result: &runner.Result{ExitCode: 0, Stdout: "1\n"}})
	if d.Seq != 0 || res.Seq != 1 || d.Prev != zeroHash || res.Prev != d.Hash || !isID(d.ID) || d.ID == res.ID || d.Time.IsZero() {
		t.Fatalf("chain fields not assigned: %+v / %+v", d, res)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	var got []Record
	if err := Scan(path, func(r Record) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != d.ID || got[1].DecisionID != d.ID || got[0].Report == nil || got[0].Report.Findings[0].Rule != "SBX101" {
		t.Fatalf("Scan returned %+v", got)
	}
	s, err := Verify(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Records != 2 {
		t.Fatalf("Verify counted %d records, want 2", s.Records)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v, want 0600", fi.Mode().Perm())
	}

	// A second Open continues the chain from the file's tail.
	l2 := openT(t, path)
	r3 := appendT(t, l2, decisionRecord("bob", "x", false))
	if r3.Seq != 2 || r3.Prev != res.Hash {
		t.Fatalf("reopened log continues at seq %d prev %s, want 2 %s", r3.Seq, r3.Prev, res.Hash)
	}
}

func TestAppendRejects(t *testing.T) {
	l := openT(t, filepath.Join(t.TempDir(), "audit.log"))
	wrongSum := decisionRecord("a", "x", false)
	wrongSum.CodeSHA256 = strings.Repeat("0", 64)
	for name, r := range map[string]Record{
		"id set":               {Kind: KindDecision, ID: "01ARZ3NDEKTSV4RRFFQ69G5FAV"},
		"no kind":              {},
		"repair":               {Kind: KindRepair},
		"wrong hash":           wrongSum,
		"bad link":             {Kind: KindResult, DecisionID: "req-1"},
		"decision with a link": {Kind: KindDecision, DecisionID: "01ARZ3NDEKTSV4RRFFQ69G5FAV"},
	} {
		if _, err := l.Append(context.Background(), r); err == nil {
			t.Errorf("%s: Append accepted %+v", name, r)
		}
	}
	if _, err := Open(filepath.Join(t.TempDir(), "x"), WithStoreCode("sometimes")); err == nil {
		t.Error("Open accepted store_code sometimes")
	}
	if _, err := Open(""); err == nil {
		t.Error("Open accepted an empty path")
	}
}

func TestOptionsCheckedBeforeSideEffects(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "audit.log"), WithMaxBatch(0)); err == nil {
		t.Fatal("Open accepted max batch 0")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Open with a bad option created %v", ents)
	}
}

func TestStoreCode(t *testing.T) {
	allowDec := decisionRecord("a", "print(1)", true)
	denyDec := decisionRecord("a", "import os", false)
	noDec := decisionRecord("a", "x", true)
	noDec.Decision = nil
	code := "print(2)"
	result := Record{Kind: KindResult, Code: &code}
	tests := []struct {
		mode string
		rec  Record
		keep bool
	}{
		{StoreAlways, allowDec, true},
		{StoreAlways, denyDec, true},
		{StoreAlways, result, true},
		{StoreOnDeny, allowDec, false},
		{StoreOnDeny, denyDec, true},
		{StoreOnDeny, noDec, true},
		{StoreOnDeny, result, false},
		{StoreNever, allowDec, false},
		{StoreNever, denyDec, false},
		{StoreNever, result, false},
	}
	for _, tt := range tests {
		l := openT(t, filepath.Join(t.TempDir(), "audit.log"), WithStoreCode(tt.mode))
		want := *tt.rec.Code
		got := appendT(t, l, tt.rec)
		if (got.Code != nil) != tt.keep {
			t.Errorf("%s %s allow=%v: code kept = %v, want %v", tt.mode, tt.rec.Kind, tt.rec.Allowed(), got.Code != nil, tt.keep)
		}
		if got.CodeSize != len(want) || got.CodeSHA256 == "" {
			t.Errorf("%s: code_sha256/code_size not filled: %q %d", tt.mode, got.CodeSHA256, got.CodeSize)
		}
		l.Close()
		var stored Record
		Scan(l.Path(), func(r Record) error { stored = r; return nil })
		if (stored.Code != nil) != tt.keep {
			t.Errorf("%s: on disk code kept = %v, want %v", tt.mode, stored.Code != nil, tt.keep)
		}
	}
}

// TestGroupCommit checks that concurrent appends in one process share fsyncs and all land in order.
func TestGroupCommitOneProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l := openT(t, path)
	const writers, each = 16, 40
	var wg sync.WaitGroup
	ids := make(chan string, writers*each)
	for range writers {
		wg.Go(func() {
			for range each {
				r, err := l.Append(context.Background(), decisionRecord("p", "x", false))
				if err != nil {
					t.Error(err)
					return
				}
				ids <- r.ID
			}
		})
	}
	wg.Wait()
	close(ids)
	st := l.Stats()
	l.Close()
	want := map[string]bool{}
	for id := range ids {
		want[id] = true
	}
	checkExactly(t, path, want)
	// Every record went out in some commit; concurrent writers shared commits.
	if st.Records != writers*each || st.Commits < 1 || st.Commits > st.Records {
		t.Errorf("Stats() = %+v: want %d records in 1 to %d commits", st, writers*each, writers*each)
	}
	if st.SyncTime <= 0 || st.SyncTime > st.CommitTime {
		t.Errorf("Stats() = %+v: want 0 < SyncTime <= CommitTime", st)
	}
}

// TestStatsLoneWriter: a lone writer commits each record by itself, and opening the log (which checks
// its tail through the commit path) counts no commit.
func TestStatsLoneWriter(t *testing.T) {
	l := openT(t, filepath.Join(t.TempDir(), "audit.log"))
	if st := l.Stats(); st != (Stats{}) {
		t.Fatalf("Stats() after Open = %+v, want zero", st)
	}
	for range 3 {
		if _, err := l.Append(context.Background(), decisionRecord("p", "x", true)); err != nil {
			t.Fatal(err)
		}
	}
	if st := l.Stats(); st.Commits != 3 || st.Records != 3 {
		t.Errorf("Stats() = %+v, want 3 commits of 1 record", st)
	}
}

// checkExactly verifies the log and checks it holds exactly the decision records with the given ids,
// each once (repair records aside).
func checkExactly(t *testing.T, path string, want map[string]bool) {
	t.Helper()
	if _, err := Verify(path, nil); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	if err := Scan(path, func(r Record) error {
		if r.Kind == KindRepair {
			return nil
		}
		if seen[r.ID] {
			t.Errorf("record %s appears twice", r.ID)
		}
		seen[r.ID] = true
		if !want[r.ID] {
			t.Errorf("record %s was never acknowledged to a writer", r.ID)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for id := range want {
		if !seen[id] {
			t.Errorf("acknowledged record %s is missing", id)
		}
	}
}

func TestAppendContextCanceled(t *testing.T) {
	l := openT(t, filepath.Join(t.TempDir(), "audit.log"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Either outcome is allowed by the contract, but each must be exact: an error means absent.
	r, err := l.Append(ctx, decisionRecord("a", "x", false))
	l.Close()
	n := 0
	Scan(l.Path(), func(Record) error { n++; return nil })
	if err != nil && (!errors.Is(err, context.Canceled) || n != 0) {
		t.Fatalf("Append error %v but %d records written", err, n)
	}
	if err == nil && (n != 1 || r.ID == "") {
		t.Fatalf("Append acknowledged but %d records written", n)
	}
	if _, err := l.Append(context.Background(), decisionRecord("a", "x", false)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close: %v, want ErrClosed", err)
	}
}
