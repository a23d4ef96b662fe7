package testenv

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// SmallDisk mounts a tmpfs of the given size ("1m") for the test and returns its directory: a real
// disk that a test can fill. It skips the test where mounting is not allowed (not root).
func SmallDisk(t testing.TB, size string) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (needs root): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// Fill writes a file in dir until the disk is full and returns its name; removing it frees the
// space again.
func Fill(t testing.TB, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "filler")
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
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
			// A last partial page may still fit a small write: take it too.
			for _, n := range []int{2048, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2, 1} {
				f.Write(buf[:n])
			}
			return name
		}
	}
}
