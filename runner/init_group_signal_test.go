package runner

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestInitGroupSignal: process 1 must survive whatever the program signals, and so report a
// refused socket as a violation (findings/17).
//
// The program's process is forked by process 1 and never leaves its process group (pgid 1), and
// the hook lets os.kill name pid 0, "my own process group", which is process 1's too. Under runc
// the kernel drops default-action signals to a PID namespace's init from inside it (and
// Landlock's scope refuses them); under gVisor (runsc) neither holds: SIGINT, whose action process
// 1 sets to SIG_DFL, and SIGTERM, SIGHUP, SIGUSR1, SIGALRM (Python leaves them SIG_DFL) end process
// 1, the container ends without a status line, and the run is a "sandbox failure" (ErrRunner):
// no result, no violation in the record.
func TestInitGroupSignal(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range runtimes {
		for _, sig := range []string{"SIGINT", "SIGTERM", "SIGHUP", "SIGUSR1", "SIGALRM"} {
			t.Run(rt+"/"+sig, func(t *testing.T) {
				requireRuntime(t, d, rt)
				l := testLimits
				l.Runtime = rt
				code := fmt.Sprintf(`import os, signal, time, _socket
signal.signal(signal.%s, signal.SIG_IGN)
os.kill(0, signal.%s)
time.sleep(0.5)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`, sig, sig)
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"os", "signal", "time"}})
				if err != nil {
					t.Fatalf("os.kill(0, %s) then a refused socket: %v", sig, err)
				}
				if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
					t.Errorf("a refused socket left exit %d, violations %v: want exit 159 and a network violation", res.ExitCode, res.Violations)
				}
			})
		}
	}
}

// stopInit stops process 1 with a stop signal the program itself ignores (SIGTSTP: its default
// action stops, it is not SIGSTOP), sent to its process group, which is process 1's, and goes on.
const stopInit = `import os, signal, time
signal.signal(signal.SIGTSTP, signal.SIG_IGN)
os.kill(0, signal.SIGTSTP)
time.sleep(0.2)
print("process 1:", open("/proc/1/status").read().split("State:")[1].split("\n")[0].strip(), flush=True)
t0 = time.time()
while True:
    time.sleep(1)
    print("alive", int(time.time() - t0), flush=True)
`

// TestInitStoppedOwnerKilled: as TestBreakout's sbxgate_killed_mid_run, with stopInit as the
// program: the deadline must hold without sbxgate (nothing of the sandbox left 5 s after it).
// Under runsc process 1 is stopped (state T) and cannot kill at the deadline (findings/17).
func TestInitStoppedOwnerKilled(t *testing.T) { ownerKilledPerRuntime(t, "TestInitStoppedChild") }

// TestInitStoppedChild is the process TestInitStoppedOwnerKilled kills.
func TestInitStoppedChild(t *testing.T) {
	runOwnedChild(t, "TestInitStoppedOwnerKilled", stopInit, []string{"os", "signal", "time"})
}
