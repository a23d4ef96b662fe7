package runner

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
)

// TestVerdictOwnFilter: a seccomp filter of the program's own must not defuse the hook's verdict
// (red team rt10). The image's libseccomp binding, which process 1 takes out of sys.modules, was
// imported again through library code that imports by name (unittest's loadTestsFromName); its
// filter answered the verdict's tgkill, kill, exit_group and exit with a false success, or killed
// the thread that sent it, and a refused os.system was recorded as a crash (139) or a timeout,
// with no violation. Now the hook refuses process 1's modules to every caller, and the program's
// process cannot load a filter at all (seccomp(2) and prctl(PR_SET_SECCOMP) are refused: EPERM).
func TestVerdictOwnFilter(t *testing.T) {
	d := newTestDocker(t)
	l := testLimits
	l.TimeoutMS = 5_000
	for _, name := range []string{"own_filter_crash.py", "own_filter_timeout.py"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "testdata", "adaptive", "rt10", name))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: src, Limits: l})
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode != 159 || res.TimedOut || len(res.Violations) == 0 {
				t.Errorf("exit %d, timed out %v, violations %v, stdout %q: want exit 159 with a violation",
					res.ExitCode, res.TimedOut, res.Violations, clip(res.Stdout))
			}
		})
	}

	// The kernel layer alone (no hook to refuse the import): the filter is refused, and so is
	// seccomp's strict mode, whoever asks.
	t.Run("kernel_filter_refuses_own_filters", func(t *testing.T) {
		l := testLimits
		l.Enforce = config.LayerAuditHook
		const code = `import sys, unittest
unittest.TestLoader().loadTestsFromName("seccomp")
unittest.TestLoader().loadTestsFromName("prctl")
seccomp, prctl = sys.modules["seccomp"], sys.modules["prctl"]
f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
f.add_rule(seccomp.ERRNO(0), "tgkill")
try:
    f.load()
    print("filter loaded")
except Exception as e:
    print("filter refused")
try:
    prctl.set_seccomp(True)
    print("strict mode")
except OSError as e:
    print("strict mode refused:", e.errno)
`
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 0 || res.Stdout != "filter refused\nstrict mode refused: 1\n" {
			t.Errorf("exit %d, stdout %q, stderr %s: want both refused (EPERM)", res.ExitCode, res.Stdout, clip(res.Stderr))
		}
	})

	// Syscall user dispatch, the other way to intercept one's own system calls, through ctypes
	// (loaded before the lock in the data image) with the hook off: refused too.
	t.Run("kernel_filter_refuses_user_dispatch", func(t *testing.T) {
		testenv.RequireImage(t, dataImage)
		l := dataLimits
		l.Enforce = config.LayerAuditHook
		const code = `import numpy, sys
ctypes = sys.modules["ctypes"]
libc = ctypes.CDLL(None, use_errno=True)
sel = ctypes.c_char(b"\x00")
print(libc.prctl(59, 1, 0, 0, ctypes.byref(sel)), ctypes.get_errno())
`
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Modules: []string{"numpy", "sys"}, Limits: l})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 0 || res.Stdout != "-1 1\n" {
			t.Errorf("exit %d, stdout %q, stderr %s: want prctl(PR_SET_SYSCALL_USER_DISPATCH) refused (EPERM)", res.ExitCode, res.Stdout, clip(res.Stderr))
		}
	})
}
