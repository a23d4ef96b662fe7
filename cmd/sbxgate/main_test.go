package main

import (
	"context"
	"os"
	"testing"
)

// The test binary stands in for sbxgate where a command starts the binary again: serve's analysis
// workers run /proc/self/exe analyze-worker.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == analyzeWorkerCommand {
		os.Exit(dispatch(context.Background(), &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:]))
	}
	os.Exit(m.Run())
}
