package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// bigLog appends n records of about 2 KB, every third a result of the decision before it and every
// fifth decision keyed, so that the log is larger than every read buffer. It returns what was stored.
func bigLog(t *testing.T, path string, n int) []Stored {
	t.Helper()
	l := openT(t, path)
	pad := strings.Repeat("#", 2000)
	out := make([]Stored, 0, n)
	for i := range n {
		var e Entry
		if i%3 == 2 {
			e = result(t, "alice", out[i-1].ID, i)
		} else {
			e = decision(t, "alice", fmt.Sprintf("print(%d)\n%s", i, pad), true)
			if i%5 == 0 {
				e.Key = fmt.Sprintf("key-%d", i)
			}
		}
		out = append(out, appendT(t, l, e))
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkLookups looks up records spread over the log by seq, id, key and link.
func checkLookups(t *testing.T, r *Reader, recs []Stored) {
	t.Helper()
	n := len(recs)
	for _, i := range []int{0, 1, 2, n / 2, n/2 + 1, n - 3, n - 2, n - 1} {
		s := recs[i]
		for name, get := range map[string]func() (*Envelope, []byte, error){
			"seq": func() (*Envelope, []byte, error) { return r.BySeq(int64(i)) },
			"id":  func() (*Envelope, []byte, error) { return r.ByID(s.ID) },
			"ref": func() (*Envelope, []byte, error) { return r.Find(fmt.Sprint(i)) },
		} {
			e, line, err := get()
			if err != nil || e.ID != s.ID || e.Seq != s.Seq || e.Hash != s.Hash || !bytes.HasSuffix(line, []byte(s.Hash+`"}`)) {
				t.Fatalf("record %d by %s: %+v %v", i, name, e, err)
			}
		}
		if s.Kind == "decision" && i%5 == 0 {
			e, _, err := r.ByKey(fmt.Sprintf("key-%d", i))
			if err != nil || e.ID != s.ID {
				t.Fatalf("record %d by key: %+v %v", i, e, err)
			}
		}
		lines, err := r.Linked(context.Background(), s.ID)
		want := 1
		if s.Kind == "decision" && i+1 < n && recs[i+1].Kind == "result" {
			want = 2
		}
		if err != nil || len(lines) != want {
			t.Fatalf("Linked(record %d): %d lines, %v; want %d", i, len(lines), err, want)
		}
	}
	for _, bad := range []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-an-id", ""} {
		if _, _, err := r.ByID(bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("ByID(%q): %v, want ErrNotFound", bad, err)
		}
	}
	if _, _, err := r.BySeq(int64(n)); !errors.Is(err, ErrNotFound) {
		t.Errorf("BySeq past the end: %v, want ErrNotFound", err)
	}
	if lines, err := r.Linked(context.Background(), "01ARZ3NDEKTSV4RRFFQ69G5FAV"); err != nil || lines != nil {
		t.Errorf("Linked of an absent id: %d lines, %v", len(lines), err)
	}
}

// TestIndexLookups: lookups on a log far larger than any buffer agree with the log, from the index
// and, once the index is gone, from the log alone.
func TestIndexLookups(t *testing.T) {
	path := tempLog(t)
	recs := bigLog(t, path, 900)
	if fi, err := os.Stat(path); err != nil || fi.Size() < 16*(64<<10) {
		t.Fatalf("log too small for the test: %d bytes, %v", fi.Size(), err)
	}
	r := readerT(t, path)
	if !r.Indexed() {
		t.Fatal("a log written by Append has no index")
	}
	checkLookups(t, r, recs)
	verifyT(t, path)

	removeIndex(t, path)
	r2 := readerT(t, path)
	if r2.Indexed() {
		t.Fatal("Indexed after the index was removed")
	}
	checkLookups(t, r2, recs)
	// A writer rebuilds it.
	openT(t, path).Close()
	r3 := readerT(t, path)
	if !r3.Indexed() {
		t.Fatal("Open did not rebuild the index")
	}
	checkLookups(t, r3, recs)
	verifyT(t, path)
}

// TestIndexDamage: whatever happens to the index files, a reader never returns a record other than
// the one asked for, a full verification names the damage, and the next writer rebuilds the index.
func TestIndexDamage(t *testing.T) {
	offP, treeP, keysP := indexPaths("X")
	damage := []struct {
		name string
		file string
		do   func(t *testing.T, p string)
	}{
		{"offsets garbled", offP, func(t *testing.T, p string) { scribble(t, p, offHdr+3*offEntry, 40) }},
		{"offsets truncated", offP, func(t *testing.T, p string) { os.Truncate(p, offHdr+10*offEntry+3) }},
		{"tree garbled", treeP, func(t *testing.T, p string) { scribble(t, p, treeHdr+64, 64) }},
		{"tree removed", treeP, func(t *testing.T, p string) { os.Remove(p) }},
		{"keys garbled", keysP, func(t *testing.T, p string) { scribble(t, p, keysHdr, minSlots*slotSize) }},
		{"keys header garbled", keysP, func(t *testing.T, p string) { scribble(t, p, 8, 40) }},
		{"keys emptied", keysP, func(t *testing.T, p string) { os.Truncate(p, 0) }},
	}
	for _, d := range damage {
		t.Run(d.name, func(t *testing.T) {
			path := tempLog(t)
			recs := bigLog(t, path, 60)
			d.do(t, strings.Replace(d.file, "X", path, 1))
			if rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema}); err != nil || rep.Index == nil {
				t.Fatalf("VerifyLog: %+v, %v; want the log intact and the index damaged", rep, err)
			}
			// Readers check the index's answers against the log and fall back on it: the right
			// record, or (when the table lost a key) none, never another.
			r := readerT(t, path)
			for i, s := range recs {
				e, _, err := r.ByID(s.ID)
				if err == nil && (e.ID != s.ID || e.Seq != int64(i)) {
					t.Fatalf("ByID(%s) returned record %d %s", s.ID, e.Seq, e.ID)
				}
				if err != nil && !errors.Is(err, ErrNotFound) {
					t.Fatalf("ByID(%s): %v", s.ID, err)
				}
				if e, _, err := r.BySeq(int64(i)); err != nil || e.ID != s.ID {
					t.Fatalf("BySeq(%d) = %+v, %v; want %s", i, e, err, s.ID)
				}
			}
			if !strings.HasPrefix(d.name, "keys garbled") {
				checkLookups(t, r, recs)
			}
			// A writer that meets the damage rebuilds the index; reindex always does.
			if n, err := Reindex(path); err != nil || n != int64(len(recs)) {
				t.Fatalf("Reindex: %d, %v", n, err)
			}
			checkLookups(t, readerT(t, path), recs)
			verifyT(t, path)
		})
	}
	// The full verification reports damage it finds in the index, and the log is still intact.
	path := tempLog(t)
	bigLog(t, path, 30)
	_, treeFile, _ := indexPaths(path)
	scribble(t, treeFile, treeHdr+32, 32)
	rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema})
	if err != nil || rep.Index == nil {
		t.Fatalf("VerifyLog of a log with a damaged index: %+v, %v; want intact with an index problem", rep, err)
	}
	if n, err := Reindex(path); err != nil || n != 30 {
		t.Fatalf("Reindex: %d, %v", n, err)
	}
	verifyT(t, path)
}

