package mcpserver

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/pipeline/record"
)

// TestRunPythonIdempotencyKey: a retry with the same idempotency_key gets the recorded outcome and
// says nothing ran; the key with other code is an error the agent can act on.
func TestRunPythonIdempotencyKey(t *testing.T) {
	s := connect(t, false)
	args := map[string]any{"code": deniedCode, "idempotency_key": "task-42"}
	res, _ := s.call(t, "run_python", args)
	first := structured[RunOutput](t, res)
	if res.IsError || first.Allowed || first.Replayed {
		t.Fatalf("first call: %+v", first)
	}
	res, text := s.call(t, "run_python", args)
	again := structured[RunOutput](t, res)
	if res.IsError || !again.Replayed || again.AuditID != first.AuditID || !strings.Contains(text, "nothing ran now") {
		t.Fatalf("retry: %+v %q", again, text)
	}
	res, text = s.call(t, "run_python", map[string]any{"code": "print(1)\n", "idempotency_key": "task-42"})
	if !res.IsError || !strings.Contains(text, "use a new key for new code") {
		t.Fatalf("other code under the key: error %v %q", res.IsError, text)
	}
	recs := s.records(t)
	if len(recs) != 1 || recs[0].Kind != record.KindDecision || recs[0].IdempotencyKey != "task-42" {
		t.Fatalf("records %+v, want the one keyed decision", recs)
	}
}
