package runner

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/sbxgate/sbxgate/config"
)

// uidPool hands out host user ids, one per live sandbox, so that per-user kernel quotas
// (inotify instances, RLIMIT_NPROC, message queues) are not shared between tenants. Ids are
// drawn at random from the configured range, so two sbxgate processes on one daemon rarely pick
// the same one; within a process they never do.
type uidPool struct {
	mu    sync.Mutex
	r     config.UIDRange
	inUse map[int]bool
}

func newUIDPool(r config.UIDRange) *uidPool { return &uidPool{r: r, inUse: map[int]bool{}} }

func (p *uidPool) take() (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.r.Size()
	if len(p.inUse) >= n {
		return 0, fmt.Errorf("all %d sandbox user ids of runner.uids are in use: widen the range", n)
	}
	for {
		uid := p.r.First + rand.IntN(n)
		if !p.inUse[uid] {
			p.inUse[uid] = true
			return uid, nil
		}
	}
}

func (p *uidPool) give(uid int) {
	p.mu.Lock()
	delete(p.inUse, uid)
	p.mu.Unlock()
}
