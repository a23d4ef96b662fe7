package runner

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// Threads start under both runtimes: in process 1, where numpy's import starts OpenBLAS's pool, and
// in a program whose tier turns the kernel filter off. Under gVisor the container's profile answers
// clone3 with EPERM (not its ENOSYS), so without process 1's own clone3 filter (answer_clone3 in
// sandbox/init.py) OpenBLAS printed its failure to the program's stderr and threading.Thread
// raised "can't start new thread".
func TestThreadsStart(t *testing.T) {
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			d := newDataDocker(t)
			requireRuntime(t, d, rt)

			l := dataLimits
			l.Runtime = rt
			res := run(t, d, "import numpy as np\na = np.ones((300, 300))\nprint((a @ a)[0, 0])\n", l)
			if res.ExitCode != 0 || res.Stdout != "300.0\n" || strings.Contains(res.Stderr, "pthread_create") {
				t.Errorf("numpy: exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, res.Stderr)
			}

			l = testLimits
			l.Runtime = rt
			l.Enforce = config.LayerSeccomp // off: the program's process loads no filter of its own
			res = run(t, d, "import threading\nt = threading.Thread(target=print, args=('started',))\nt.start()\nt.join()\n", l)
			if res.ExitCode != 0 || res.Stdout != "started\n" {
				t.Errorf("threading, kernel filter off: exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, res.Stderr)
			}
		})
	}
}
