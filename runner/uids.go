package runner

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/sbxgate/sbxgate/config"
)

// sandboxUIDs are the two host user ids of one sandbox: process 1's and the program's. They differ
// so that the kernel's same-user checks (signals, prlimit, scheduling, ptrace and /proc/1, the
// owner of a descriptor's I/O signals) keep the program away from process 1 by themselves.
type sandboxUIDs struct{ Init, Program int }

// uidPool hands out host user ids, a pair per live sandbox, so that per-user kernel quotas
// (inotify instances, RLIMIT_NPROC, message queues) are not shared between tenants. The range is
// cut into pairs (FIRST+2k for process 1, FIRST+2k+1 for the program); a pair is drawn at random,
// so two sbxgate processes on one daemon rarely pick the same one; within a process they never do.
type uidPool struct {
	mu    sync.Mutex
	r     config.UIDRange
	inUse map[int]bool // by process 1's id
}

func newUIDPool(r config.UIDRange) *uidPool { return &uidPool{r: r, inUse: map[int]bool{}} }

func (p *uidPool) take() (sandboxUIDs, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.r.Size() / 2
	if len(p.inUse) >= n {
		return sandboxUIDs{}, fmt.Errorf("all %d sandbox user id pairs of runner.uids are in use: widen the range", n)
	}
	for {
		uid := p.r.First + 2*rand.IntN(n)
		if !p.inUse[uid] {
			p.inUse[uid] = true
			return sandboxUIDs{Init: uid, Program: uid + 1}, nil
		}
	}
}

func (p *uidPool) give(u sandboxUIDs) {
	p.mu.Lock()
	delete(p.inUse, u.Init)
	p.mu.Unlock()
}
