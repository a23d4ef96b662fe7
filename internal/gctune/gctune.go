// Package gctune sets the garbage collector for sbxgate's workload: many short analyses, each
// allocating a syntax tree that is garbage a millisecond later, over a small live heap. At Go's
// default (GOGC=100) the collector runs every few checks; every cycle also shrinks the goroutine
// stacks that the recursive-descent parser then grows again. A higher target trades a few tens of
// megabytes for that CPU, and a soft memory limit keeps a large input from turning the higher
// target into a large heap.
//
// The operator's environment wins: GOGC or GOMEMLIMIT set in the environment are left as they are.
package gctune

import (
	"os"
	"runtime/debug"
)

const (
	// Percent is the GC target used when GOGC is unset: the heap may grow to five times the live
	// data between collections.
	Percent = 400
	// MemoryLimit is the soft limit used when GOMEMLIMIT is unset: near it the collector runs as
	// often as it must, whatever Percent says.
	MemoryLimit = 1 << 30
)

// Apply sets Percent and MemoryLimit where the environment does not say otherwise, and returns a
// function that puts back what was there before (for tests and benchmarks that apply it in process).
func Apply() (restore func()) {
	oldPercent, oldLimit := -2, int64(-1)
	if _, set := os.LookupEnv("GOGC"); !set {
		oldPercent = debug.SetGCPercent(Percent)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		oldLimit = debug.SetMemoryLimit(MemoryLimit)
	}
	return func() {
		if oldPercent != -2 {
			debug.SetGCPercent(oldPercent)
		}
		if oldLimit >= 0 {
			debug.SetMemoryLimit(oldLimit)
		}
	}
}

// LimitMemory sets the soft memory limit to n bytes unless GOMEMLIMIT is set in the environment,
// and reports whether it did. A server whose admission limits bound its live heap uses it to bound
// the garbage too.
func LimitMemory(n int64) bool {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return false
	}
	debug.SetMemoryLimit(n)
	return true
}
