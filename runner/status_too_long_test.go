package runner

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// statusTooLong writes 15 lines of the capability it is about to be refused for to its report
// channel (the descriptor the hook writes to: the pipe above 2), each with an event and a detail
// of 300 characters outside the BMP: under 4096 bytes as UTF-8, so process 1 keeps them, and 300
// characters, so it does not cut them; process 1 writes its status line with json.dumps' default
// ASCII escapes, 12 bytes a character: 15 x 7.2 kB. Then standard error up to just under the
// tier's output_bytes, then the refused socket (findings/23).
const statusTooLong = `import os, sys, json, _socket
fd = [int(n) for n in os.listdir("/proc/self/fd") if int(n) > 2 and os.path.exists("/proc/self/fd/" + n)
      and os.readlink("/proc/self/fd/" + n).startswith("pipe:")][0]
wide = "\U0001F600" * 300
line = (json.dumps({"capability": "network", "event": wide, "detail": wide}, ensure_ascii=False) + "\n").encode()
for i in range(%d):
    os.write(fd, line)
sys.stderr.write("e" * (%d - 1024))
sys.stderr.flush()
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`

// TestStatusLineBounded: a refused socket must be recorded as such, whatever the program wrote to
// its report channel and standard error within its limits. The runner keeps OutputBytes + 64 KiB
// of standard error and, once past that, looks for the status line in the last 64 KiB only; the
// status line process 1 writes has no bound of its own (16 violations of the verdict's capability,
// three fields of 300 characters each, escaped to up to 12 bytes a character: about 170 kB). The
// line's start falls out of the tail: no status line is found, the runner had killed the sandbox
// for its output, and the run is exit 137 with no violation.
func TestStatusLineBounded(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		run := func(lines int) Result {
			code := []byte(fmt.Sprintf(statusTooLong, lines, l.OutputBytes))
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: code, Limits: l, Modules: []string{"os", "sys", "json"}})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		// Control: the same stderr and refusal, no lines of its own: the status line is short.
		if res := run(0); res.ExitCode != 159 || len(res.Violations) != 1 || res.Violations[0].Capability != "network" {
			t.Fatalf("control: exit %d, violations %v", res.ExitCode, res.Violations)
		}
		res := run(15)
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("long report lines, stderr within output_bytes, then a refused socket: exit %d, timed out %v, stderr truncated %v, %d violations: want exit 159 and network violations",
				res.ExitCode, res.TimedOut, res.StderrTruncated, len(res.Violations))
		}
	})
}
