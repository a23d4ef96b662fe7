package audit

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// TestLineEncoding pins the line: the envelope, then the body's members as given, then the hash
// member, which is the RFC 6962 leaf hash of everything before it closed by "}".
func TestLineEncoding(t *testing.T) {
	e := Entry{Kind: "decision", Time: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), Key: "k<1>", Body: []byte(`{"a":"<&>\u2028","n":[1,2]}`)}
	id := newID(e.Time)
	prev := strings.Repeat("ab", 32)
	line, h, err := EncodeLine(e, id, 41, prev)
	if err != nil {
		t.Fatal(err)
	}
	if line[len(line)-1] != '\n' || bytes.Count(line, []byte("\n")) != 1 {
		t.Fatalf("line is not one newline-terminated line: %q", line)
	}
	want := `{"seq":41,"prev":"` + prev + `","id":"` + id + `","time":"2026-01-02T03:04:05.000000006Z","kind":"decision","key":"k\u003c1\u003e","a":"<&>\u2028","n":[1,2]}`
	leaf, claimed, err := verify.LeafOf(line[:len(line)-1])
	if err != nil {
		t.Fatal(err)
	}
	if string(leaf) != want {
		t.Fatalf("leaf bytes\n got %s\nwant %s", leaf, want)
	}
	if claimed != h || h != tlog.RecordHash([]byte(want)) {
		t.Fatalf("hash member %x, leaf hash %x, want %x", claimed, h, tlog.RecordHash([]byte(want)))
	}
	env, err := verify.ParseEnvelope(line[:len(line)-1])
	if err != nil {
		t.Fatal(err)
	}
	if env.Seq != 41 || env.Prev != prev || env.ID != id || !env.Time.Equal(e.Time) || env.Kind != "decision" || env.Key != e.Key || env.Hash != hex.EncodeToString(h[:]) {
		t.Fatalf("envelope does not round-trip: %+v", env)
	}
	// A body without members adds none.
	line, _, err = EncodeLine(Entry{Kind: "x", Time: e.Time, Body: []byte(`{}`)}, id, 0, verify.ZeroHash)
	if err != nil || !bytes.Contains(line, []byte(`"kind":"x","hash":"`)) {
		t.Fatalf("empty body: %s %v", line, err)
	}
}

