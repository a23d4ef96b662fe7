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

// noatime keeps reads of the log's tail from dirtying its inode: with relatime, the first read after
// each write would update atime, and every fsync would carry that too.
const noatime = syscall.O_NOATIME
