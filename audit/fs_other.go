//go:build !linux

package audit

import "os"

// syncData makes written data durable.
func syncData(f *os.File) error { return f.Sync() }

const noatime = 0
