package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
)

// The breakout suite: the container's own hardening, with the run-time enforcement off and every
// run-time capability granted (containerOnly), under runc and under gVisor's runsc. Each case
// tries one way out; the suite ends by checking that none of its sandboxes left a container, a
// cgroup or a process.
//
// runsc must be known to the daemon (daemon.json "runtimes": {"runsc": {"path": "/usr/bin/runsc",
// "runtimeArgs": ["--network=none", "--oci-seccomp"]}}, then kill -HUP the daemon); .ci/run sets
// it up. Without it the runsc half skips, or fails under SBXGATE_REQUIRE_DOCKER=1.

var runtimes = []string{"runc", "runsc"}

func requireRuntime(t *testing.T, d *Docker, rt string) {
	t.Helper()
	if rt == "runc" {
		return
	}
	info, err := d.cli.Info(context.Background(), client.InfoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkRuntimes(info.Info.Runtimes, info.Info.DefaultRuntime, []string{rt}); err != nil {
		if testenv.Required() {
			t.Fatalf("%v (SBXGATE_REQUIRE_DOCKER=1)", err)
		}
		t.Skip(err)
	}
}

// forEachRuntime runs f as a subtest per runtime, with base's limits under that runtime; a runtime
// the daemon does not know skips its subtest (fails under SBXGATE_REQUIRE_DOCKER=1).
func forEachRuntime(t *testing.T, d *Docker, base config.Limits, f func(t *testing.T, l config.Limits)) {
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, d, rt)
			l := base
			l.Runtime = rt
			f(t, l)
		})
	}
}

func breakoutLimits(rt string) config.Limits {
	l := containerOnly
	l.Runtime = rt
	l.TimeoutMS = 20_000
	l.MemoryBytes = 256 << 20
	return l
}

// hostDigest is the sha256 of a host file's first 64 KiB, or "" when the host has none.
func hostDigest(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	b := make([]byte, 64<<10)
	n, _ := f.Read(b)
	if n == 0 {
		return ""
	}
	sum := sha256.Sum256(b[:n])
	return hex.EncodeToString(sum[:])
}

