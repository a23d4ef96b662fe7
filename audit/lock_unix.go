//go:build unix

package audit

import (
	"os"
	"syscall"
)

// flock takes an advisory lock on f, waiting for it. Locks are per open file description, so two Logs
// in one process exclude each other as two processes do; the kernel drops the lock if the holder dies.
func flock(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if err != syscall.EINTR {
			if err != nil {
				return &os.PathError{Op: "flock", Path: f.Name(), Err: err}
			}
			return nil
		}
	}
}

func funlock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
