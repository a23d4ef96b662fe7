package audit

import (
	"os"
	"syscall"
)

// syncData makes written data durable. fdatasync is enough for an append: it also flushes the size.
func syncData(f *os.File) error {
	for {
		err := syscall.Fdatasync(int(f.Fd()))
		if err != syscall.EINTR {
			if err != nil {
				return &os.PathError{Op: "fdatasync", Path: f.Name(), Err: err}
			}
			return nil
		}
	}
}
