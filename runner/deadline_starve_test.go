package runner

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestDeadlineUnderStarvation: process 1 holds the deadline "whatever the program does", and
// the runner's backstop (deadline + 3 s) kills what is left. The program runs as process 1's
// user, so it may lower process 1's priority (setpriority, nice 19) and pin it to one CPU
// (sched_setaffinity); there it starts threads that hash without the GIL on the same CPU. Process
// 1 stays runnable but gets almost no CPU: it does not reach its kill at the deadline, and the
// daemon's kill of the container waits on process 1 too (findings/13).
func TestDeadlineUnderStarvation(t *testing.T) {
	d := newTestDocker(t)
	l := testLimits
	l.TimeoutMS = 3000
	l.CPUs = 0.5
	l.Pids = 64
	code := `import hashlib, os, threading, time
os.setpriority(os.PRIO_PROCESS, 1, 19)
cpu = sorted(os.sched_getaffinity(0))[0]
os.sched_setaffinity(1, {cpu})
os.sched_setaffinity(0, {cpu})
buf = b"x" * (1 << 20)
def burn():
    while True:
        hashlib.sha256(buf).digest()
for _ in range(56):
    threading.Thread(target=burn, daemon=True).start()
print("burning", flush=True)
time.sleep(600)
`
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: []string{"hashlib", "os", "threading", "time"}})
	took := time.Since(start)
	if err != nil {
		t.Fatalf("Run: %v (after %v)", err, took.Round(100*time.Millisecond))
	}
	if !strings.Contains(res.Stdout, "burning") {
		t.Fatalf("the program did not start its threads: exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, clip(res.Stderr))
	}
	limit := time.Duration(l.TimeoutMS)*time.Millisecond + 2*time.Second
	if !res.TimedOut || time.Duration(res.DurationMS)*time.Millisecond > limit {
		t.Errorf("a %d ms deadline: the run ended after %d ms (timed out %v, cpu %d ms): process 1 did not hold it",
			l.TimeoutMS, res.DurationMS, res.TimedOut, res.CPUMS)
	}
	t.Logf("duration %d ms, cpu %d ms, wall %v", res.DurationMS, res.CPUMS, took.Round(100*time.Millisecond))
}
