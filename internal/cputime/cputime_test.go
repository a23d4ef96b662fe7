package cputime

import "testing"

func TestProcessGrowsWithWork(t *testing.T) {
	before := Process()
	if before <= 0 {
		t.Fatalf("Process() = %v before any work: the process has run, so it must be positive", before)
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if after := Process(); after <= before {
		t.Fatalf("Process() went from %v to %v across a busy loop (%d)", before, after, x)
	}
}
