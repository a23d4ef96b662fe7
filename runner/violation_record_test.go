package runner

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestViolationRecord: a refused operation must end the program with a violation in the result
// (exit 159, the event named), whatever the program arranged beforehand, and the program must not
// be able to turn its run into a "sandbox failure" with a message of its own (findings/12).
//
// The audit hook's violation path flushes sys.stdout and sys.stderr before it writes its report
// and exits: it calls their "flush" by name, and an instance attribute of the TextIOWrapper
// shadows the method, so the program's own Python function runs inside the hook, between the
// decision and the report.
func TestViolationRecord(t *testing.T) {
	d := newTestDocker(t)
	const findReport = reportFDPy + "_socket = sys.modules[\"_socket\"]\n"
	for _, c := range []struct {
		name, code string
	}{
		// The hook calls the program's flush, which ends the process with status 0 before the
		// report is written: the run is a success with no violation.
		{"flush_exits_zero", `sys.stdout.flush = lambda: os._exit(0)
print("before")
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`},
		// The same function runs the rest of the program instead: every later refusal calls it
		// again, the program goes on, and it ends when it likes.
		{"flush_goes_on", `depth = [0]
def go_on():
    depth[0] += 1
    if depth[0] == 1:
        os.write(1, b"refused, and the program goes on\n")
        try:
            os.system("id")
        finally:
            os._exit(0)
sys.stderr.flush = go_on
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`},
		// The flush writes a setup_error line to the report channel and exits 125: process 1
		// copies the program's text into its status as a failure of the sandbox.
		{"flush_forges_sandbox_failure", `fd = report_fd()
def forge():
    os.write(fd, b'{"setup_error": "preload _ssl: cannot open shared object: rebuild the image"}\n')
    os._exit(125)
sys.stdout.flush = forge
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`},
		// No program code in the hook: the report descriptor's number now names a full pipe,
		// and the hook blocked in write(2), holding the GIL, before its _exit: the refusal became
		// a timeout with no violation. The hook now writes only to the channel it was installed
		// with, never waits on it for long, and ends the process with the signal of the
		// verdict's capability: the details are lost with the channel, the verdict is not.
		{"report_blocks", "fd = report_fd()\n" + fullPipePy + `os.dup2(w, fd)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(findReport + c.code), Limits: testLimits, Modules: []string{"os", "sys"}})
			if err != nil {
				t.Fatalf("a refused socket became a runner error with the program's text: %v", err)
			}
			if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
				t.Errorf("a refused socket left exit %d, violations %v, stdout %q: want exit 159 and a network violation",
					res.ExitCode, res.Violations, clip(res.Stdout))
			}
		})
	}

	// The report channel is the program's descriptor too: threads that keep writing forged lines
	// while the hook writes its own landed after it, before the _exit ended them, and process 1
	// kept the last 16 lines (the fix of findings/04 assumed the hook's line is the last). A race:
	// it lost the real line in 3 of 4 runs by hand, so up to 5 runs, and one loss fails. Process 1
	// now takes the capability from the termination signal and drops lines of any other.
	t.Run("flood_after_report", func(t *testing.T) {
		code := findReport + `import threading, time
fd = report_fd()
line = b'{"capability":"filesystem","event":"open","detail":"forged"}\n'
chunk = line * (4000 // len(line))
def flood():
    while True:
        os.write(fd, chunk)
for _ in range(8):
    threading.Thread(target=flood, daemon=True).start()
time.sleep(0.3)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`
		for try_ := 1; try_ <= 5; try_++ {
			res := run(t, d, code, testLimits)
			hasNet := false
			for _, v := range res.Violations {
				hasNet = hasNet || v.Capability == "network"
			}
			if res.ExitCode != 159 || !hasNet {
				t.Fatalf("run %d: exit %d, %d violations, none is the refused socket", try_, res.ExitCode, len(res.Violations))
			}
		}
	})

	// Without any violation: a program that writes setup_error and exits 125 makes the run a
	// "sandbox failure" that tells the operator to rebuild the image.
	t.Run("forged_sandbox_failure", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		code := findReport + `os.write(report_fd(), b'{"setup_error": "FORGED by the program"}\n')
os._exit(125)
`
		_, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: testLimits, Modules: []string{"os", "sys"}})
		if err != nil && strings.Contains(err.Error(), "FORGED") {
			t.Errorf("the program's own text became the runner's error: %v", err)
		}
	})
}

// TestViolationReportBounded: the hook's report line is built in a 1024-byte stack buffer whose
// bounds checks stop each string at 1020 bytes but not the fixed parts after it. A refused event
// with a 3000-byte name (any "ctypes.*" name is refused, and sys.audit raises one) fills the
// buffer at the event, the `,"detail":` part lands at its end, and `}` and a newline are written
// two bytes past it; the line is not JSON, and the result names no event (findings/14).
func TestViolationReportBounded(t *testing.T) {
	d := newTestDocker(t)
	res := run(t, d, "import sys\nsys.audit(\"ctypes.\" + \"A\" * 3000)\n", testLimits)
	if res.ExitCode != 159 || len(res.Violations) == 0 || !strings.HasPrefix(res.Violations[0].Event, "ctypes.") {
		t.Errorf("exit %d violations %v: want the refused ctypes.* event named", res.ExitCode, res.Violations)
	}
}

// TestVerdictFromTermination: process 1 takes a violation from how the program's process ended
// (the hook's signal for the capability, or the kernel filter's SIGSYS), and from the report
// channel only the lines of that capability; what the program writes there by itself is not a
// violation, unless its process then dies by a signal (the hook writes its line before its
// signal, and another thread's signal may end the process in between: findings/26), when it is
// one against itself. Complete lines the program printed before a violation are in its output.
func TestVerdictFromTermination(t *testing.T) {
	d := newTestDocker(t)
	const findReport = reportFDPy + `forged = b'{"capability":"process","event":"os.system","detail":"forged"}\n'
`
	for _, c := range []struct {
		name, code, stdout string
		exit               int
		caps               []string
	}{
		{"forged_lines_clean_exit", "os.write(report_fd(), forged * 5)\nprint('done')\n", "done\n", 0, nil},
		{"forged_lines_own_exit_code", "os.write(report_fd(), forged)\nsys.exit(3)\n", "", 3, nil},
		{"forged_line_then_signal", "os.write(report_fd(), forged)\nimport signal\nos.kill(os.getpid(), signal.SIGTERM)\n", "", 159, []string{"process"}},
		{"forged_lines_then_socket", "os.write(report_fd(), forged * 5)\nprint('before')\nimport _socket\n_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)\n", "before\n", 159, []string{"network"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := run(t, d, findReport+c.code, testLimits)
			var caps []string
			for _, v := range res.Violations {
				caps = append(caps, v.Capability)
			}
			if res.ExitCode != c.exit || res.Stdout != c.stdout || strings.Join(caps, ",") != strings.Join(c.caps, ",") {
				t.Errorf("exit %d stdout %q violations %v; want exit %d stdout %q capabilities %v", res.ExitCode, res.Stdout, res.Violations, c.exit, c.stdout, c.caps)
			}
		})
	}
}

// reportFDPy defines report_fd(), which finds the hook's report channel among the program's
// descriptors (the only pipe above 2).
const reportFDPy = `import os, sys
def report_fd():
    for n in os.listdir("/proc/self/fd"):
        try:
            if int(n) > 2 and os.readlink("/proc/self/fd/" + n).startswith("pipe:"):
                return int(n)
        except (OSError, ValueError):
            pass
`

// fullPipePy makes a pipe whose buffer is full: a blocking write to w never returns.
const fullPipePy = `r, w = os.pipe()
os.set_blocking(w, False)
try:
    while True:
        os.write(w, b"x" * 4096)
except BlockingIOError:
    pass
os.set_blocking(w, True)
`
