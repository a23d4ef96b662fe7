package runner

import (
	"context"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// reportInFlight sends the report pipe's write end (the program's process holds it; process 1
// reads the other end) into a cycle of in-flight Unix datagram sockets: each socket's queue holds
// the other socket and the pipe, then every descriptor is closed. No process holds the write end,
// and yet it stays open until something collects the cycle. After the program, process 1 kills
// everything and reads the report channel to its end (init.py, main): under gVisor, which does
// not collect in-flight cycles, that read never ends (findings/22).
const reportInFlight = `import os, sys, array, asyncio
socket = sys.modules["socket"]
fds = [int(n) for n in os.listdir("/proc/self/fd") if int(n) > 2 and os.path.exists("/proc/self/fd/" + n)
       and os.readlink("/proc/self/fd/" + n).startswith("pipe:")]
a = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
a.bind(b"\0rt5-cycle-a")
b = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
b.bind(b"\0rt5-cycle-b")
b.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds + [a.fileno(), b.fileno()]))], 0, b"\0rt5-cycle-a")
a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [a.fileno(), b.fileno()]))], 0, b"\0rt5-cycle-b")
a.close(); b.close()
for fd in fds:
    os.close(fd)
print("in flight", fds, flush=True)
`

// TestReportChannelInFlight: a refused socket after reportInFlight must be recorded (exit 159, a
// network violation). Under runsc process 1 blocks reading the channel and never writes its status
// line: the runner's backstop ends the run as a timeout (137) with no violation. runc collects the
// cycle when the program's sockets close, and holds.
func TestReportChannelInFlight(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		l.TimeoutMS = 4000
		code := reportInFlight + "import _socket\n_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)\n"
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		t0 := time.Now()
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"os", "sys", "asyncio", "array"}})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("the report pipe in flight, then a refused socket: exit %d, timed out %v, violations %v after %v (a 4 s deadline), stdout %q: want exit 159 and a network violation",
				res.ExitCode, res.TimedOut, res.Violations, time.Since(t0).Round(time.Millisecond), res.Stdout)
		}
	})
}

// TestReportChannelInFlightOwnerKilled: as TestBreakout's sbxgate_killed_mid_run, with the report
// pipe in flight and the program sleeping: nothing of the sandbox may be left 5 s after its
// deadline. Under runsc process 1 stays blocked in its read after killing the program.
func TestReportChannelInFlightOwnerKilled(t *testing.T) {
	ownerKilledPerRuntime(t, "TestReportChannelInFlightChild")
}

// TestReportChannelInFlightChild is the process TestReportChannelInFlightOwnerKilled kills.
func TestReportChannelInFlightChild(t *testing.T) {
	runOwnedChild(t, "TestReportChannelInFlightOwnerKilled", reportInFlight+"import time\nwhile True:\n    time.sleep(1)\n", []string{"os", "sys", "asyncio", "array", "time"})
}
