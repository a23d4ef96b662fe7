package runner

import (
	"context"
	"testing"
	"time"
)

// verdictThreadKill reaches fork(2) through _posixsubprocess.fork_exec, which raises no audit
// event (testdata/adaptive/preloaded/asyncio_posixsubprocess.py), from the main thread while a
// daemon thread sleeps: only the kernel filter stands in the way.
const verdictThreadKill = `import asyncio, os, sys, threading, time

def spawn(ps):
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(1)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    return os.waitpid(pid, 0)

threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
print(spawn(sys.modules["_posixsubprocess"]))
print("the program goes on")
`

// TestVerdictThreadKill: the kernel filter's kill ends the run with its violation, also when the
// program has a second thread. Debian's runsc (20221219) treats SECCOMP_RET_KILL_PROCESS as
// KILL_THREAD: the main thread died holding the interpreter lock, the daemon thread kept the
// process alive, and the run was recorded as a timeout with no violation (findings/40). Process 1
// now ends a process whose main thread is gone while other threads run on, and records the
// kernel filter's violation. Under runc the kernel kills the whole process, as before.
func TestVerdictThreadKill(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range []string{"runc", "runsc"} {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, d, rt)
			l := testLimits
			l.TimeoutMS = 8_000
			l.Runtime = rt
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(verdictThreadKill), Limits: l})
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode != 159 || res.TimedOut || len(res.Violations) == 0 || res.Violations[0].Event != "seccomp" {
				t.Errorf("exit %d, timed out %v, violations %v, stdout %q: want exit 159 and the kernel filter's violation",
					res.ExitCode, res.TimedOut, res.Violations, clip(res.Stdout))
			}
		})
	}
}
