package runner

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// verdictSmallStack makes a refused socket at a chosen depth of C-level recursion in a thread of
// 64 KiB. Each level (a Python function called through map and list) takes about 750 bytes of the
// thread's C stack; the interpreter's recursion limit, raised with no audit event, does not stop
// it. Just before, an AF_UNIX socket, which the hook admits, goes through the same audit dispatch
// and the same hook: "judged" says the hook had the room to judge at this depth (findings/36).
const verdictSmallStack = `import os, sys, threading, _socket
sys.setrecursionlimit(1000000)
def rec(n):
    if n == 0:
        _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM).close()
        os.write(1, b"judged\n")
        _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
        os.write(1, b"not refused\n")
        return
    return list(map(rec, [n - 1]))
threading.stack_size(65536)
t = threading.Thread(target=rec, args=(%d,))
t.start()
t.join()
`

// TestVerdictSurvivesSmallStack: wherever the hook can judge an event, a refusal there is recorded.
// The hook ran on the stack of the thread that raised the event, and a refusal needs several KiB
// more of it than an admitted event (the report line is built on the stack): at a depth where the
// AF_UNIX socket was judged and admitted, the AF_INET socket's refusal faulted after the decision
// and before the report, and the run was a crash (exit 139, SIGSEGV) with no violation.
func TestVerdictSurvivesSmallStack(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, testLimits, func(t *testing.T, l config.Limits) {
		judged, crashed := 0, 0
		// 64 KiB hold about 88 levels: the refusal needs about 6 KiB more than an admitted
		// event, so the depths from 70 cover the band where one fits and the other did not.
		for depth := 70; depth <= 92; depth += 2 {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(fmt.Sprintf(verdictSmallStack, depth)), Limits: l,
				Modules: []string{"os", "sys", "threading", "_socket"}})
			cancel()
			if err != nil {
				t.Fatalf("depth %d: %v", depth, err)
			}
			if strings.Contains(res.Stdout, "not refused") {
				t.Fatalf("depth %d: the AF_INET socket was made: %+v", depth, res)
			}
			if !strings.Contains(res.Stdout, "judged\n") {
				crashed++ // the program's own recursion, or the dispatch, ran out of stack first
				continue
			}
			judged++
			if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[len(res.Violations)-1].Capability != "network" {
				t.Errorf("depth %d: the hook judged an event there, and a refused socket left exit %d, violations %v, stderr %q: want exit 159 and a network violation",
					depth, res.ExitCode, res.Violations, clip(res.Stderr))
			}
		}
		if judged == 0 || crashed == 0 {
			t.Errorf("%d depths judged, %d ran out of stack first: the depths do not span the band the test is about", judged, crashed)
		}
	})
}
