package runner

import (
	"sync"

	"github.com/sbxgate/sbxgate/config"
)

// pool keeps, per Limits value, up to size started containers whose interpreter waits on standard
// input, so a run costs only writing the code and waiting. A container serves one run and is then
// removed; the pool refills in the background.
type pool struct {
	d       *Docker
	size    int
	mu      sync.Mutex
	ready   map[config.Limits][]*box
	pending map[config.Limits]int
}

func newPool(d *Docker, size int) *pool {
	return &pool{d: d, size: size, ready: map[config.Limits][]*box{}, pending: map[config.Limits]int{}}
}

// take returns a live warm container for l, or nil. The caller refills once its run is over:
// starting a container while a run is in flight would compete with it for the daemon and CPU.
func (p *pool) take(l config.Limits) *box {
	if p.size == 0 {
		return nil
	}
	var got *box
	var dead []*box
	p.mu.Lock()
	for q := p.ready[l]; len(q) > 0 && got == nil; {
		b := q[0]
		q = q[1:]
		p.ready[l] = q
		select {
		case <-b.exited: // died while waiting (killed from outside, daemon restart)
			dead = append(dead, b)
		default:
			got = b
		}
	}
	p.mu.Unlock()
	for _, b := range dead {
		p.d.remove(b)
	}
	return got
}

// refill starts enough containers in the background to bring l back to size.
func (p *pool) refill(l config.Limits) {
	if p.size == 0 {
		return
	}
	p.mu.Lock()
	need := p.size - len(p.ready[l]) - p.pending[l]
	if need <= 0 || p.d.bg.Err() != nil {
		p.mu.Unlock()
		return
	}
	p.pending[l] += need
	p.d.wg.Add(need)
	p.mu.Unlock()
	for range need {
		go func() {
			defer p.d.wg.Done()
			b, err := p.d.start(p.d.bg, l, "", nil, true)
			p.mu.Lock()
			p.pending[l]--
			if err != nil || p.d.bg.Err() != nil {
				p.mu.Unlock()
				if b != nil {
					p.d.remove(b)
				}
				return
			}
			p.ready[l] = append(p.ready[l], b)
			p.mu.Unlock()
		}()
	}
}

// prune removes warm containers that ended by themselves (idle timeout, a daemon restart) and
// refills their Limits.
func (p *pool) prune() {
	p.mu.Lock()
	var dead []*box
	var refill []config.Limits
	for l, q := range p.ready {
		live := q[:0]
		for _, b := range q {
			select {
			case <-b.exited:
				dead = append(dead, b)
				refill = append(refill, l)
			default:
				live = append(live, b)
			}
		}
		p.ready[l] = live
	}
	p.mu.Unlock()
	for _, b := range dead {
		p.d.remove(b)
	}
	for _, l := range refill {
		p.refill(l)
	}
}

// drain removes every warm container; called by Close after filling has stopped.
func (p *pool) drain() {
	p.mu.Lock()
	var all []*box
	for l, q := range p.ready {
		all = append(all, q...)
		delete(p.ready, l)
	}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, b := range all {
		wg.Add(1)
		go func() { defer wg.Done(); p.d.remove(b) }()
	}
	wg.Wait()
}

// warm reports the ready containers for l (for tests and benchmarks).
func (p *pool) warm(l config.Limits) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.ready[l])
}

// Warm reports how many warm containers are ready for l, for monitoring and benchmarks.
func (d *Docker) Warm(l config.Limits) int { return d.pool.warm(l) }

// Idle reports whether no run is in flight (nor its container's removal).
func (d *Docker) Idle() bool { return len(d.sem) == 0 }
