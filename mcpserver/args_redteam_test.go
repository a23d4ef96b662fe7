package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sbxgate/sbxgate/pipeline"
)

// TestToolArgumentsOneReading (red team): tool arguments that say two things were accepted. With
// "code" twice the SDK kept the last copy, so a client that shows the user (or checks) the first
// copy approves other code than the gate decides and runs; invalid UTF-8 in the code became U+FFFD,
// so the gate decided other bytes than were sent. The HTTP API refuses both; the tools must too,
// and refuse before anything is decided or logged.
func TestToolArgumentsOneReading(t *testing.T) {
	s := connect(t, false)
	for name, raw := range map[string]string{
		"code twice":            `{"code": "import os\nos.system('id')\n", "code": "print(1)\n"}`,
		"path twice":            `{"code": "print(1)\n", "path": "a.py", "path": "b.py"}`,
		"file name twice":       `{"code": "print(1)\n", "files": [{"name": "a", "name": "b", "content": "x"}]}`,
		"invalid UTF-8 in code": "{\"code\": \"x = '\xff'\\n\"}",
	} {
		for _, tool := range []string{"check_python", "run_python"} {
			if tool == "check_python" && strings.Contains(name, "file") {
				continue
			}
			res, err := s.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(raw)})
			if err == nil && !res.IsError {
				t.Errorf("%s, %s: accepted", tool, name)
				continue
			}
			if err == nil {
				if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, "once") && !strings.Contains(text, "UTF-8") {
					t.Errorf("%s, %s: error %q does not say what is wrong", tool, name, text)
				}
			}
		}
	}
	if recs := s.records(t); len(recs) != 0 {
		t.Errorf("%d records for refused calls, want none", len(recs))
	}
}

// TestRunPythonBadIdempotencyKey (red team): a malformed idempotency_key was passed to the
// pipeline, which refused it before deciding; the tool then worded that as a gate failure ("could not
// record its decision in the audit log ... retry later", or without a log "the sandbox failed ...
// the program may have started"). The agent retried the same key forever, or believed code had
// started. A bad key is a wrong argument: say so, and that nothing ran.
func TestRunPythonBadIdempotencyKey(t *testing.T) {
	for _, noLog := range []bool{false, true} {
		su := setup{}
		if noLog {
			su.wrap = func(p *pipeline.Pipeline) { p.Log = nil }
		}
		s := connectWith(t, su)
		for _, key := range []string{"has space", strings.Repeat("k", 256), "ok-key"} {
			if key == "ok-key" && !noLog {
				continue
			}
			res, text := s.call(t, "run_python", map[string]any{"code": "print(1)\n", "idempotency_key": key})
			if !res.IsError || !strings.Contains(text, "idempotency_key") || strings.Contains(text, "may have started") || strings.Contains(text, "retry later") {
				t.Errorf("no log %v, key %.12q: error %v %q; want an argument error naming idempotency_key", noLog, key, res.IsError, text)
			}
		}
		s.close()
	}
}