func TestBreakout(t *testing.T) {
	d := newTestDocker(t, WithMaxConcurrent(4))
	mine := trackBoxes(t)
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, d, rt)
			l := breakoutLimits(rt)

			t.Run("ptrace_traceme_then_stop", func(t *testing.T) {
				// Once, PTRACE_TRACEME and a stop of process 1 made containerd report an exit
				// while a forked worker ran on with no deadline. Now ptrace is refused, process 1
				// is sbxgate's init, and the deadline holds whatever the program does.
				pl := l
				pl.TimeoutMS = 3000
				res := run(t, d, `import ctypes, os, signal, time
libc = ctypes.CDLL(None, use_errno=True)
print("ptrace:", libc.ptrace(0, 0, 0, 0), ctypes.get_errno(), flush=True)
if os.fork() == 0:
    time.sleep(600)
    os._exit(0)
os.kill(os.getpid(), signal.SIGSTOP)
print("resumed")
`, pl)
				if !strings.Contains(res.Stdout, "ptrace: -1 1\n") || !res.TimedOut || strings.Contains(res.Stdout, "resumed") {
					t.Errorf("got %+v, want ptrace refused (EPERM) and the run ended at its deadline", res)
				}
			})

			t.Run("io_uring", func(t *testing.T) {
				res := run(t, d, `import ctypes
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)
print("io_uring_setup:", libc.syscall(425, 8, params), ctypes.get_errno())
`, l)
				if !strings.Contains(res.Stdout, "io_uring_setup: -1 1\n") && !strings.Contains(res.Stdout, "io_uring_setup: -1 38\n") {
					t.Errorf("io_uring_setup was not refused: %q %q", res.Stdout, clip(res.Stderr))
				}
			})

			t.Run("socket_families", func(t *testing.T) {
				res := run(t, d, `import socket
for name, fam, typ in (("AF_VSOCK", 40, socket.SOCK_STREAM), ("AF_PACKET", 17, socket.SOCK_RAW), ("AF_ALG", 38, socket.SOCK_SEQPACKET), ("AF_NETLINK audit", 16, socket.SOCK_RAW)):
    try:
        s = socket.socket(fam, typ, 9 if fam == 16 else 0)
        print(name, "created")
        s.close()
    except OSError as e:
        print(name, "refused", e.errno)
`, l)
				for _, fam := range []string{"AF_VSOCK", "AF_PACKET", "AF_ALG", "AF_NETLINK audit"} {
					if !strings.Contains(res.Stdout, fam+" refused") {
						t.Errorf("%s was not refused: %q %q", fam, res.Stdout, clip(res.Stderr))
					}
				}
			})

			t.Run("host_files", func(t *testing.T) {
				files := []string{"/proc/cmdline", "/proc/config.gz", "/sys/kernel/vmcoreinfo", "/sys/kernel/btf/vmlinux", "/proc/kallsyms", "/proc/modules"}
				var b strings.Builder
				b.WriteString("import hashlib\n")
				for _, f := range files {
					fmt.Fprintf(&b, "try:\n    print(%q, hashlib.sha256(open(%q, 'rb').read(65536)).hexdigest())\nexcept OSError as e:\n    print(%q, 'unreadable', e.errno)\n", f, f, f)
				}
				b.WriteString("import os\ntry:\n    print('/sys/block', sorted(os.listdir('/sys/block')))\nexcept OSError as e:\n    print('/sys/block unreadable', e.errno)\n")
				res := run(t, d, b.String(), l)
				for _, f := range files {
					if h := hostDigest(f); h != "" && strings.Contains(res.Stdout, h) {
						t.Errorf("%s: the sandbox read the host's contents", f)
					}
				}
				if h, _ := os.ReadDir("/sys/block"); len(h) > 0 && strings.Contains(res.Stdout, h[0].Name()) {
					t.Errorf("/sys/block shows the host's devices: %q", res.Stdout)
				}
				t.Logf("%s", res.Stdout)
			})

			t.Run("per_user_quota", func(t *testing.T) {
				// One sandbox takes every inotify instance its user may have; a sandbox running at
				// the same time must still get one: each sandbox is its own host user.
				greedy := l
				greedy.Nofile = 1024
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				done := make(chan Result, 1)
				go func() {
					res, err := d.Run(ctx, Request{Code: []byte(`import ctypes, time
libc = ctypes.CDLL(None, use_errno=True)
fds = []
while True:
    fd = libc.inotify_init1(0)
    if fd < 0:
        break
    fds.append(fd)
print("holding", len(fds), "errno", ctypes.get_errno(), flush=True)
open("/tmp/ready", "w").close()
time.sleep(6)
`), Limits: greedy, Modules: []string{"ctypes", "time"}})
					if err != nil {
						t.Error(err)
					}
					done <- res
				}()
				time.Sleep(2500 * time.Millisecond) // the greedy one has taken its instances by then
				res := run(t, d, `import ctypes
libc = ctypes.CDLL(None, use_errno=True)
print("inotify_init1:", libc.inotify_init1(0) >= 0, ctypes.get_errno())
`, l)
				g := <-done
				if !strings.Contains(g.Stdout, "holding") {
					t.Fatalf("the greedy sandbox did not run: %+v", g)
				}
				if !strings.Contains(res.Stdout, "inotify_init1: True") {
					t.Errorf("the second sandbox could not create an inotify instance while another held %q: %q", g.Stdout, res.Stdout)
				}
				t.Logf("greedy: %s second: %s", strings.TrimSpace(g.Stdout), strings.TrimSpace(res.Stdout))
			})

			t.Run("sbxgate_killed_mid_run", func(t *testing.T) {
				// The process that started a run dies with SIGKILL: nothing of its sandbox may
				// outlive the run's deadline by more than 5 s, with no sbxgate left to see to it.
				testKilledOwner(t, rt)
			})
		})
	}
	checkNoneLeft(t, d, mine())
}

