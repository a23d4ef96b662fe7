// Package cputime reads the CPU time the process has used, for benchmarks: on a shared machine CPU
// per operation is steadier than wall time.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the process's user and system CPU time so far, or 0 where it cannot be read.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
