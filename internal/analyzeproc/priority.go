package analyzeproc

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// lowerPriority puts every thread of this process under SCHED_IDLE, Linux's policy for work that
// runs only on a processor nothing else wants: a thread of the default policy that wakes takes the
// processor from it at once, where a thread at nice 19 (weight 15 against 1,024) still ran out its
// slice first. Linux keeps the policy per thread and a new thread inherits its creator's, so once
// every existing thread is idle, the threads the Go runtime starts later are too; the loop ends when
// a pass finds none left to change.
func lowerPriority() error {
	for range 10 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return fmt.Errorf("lower the priority: %w", err)
		}
		lowered := 0
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			attr, err := unix.SchedGetAttr(tid, 0)
			if err != nil {
				continue // the thread ended
			}
			if attr.Policy == unix.SCHED_IDLE {
				continue
			}
			attr.Policy = unix.SCHED_IDLE
			attr.Flags, attr.Nice, attr.Priority = 0, 0, 0
			if err := unix.SchedSetAttr(tid, attr, 0); err != nil {
				return fmt.Errorf("lower the priority of thread %d: %w", tid, err)
			}
			lowered++
		}
		if lowered == 0 {
			return nil
		}
	}
	return fmt.Errorf("lower the priority: threads kept appearing")
}
