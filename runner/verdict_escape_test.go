package runner

import (
	"testing"
)

// TestVerdictSurvivesFlush: a refused operation must end as a violation of its capability
// (exit 159, a network violation), whatever the program arranged beforehand (findings/15).
//
// The hook writes its report, then flushes the program's buffered output through the interpreter's
// own C methods (single-threaded only), and only then sends the verdict's signal. The flush is
// BufferedWriter's, which writes to descriptor 1 with write(2): descriptor 1 is the program's to
// renumber (dup2 of a full pipe of its own), so the write blocks, and on EINTR, or after every
// partial write, CPython runs the pending Python signal handlers (PyErr_CheckSignals): program
// code inside the hook, before the verdict. Without a handler the run becomes a timeout, or
// ends with whatever signal's default action the program armed (SIGALRM from setitimer).
func TestVerdictSurvivesFlush(t *testing.T) {
	d := newTestDocker(t)
	const setup = "import os, signal, sys, _socket\n" + fullPipePy + "saved = os.dup(1)\n"
	const refuse = `sys.stdout.write("pending output")
os.dup2(w, 1)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
os.write(saved, b"not reached\n")
`
	for _, c := range []struct{ name, code string }{
		// The handler runs inside the hook's flush: it runs program code after the refusal and
		// ends the process with status 0. The run is a success with no violation.
		{"signal_handler_exits_zero", `def handler(signum, frame):
    os.write(saved, b"program code after the refusal\n")
    os._exit(0)
signal.signal(signal.SIGALRM, handler)
signal.setitimer(signal.ITIMER_REAL, 0.5)
`},
		// No program code: SIGALRM's default action ends the process while the flush blocks, before
		// the verdict's signal is sent (exit 142, no violation).
		{"default_signal_first", `signal.signal(signal.SIGALRM, signal.SIG_DFL)
signal.setitimer(signal.ITIMER_REAL, 0.5)
`},
		// Nothing at all: the flush blocks until the deadline (exit 137, timed out, no violation).
		{"flush_blocks", ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := run(t, d, setup+c.code+refuse, testLimits)
			if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
				t.Errorf("a refused socket left exit %d, timed out %v, violations %v, stdout %q: want exit 159 and a network violation",
					res.ExitCode, res.TimedOut, res.Violations, clip(res.Stdout))
			}
		})
	}

	// No timer, nothing blocks: descriptor 1 is a file positioned at the file-size limit and
	// SIGXFSZ's default action is restored (Python ignores it), so the flush's write(2) ends the
	// process with SIGXFSZ before the verdict (exit 153, no violation).
	t.Run("file_size_signal", func(t *testing.T) {
		res := run(t, d, `import os, signal, sys, _socket
f = os.open("/tmp/big", os.O_WRONLY | os.O_CREAT)
limit = 1 << 40
for line in open("/proc/self/limits"):
    if line.startswith("Max file size"):
        limit = int(line.split()[3])
os.lseek(f, limit, os.SEEK_SET)
signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
sys.stdout.write("pending output")
os.dup2(f, 1)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`, testLimits)
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("a refused socket left exit %d, violations %v: want exit 159 and a network violation", res.ExitCode, res.Violations)
		}
	})

	// No descriptor renumbered, nothing blocks: a signal that arrives while the interpreter
	// converts a long argument of os.system (C code, no bytecode boundary, so its handler is not
	// run yet) is still pending when the hook is called, and BufferedWriter's flush runs the
	// handler after its write(2). "pending output" before the handler's line shows the hook's
	// flush ran first: the handler ran inside the hook.
	t.Run("signal_pending_at_refusal", func(t *testing.T) {
		res := run(t, d, `import os, signal, sys, time
def handler(signum, frame):
    os.write(1, b"program code after the refusal\n")
    os._exit(0)
signal.signal(signal.SIGALRM, handler)
arg = "\u00e9" * (20 << 20)
t = time.perf_counter(); arg.encode(); conv = time.perf_counter() - t
sys.stdout.write("pending output\n")
signal.setitimer(signal.ITIMER_REAL, conv / 3)
os.system(arg)
`, testLimits)
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "process" {
			t.Errorf("a refused os.system left exit %d, violations %v, stdout %q: want exit 159 and a process violation",
				res.ExitCode, res.Violations, clip(res.Stdout))
		}
	})
}

// TestVerdictSignalQueued: the verdict's capability must be the refused operation's, whatever
// the program arranged beforehand (findings/15).
//
// The hook sends its verdict with tgkill(2) of a real-time signal. A real-time signal sent by
// tgkill (si_code SI_TKILL) fails with EAGAIN when the user's queue of pending signals is at
// RLIMIT_SIGPENDING, and the program fills it itself: kill(2) of a blocked real-time signal to its
// own pid queues one each time (the hook allows os.kill of the own pid). The hook then falls back
// to _exit(159), and process 1 takes every line of the report channel for an exit 159, of any
// capability: the program's forged line, since its renumbered report descriptor made the hook
// skip its own. A refused socket is recorded as a violation of the program's choice.
func TestVerdictSignalQueued(t *testing.T) {
	d := newTestDocker(t)
	code := reportFDPy + `import signal, _socket
fd = report_fd()
os.write(fd, b'{"capability":"filesystem","event":"open","detail":"forged"}\n')
os.dup2(os.open("/dev/null", os.O_WRONLY), fd)
sig = signal.SIGRTMAX
signal.pthread_sigmask(signal.SIG_BLOCK, {sig})
limit = 1 << 20
for line in open("/proc/self/limits"):
    if line.startswith("Max pending signals"):
        limit = int(line.split()[3])
try:
    for _ in range(limit + 10):
        os.kill(os.getpid(), sig)
except BlockingIOError:
    pass  # gVisor refuses kill(2) too once the queue is full
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
`
	res := run(t, d, code, testLimits)
	var caps []string
	for _, v := range res.Violations {
		caps = append(caps, v.Capability)
	}
	if res.ExitCode != 159 || len(caps) != 1 || caps[0] != "network" {
		t.Errorf("a refused socket left exit %d, violations %v: want exit 159 and one network violation", res.ExitCode, res.Violations)
	}
}
