package runner

import (
	"context"
	"strings"
	"testing"
	"time"
)

// watchBenign are programs whose threads start, end and wait in the ways that could look like a
// thread killed by the kernel filter to the watch (sbxgate.c, watch): chains of short threads with
// the smallest switch interval, a pool with daemon threads left at exit, os._exit from a worker,
// threading.excepthook, a signal handler that starts threads, a thread-local __del__ that starts a
// thread and sleeps while its thread's state is cleared, daemon threads spinning while the main
// thread exits (findings/42, which found none recorded as a violation).
var watchBenign = []struct{ name, code string }{
	{"thread_chains", `import sys, threading, time
sys.setswitchinterval(1e-6)
def f(n):
    if n: 
        t = threading.Thread(target=f, args=(n-1,)); t.start()
    x = 0
    for i in range(100): x += i
end = time.time() + 1
k = 0
while time.time() < end:
    ts = [threading.Thread(target=f, args=(2,), daemon=True) for _ in range(5)]
    for t in ts: t.start()
    k += 1
print("churn ok", k)
`},
	{"pool_then_daemons", `import concurrent.futures as cf, time, threading
ex = cf.ThreadPoolExecutor(8)
fs = [ex.submit(lambda i: sum(range(i % 1000)), i) for i in range(5000)]
print(sum(f.result() for f in fs))
for _ in range(4):
    threading.Thread(target=time.sleep, args=(0.0001,), daemon=True).start()
print("exit now")
`},
	{"os_exit_in_worker", `import os, threading, time
def f():
    time.sleep(0.35)
    print("worker exits", flush=True)
    os._exit(0)
for _ in range(5):
    threading.Thread(target=time.sleep, args=(5,), daemon=True).start()
threading.Thread(target=f).start()
while True:
    sum(range(1000))
`},
	{"excepthook", `import threading, time, sys
def hook(args):
    print("hook", args.exc_type.__name__, flush=True)
    raise SystemExit
threading.excepthook = hook
def bad():
    raise ValueError("x")
def ex():
    raise SystemExit(3)
for i in range(100):
    t = threading.Thread(target=bad if i % 2 else ex); t.start(); t.join()
time.sleep(0.5)
print("done")
`},
	{"signal_handler_threads", `import signal, threading, time
n = [0]
def h(s, f):
    n[0] += 1
    threading.Thread(target=lambda: None).start()
signal.signal(signal.SIGALRM, h)
signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
evs = [threading.Event() for _ in range(10)]
for e in evs: threading.Thread(target=e.wait, daemon=True).start()
end = time.time() + 1
while time.time() < end:
    time.sleep(0.0005)
signal.setitimer(signal.ITIMER_REAL, 0, 0)
print("signals", n[0] > 10)
`},
	{"local_del_at_thread_end", `import threading, time
class D:
    def __del__(self):
        # runs while the ending thread's state is cleared
        t = threading.Thread(target=time.sleep, args=(0.05,), daemon=True)
        try: t.start()
        except RuntimeError: pass
        time.sleep(0.3)
loc = threading.local()
def f():
    loc.d = D()
for _ in range(8):
    threading.Thread(target=f).start()
time.sleep(1.5)
print("done")
`},
	{"daemons_spin_at_exit", `import threading, sys
sys.setswitchinterval(1e-6)
def spin():
    while True: pass
for _ in range(4):
    threading.Thread(target=spin, daemon=True).start()
import time; time.sleep(1)
print("exit", flush=True)
sys.exit(0)
`},
}

// TestWatchBenign: none of watchBenign is recorded as a violation, under runc or runsc.
func TestWatchBenign(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range []string{"runc", "runsc"} {
		for _, tc := range watchBenign {
			t.Run(rt+"/"+tc.name, func(t *testing.T) {
				requireRuntime(t, d, rt)
				l := testLimits
				l.Pids = 64
				l.TimeoutMS = 8_000
				l.Runtime = rt
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(tc.code), Limits: l})
				if err != nil {
					t.Fatal(err)
				}
				if res.ExitCode != 0 || res.TimedOut || len(res.Violations) != 0 || strings.TrimSpace(res.Stdout) == "" {
					t.Errorf("exit %d, timed out %v, violations %v, stdout %q, stderr %q: want exit 0, no violation",
						res.ExitCode, res.TimedOut, res.Violations, clip(res.Stdout), clip(res.Stderr))
				}
			})
		}
	}
}
