package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// asyncSignalInit arms asynchronous I/O on a pipe of the program's own so that the kernel signals
// process 1 when the pipe becomes readable: fcntl F_SETOWN names the process to signal (pid 1),
// F_SETSIG the signal (any, SIGKILL and SIGSTOP included), O_ASYNC turns it on, and one write
// fires it. No kill(2), tgkill or pidfd call is made: the kernel filter's refusal of signals to
// pid 1 and -1 is not on this path. fcntl is not on the allowlist, but asyncio imports it, and the
// program takes it from sys.modules (no import event). Then a refused socket (findings/21). The
// kernel filter now refuses F_SETOWN, F_SETSIG and F_SETOWN_EX (and FIOSETOWN, SIOCSPGRP); the
// program tries them, then goes on.
const asyncSignalInit = `import os, sys, time, asyncio, _socket
fcntl, signal = sys.modules["fcntl"], sys.modules["signal"]
F_SETSIG = 10
r, w = os.pipe()
for name, call in [("F_SETOWN", lambda: fcntl.fcntl(r, fcntl.F_SETOWN, 1)),
                   ("F_SETSIG", lambda: fcntl.fcntl(r, F_SETSIG, signal.%s))]:
    try:
        call()
    except PermissionError:
        print(name, "refused", flush=True)
fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_ASYNC)
os.write(w, b"x")
time.sleep(0.5)
print("process 1:", open("/proc/1/status").read().split("State:")[1].split("\n")[0].strip(), flush=True)
%s
`

// TestInitAsyncSignal: process 1 must survive whatever the program arranges to be signalled to
// it, and so report a refused socket as a violation. Under gVisor (runsc) the SIGIO route of
// fcntl reaches process 1 with the signal the program chose: SIGKILL ends it (the run is a
// "sandbox failure", ErrRunner: no result, no violation recorded), SIGSTOP stops it (the refusal
// becomes a timeout the runner's backstop ends 3+ s late, with no violation), SIGSEGV ends it as
// SIGKILL does (a signal process 1 keeps at its default action). Under runc the PID namespace's
// init protection and Landlock's signal scope (which covers SIGIO) hold.
func TestInitAsyncSignal(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range runtimes {
		for _, sig := range []string{"SIGKILL", "SIGSTOP", "SIGSEGV"} {
			t.Run(rt+"/"+sig, func(t *testing.T) {
				requireRuntime(t, d, rt)
				l := testLimits
				l.Runtime = rt
				l.TimeoutMS = 4000
				code := fmt.Sprintf(asyncSignalInit, sig, "_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)")
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				t0 := time.Now()
				res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"os", "sys", "time", "asyncio"}})
				took := time.Since(t0)
				if err != nil {
					if errors.Is(err, ErrRunner) {
						t.Fatalf("F_SETOWN 1, F_SETSIG %s, then a refused socket: %v", sig, err)
					}
					t.Fatal(err)
				}
				if !strings.Contains(res.Stdout, "F_SETOWN refused") || !strings.Contains(res.Stdout, "F_SETSIG refused") {
					t.Errorf("F_SETOWN or F_SETSIG was not refused: stdout %q", res.Stdout)
				}
				if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
					t.Errorf("F_SETOWN 1, F_SETSIG %s, then a refused socket: exit %d, timed out %v, violations %v after %v, stdout %q: want exit 159 and a network violation",
						sig, res.ExitCode, res.TimedOut, res.Violations, took.Round(time.Millisecond), res.Stdout)
				}
			})
		}
	}
}

// TestInitAsyncStoppedOwnerKilled: as TestInitStoppedOwnerKilled, with process 1 stopped through
// F_SETOWN/F_SETSIG(SIGSTOP) and the program looping: the deadline must hold without sbxgate.
func TestInitAsyncStoppedOwnerKilled(t *testing.T) {
	ownerKilledPerRuntime(t, "TestInitAsyncStoppedChild")
}

// TestInitAsyncStoppedChild is the process TestInitAsyncStoppedOwnerKilled kills.
func TestInitAsyncStoppedChild(t *testing.T) {
	runOwnedChild(t, "TestInitAsyncStoppedOwnerKilled", fmt.Sprintf(asyncSignalInit, "SIGSTOP", "while True:\n    time.sleep(1)\n    print('alive', flush=True)"), []string{"os", "sys", "time", "asyncio"})
}
