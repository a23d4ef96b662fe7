package runner

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Red team (findings/21), held: other routes from the program to process 1 than the refused
// signal calls and the F_SETOWN one. Each program then makes a refused socket, which must be
// recorded (exit 159, a network violation) under runc and runsc.
var initRoutesHeld = map[string]string{
	// pidfd_send_signal accepts a directory descriptor of /proc/PID as a pidfd; pidfd_open is
	// refused for pid 1, opening /proc/1 is not. runc: EPERM (Landlock's signal scope); runsc:
	// ENOSYS.
	"pidfd_of_proc_dir": `import os, sys, asyncio
signal = sys.modules["signal"]
fd = os.open("/proc/1", os.O_RDONLY | os.O_DIRECTORY)
for sig in (signal.SIGKILL, signal.SIGSTOP, signal.SIGSEGV):
    try:
        signal.pidfd_send_signal(fd, sig)
        print("sent", sig, flush=True)
    except OSError as e:
        print("refused", sig, e.errno, flush=True)
`,
	// Writes to process 1's /proc files through a directory descriptor: the hook's path check is
	// lexical (a relative name looks like a workspace file), so only the kernel stops them.
	"proc1_files_dir_fd": `import os
d = os.open("/proc/1", os.O_RDONLY | os.O_DIRECTORY)
for name in ("mem", "oom_score_adj", "comm", "clear_refs", "coredump_filter", "timerslack_ns"):
    try:
        os.close(os.open(name, os.O_WRONLY, dir_fd=d))
        print("opened", name, flush=True)
    except OSError as e:
        print("refused", name, e.errno, flush=True)
`,
}

func TestInitRoutesHeld(t *testing.T) {
	d := newTestDocker(t)
	for _, rt := range runtimes {
		for name, prog := range initRoutesHeld {
			t.Run(rt+"/"+name, func(t *testing.T) {
				requireRuntime(t, d, rt)
				l := testLimits
				l.Runtime = rt
				l.TimeoutMS = 4000
				code := prog + "import _socket\n_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)\n"
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"os", "sys", "asyncio", "array"}})
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(res.Stdout, "sent") || strings.Contains(res.Stdout, "opened") {
					t.Errorf("process 1 reached: stdout %q", res.Stdout)
				}
				if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
					t.Errorf("a refused socket left exit %d, timed out %v, violations %v, stdout %q, stderr %q: want exit 159 and a network violation",
						res.ExitCode, res.TimedOut, res.Violations, res.Stdout, res.Stderr)
				}
				t.Logf("stdout %q", res.Stdout)
			})
		}
	}
}

// TestOutputKillKeepsVerdict (red team, held): a program that passes output_bytes on standard
// output and is refused at once, while the runner's kill for its output is on its way, even with
// a large memory to tear down first (so process 1 learns of the end late), keeps its violation:
// the exit is the output kill's 137, the violation is recorded.
func TestOutputKillKeepsVerdict(t *testing.T) {
	d := newTestDocker(t)
	l := testLimits
	code := fmt.Sprintf(`import sys, _socket
big = bytearray(64 << 20)
for i in range(0, len(big), 4096):
    big[i] = 1
sys.stdout.write("x" * %d)
sys.stdout.flush()
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`, l.OutputBytes+1)
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"sys"}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("run %d: output over the limit, then a refused socket: exit %d, violations %v: the verdict was lost", i, res.ExitCode, res.Violations)
		}
	}
}
