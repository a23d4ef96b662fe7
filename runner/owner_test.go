package runner

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests whose run must hold its deadline without sbxgate start the run in another process (a
// child test of this binary), kill that process, and watch the sandbox end by itself.

const ownerTimeoutEnv = "SBXGATE_OWNER_TIMEOUT_MS"

// killOwner starts the test named child of this binary with env; the child runs a sandbox with a
// deadline of timeout (ownerTimeoutMS) and announces it (announceRun). Once the program runs and
// settle has passed, killOwner kills the child with SIGKILL, and returns the sandbox's name and its
// deadline as seen from here.
func killOwner(t *testing.T, child string, env []string, timeout, settle time.Duration) (string, time.Time) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+child+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), env...), fmt.Sprintf("%s=%d", ownerTimeoutEnv, timeout.Milliseconds()))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	name, deadline := "", time.Time{}
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "sandbox "); ok {
			name = n
		}
		if sc.Text() == "running" {
			deadline = time.Now().Add(timeout)
			break
		}
	}
	if name == "" || deadline.IsZero() {
		_ = cmd.Process.Kill()
		t.Fatalf("%s never started its run", child)
	}
	time.Sleep(settle)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	return name, deadline
}

// sandboxGone waits until no process of the sandbox name is left, for at most wait past deadline,
// and returns what is left and how long past the deadline it looked last.
func sandboxGone(name string, deadline time.Time, wait time.Duration) ([]int, time.Duration) {
	var left []int
	for time.Now().Before(deadline.Add(wait)) {
		if left = ourProcesses([]string{name}); len(left) == 0 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	return left, time.Since(deadline).Round(100 * time.Millisecond)
}

// announceRun makes this process print the lines killOwner waits for: "sandbox NAME" when its
// sandbox starts, "running" when the program is delivered.
func announceRun() {
	testHookStarted = func(b *box) { fmt.Printf("sandbox %s\n", b.name) }
	testHookDelivered = func() { fmt.Println("running") }
}

// ownerTimeoutMS is the deadline killOwner gave this child.
func ownerTimeoutMS() int64 {
	var ms int64
	fmt.Sscanf(os.Getenv(ownerTimeoutEnv), "%d", &ms)
	return ms
}

// requireGone fails the test when a process of the sandbox name is left 5 s after deadline, its
// owner dead (it waits up to a minute, to say how late), then removes what is left of the sandbox
// (the accounting cgroup; the container once process 1 ends), as serve's reaper would.
func requireGone(t *testing.T, name string, deadline time.Time) {
	t.Helper()
	left, past := sandboxGone(name, deadline, 60*time.Second)
	if len(left) > 0 || past > 5*time.Second {
		t.Errorf("sandbox %s, its owner dead: processes left %v after its deadline (%d still running)", name, past, len(left))
	} else {
		t.Logf("the sandbox's processes were gone %v after its deadline", past)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := GC(ctx, GCOptions{}); err != nil {
		t.Error(err)
	}
}

// ownerRuntimeEnv names the runtime the child test of ownerKilledPerRuntime runs its sandbox under.
const ownerRuntimeEnv = "SBXGATE_OWNER_RUNTIME"

// ownerKilledPerRuntime is TestBreakout's sbxgate_killed_mid_run for a program, under each
// runtime: child (a test whose body is runOwnedChild) starts a run with a 4 s deadline and is
// killed 1.5 s in, when the program has set itself up; nothing of the sandbox may be left 5 s after
// the deadline.
func ownerKilledPerRuntime(t *testing.T, child string) {
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, newTestDocker(t), rt)
			name, deadline := killOwner(t, child, []string{ownerRuntimeEnv + "=" + rt}, 4*time.Second, 1500*time.Millisecond)
			requireGone(t, name, deadline)
		})
	}
}

// runOwnedChild is the body of a child test of ownerKilledPerRuntime (named parent): it runs code
// under the runtime its parent names and must be killed before the run ends. Run by itself, it
// skips.
func runOwnedChild(t *testing.T, parent, code string, modules []string) {
	rt := os.Getenv(ownerRuntimeEnv)
	if rt == "" {
		t.Skip("run by " + parent)
	}
	d := newTestDocker(t)
	announceRun()
	l := testLimits
	l.Runtime = rt
	l.TimeoutMS = ownerTimeoutMS()
	_, _ = d.Run(context.Background(), Request{Code: []byte(code), Limits: l, Modules: modules})
	t.Fatal("the run ended: the parent should have killed this process first")
}
