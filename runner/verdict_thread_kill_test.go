package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/internal/testenv"
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

// verdictOtherThreadKill makes the same refused call from a worker thread while the main thread
// waits for it in join() (testdata/adaptive/rt11/other_thread_kill.py).
const verdictOtherThreadKill = `import asyncio, os, sys, threading

def spawn():
    ps = sys.modules["_posixsubprocess"]
    r, w = os.pipe()
    exe = sys.executable.encode()
    pid = ps.fork_exec([exe, b"-c", b"print(1)"], [exe], True, (w,), None, None,
                       -1, -1, -1, -1, -1, -1, r, w, False, False, -1, None, None, None, -1, None, True)
    print("forked", pid, flush=True)

t = threading.Thread(target=spawn)
t.start()
t.join()
print("the program goes on")
`

// TestVerdictThreadKill: the kernel filter's kill ends the run with its violation, also when the
// program has a second thread. Debian's runsc (20221219) treats SECCOMP_RET_KILL_PROCESS as
// KILL_THREAD: the main thread died holding the interpreter lock, the daemon thread kept the
// process alive, and the run was recorded as a timeout with no violation (findings/40). Process 1
// now ends a process whose main thread is gone while other threads run on, and records the
// kernel filter's violation. The same refusal made by another thread than the main one (which
// waits in join) left the main thread alive, waiting for the lock the killed thread held: a
// timeout with no violation (findings/41). The hook's watch (sbxgate.c, watch) ends a process
// whose interpreter lock is held by a thread that no longer exists with SIGSYS. Under runc the
// kernel kills the whole process, as before.
func TestVerdictThreadKill(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range []string{"runc", "runsc"} {
		for _, tc := range []struct{ name, code string }{
			{"main_thread", verdictThreadKill},
			{"other_thread", verdictOtherThreadKill},
		} {
			t.Run(rt+"/"+tc.name, func(t *testing.T) {
				requireRuntime(t, d, rt)
				l := testLimits
				l.TimeoutMS = 8_000
				l.Runtime = rt
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(tc.code), Limits: l})
				if err != nil {
					t.Fatal(err)
				}
				if res.ExitCode != 159 || res.TimedOut || len(res.Violations) == 0 || res.Violations[0].Event != "seccomp" ||
					strings.Contains(res.Stdout, "forked") || strings.Contains(res.Stdout, "goes on") {
					t.Errorf("exit %d, timed out %v, violations %v, stdout %q: want exit 159 and the kernel filter's violation",
						res.ExitCode, res.TimedOut, res.Violations, clip(res.Stdout))
				}
			})
		}
	}
}

// TestVerdictThreadKillOffLock: a thread the kernel filter killed where it had let the interpreter
// lock go. In the data profile, __array_interface__ (no audit event) writes libc's fork over the
// float64 loop of np.add, and a daemon thread adds two large arrays, which numpy does without the
// lock (testdata/adaptive/rt11/numpy_loop_fork.py). Under Debian's runsc only that thread died:
// the main thread ran on and the program exited 0, with no violation (findings/41). The watch
// finds the killed thread's state still in the interpreter's list and ends the process.
func TestVerdictThreadKillOffLock(t *testing.T) {
	numpyThreadKill(t, "rt11", "numpy_loop_fork.py")
}

// TestVerdictThreadKillRotate: the same killed thread, again and again. The watch ended the
// process when two looks in a row found the same killed thread's state first in the interpreter's
// list; new states go at the list's head, so a program that had a new thread killed (vfork over
// np.add's loop, testdata/adaptive/rt12/numpy_rotate_kills.py) every 30 ms, less than a look
// apart, made no two looks agree: under Debian's runsc, 40 refused calls in 1.5 s and exit 0 with
// no violation (findings/42). The watch now looks for the state of its last look wherever it is.
func TestVerdictThreadKillRotate(t *testing.T) {
	numpyThreadKill(t, "rt12", "numpy_rotate_kills.py")
}

// numpyThreadKill runs testdata/adaptive/FAMILY/NAME, a data-profile program whose numpy workers
// are killed by the kernel filter, under runc and runsc, and wants the run to end as a violation
// (exit 159) before the program can say it "ends well".
func numpyThreadKill(t *testing.T, family, name string) {
	t.Helper()
	testenv.RequireImage(t, dataImage)
	code, err := os.ReadFile(filepath.Join("..", "testdata", "adaptive", family, name))
	if err != nil {
		t.Fatal(err)
	}
	d := newDataDocker(t)
	for _, rt := range []string{"runc", "runsc"} {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, d, rt)
			l := dataLimits
			l.TimeoutMS = 20_000
			l.Runtime = rt
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: code, Limits: l, Modules: []string{"numpy"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode != 159 || res.TimedOut || len(res.Violations) == 0 || strings.Contains(res.Stdout, "ends well") {
				t.Errorf("exit %d, timed out %v, violations %v, stdout %q, stderr %q: want exit 159 and a violation",
					res.ExitCode, res.TimedOut, res.Violations, clip(res.Stdout), clip(res.Stderr))
			}
		})
	}
}
