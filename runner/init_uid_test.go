package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// initUIDProgram tries, on process 1, each same-user control that red teams used (findings 06, 13,
// 17, 21) or could: signals (kill, a pidfd, the I/O signal of a descriptor's owner), limits,
// scheduling, and process 1's /proc files. Each is harmless if it goes through (signal 0 and
// SIGCONT, limits and priorities set to what they were), except the last two, which stop and kill
// process 1 where they reach it. It prints "NAME: ok" for each that went through.
const initUIDProgram = `import os
import fcntl
import resource
import signal
import time


def attempt(name, fn):
    try:
        fn()
        print(name + ": ok", flush=True)
    except OSError as e:
        print(name + ": refused", e.errno, flush=True)


def status(pid):
    with open("/proc/%s/status" % pid) as f:
        return {k: v.strip() for k, _, v in (line.partition(":") for line in f)}


for who in ("self", 1):
    s = status(who)
    print(who, "uid", s["Uid"].split()[0], "CapPrm", s["CapPrm"], "CapEff", s["CapEff"], flush=True)
attempt("kill 0", lambda: os.kill(1, 0))
attempt("kill SIGCONT", lambda: os.kill(1, signal.SIGCONT))
attempt("pidfd_send_signal", lambda: signal.pidfd_send_signal(os.pidfd_open(1), 0))
attempt("prlimit", lambda: resource.prlimit(1, resource.RLIMIT_CPU))
attempt("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, 1, os.getpriority(os.PRIO_PROCESS, 1)))
attempt("sched_setaffinity", lambda: os.sched_setaffinity(1, os.sched_getaffinity(1)))
attempt("environ", lambda: open("/proc/1/environ", "rb").read())
attempt("mem", lambda: os.close(os.open("/proc/1/mem", os.O_RDONLY)))
attempt("fd", lambda: os.listdir("/proc/1/fd"))
r, w = os.pipe()
fcntl.fcntl(r, fcntl.F_SETOWN, 1)
fcntl.fcntl(r, 10, signal.SIGSTOP)  # F_SETSIG
fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_ASYNC)
os.write(w, b"x")
time.sleep(0.5)
print("process 1:", status(1)["State"], flush=True)
attempt("kill SIGKILL", lambda: os.kill(1, signal.SIGKILL))
time.sleep(0.5)
print("end", flush=True)
`

// TestInitOtherUser shows the guarantee of two users directly: with both run-time layers off (no
// kernel filter refuses a call, no Landlock, no audit hook), the program still cannot signal,
// limit, reschedule, stop, kill or read process 1, because it is not process 1's user. On a
// runner whose program shares process 1's user, the controls go through (and under runsc the last
// two stop and kill process 1).
func TestInitOtherUser(t *testing.T) {
	d := newTestDocker(t)
	off, err := config.EnforceLayers(nil)
	if err != nil {
		t.Fatal(err)
	}
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		l.Enforce = off
		res := run(t, d, initUIDProgram, l)
		t.Logf("stdout %q", res.Stdout)
		e := res.Enforcement
		if e == nil || e.UID == e.InitUID {
			t.Fatalf("enforcement %+v: want two user ids", e)
		}
		for _, want := range []string{
			fmt.Sprintf("self uid %d CapPrm 0000000000000000 CapEff 0000000000000000\n", e.UID),
			fmt.Sprintf("1 uid %d CapPrm 0000000000000028 CapEff 0000000000000028\n", e.InitUID), // CAP_KILL, CAP_FOWNER
			"end\n",
		} {
			if !strings.Contains(res.Stdout, want) {
				t.Errorf("stdout lacks %q", want)
			}
		}
		refused := []string{"kill 0", "kill SIGCONT", "pidfd_send_signal", "prlimit", "mem", "kill SIGKILL"}
		if l.Runtime == "runc" {
			// gVisor stores another process's priority and affinity, and shows its
			// environment and descriptors, whoever asks: there the kernel filter refuses
			// the first two, and process 1 reads the nonce before the program exists.
			refused = append(refused, "setpriority", "sched_setaffinity", "environ", "fd")
		}
		for _, name := range refused {
			if strings.Contains(res.Stdout, "\n"+name+": ok\n") {
				t.Errorf("%s: the program reached process 1", name)
			}
		}
		if strings.Contains(res.Stdout, "process 1: T") {
			t.Errorf("the program stopped process 1 through a descriptor's I/O signal")
		}
		if res.ExitCode != 0 || res.TimedOut {
			t.Errorf("exit %d, timed out %v, stderr %q: want 0", res.ExitCode, res.TimedOut, res.Stderr)
		}
	})
}
