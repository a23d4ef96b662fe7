package audit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestLinked: a lookup by id returns the record and the results that link to it, in log order; a
// record that merely mentions the id (in its code or labels) is read but not returned; a torn last line
// is skipped; Find by id and by seq agree with it.
func TestLinked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "audit.log")
	l := openT(t, path)
	d1, err := l.Append(ctx, decisionRecord("alice", "print(1)\n", true))
	if err != nil {
		t.Fatal(err)
	}
	// A second decision whose code and labels hold d1's id: they mention it, they do not link to it.
	mention := decisionRecord("bob", fmt.Sprintf("# %q\n", d1.ID), true)
	mention.Request.Labels = map[string]string{"ticket": d1.ID}
	d2, err := l.Append(ctx, mention)
	if err != nil {
		t.Fatal(err)
	}
	r1, err := l.Append(ctx, Record{Kind: KindResult, Principal: "alice", DecisionID: d1.ID})
	if err != nil {
		t.Fatal(err)
	}
	r2, err := l.Append(ctx, Record{Kind: KindResult, Principal: "bob", DecisionID: d2.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	// A crashed writer's torn line that links to d1: never acknowledged, so never a record.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, `{"seq":4,"prev":"%s","id":"X","kind":"result","decision_id":"%s"`, r2.Hash, d1.ID)
	f.Close()

	ids := func(recs []Record) []string {
		var out []string
		for _, r := range recs {
			out = append(out, r.ID)
		}
		return out
	}
	for _, tc := range []struct {
		id   string
		want []string
	}{
		{d1.ID, []string{d1.ID, r1.ID}},
		{d2.ID, []string{d2.ID, r2.ID}},
		{r1.ID, []string{r1.ID}},
		{"01ARZ3NDEKTSV4RRFFQ69G5FAV", nil},
		{"not.an-id", nil}, // a character an id never has: every line is decoded, nothing matches
	} {
		got, err := Linked(ctx, path, tc.id)
		if err != nil {
			t.Fatalf("Linked(%s): %v", tc.id, err)
		}
		if !slices.Equal(ids(got), tc.want) {
			t.Errorf("Linked(%s) = %v, want %v", tc.id, ids(got), tc.want)
		}
	}

	for _, key := range []string{d2.ID, "1"} {
		rec, line, err := Find(path, key)
		if err != nil || rec.ID != d2.ID || len(line) == 0 {
			t.Errorf("Find(%s) = %v, %d bytes, %v; want record %s", key, rec, len(line), err, d2.ID)
		}
	}
	if _, _, err := Find(path, "01ARZ3NDEKTSV4RRFFQ69G5FAV"); err == nil {
		t.Error("Find of an absent id: want an error")
	}

	canceled, cancel := context.WithCancel(ctx)
	cancel()
	big := filepath.Join(t.TempDir(), "big.log")
	writeLog(t, big, 3000)
	if _, err := Linked(canceled, big, d1.ID); !errors.Is(err, context.Canceled) {
		t.Errorf("Linked with a canceled context over 3,000 records: %v, want context.Canceled", err)
	}
}

// writeLog writes a valid log of n decision records straight through the line encoder (no fsync per
// record), for tests and benchmarks that need a long log quickly.
func writeLog(tb testing.TB, path string, n int) []string {
	tb.Helper()
	rec := decisionRecord("alice", "import json\nprint(json.dumps({'a': 1}))\n", true)
	var buf []byte
	prev := zeroHash
	ids := make([]string, n)
	for i := range n {
		r := rec
		r.Time = time.Now().UTC()
		r.ID = newID(r.Time)
		ids[i] = r.ID
		body, err := encodeBody(&r)
		if err != nil {
			tb.Fatal(err)
		}
		var h [32]byte
		buf, h = appendLine(buf, body, int64(i), prev)
		prev = fmt.Sprintf("%x", h[:])
	}
	if err := os.WriteFile(path, buf, 0o600); err != nil {
		tb.Fatal(err)
	}
	return ids
}

// BenchmarkLookup: finding a record and its results by id in a 20,000-record log, by a byte search
// with decoding of the matching lines only (Linked), beside decoding every record (Scan), as the server
// did before; same log, same run. Metric "ratio": how many times faster Linked is.
func BenchmarkLookup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "audit.log")
	ids := writeLog(b, path, 20000)
	id := ids[len(ids)/2]
	ctx := context.Background()
	var linked, scan float64
	for b.Loop() {
		t0 := time.Now()
		recs, err := Linked(ctx, path, id)
		if err != nil || len(recs) != 1 {
			b.Fatalf("Linked: %d records, %v", len(recs), err)
		}
		t1 := time.Now()
		n := 0
		if err := Scan(path, func(r Record) error {
			if r.ID == id || r.DecisionID == id {
				n++
			}
			return nil
		}); err != nil || n != 1 {
			b.Fatalf("Scan: %d records, %v", n, err)
		}
		linked += float64(t1.Sub(t0))
		scan += float64(time.Since(t1))
	}
	b.ReportMetric(linked/float64(b.N)/1e6, "linked-ms")
	b.ReportMetric(scan/float64(b.N)/1e6, "scan-ms")
	b.ReportMetric(scan/linked, "ratio")
	if fi, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(fi.Size())/1e6, "log-MB")
	}
	b.ReportMetric(0, "ns/op")
}