func scribble(t *testing.T, path string, off, n int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := bytes.Repeat([]byte{0xa5}, int(n))
	if _, err := f.WriteAt(b, off); err != nil {
		t.Fatal(err)
	}
}

// TestIndexBehindLog: records a crashed writer made durable but did not index are found by readers
// from the log, and indexed by the next writer.
func TestIndexBehindLog(t *testing.T) {
	path := tempLog(t)
	recs := bigLog(t, path, 30)
	prev := recs[len(recs)-1].Hash
	var extra []string
	for i := range 5 {
		e := decision(t, "bob", fmt.Sprint(i), false)
		e.Time = time.Now()
		id := newID(e.Time)
		line, h, err := EncodeLine(e, id, int64(30+i), prev)
		if err != nil {
			t.Fatal(err)
		}
		appendRaw(t, path, line)
		prev = fmt.Sprintf("%x", h[:])
		extra = append(extra, id)
	}
	r := readerT(t, path)
	for i, id := range extra {
		if e, _, err := r.ByID(id); err != nil || e.Seq != int64(30+i) {
			t.Fatalf("unindexed record %d: %+v %v", i, e, err)
		}
	}
	if n, err := r.Len(); err != nil || n != 35 {
		t.Fatalf("Len = %d, %v", n, err)
	}
	l := openT(t, path)
	if l.idxN != 35 || l.idxErr != nil {
		t.Fatalf("writer's index covers %d (%v), want 35", l.idxN, l.idxErr)
	}
	next := appendT(t, l, decision(t, "bob", "x", false))
	l.Close()
	if e, _, err := readerT(t, path).ByID(next.ID); err != nil || e.Seq != 35 {
		t.Fatalf("record after catching up: %+v %v", e, err)
	}
	verifyT(t, path)
}

