package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// TestMessageOneReading (red team, round 8): the tools' arguments are refused when they name a
// member twice (TestToolArgumentsOneReading), but the rest of the message was read by the SDK,
// which keeps the last copy: `"params": {"name": "check_python", "name": "run_python", ...}` ran
// the code where a client or proxy that reads the first copy (one that lets read-only tools
// through, as the check is annotated) saw a check; "arguments" twice swapped the code the same
// way; and so did "name" beside "Name", which the SDK reads as two members and encoding/json (a
// proxy's, say) as one, keeping the last. Over the transport sbxgate mcp speaks (newline-delimited JSON on its standard input and
// output), such a message now ends the session before the SDK reads it; nothing is decided or
// logged.
func TestMessageOneReading(t *testing.T) {
	big := strings.Repeat(`# padding\n`, 90_000) // 0.9 MB: a message as large as a program may be
	for name, call := range map[string]string{
		// Answered as before: an ordinary call, however large, and a call whose arguments name a
		// member twice, which oneReading refuses with an error naming it.
		"ordinary":                `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "check_python", "arguments": {"code": "print(1)\n` + big + `"}}}`,
		"code twice in arguments": `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "check_python", "arguments": {"code": "print(1)\n", "code": "print(2)\n"}}}`,

		"name twice":            `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "check_python", "arguments": {"code": "print(1)\n"}, "name": "run_python"}}`,
		"arguments twice":       `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "check_python", "arguments": {"code": "print(1)\n"}, "arguments": {"code": "import os\nos.system('id')\n"}}}`,
		"name in two casings":   `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "run_python", "arguments": {"code": "print(1)\n"}, "Name": "check_python"}}`,
		"method in two casings": `{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"name": "run_python", "arguments": {"code": "print(1)\n"}}, "Method": "tools/call"}`,
		"method twice":          `{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"name": "run_python", "arguments": {"code": "print(1)\n"}}, "method": "tools/call"}`,
	} {
		t.Run(name, func(t *testing.T) {
			s := connect(t, false)
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() { done <- s.srv.Run(context.Background(), NewTransport(inR, outW)); outW.Close() }()
			lines := bufio.NewScanner(outR)
			lines.Buffer(nil, 1<<20)
			answer := func() (map[string]any, bool) {
				if !lines.Scan() {
					t.Logf("answers end: %v", lines.Err())
					return nil, false
				}
				var m map[string]any
				if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
					t.Fatalf("answer: %v: %s", err, lines.Bytes())
				}
				return m, true
			}
			send := func(msg string) {
				if _, err := io.WriteString(inW, msg+"\n"); err != nil {
					t.Logf("send: %v", err)
				}
			}
			send(`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}`)
			if m, ok := answer(); !ok || m["result"] == nil {
				t.Fatalf("initialize: %v", m)
			}
			send(`{"jsonrpc": "2.0", "method": "notifications/initialized"}`)
			go send(call)
			got := make(chan map[string]any, 1)
			go func() {
				m, _ := answer()
				got <- m
			}()
			select {
			case m := <-got:
				b, _ := json.Marshal(m)
				switch name {
				case "ordinary":
					if m == nil || m["result"] == nil || strings.Contains(string(b), `"isError":true`) {
						t.Errorf("an ordinary call: %.300s", b)
					}
				case "code twice in arguments":
					if m == nil || !strings.Contains(string(b), `"isError":true`) || !strings.Contains(string(b), "once") {
						t.Errorf("arguments naming code twice: %.300s, want the tool's error naming it", b)
					}
				default:
					if m != nil && m["error"] == nil {
						t.Errorf("a message naming a member twice was answered: %s", b)
					}
				}
			case <-time.After(20 * time.Second):
				t.Fatal("no answer and the session did not end")
			}
			inW.Close()
			select {
			case err := <-done:
				t.Logf("session: %v", err)
			case <-time.After(20 * time.Second):
				t.Fatal("the session did not end")
			}
			if recs := s.records(t); len(recs) != map[string]int{"ordinary": 1}[name] {
				t.Errorf("%d records for a refused message (first: %s %s), want none", len(recs), recs[0].Kind, recs[0].Source)
			}
		})
	}
}

// TestOneReadingStream: the checking reader passes a stream of messages on one a line, whatever
// whitespace separates them, and stops at a message longer than the SDK's frame bound.
func TestOneReadingStream(t *testing.T) {
	in := "{\"a\": 1}\n  {\"b\": [1, {\"c\": \"x\"}, {\"c\": \"y\"}]}\r\n{\"params\": {\"arguments\": {\"x\": 1, \"x\": 2}}}\n"
	got, err := io.ReadAll(newOneReading(iotest.OneByteReader(strings.NewReader(in))))
	if err != nil || string(got) != "{\"a\": 1}\n{\"b\": [1, {\"c\": \"x\"}, {\"c\": \"y\"}]}\n{\"params\": {\"arguments\": {\"x\": 1, \"x\": 2}}}\n" {
		t.Errorf("stream: %q, %v", got, err)
	}
	long := `{"a": "` + strings.Repeat("x", maxMessage+128<<10) + `"}`
	if _, err := io.ReadAll(newOneReading(strings.NewReader(long))); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("a message over the bound: %v", err)
	}
	if _, err := io.ReadAll(newOneReading(strings.NewReader(`{"a": {"k": 1, "\u212a": 2}}`))); err == nil {
		t.Error("k and the Kelvin sign, which encoding/json matches as one name, passed")
	}
}
