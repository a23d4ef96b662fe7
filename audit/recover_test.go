package audit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/internal/testenv"
)

// waitReady waits for the log to take writes again by itself, failing the test after a generous
// bound (it is not a timing assertion: recovery needs only the retry loop's next round).
func waitReady(t *testing.T, l *Log) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for l.Ready() != nil {
		if time.Now().After(deadline) {
			t.Fatalf("the log did not recover: %v", l.Ready())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestRecoversFromFullDisk: a disk that fills makes appends fail and the log not ready; once space
// is freed the log takes writes again by itself, writes what was deferred, and holds nothing of the
// failed appends.
func TestRecoversFromFullDisk(t *testing.T) {
	dir := testenv.SmallDisk(t, "1m")
	path := filepath.Join(dir, "audit.log")
	l := openT(t, path)
	d := decision(t, "a", "x", true)
	d.Open = true
	dec := appendT(t, l, d)
	filler := testenv.Fill(t, dir)

	big := decision(t, "a", strings.Repeat("#", 256<<10), false)
	if _, err := l.Append(context.Background(), big); err == nil {
		t.Fatal("Append on a full disk succeeded")
	}
	if err := l.Ready(); err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("Ready on a full disk: %v", err)
	}
	// What must not be lost with the failed write waits for the log to take writes.
	if err := l.Defer(lostEntry(t, dec.ID)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	waitReady(t, l)
	after := appendT(t, l, decision(t, "a", "z", false))
	l.Close()
	envs := envelopes(t, path)
	var kinds []string
	for _, e := range envs {
		kinds = append(kinds, e.Kind)
	}
	if got := strings.Join(kinds, ","); got != "decision,result_lost,decision" {
		t.Fatalf("records %s, want the first decision, the deferred result_lost and the last decision", got)
	}
	if envs[1].Link != dec.ID || envs[2].ID != after.ID {
		t.Fatalf("records %+v", envs)
	}
	verifyT(t, path)
}

// TestRecoversFromImmutableFile: a log file made immutable for a moment (chattr +i) fails writes,
// and the log recovers by itself once it is writable again.
func TestRecoversFromImmutableFile(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	appendT(t, l, decision(t, "a", "x", false))
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
	if _, err := l.Append(context.Background(), decision(t, "a", "y", false)); err == nil {
		t.Fatal("Append to an immutable file succeeded")
	}
	if l.Ready() == nil {
		t.Fatal("Ready after a failed write")
	}
	if out, err := exec.Command("chattr", "-i", path).CombinedOutput(); err != nil {
		t.Fatalf("chattr -i: %v: %s", err, out)
	}
	waitReady(t, l)
	r := appendT(t, l, decision(t, "a", "z", false))
	if r.Seq != 1 {
		t.Fatalf("first record after recovery has seq %d, want 1", r.Seq)
	}
	l.Close()
	verifyT(t, path)
}

// TestCloseWritesDeferred: what was deferred is written at Close if the log takes writes by then,
// so that a short-lived process (sbxgate run) does not leave it to the next start-up.
func TestCloseWritesDeferred(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	d := decision(t, "a", "x", true)
	d.Open = true
	dec := appendT(t, l, d)
	if err := l.Defer(lostEntry(t, dec.ID)); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	envs := envelopes(t, path)
	if len(envs) != 2 || envs[1].Kind != "result_lost" || envs[1].Link != dec.ID {
		t.Fatalf("records %+v, want the decision and its result_lost", envs)
	}
	if err := l.Defer(lostEntry(t, dec.ID)); err != ErrClosed {
		t.Fatalf("Defer after Close: %v", err)
	}
}

// A log moved away under a writer (an operator's rotation) must not keep that writer's records in
// the moved file while another process writes a second chain at the log's name: two records with
// one key, each unique in its own file, would let an idempotent run run twice. The writer's next
// append fails, and it goes on at the log's name, where the other process's key is seen.
func TestLogMovedUnderAWriter(t *testing.T) {
	path := tempLog(t)
	a := openT(t, path)
	appendT(t, a, decision(t, "p", "print(1)", true))
	if _, err := a.Keyed(context.Background(), "k0"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("lookup of a key never used: %v", err) // opens the shared reader on the file
	}
	moved := path + ".1"
	if err := os.Rename(path, moved); err != nil {
		t.Fatal(err)
	}
	b := openT(t, path) // another process, after the rotation
	appendT(t, b, Entry{Kind: "decision", Key: "k1", Body: []byte(`{}`)})
	ctx := context.Background()
	if _, err := a.Append(ctx, Entry{Kind: "decision", Key: "k1", Body: []byte(`{}`)}); err == nil || errors.Is(err, ErrDuplicateKey) {
		t.Fatalf("append to a moved log: %v, want a failure naming the move", err)
	} else if !strings.Contains(err.Error(), "no longer the file") {
		t.Errorf("append to a moved log: %v", err)
	}
	if a.Ready() == nil {
		t.Error("a log whose file was moved away says it is ready")
	}
	var err error
	for range 100 {
		if _, err = a.Append(ctx, Entry{Kind: "decision", Key: "k1", Body: []byte(`{}`)}); errors.Is(err, ErrDuplicateKey) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !errors.Is(err, ErrDuplicateKey) {
		t.Fatalf("after the move, a second record with key k1: %v, want ErrDuplicateKey", err)
	}
	if lines, err := a.Keyed(ctx, "k1"); err != nil || len(lines) != 1 {
		t.Errorf("after the move, the writer's lookup of key k1: %d lines, %v; want the other process's record", len(lines), err)
	}
	s := appendT(t, a, decision(t, "p", "print(2)", true))
	if s.Seq != 1 {
		t.Errorf("the writer went on at seq %d, want 1 (after the other process's record in the file at the name)", s.Seq)
	}
	if b, err := os.ReadFile(moved); err != nil || bytes.Count(b, []byte("\n")) != 1 {
		t.Errorf("the moved file holds %d lines (%v), want only the record written before the move", bytes.Count(b, []byte("\n")), err)
	}
}
