package runner

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
)

// starveInit runs as process 1's user, so it tries to lower process 1's priority (setpriority,
// nice 19, for the process and for the user) and to pin it to one CPU (sched_setaffinity); then it
// starts threads that hash without the GIL on its own CPU. When the calls worked, process 1 stayed
// runnable but got almost no CPU (findings/13); the kernel filter now refuses them, and the
// program burns anyway.
const starveInit = `import hashlib, os, threading, time
cpu = sorted(os.sched_getaffinity(0))[0]
for name, call in [("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, 1, 19)),
                   ("setpriority_user", lambda: os.setpriority(os.PRIO_USER, 0, 19)),
                   ("sched_setaffinity", lambda: os.sched_setaffinity(1, {cpu}))]:
    try:
        call()
        print(name, "done", flush=True)
    except PermissionError:
        print(name, "refused", flush=True)
os.sched_setaffinity(0, {cpu})
buf = b"x" * (1 << 20)
def burn():
    while True:
        hashlib.sha256(buf).digest()
print("burning", flush=True)
for _ in range(56):
    threading.Thread(target=burn, daemon=True).start()
time.sleep(600)
`

func starveLimits(timeoutMS int64) config.Limits {
	l := testLimits // both run-time layers on, no grants
	l.TimeoutMS = timeoutMS
	l.CPUs = 0.5
	l.Pids = 64
	return l
}

// TestDeadlineUnderStarvation: process 1 holds the deadline "whatever the program does", and
// the runner's backstop (deadline + 3 s) kills what is left. Under starveInit, before the kernel
// filter refused its calls, neither held: process 1 did not reach its kill at the deadline, and
// the daemon's kill of the container waited on process 1 too (the runner now kills the cgroup
// first).
func TestDeadlineUnderStarvation(t *testing.T) {
	d := newTestDocker(t)
	l := starveLimits(3000)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(starveInit), Limits: l, Modules: []string{"hashlib", "os", "threading", "time"}})
	took := time.Since(start)
	if err != nil {
		t.Fatalf("Run: %v (after %v)", err, took.Round(100*time.Millisecond))
	}
	if !strings.Contains(res.Stdout, "burning") {
		t.Fatalf("the program did not start its threads: exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, clip(res.Stderr))
	}
	for _, call := range []string{"setpriority", "setpriority_user", "sched_setaffinity"} {
		if !strings.Contains(res.Stdout, call+" refused") {
			t.Errorf("%s on process 1 was not refused: stdout %q", call, res.Stdout)
		}
	}
	limit := time.Duration(l.TimeoutMS)*time.Millisecond + 2*time.Second
	if !res.TimedOut || time.Duration(res.DurationMS)*time.Millisecond > limit {
		t.Errorf("a %d ms deadline: the run ended after %d ms (timed out %v, cpu %d ms): process 1 did not hold it",
			l.TimeoutMS, res.DurationMS, res.TimedOut, res.CPUMS)
	}
	t.Logf("duration %d ms, cpu %d ms, wall %v", res.DurationMS, res.CPUMS, took.Round(100*time.Millisecond))
}

// TestDeadlineUnderStarvationOwnerKilled: as TestBreakout's sbxgate_killed_mid_run, with
// starveInit as the program: the process that started the run dies with SIGKILL, and nothing of
// the sandbox may outlive its deadline by more than 5 s.
func TestDeadlineUnderStarvationOwnerKilled(t *testing.T) {
	testenv.RequireImage(t, DefaultImage)
	// 1.5 s: the program has started its threads by then.
	name, deadline := killOwner(t, "TestDeadlineStarvedChild", []string{"SBXGATE_STARVE_CHILD=1"}, 4*time.Second, 1500*time.Millisecond)
	requireGone(t, name, deadline)
}

// TestDeadlineStarvedChild is the process TestDeadlineUnderStarvationOwnerKilled kills.
func TestDeadlineStarvedChild(t *testing.T) {
	if os.Getenv("SBXGATE_STARVE_CHILD") == "" {
		t.Skip("run by TestDeadlineUnderStarvationOwnerKilled")
	}
	d := newTestDocker(t)
	announceRun()
	_, _ = d.Run(context.Background(), Request{Code: []byte(starveInit), Limits: starveLimits(ownerTimeoutMS()), Modules: []string{"hashlib", "os", "threading", "time"}})
	t.Fatal("the run ended: the parent should have killed this process first")
}
