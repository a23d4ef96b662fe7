package runner

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// outputInFlight hides a refusal behind the runner's output limit (findings/33). Its standard error
// (a pipe of 1 MiB: F_SETPIPE_SZ) is filled to just under what the runner accepts (output_bytes and
// the status line's headroom); then it puts 1 MiB more in the pipe with one write, which returns at
// once, and is refused a socket. The bytes still in the pipe reach the runner after the program has
// ended, pass its limit, and the runner kills the sandbox for its output, while process 1 has not
// yet written its status line: it is busy with the report channel, which the program enlarged to
// 1 MiB and filled with lines of its own, and which process 1 reads to its end after the program.
const outputInFlight = reportFDPy + `import time
fcntl = sys.modules["fcntl"]
import _socket
F_SETPIPE_SZ = 1031
rep = report_fd()
for fd in (2, rep):
    try:
        fcntl.fcntl(fd, F_SETPIPE_SZ, 1 << 20)
    except OSError as e:
        print("F_SETPIPE_SZ", fd, e, flush=True)
os.write(2, b"e" * (%d - 2000))
time.sleep(0.5)
os.set_blocking(rep, False)
line = b'{"capability":"x","event":"y","detail":"' + b"z" * 200 + b'"}\n'
try:
    while True:
        os.write(rep, line * 64)
except BlockingIOError:
    pass
os.write(2, b"e" * (1 << 20))
print("socket next", flush=True)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`

// TestStatusAfterOutputInFlight: a refused socket must be recorded whatever the program left in
// flight on its standard error. While the weakness exists: exit 137, stderr truncated, no
// violation ("killed for its output"), in 3 of 3 runs under runc; without the report channel's
// flood, 3 of 4.
func TestStatusAfterOutputInFlight(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		code := fmt.Sprintf(outputInFlight, l.OutputBytes+statusHeadroom)
		// Two runs that got as far as the socket. On a loaded machine the runner's kill for
		// the output may come before the program's next step: then it never tried the socket,
		// there is nothing to record, and the run shows nothing either way (up to six runs).
		tried := 0
		for i := 0; i < 6 && tried < 2; i++ {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l}) // no Modules: all the allowlist's native code, as in a warm container (fcntl)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Stdout, "socket next") {
				continue
			}
			tried++
			if len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" || !res.StderrTruncated {
				t.Errorf("stderr in flight past the limit, then a refused socket: exit %d, timed out %v, stderr truncated %v, violations %v, skipped %v: want the network violation",
					res.ExitCode, res.TimedOut, res.StderrTruncated, res.Violations, res.ArtifactsSkipped)
			}
		}
		if tried == 0 {
			t.Error("in six runs the program was ended for its output before it tried the socket: the test shows nothing")
		}
	})
}
