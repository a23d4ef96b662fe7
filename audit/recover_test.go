package audit

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// smallDisk mounts a tmpfs of size bytes (root only) and returns its directory.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (needs root): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// fill writes a file until the disk is full and returns its name.
func fill(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "filler")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return name
		}
	}
}

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
	dir := smallDisk(t, "1m")
	path := filepath.Join(dir, "audit.log")
	l := openT(t, path)
	d := decision(t, "a", "x", true)
	d.Open = true
	dec := appendT(t, l, d)
	filler := fill(t, dir)

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
