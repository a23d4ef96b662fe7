package runner

import (
	"context"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// verdictFaultLoop makes a violation disappear behind a fault of another thread (findings/32).
// A thread reads an sqlite3 database through a mapping of its file (pragma mmap_size), which the
// program truncated: the read faults (SIGBUS) in sqlite3_step, without the interpreter lock; the
// program's handler (Python's C trampoline) returns, and the read faults again, for ever,
// harmlessly. The report channel is replaced (the hook writes no line) and the user's
// queue of pending signals filled (findings/16), so the hook's tgkill fails and it ignores every
// other signal before it tries again. Ignoring SIGBUS is what ends the process: a fault the
// kernel forces on an ignored signal resets it to its default action, and the faulting thread
// ends the process with SIGBUS before the verdict's signal is sent.
const verdictFaultLoop = reportFDPy + `import signal, threading, sqlite3, time
import _socket
# A database read through a mapping of its file, then the file truncated: the thread's next read
# faults, in sqlite3_step, without the interpreter lock.
con = sqlite3.connect("db.sqlite", check_same_thread=False)
con.execute("pragma mmap_size=1048576")
con.execute("create table t(x)")
con.executemany("insert into t values (?)", [("x" * 100,)] * 1000)
con.commit()
os.truncate("db.sqlite", 0)
os.dup2(os.open("/dev/null", os.O_WRONLY), report_fd())
sig = signal.SIGRTMAX
signal.pthread_sigmask(signal.SIG_BLOCK, {sig})
limit = 1 << 20
try:
    for line in open("/proc/self/limits"):
        if line.startswith("Max pending signals"):
            limit = int(line.split()[3])
except OSError:
    pass
try:
    for _ in range(limit + 10):
        os.kill(os.getpid(), sig)
except BlockingIOError:
    pass
signal.signal(signal.SIGBUS, lambda s, f: None)
threading.Thread(target=con.execute, args=("select count(*) from t",), daemon=True).start()
time.sleep(0.2)
print("socket next", flush=True)
_socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
print("after the socket", flush=True)
`

// TestVerdictSurvivesFaultLoop: a refused socket must be recorded (exit 159, a network violation),
// whatever another thread of the program is doing. While the weakness exists: exit 135 (SIGBUS),
// no violation.
func TestVerdictSurvivesFaultLoop(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(verdictFaultLoop), Limits: l,
			Modules: importsOf(verdictFaultLoop)})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
			t.Errorf("a refused socket while another thread faults: exit %d, timed out %v, violations %v, stdout %q: want exit 159 and a network violation",
				res.ExitCode, res.TimedOut, res.Violations, res.Stdout)
		}
	})
}
