package runner

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// verdictAtDeadline makes a refused socket a chosen time before process 1's deadline, which it
// computes from its own start (process 1 takes its clock just before it forks the program's
// process), holding 200 MiB: the kernel frees a process's pages before its parent can reap it,
// which takes tens of milliseconds for that much (findings/37).
const verdictAtDeadline = `import os, time, _socket
with open("/proc/self/stat") as f:
    ticks = int(f.read().rsplit(")", 1)[1].split()[19])
started = ticks / os.sysconf("SC_CLK_TCK") - (time.clock_gettime(time.CLOCK_BOOTTIME) - time.monotonic())
ballast = b"\x01" * (200 << 20)
deadline = started + %g
while time.monotonic() < deadline - %g:
    pass
os.write(1, b"socket at %%.3f\n" %% (time.monotonic() - started))
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
os.write(1, b"not refused\n")
`

// TestVerdictAtDeadline: a refusal just before the deadline is recorded as the violation it is.
// Process 1 looked at the program's process a last time at its deadline, found it not yet
// reapable (still freeing its memory after the verdict's signal), recorded a timeout, and
// discarded the status its kill then reaped: exit 137, timed out, no violation, in 3 runs of 3
// with the verdict 30 to 50 ms before a 4 s deadline. runc only: under gVisor the program's
// reckoning of its start time misses the deadline (it never reached its socket in 2 runs).
func TestVerdictAtDeadline(t *testing.T) {
	d := newTestDocker(t)
	l := testLimits
	l.TimeoutMS = 4000
	l.MemoryBytes = 256 << 20
	refused := 0
	for _, early := range []float64{0.030, 0.040, 0.050} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(fmt.Sprintf(verdictAtDeadline, float64(l.TimeoutMS)/1000, early)),
			Limits: l, Modules: []string{"os", "time", "_socket"}})
		cancel()
		if err != nil {
			t.Fatalf("%g s early: %v", early, err)
		}
		if strings.Contains(res.Stdout, "not refused") {
			t.Fatalf("%g s early: the AF_INET socket was made: %+v", early, res)
		}
		t.Logf("%g s early: %q exit %d timed out %v violations %v", early, res.Stdout, res.ExitCode, res.TimedOut, res.Violations)
		if !strings.Contains(res.Stdout, "socket at") {
			continue // the deadline came first: the estimate of the start was late
		}
		refused++
		if res.ExitCode != 159 || res.TimedOut || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("%g s early: the program made a refused socket (stdout %q), and the run left exit %d, timed out %v, violations %v: want exit 159 and a network violation",
				early, res.Stdout, res.ExitCode, res.TimedOut, res.Violations)
		}
	}
	if refused == 0 {
		t.Errorf("no run reached its refused socket before the deadline: the test is not about what it says")
	}
}