// testKilledOwner starts a run in another process (this test binary, as TestBreakoutChild),
// kills that process with SIGKILL once the sandbox runs, and watches the sandbox end by itself.
func testKilledOwner(t *testing.T, rt string) {
	name, deadline := killOwner(t, "TestBreakoutChild", []string{"SBXGATE_BREAKOUT_CHILD=" + rt}, 4*time.Second, 500*time.Millisecond)
	time.Sleep(time.Second)
	if len(ourProcesses([]string{name})) == 0 {
		t.Fatalf("sandbox %s ended with its owner, before its deadline: the test does not test the deadline", name)
	}
	if left, _ := sandboxGone(name, deadline, 5*time.Second); len(left) > 0 {
		t.Fatalf("%d processes of sandbox %s still run 5 s after its deadline, its owner dead", len(left), name)
	}
	t.Logf("the sandbox's processes were gone %v after its deadline", time.Since(deadline).Round(100*time.Millisecond))
	// What is left is the container record (auto-removed by the daemon) and the accounting cgroup,
	// which the next sbxgate's reaping removes: do it, as serve's reaper would.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := GC(ctx, GCOptions{}); err != nil {
		t.Fatal(err)
	}
	d := newTestDocker(t)
	checkNoneLeft(t, d, []string{name})
}

// TestBreakoutChild is the process testKilledOwner kills: it starts one long run and says so.
func TestBreakoutChild(t *testing.T) {
	rt := os.Getenv("SBXGATE_BREAKOUT_CHILD")
	if rt == "" {
		t.Skip("run by TestBreakout")
	}
	d := newTestDocker(t)
	announceRun()
	l := breakoutLimits(rt)
	l.TimeoutMS = ownerTimeoutMS()
	_, _ = d.Run(context.Background(), Request{Code: []byte("import os, time\nif os.fork() == 0:\n    time.sleep(600)\ntime.sleep(600)\n"), Limits: l, Modules: []string{"os", "time"}})
	t.Fatal("the run ended: the parent should have killed this process first")
}

// TestEnforcementUnderRunsc: the run-time layers work under gVisor too (it has no Landlock and no
// seccomp notifications, so the witness suite cannot run there): each attempt is stopped and
// recorded, /proc/self/mem is not writable, and a benign program runs as it would anyway.
func TestEnforcementUnderRunsc(t *testing.T) {
	d := newTestDocker(t)
	requireRuntime(t, d, "runsc")
	l := testLimits
	l.Runtime = "runsc"
	for _, c := range []struct {
		code, capability, stdout string
	}{
		{"import json\nprint(json.dumps({'a': 1}))\n", "", "{\"a\": 1}\n"},
		{"import os\nos.system('id')\n", "process", ""},
		{"import asyncio\nloop = asyncio.new_event_loop()\nloop.run_until_complete(asyncio.open_connection('10.0.0.1', 80))\n", "network", ""},
		{"import ctypes\n", "native_code", ""},
		{"import os\ntry:\n    os.open('/proc/self/mem', os.O_RDWR)\n    print('writable')\nexcept OSError as e:\n    print('refused', e.errno)\n", "filesystem", ""},
	} {
		res := run(t, d, c.code, l)
		switch {
		case c.capability == "" && (res.ExitCode != 0 || len(res.Violations) != 0 || res.Stdout != c.stdout):
			t.Errorf("%q: exit %d violations %v stdout %q", c.code, res.ExitCode, res.Violations, res.Stdout)
		case c.capability != "" && (len(res.Violations) == 0 || res.Violations[0].Capability != c.capability || strings.Contains(res.Stdout, "writable")):
			t.Errorf("%q: want a %s violation, got exit %d violations %v stdout %q", c.code, c.capability, res.ExitCode, res.Violations, res.Stdout)
		}
	}
}
