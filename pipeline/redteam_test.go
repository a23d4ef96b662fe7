package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// TestRunWithoutRunnerClosesDecision (red team): a pipeline without a runner (serve or mcp
// --check-only) logged an allowed run's decision and nothing after it. The log then showed an
// allowed run with no outcome, and a retry with its idempotency key was "still in progress"
// forever, also after a restart with a runner: the key could never be answered. The decision must
// be followed by a result that records the failure, as for any run the runner could not do.
func TestRunWithoutRunnerClosesDecision(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "audit.jsonl")
	b, err := New(context.Background(), config.Default(), Options{AuditPath: logPath})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	s := sub("print(1)\n")
	s.IdempotencyKey = "k-check-only"
	out, err := b.Run(ctx, s)
	if !errors.Is(err, ErrNoRunner) || !out.Decision.Allow || out.Result != nil {
		t.Fatalf("run without a runner: %+v %v, want an allowed decision and ErrNoRunner", out, err)
	}
	again, err := b.Run(ctx, s)
	if errors.Is(err, ErrRunInProgress) || err == nil || !strings.Contains(err.Error(), "no runner") || !again.Replayed {
		t.Fatalf("retry: %+v %v; want the recorded failure, replayed", again, err)
	}
	b.Close()
	recs := records(t, logPath)
	if len(recs) != 2 || recs[1].Kind != record.KindResult || recs[1].DecisionID != out.AuditID || !strings.Contains(recs[1].Error, "no runner") {
		t.Fatalf("records %+v, want the decision and a result with the runner's error", recs)
	}
	if _, err := audit.VerifyLog(logPath, audit.VerifyOptions{Schema: record.Schema}); err != nil {
		t.Fatal(err)
	}
}
