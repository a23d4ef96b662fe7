package runner

import (
	"context"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// verdictOtherThread ends the program's process with SIGALRM while the audit hook is between its
// verdict and its kill. The hook blocks every signal from the verdict on (sbxgate.c, violation),
// but a signal mask is a thread's: a process-directed signal whose action is the default one
// (SIGALRM from setitimer terminates) is delivered to another thread of the program, and ends the
// process with that signal instead of the verdict's. The window is the hook's wait (up to 2 s) for
// room in a full report channel; under gVisor the program keeps process 1 from reading it by
// keeping it busy draining its signal wake-up pipe, which it opens through /proc/1/fd, with
// writes of 16 MiB that need no interpreter lock while the kernel copies them (findings/25).
// Under runc /proc/1/fd is closed to the program: it says so, and the window is microseconds.
const verdictOtherThread = `import os, sys, time, threading, asyncio
signal = sys.modules["signal"]

def link(d, n):
    try:
        return os.readlink("%s/%s" % (d, n))
    except OSError:
        return ""

report = [int(n) for n in os.listdir("/proc/self/fd") if int(n) > 2 and link("/proc/self/fd", n).startswith("pipe:")][0]
ino = link("/proc/self/fd", report)
try:
    p1 = {int(n): link("/proc/1/fd", n) for n in os.listdir("/proc/1/fd")}
except OSError as e:
    p1 = None
    print("process 1's descriptors:", e, flush=True)
if p1 is not None:
    pipes = {}
    for n, l in sorted(p1.items()):
        if l.startswith("pipe:") and l != ino:
            pipes.setdefault(l, []).append(n)
    wake_r, wake_w = [v for v in pipes.values() if len(v) == 2][0]
    dfd = os.open("/proc/1/fd", os.O_RDONLY | os.O_DIRECTORY)
    try:
        ww = os.open(str(wake_w), os.O_WRONLY, dir_fd=dfd)
    except OSError as e:
        p1 = None  # another user's descriptors: the door is closed
        print("process 1's descriptors:", e, flush=True)
if p1 is not None:
    big = b"w" * (16 << 20)
    for i in range(4):
        threading.Thread(target=os.write, args=(ww, big), daemon=True).start()
    time.sleep(0.2)
    os.set_blocking(report, False)
    try:
        while True:
            os.write(report, b'{"x":1}\n' * 512)
    except BlockingIOError:
        pass
    os.set_blocking(report, True)
else:
    threading.Thread(target=time.sleep, args=(5,), daemon=True).start()
print("socket next", flush=True)
signal.setitimer(signal.ITIMER_REAL, 0.3)
import _socket
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`

// TestVerdictOtherThreadSignal: a refused socket must be recorded (exit 159, a network violation)
// whatever signal the program arranged to arrive after it. Under runsc the process ends with
// SIGALRM 300 ms after the refusal, while the hook waits to write its report: exit 142, no
// violation (findings/26). The same program without setitimer: exit 159, a network violation.
func TestVerdictOtherThreadSignal(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(verdictOtherThread), Limits: l, Modules: []string{"os", "sys", "time", "asyncio", "threading"}})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("SIGALRM to another thread during the hook's verdict: exit %d, timed out %v, violations %v, stdout %q: want exit 159 and a network violation",
				res.ExitCode, res.TimedOut, res.Violations, res.Stdout)
		}
	})
}
