package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline"
)

// TestRunResultNotLogged: on a disk with room for the decision but not for the result, `sbxgate run`
// prints the program's output, exits with its status, and says the result is not in the log.
func TestRunResultNotLogged(t *testing.T) {
	testenv.RequireImage(t, config.Default().Runner.Image)
	dir := testenv.SmallDisk(t, "1m")
	filler := testenv.Fill(t, dir)
	fi, err := os.Stat(filler)
	if err != nil {
		t.Fatal(err)
	}
	// Leave room for the decision and its index, not for 200 KB of output.
	if err := os.Truncate(filler, fi.Size()-96<<10); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "audit.jsonl")
	code, stdout, stderr := runCmd(context.Background(), "print('x' * 200000)\n", "run", "--audit", log, "--format", "json", "-")
	var doc pipeline.RunDocument
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("exit %d, stdout %.200q: %v; stderr %q", code, stdout, err, stderr)
	}
	if code != 0 || doc.Result == nil || len(doc.Result.Stdout) != 200001 || doc.ResultLogged == nil || *doc.ResultLogged || doc.Error != "" ||
		!strings.Contains(doc.Warning, "could not be written to the audit log") || !strings.Contains(stderr, "run: warning: the code ran, but") {
		t.Fatalf("exit %d, result %v, logged %v, error %q, warning %q, stderr %q", code, doc.Result != nil, doc.ResultLogged, doc.Error, doc.Warning, stderr)
	}
}