// TestIndexAfterReboot: after a reboot only the part of the index made durable before is trusted;
// the rest is read again from the log.
func TestIndexAfterReboot(t *testing.T) {
	path := tempLog(t)
	recs := bigLog(t, path, 40)
	_, _, keysP := indexPaths(path)
	// Pretend the index was written in another boot and made durable at 10 records, and that the
	// power loss kept garbage in the offsets of the rest.
	x, err := openIndex(path, true)
	if err != nil {
		t.Fatal(err)
	}
	x.hdr.synced, x.hdr.boot = 10, [16]byte{1, 2, 3}
	if err := x.writeHeader(); err != nil {
		t.Fatal(err)
	}
	x.close()
	offP, _, _ := indexPaths(path)
	scribble(t, offP, offHdr+20*offEntry, 5*offEntry)
	r := readerT(t, path)
	checkLookups(t, r, recs)
	openT(t, path).Close()
	x, err = openIndex(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer x.close()
	if x.hdr.boot != thisBoot() || x.hdr.n != 40 {
		t.Fatalf("after the writer: header %+v of %s", x.hdr, keysP)
	}
	verifyT(t, path)
}

// TestIndexGrowsUnderReaders: the keys table is replaced by a larger one while a reader holds the old
// one open; the reader notices and finds the new records.
func TestIndexGrowsUnderReaders(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	first := appendT(t, l, decision(t, "a", "x", false))
	r := readerT(t, path)
	if _, _, err := r.ByID(first.ID); err != nil {
		t.Fatal(err)
	}
	var ids []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 200 {
				s, err := l.Append(context.Background(), decision(t, "a", fmt.Sprint(w, i), false))
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				ids = append(ids, s.ID)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if l.idx.hdr.slots <= minSlots {
		t.Fatalf("the table did not grow: %d slots", l.idx.hdr.slots)
	}
	for _, id := range append(ids, first.ID) {
		if e, _, err := r.ByID(id); err != nil || e.ID != id {
			t.Fatalf("ByID(%s) after the table grew: %+v %v", id, e, err)
		}
	}
	l.Close()
	verifyT(t, path)
}

// TestLinesFrom: Lines starts at any seq and stops at the records complete when it began.
func TestLinesFrom(t *testing.T) {
	path := tempLog(t)
	recs := bigLog(t, path, 20)
	r := readerT(t, path)
	var got []string
	if err := r.Lines(context.Background(), 13, func(e *Envelope, _ []byte) error { got = append(got, e.ID); return nil }); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, s := range recs[13:] {
		want = append(want, s.ID)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Lines from 13: %v, want %v", got, want)
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	big := tempLog(t)
	bigLog(t, big, 1100)
	if err := readerT(t, big).Lines(canceled, 0, func(*Envelope, []byte) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Lines with a canceled context: %v", err)
	}
}