func TestAppendReadVerify(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	d := appendT(t, l, decision(t, "alice", "print(1)\n", true))
	res := appendT(t, l, result(t, "alice", d.ID, 0))
	if d.Seq != 0 || res.Seq != 1 || d.Prev != verify.ZeroHash || res.Prev != d.Hash || !verify.IsID(d.ID) || d.ID == res.ID || d.Time.IsZero() {
		t.Fatalf("envelope not assigned: %+v / %+v", d, res)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	envs := envelopes(t, path)
	if len(envs) != 2 || envs[0].ID != d.ID || envs[1].Link != d.ID || envs[1].Hash != res.Hash {
		t.Fatalf("Lines returned %+v", envs)
	}
	if rep := verifyT(t, path); rep.Records != 2 || rep.Incremental {
		t.Fatalf("VerifyLog: %+v", rep)
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
	r3 := appendT(t, l2, decision(t, "bob", "x", false))
	if r3.Seq != 2 || r3.Prev != res.Hash {
		t.Fatalf("reopened log continues at seq %d prev %s, want 2 %s", r3.Seq, r3.Prev, res.Hash)
	}
}

func TestAppendRejects(t *testing.T) {
	l := openT(t, tempLog(t))
	d := appendT(t, l, decision(t, "a", "x", true))
	keyed := decision(t, "a", "x", true)
	keyed.Key = "k1"
	appendT(t, l, keyed)
	for name, e := range map[string]Entry{
		"no kind":                {Body: []byte(`{}`)},
		"repair":                 {Kind: KindRepair, Body: []byte(`{}`)},
		"unknown kind":           {Kind: "verdict", Body: []byte(`{}`)},
		"not an object":          {Kind: "decision", Body: []byte(`[1]`)},
		"no body":                {Kind: "decision"},
		"two lines":              {Kind: "decision", Body: []byte("{\"a\":\n1}")},
		"bad JSON":               {Kind: "decision", Body: []byte(`{"a":}`)},
		"trailing bytes":         {Kind: "decision", Body: []byte(`{"a":1}{}`)},
		"member twice":           {Kind: "decision", Body: []byte(`{"a":1,"a":2}`)},
		"sets seq":               {Kind: "decision", Body: []byte(`{"seq":9}`)},
		"sets hash":              {Kind: "decision", Body: []byte(`{"hash":"00"}`)},
		"sets owner":             {Kind: "decision", Body: []byte(`{"owner":{}}`)},
		"link not an id":         {Kind: "result", Body: []byte(`{"decision_id":"req-1"}`)},
		"link to nothing":        {Kind: "result", Body: []byte(`{"decision_id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}`)},
		"decision with a link":   {Kind: "decision", Body: []byte(`{"decision_id":"` + d.ID + `"}`)},
		"result_lost no link":    {Kind: "result_lost", Body: []byte(`{}`)},
		"IfOpen without a link":  {Kind: "result", IfOpen: true, Body: []byte(`{}`)},
		"IfOpen, never open":     {Kind: "result", IfOpen: true, Body: []byte(`{"decision_id":"` + d.ID + `"}`)},
		"key taken":              {Kind: "decision", Key: "k1", Body: []byte(`{}`)},
		"result links to result": {Kind: "result", Body: []byte(`{"decision_id":"` + appendT(t, l, result(t, "a", d.ID, 0)).ID + `"}`)},
	} {
		if s, err := l.Append(context.Background(), e); err == nil {
			t.Errorf("%s: Append accepted %s at seq %d", name, e.Body, s.Seq)
		} else if strings.HasPrefix(err.Error(), "audit:") {
			t.Errorf("%s: error %q starts with the stage, which is the caller's to add", name, err)
		}
	}
	if _, err := l.Append(context.Background(), Entry{Kind: "decision", Key: "k1", Body: []byte(`{}`)}); !errors.Is(err, ErrDuplicateKey) {
		t.Errorf("a second record with key k1: %v, want ErrDuplicateKey", err)
	}
	if _, err := Open(tempLog(t), WithMaxBatch(0)); err == nil {
		t.Error("Open accepted max batch 0")
	}
	if _, err := Open(""); err == nil {
		t.Error("Open accepted an empty path")
	}
	// Nothing refused was written, and the log is intact.
	if rep := verifyT(t, l.Path()); rep.Records != 3 {
		t.Errorf("%d records after the refusals, want 3", rep.Records)
	}
}

func TestOptionsCheckedBeforeSideEffects(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir+"/audit.log", WithMaxBatch(0)); err == nil {
		t.Fatal("Open accepted max batch 0")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Open with a bad option created %v", ents)
	}
}

// TestKeysUniqueAcrossWriters: two Logs on one file (as two processes) cannot both write a key.
func TestKeysUniqueAcrossWriters(t *testing.T) {
	path := tempLog(t)
	a, b := openT(t, path), openT(t, path)
	if ok := appendBoth(t, a, b, 16, 1); ok != 1 {
		t.Fatalf("%d appends with one key succeeded, want 1", ok)
	}
	env, _, err := readerT(t, path).ByKey("the-key")
	if err != nil || env.Key != "the-key" {
		t.Fatalf("ByKey: %+v %v", env, err)
	}
}

// TestGroupCommitOneProcess checks that concurrent appends in one process share fsyncs and all land
// in order.
func TestGroupCommitOneProcess(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	const writers, each = 16, 40
	var wg sync.WaitGroup
	ids := make(chan string, writers*each)
	for range writers {
		wg.Go(func() {
			for range each {
				r, err := l.Append(context.Background(), decision(t, "p", "x", false))
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
	l := openT(t, tempLog(t))
	if st := l.Stats(); st != (Stats{}) {
		t.Fatalf("Stats() after Open = %+v, want zero", st)
	}
	for range 3 {
		appendT(t, l, decision(t, "p", "x", true))
	}
	if st := l.Stats(); st.Commits != 3 || st.Records != 3 {
		t.Errorf("Stats() = %+v, want 3 commits of 1 record", st)
	}
}

// checkExactly verifies the log and checks it holds exactly the decision records with the given ids,
// each once (repair records aside).
func checkExactly(t *testing.T, path string, want map[string]bool) {
	t.Helper()
	verifyT(t, path)
	seen := map[string]bool{}
	for _, e := range envelopes(t, path) {
		if e.Kind == KindRepair {
			continue
		}
		if seen[e.ID] {
			t.Errorf("record %s appears twice", e.ID)
		}
		seen[e.ID] = true
		if !want[e.ID] {
			t.Errorf("record %s was never acknowledged to a writer", e.ID)
		}
	}
	for id := range want {
		if !seen[id] {
			t.Errorf("acknowledged record %s is missing", id)
		}
	}
}

func TestAppendContextCanceled(t *testing.T) {
	l := openT(t, tempLog(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Either outcome is allowed by the contract, but each must be exact: an error means absent.
	r, err := l.Append(ctx, decision(t, "a", "x", false))
	l.Close()
	n := len(envelopes(t, l.Path()))
	if err != nil && (!errors.Is(err, context.Canceled) || n != 0) {
		t.Fatalf("Append error %v but %d records written", err, n)
	}
	if err == nil && (n != 1 || r.ID == "") {
		t.Fatalf("Append acknowledged but %d records written", n)
	}
	if _, err := l.Append(context.Background(), decision(t, "a", "x", false)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close: %v, want ErrClosed", err)
	}
}

// A writer's lock is the file FILE.lock names now: with it removed or replaced under a running
// writer (an operator clearing what looked stale), a writer opened after it still excludes the first
// (one append of a key succeeds, every record chains), and the first takes the new file.
func TestLockFileRemovedOrReplaced(t *testing.T) {
	for _, how := range []string{"removed", "replaced"} {
		t.Run(how, func(t *testing.T) {
			path := tempLog(t)
			a := openT(t, path)
			appendT(t, a, decision(t, "p", "before", true))
			switch how {
			case "removed":
				if err := os.Remove(path + ".lock"); err != nil {
					t.Fatal(err)
				}
			case "replaced":
				if err := os.WriteFile(path+".new", nil, 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(path+".new", path+".lock"); err != nil {
					t.Fatal(err)
				}
			}
			b := openT(t, path)
			if ok := appendBoth(t, a, b, 64, 8); ok != 1 {
				t.Errorf("%d appends with one key succeeded, want 1", ok)
			}
			if rep := verifyT(t, path); rep.Records != 1+64-7 {
				t.Errorf("%d records, want %d", rep.Records, 1+64-7)
			}
		})
	}
}

// appendBoth appends n decisions at once, alternately to a and b, every keyEvery-th of them under
// one key; it returns how many of those were written (the others must fail with ErrDuplicateKey).
func appendBoth(t *testing.T, a, b *Log, n, keyEvery int) (keyed int) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range errs {
		l := a
		if i%2 == 1 {
			l = b
		}
		wg.Go(func() {
			e := decision(t, "p", fmt.Sprint(i), true)
			if i%keyEvery == 0 {
				e.Key = "the-key"
			}
			_, errs[i] = l.Append(context.Background(), e)
		})
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case err == nil:
			if i%keyEvery == 0 {
				keyed++
			}
		case !errors.Is(err, ErrDuplicateKey):
			t.Errorf("Append: %v", err)
		}
	}
	return keyed
}
