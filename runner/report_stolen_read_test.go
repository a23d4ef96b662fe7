package runner

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// reportReadStolen leaves process 1 blocked in its read of the report channel while the program
// still runs. Under gVisor a program may open process 1's descriptors through /proc/1/fd (the
// same user; dumpability is not enforced there, docs/security.md), and the opens are reads, or
// writes named relative to a directory descriptor, which the hook takes for workspace names. It
// opens a reader of the report pipe and a writer and a reader of process 1's signal wake-up pipe.
// It writes a byte on the report channel and 64 KiB on the wake-up pipe: process 1's poll says
// both are ready, it drains the wake-up pipe 512 bytes at a time, and in that time the program
// reads the byte back. Process 1 then calls a blocking read on an empty report pipe. A byte on the
// wake-up pipe that stays there says process 1 is no longer polling. Before that, a copy of the
// report channel's write end is put in a cycle of in-flight sockets (as findings/22), so the read
// has no end of file either: when the program dies, process 1 stays in its read, with its deadline,
// its verdict and its status line behind it. The program closes its report channel so that the
// hook's report does not wake process 1 (the verdict would still come from the termination).
// It tries for 2 s (half the test's deadline; a won race costs 150 ms to check), so that a
// process 1 that keeps polling still sees the refusal that follows. Under runc /proc/1/fd is
// closed to the program: it says so and goes on.
const reportReadStolen = `import os, sys, time, array, asyncio
socket, select = sys.modules["socket"], sys.modules["select"]

def link(d, n):
    try:
        return os.readlink("%s/%s" % (d, n))
    except OSError:
        return ""

mine = [int(n) for n in os.listdir("/proc/self/fd") if int(n) > 2 and link("/proc/self/fd", n).startswith("pipe:")]
report_w = mine[0]
try:
    p1 = {int(n): link("/proc/1/fd", n) for n in os.listdir("/proc/1/fd")}
except OSError as e:
    p1 = None
    print("process 1's descriptors:", e, flush=True)
if p1 is not None:
    ino = link("/proc/self/fd", report_w)
    report_r = [n for n, l in p1.items() if l == ino][0]
    pipes = {}
    for n, l in sorted(p1.items()):
        if l.startswith("pipe:") and l != ino:
            pipes.setdefault(l, []).append(n)
    wake_r, wake_w = [v for v in pipes.values() if len(v) == 2][0]
    dfd = os.open("/proc/1/fd", os.O_RDONLY | os.O_DIRECTORY)
    try:
        steal = os.open(str(report_r), os.O_RDONLY | os.O_NONBLOCK, dir_fd=dfd)
        ww = os.open(str(wake_w), os.O_WRONLY | os.O_NONBLOCK, dir_fd=dfd)
        wr = os.open(str(wake_r), os.O_RDONLY | os.O_NONBLOCK, dir_fd=dfd)
    except OSError as e:
        p1 = None  # another user's descriptors: the door is closed
        print("process 1's descriptors:", e, flush=True)
if p1 is not None:
    W = os.dup(report_w)
    a = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    a.bind(b"\0rt5-hold-a")
    b = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    b.bind(b"\0rt5-hold-b")
    b.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [W, a.fileno(), b.fileno()]))], 0, b"\0rt5-hold-a")
    a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [a.fileno(), b.fileno()]))], 0, b"\0rt5-hold-b")
    a.close()
    b.close()

    def stuck():
        time.sleep(0.05)
        try:
            os.write(ww, b"?")
        except BlockingIOError:
            pass
        time.sleep(0.1)
        p = select.poll()
        p.register(wr, select.POLLIN)
        return bool(p.poll(0))

    attempt, give_up = 0, time.monotonic() + 2
    while time.monotonic() < give_up:
        attempt += 1
        os.write(W, b"\n")
        try:
            os.write(ww, b"j" * 65536)
        except BlockingIOError:
            pass
        got, t = False, time.perf_counter() + 0.003
        while not got and time.perf_counter() < t:
            try:
                got = bool(os.read(steal, 1))
            except BlockingIOError:
                pass
        if got and stuck():
            print("process 1 blocked in its read after", attempt, "attempts", flush=True)
            break
    else:
        print("process 1 kept polling after", attempt, "attempts", flush=True)
    os.close(W)
os.close(report_w)
`

// TestReportReadStolen: a refused socket after reportReadStolen must be recorded (exit 159, a
// network violation). Under runsc process 1 is blocked in its read when the program is stopped, never
// writes its status line, and the runner's backstop ends the run 4 s late as a timeout (137) with
// no violation (findings/25). Under runc /proc/1/fd is closed to the program, and it holds.
func TestReportReadStolen(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		l.TimeoutMS = 4000
		code := reportReadStolen + "import _socket\n_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)\n"
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		t0 := time.Now()
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"os", "sys", "time", "asyncio", "array"}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(res.Stdout, "kept polling") {
			t.Logf("the race was not won this time: stdout %q", res.Stdout)
		}
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("process 1's read of the report channel stolen, then a refused socket: exit %d, timed out %v, violations %v after %v (a 4 s deadline), stdout %q, stderr %q: want exit 159 and a network violation",
				res.ExitCode, res.TimedOut, res.Violations, time.Since(t0).Round(time.Millisecond), res.Stdout, res.Stderr)
		}
	})
}

// TestReportReadStolenOwnerKilled: as TestBreakout's sbxgate_killed_mid_run, with process 1
// blocked in its read by reportReadStolen and the program looping: the deadline must hold without
// sbxgate, and nothing of the sandbox may be left 5 s after it.
func TestReportReadStolenOwnerKilled(t *testing.T) {
	ownerKilledPerRuntime(t, "TestReportReadStolenChild")
}

// TestReportReadStolenChild is the process TestReportReadStolenOwnerKilled kills.
func TestReportReadStolenChild(t *testing.T) {
	runOwnedChild(t, "TestReportReadStolenOwnerKilled", reportReadStolen+"while True:\n    time.sleep(1)\n    print('alive', flush=True)\n", []string{"os", "sys", "time", "asyncio", "array"})
}
