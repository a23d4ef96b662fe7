package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTornTailRepairedAtOpen: a torn last line is copied aside, cut, and recorded; never dropped
// silently and never taken as a record.
func TestTornTailRepairedAtOpen(t *testing.T) {
	tests := []struct {
		name  string
		whole int // complete records before the torn bytes
		torn  []byte
	}{
		{"half a record", 3, []byte(`{"seq":3,"prev":"0123`)},
		{"only torn bytes", 0, []byte(`{"seq":0,"pr`)},
		{"zeros from a lost write", 2, make([]byte, 4096)},
		{"a whole record without its newline", 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tempLog(t)
			l := openT(t, path)
			for range tt.whole {
				appendT(t, l, decision(t, "a", "x", false))
			}
			l.Close()
			torn := tt.torn
			if torn == nil {
				// Cut the last record's newline: its bytes are all there, but it was never finished.
				lines := readLines(t, path)
				last := lines[len(lines)-1]
				torn = last[:len(last)-1]
				writeLines(t, path, lines[:len(lines)-1])
				tt.whole--
			}
			before, _ := os.ReadFile(path)
			appendRaw(t, path, torn)

			l2 := openT(t, path)
			reps := l2.Repairs()
			if len(reps) != 1 {
				t.Fatalf("Open made %d repair records, want 1", len(reps))
			}
			rep := &reps[0].Repair
			sum := sha256.Sum256(torn)
			if rep.Offset != int64(len(before)) || rep.Bytes != int64(len(torn)) || rep.SHA256 != hex.EncodeToString(sum[:]) || reps[0].Seq != int64(tt.whole) {
				t.Errorf("repair record %+v seq %d; want offset %d, %d bytes, seq %d", rep, reps[0].Seq, len(before), len(torn), tt.whole)
			}
			saved, err := os.ReadFile(filepath.Join(filepath.Dir(path), rep.SavedAs))
			if err != nil || !bytes.Equal(saved, torn) {
				t.Errorf("set-aside file %s holds %q (%v), want the torn bytes", rep.SavedAs, saved, err)
			}
			r := appendT(t, l2, decision(t, "b", "y", false))
			if r.Seq != int64(tt.whole)+1 {
				t.Errorf("next record got seq %d, want %d", r.Seq, tt.whole+1)
			}
			l2.Close()
			if s := verifyT(t, path); s.Records != int64(tt.whole)+2 {
				t.Fatalf("after repair: %+v", s)
			}
		})
	}
}

// TestTornTailRepairedByRunningWriter: another process's crash leaves a torn line while this Log is
// open; the next append under the lock notices, sets it aside and records the repair.
func TestTornTailRepairedByRunningWriter(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	appendT(t, l, decision(t, "a", "x", false))
	other := openT(t, path)
	appendT(t, other, decision(t, "other", "y", false))
	other.Close()
	appendRaw(t, path, []byte(`{"seq":2,"prev":"`))
	r := appendT(t, l, decision(t, "a", "z", false))
	if r.Seq != 3 || len(l.Repairs()) != 1 || l.Repairs()[0].Seq != 2 {
		t.Fatalf("append after a foreign torn tail: seq %d, repairs %+v", r.Seq, l.Repairs())
	}
	l.Close()
	verifyT(t, path)
}

// TestDamagedTailRefused: a complete last line that is not a valid record is damage, not a crash:
// writers refuse to append after it and say how to find out more.
func TestDamagedTailRefused(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	appendT(t, l, decision(t, "a", "x", false))
	r := appendT(t, l, decision(t, "a", "y", false))
	lines := readLines(t, path)
	// Someone appends a copy of the last record with one field changed.
	appendRaw(t, path, bytes.Replace(lines[1], []byte(`"seq":1,`), []byte(`"seq":2,`), 1))
	if _, err := l.Append(t.Context(), decision(t, "a", "z", false)); err == nil || !strings.Contains(err.Error(), "audit verify") {
		t.Fatalf("append after a damaged record: %v", err)
	}
	l.Close()
	_, err := Open(path)
	if err == nil || !strings.Contains(err.Error(), "audit verify") || strings.HasPrefix(err.Error(), "audit:") {
		t.Fatalf("Open of a log with a damaged last record: %v", err)
	}
	// Rewriting the last record in place (same size) is also refused at Open, which checks it whole.
	lines[1] = bytes.Replace(lines[1], []byte(`"a"`), []byte(`"b"`), 1)
	writeLines(t, path, lines)
	if _, err := Open(path); err == nil {
		t.Fatalf("Open accepted a rewritten last record (%s)", r.ID)
	}
}

// TestReadersSkipTornTail: Lines delivers the complete records of a log with a torn tail, then says
// so with ErrTorn; lookups answer from the complete records; VerifyLog names the line.
func TestReadersSkipTornTail(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	var last Stored
	for i := range 3 {
		last = appendT(t, l, decision(t, "a", fmt.Sprint(i), false))
	}
	l.Close()
	appendRaw(t, path, []byte(`{"seq":3,`))
	r := readerT(t, path)
	n := 0
	if err := r.Lines(context.Background(), 0, func(*Envelope, []byte) error { n++; return nil }); !errors.Is(err, ErrTorn) || n != 3 {
		t.Errorf("Lines: %d records, %v", n, err)
	}
	if e, _, err := r.ByID(last.ID); err != nil || e.Seq != 2 {
		t.Errorf("ByID of the last complete record: %+v %v", e, err)
	}
	_, err := VerifyLog(path, VerifyOptions{})
	wantBroken(t, "torn", err, 3)
}
