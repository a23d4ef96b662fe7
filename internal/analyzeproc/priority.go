package analyzeproc

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// niceness is the lowest CPU priority: under Linux's scheduler a thread at 19 weighs 15 against a
// default thread's 1024, and a waking default thread preempts it.
const niceness = 19

// lowerPriority sets every thread of this process to the lowest priority. Linux keeps a nice value
// per thread and a new thread inherits its creator's, so once every existing thread is lowered, the
// threads the Go runtime starts later are too; the loop ends when a pass finds none left to lower.
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
			prio, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
			if err != nil {
				continue // the thread ended
			}
			// The raw system call answers 20 - nice.
			if 20-prio == niceness {
				continue
			}
			if err := unix.Setpriority(unix.PRIO_PROCESS, tid, niceness); err != nil {
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
