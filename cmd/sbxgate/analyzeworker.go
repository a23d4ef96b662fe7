package main

import (
	"context"

	"github.com/sbxgate/sbxgate/internal/analyzeproc"
	"github.com/sbxgate/sbxgate/server"
)

// analyzeWorkerCommand is the hidden command serve starts its analysis workers with.
const analyzeWorkerCommand = "analyze-worker"

func init() {
	register(command{Name: analyzeWorkerCommand, Hidden: true, Run: cmdAnalyzeWorker})
}

// cmdAnalyzeWorker analyzes programs for a parent sbxgate serve, over standard input and output
// (internal/analyzeproc): a protocol between two copies of the same binary, not for people.
func cmdAnalyzeWorker(ctx context.Context, e *Env, args []string) int {
	if len(args) > 0 {
		e.Errorf("%s: started by sbxgate serve, with no arguments", analyzeWorkerCommand)
		return 2
	}
	if err := analyzeproc.Serve(ctx, e.Stdin, e.Stdout, server.WorkerDecoder); err != nil {
		e.Errorf("%v", err)
		return 1
	}
	return 0
}
