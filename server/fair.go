package server

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// requestOverhead is what a request costs in the fair queues on top of its bytes: the decision, the
// log and the HTTP exchange, about as much work as analyzing a kilobyte of source.
const requestOverhead = 1 << 10

// errQueueWait is acquire's error when the wait ran out before the capacity was free.
var errQueueWait = errors.New("queue wait over")

// fairQueue hands out a capacity (bytes of request bodies in memory, turns to do CPU work) to waiting
// requests in fair shares between principals, counted in bytes of source, not in requests:
// start-time fair queueing. Each request gets a virtual start tag, the later of the queue's virtual
// time and the finish tag of its principal's previous request; its finish tag is the start plus its
// cost. The waiting request with the lowest start tag goes first. So a principal sending 1 MB
// programs gets the capacity for as many bytes as one sending print(1), a principal that was idle
// starts at the current virtual time without credit for its idle time, and one principal's
// requests go in their arrival order. What may start is the capacity's to say (fit).
type fairQueue struct {
	mu      sync.Mutex
	cap     capacity
	vtime   int64
	seq     uint64           // arrival order, to break ties between equal tags
	finish  map[string]int64 // per principal: the finish tag of its latest request; principals come from the token table
	waiting map[string][]*ticket
	// waited, when set, is told how long each granted request waited (0 when it did not).
	waited func(principal string, d time.Duration)
}

// capacity is what a fairQueue hands out. Its methods run under the queue's lock.
type capacity interface {
	fit(t *ticket) fitness
	take(t *ticket)
	give(t *ticket)
}

type fitness int

const (
	fitYes   fitness = iota // t can start now
	fitSkip                 // t waits; requests with higher tags may start before it
	fitBlock                // t waits, and so does everything behind it: it is first in line for what it waits for
)

// ticket is one request's place in a fairQueue, and once granted its share of the capacity.
type ticket struct {
	principal string
	bytes     int64
	start     int64
	seq       uint64
	ready     chan struct{} // closed when granted
	granted   bool
	released  bool
}

func newFairQueue(c capacity) *fairQueue {
	return &fairQueue{cap: c, finish: map[string]int64{}, waiting: map[string][]*ticket{}}
}

// acquire waits until principal's request of the given bytes may start, for at most wait (a
// negative wait waits until ctx ends, zero does not wait). The caller releases the ticket when done.
func (q *fairQueue) acquire(ctx context.Context, principal string, bytes int64, wait time.Duration) (*ticket, error) {
	q.mu.Lock()
	t := q.enqueueLocked(principal, bytes)
	q.dispatchLocked()
	granted := t.granted
	q.mu.Unlock()
	if granted {
		q.observe(t, 0)
		return t, nil
	}
	start := time.Now()
	defer func() {
		if t.granted {
			q.observe(t, time.Since(start))
		}
	}()
	var timeout <-chan time.Time
	if wait >= 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		timeout = timer.C
	}
	var err error
	select {
	case <-t.ready:
		return t, nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-timeout:
		err = errQueueWait
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if t.granted { // granted while giving up: keep it
		return t, nil
	}
	q.removeLocked(t)
	q.dispatchLocked()
	return nil, err
}

func (q *fairQueue) observe(t *ticket, d time.Duration) {
	if q.waited != nil {
		q.waited(t.principal, d)
	}
}

func (q *fairQueue) enqueueLocked(principal string, bytes int64) *ticket {
	q.seq++
	t := &ticket{principal: principal, bytes: bytes, seq: q.seq, ready: make(chan struct{})}
	t.start = max(q.vtime, q.finish[principal])
	q.finish[principal] = t.start + bytes + requestOverhead
	q.waiting[principal] = append(q.waiting[principal], t)
	return t
}

// removeLocked takes a request that gave up out of its principal's line; when it was the last, the
// principal's finish tag goes back, so a request that never ran costs nothing.
func (q *fairQueue) removeLocked(t *ticket) {
	line := q.waiting[t.principal]
	i := slices.Index(line, t)
	if i < 0 {
		return
	}
	if i == len(line)-1 {
		q.finish[t.principal] = t.start
	}
	line = slices.Delete(line, i, i+1)
	if len(line) == 0 {
		delete(q.waiting, t.principal)
	} else {
		q.waiting[t.principal] = line
	}
}

// dispatchLocked starts waiting requests while the capacity fits them: each time the one with the
// lowest tag among the principals' first-in-line requests, passing over those that must wait.
func (q *fairQueue) dispatchLocked() {
	for {
		heads := make([]*ticket, 0, len(q.waiting))
		for _, line := range q.waiting {
			heads = append(heads, line[0])
		}
		slices.SortFunc(heads, func(a, b *ticket) int {
			return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.seq, b.seq))
		})
		started := false
	scan:
		for _, t := range heads {
			switch q.cap.fit(t) {
			case fitYes:
				q.grantLocked(t)
				started = true
				break scan
			case fitBlock:
				return
			}
		}
		if !started {
			return
		}
	}
}

func (q *fairQueue) grantLocked(t *ticket) {
	line := q.waiting[t.principal][1:]
	if len(line) == 0 {
		delete(q.waiting, t.principal)
	} else {
		q.waiting[t.principal] = line
	}
	q.cap.take(t)
	q.vtime = max(q.vtime, t.start)
	t.granted = true
	close(t.ready)
}

// release gives the ticket's share back and starts whoever now fits. It may be called more than
// once.
func (q *fairQueue) release(t *ticket) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if t.released {
		return
	}
	t.released = true
	q.cap.give(t)
	q.dispatchLocked()
}

// resize changes the bytes a granted ticket holds, e.g. to the body's size once it is read.
func (q *fairQueue) resize(t *ticket, bytes int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if t.released {
		return
	}
	q.cap.give(t)
	t.bytes = bytes
	q.cap.take(t)
	q.dispatchLocked()
}

// memoryCap bounds the bytes of request bodies the server holds at once, from before a body is read
// until its answer is written, and the share of them one principal may hold, so that a principal
// sending large programs leaves room for the others. A request that is alone fits whatever its size.
type memoryCap struct {
	total, perPrincipal int64
	used                int64
	held                map[string]int64
}

func newMemoryCap(total int64) *memoryCap {
	return &memoryCap{total: total, perPrincipal: total / 2, held: map[string]int64{}}
}

func (c *memoryCap) fit(t *ticket) fitness {
	if h := c.held[t.principal]; h > 0 && h+t.bytes > c.perPrincipal {
		return fitSkip
	}
	if c.used > 0 && c.used+t.bytes > c.total {
		return fitBlock
	}
	return fitYes
}

func (c *memoryCap) take(t *ticket) {
	c.used += t.bytes
	c.held[t.principal] += t.bytes
}

func (c *memoryCap) give(t *ticket) {
	c.used -= t.bytes
	if c.held[t.principal] -= t.bytes; c.held[t.principal] == 0 {
		delete(c.held, t.principal)
	}
}

// workCap bounds the requests decoding, analyzing or deciding at once, and among them those of large
// programs: a program's analysis allocates up to analyzer.MemoryPerByte per byte of source (about
// 80 for an ordinary program) and 140 ms of a core per megabyte, so large ones at once would
// take the memory and every core. Small programs always find a slot that no large one can take.
type workCap struct {
	slots, large int   // requests at once; of them, requests of programs above largeBytes
	largeBytes   int64 // a program above this size is large
	usedSlots    int
	usedLarge    int
	smallWorking atomic.Int32 // usedSlots - usedLarge, for crowded to read without the queue's lock
}

// crowded reports whether a request of a small program is at work: a newcomer competes with it for
// the processors and should take its place behind it (yieldIfCrowded). A large program's analysis
// does not count: it runs for a hundred milliseconds, and yielding behind it costs its time slice.
func (c *workCap) crowded() bool { return c.smallWorking.Load() > 0 }

func (c *workCap) isLarge(t *ticket) bool { return t.bytes >= c.largeBytes }

func (c *workCap) fit(t *ticket) fitness {
	switch {
	case c.usedSlots >= c.slots:
		return fitBlock
	case c.isLarge(t) && c.usedLarge >= c.large:
		return fitSkip
	}
	return fitYes
}

func (c *workCap) take(t *ticket) {
	c.usedSlots++
	if c.isLarge(t) {
		c.usedLarge++
	} else {
		c.smallWorking.Add(1)
	}
}

func (c *workCap) give(t *ticket) {
	c.usedSlots--
	if c.isLarge(t) {
		c.usedLarge--
	} else {
		c.smallWorking.Add(-1)
	}
}
