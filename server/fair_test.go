package server

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// enqueue puts a request in line as acquire does, without waiting, and starts what fits.
func (q *fairQueue) enqueue(principal string, bytes int64) *ticket {
	q.mu.Lock()
	defer q.mu.Unlock()
	t := q.enqueueLocked(principal, bytes)
	q.dispatchLocked()
	return t
}

// running returns the granted, unreleased tickets among ts.
func running(ts []*ticket) []*ticket {
	var out []*ticket
	for _, t := range ts {
		if t.granted && !t.released {
			out = append(out, t)
		}
	}
	return out
}

func oneSlot() *fairQueue {
	return newFairQueue(&workCap{slots: 1, large: 1, largeBytes: largeProgram})
}

// A principal that queued a backlog of large programs does not hold back one that arrives later
// with small ones: the newcomer's requests start next, in their order, before the backlog goes on.
func TestFairQueueNewcomerGoesFirst(t *testing.T) {
	q := oneSlot()
	var agg []*ticket
	for range 6 {
		agg = append(agg, q.enqueue("aggressor", 1<<20))
	}
	var vic []*ticket
	for range 3 {
		vic = append(vic, q.enqueue("victim", 100))
	}
	if !agg[0].granted || len(running(append(agg, vic...))) != 1 {
		t.Fatalf("want the first large program running alone")
	}
	var order []string
	all := append(agg, vic...)
	for range len(all) {
		r := running(all)
		if len(r) != 1 {
			t.Fatalf("%d running, want 1", len(r))
		}
		order = append(order, fmt.Sprintf("%s/%d", r[0].principal, r[0].seq))
		q.release(r[0])
	}
	want := "aggressor/1 victim/7 victim/8 victim/9 aggressor/2 aggressor/3 aggressor/4 aggressor/5 aggressor/6"
	if got := strings.Join(order, " "); got != want {
		t.Errorf("order %s\nwant  %s", got, want)
	}
}

// Under a standing backlog from both, each principal gets the same bytes of analysis, whatever the
// size of its programs: within one large program of each other at every point.
func TestFairQueueSharesBytes(t *testing.T) {
	q := oneSlot()
	var all []*ticket
	for range 20 {
		all = append(all, q.enqueue("aggressor", 1<<20))
	}
	for range 8000 {
		all = append(all, q.enqueue("victim", 1000))
	}
	served := map[string]int64{}
	for range 6000 {
		r := running(all)
		if len(r) != 1 {
			t.Fatalf("%d running, want 1", len(r))
		}
		served[r[0].principal] += r[0].bytes + requestOverhead
		if d := served["aggressor"] - served["victim"]; d > 1<<20+requestOverhead || -d > 1<<20+requestOverhead {
			t.Fatalf("served %v: more than one large program apart", served)
		}
		q.release(r[0])
	}
	if served["aggressor"] < 3<<20 {
		t.Fatalf("served %v: the aggressor was starved", served)
	}
}

// Large programs never take more than their share of the slots, so a small program finds one free
// while every large one waits; and the large ones go in their fair order as slots free up.
func TestWorkCapLargeLane(t *testing.T) {
	c := &workCap{slots: 3, large: 1, largeBytes: largeProgram}
	q := newFairQueue(c)
	a1, b1, a2 := q.enqueue("a", 1<<20), q.enqueue("b", 1<<20), q.enqueue("a", 1<<20)
	small := q.enqueue("c", 500)
	if !a1.granted || b1.granted || a2.granted || !small.granted {
		t.Fatalf("granted a1 %v b1 %v a2 %v small %v: want one large and the small one", a1.granted, b1.granted, a2.granted, small.granted)
	}
	small2 := q.enqueue("c", 500)
	if !small2.granted || c.usedSlots != 3 || c.usedLarge != 1 {
		t.Fatalf("second small one not started beside the large one (slots %d, large %d)", c.usedSlots, c.usedLarge)
	}
	q.release(a1)
	if !b1.granted || a2.granted {
		t.Fatalf("after a1: b1 %v a2 %v, want b (a's second comes after b's first)", b1.granted, a2.granted)
	}
	q.release(b1)
	if !a2.granted {
		t.Fatal("a2 did not start")
	}
}

// The bytes in flight are bounded, and one principal holds at most half of them: a principal that
// asks for more waits, another still gets in, and a request alone fits whatever its size.
func TestMemoryCap(t *testing.T) {
	c := newMemoryCap(4 << 20)
	q := newFairQueue(c)
	var agg []*ticket
	for range 5 {
		agg = append(agg, q.enqueue("aggressor", 1<<20))
	}
	if n := len(running(agg)); n != 2 || c.used != 2<<20 {
		t.Fatalf("%d of the aggressor's bodies admitted (%d bytes), want 2 (half the bound)", n, c.used)
	}
	vic := q.enqueue("victim", 300)
	other := q.enqueue("other", 1<<20)
	if !vic.granted || !other.granted {
		t.Fatalf("victim %v, other %v: want both admitted beside the aggressor", vic.granted, other.granted)
	}
	// 3 MiB and 300 bytes are in: a 1 MiB body of a fourth principal must wait for room, and
	// whatever comes after it waits behind it.
	fourth, late := q.enqueue("fourth", 1<<20), q.enqueue("late", 100)
	if fourth.granted || late.granted {
		t.Fatalf("fourth %v late %v: want both waiting for room", fourth.granted, late.granted)
	}
	q.release(agg[0])
	if !fourth.granted || !late.granted || agg[2].granted {
		t.Fatalf("after a release: fourth %v late %v aggressor's third %v", fourth.granted, late.granted, agg[2].granted)
	}
	if c.used > c.total {
		t.Fatalf("%d bytes held, bound %d", c.used, c.total)
	}
	alone := newFairQueue(newMemoryCap(1 << 10))
	if !alone.enqueue("x", 1<<20).granted {
		t.Fatal("a request alone must fit whatever its size")
	}
}

// A request that gives up leaves the queue as if it had never come: its principal's next request
// is tagged as before, and what waited behind it starts.
func TestFairQueueGiveUp(t *testing.T) {
	q := oneSlot()
	first := q.enqueue("a", 1<<20)
	if _, err := q.acquire(context.Background(), "b", 100, 0); !errors.Is(err, errQueueWait) {
		t.Fatalf("acquire with no wait on a full queue: %v, want errQueueWait", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := q.acquire(ctx, "b", 100, -1); !errors.Is(err, context.Canceled) {
		t.Fatalf("acquire with a canceled context: %v", err)
	}
	if len(q.waiting) != 0 || q.finish["b"] != 0 {
		t.Fatalf("waiting %v, b's finish tag %d: want the queue as before", q.waiting, q.finish["b"])
	}
	q.release(first)
	q.release(first) // idempotent
	if c := q.cap.(*workCap); c.usedSlots != 0 {
		t.Fatalf("%d slots in use after release", c.usedSlots)
	}
	done := make(chan *ticket)
	go func() {
		tk, _ := q.acquire(context.Background(), "b", 100, -1)
		done <- tk
	}()
	if tk := <-done; tk == nil || !tk.granted {
		t.Fatal("acquire on a free queue did not start")
	}
}

// Over HTTP: a principal at its share of the bytes in flight waits, then gets 503 with Retry-After,
// while another principal's check goes through.
func TestBytesInFlightShare(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{noLog: true, opts: []Option{
		WithMaxBytesInFlight(2 << 20), WithMaxConcurrentChecks(0, 50*time.Millisecond),
	}})
	held, err := e.srv.inflight.acquire(context.Background(), "alice", 1<<20, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode})
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" || !strings.Contains(r.errorMessage(t), "request bytes") {
		t.Fatalf("alice over her share: %d %s, want 503", r.Status, r.Body)
	}
	if r := e.post("/v1/check", bobToken, map[string]any{"code": allowedCode}); r.Status != http.StatusOK {
		t.Fatalf("bob beside alice: %d %s", r.Status, r.Body)
	}
	e.srv.inflight.release(held)
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode}); r.Status != http.StatusOK {
		t.Fatalf("alice once her bytes are back: %d %s", r.Status, r.Body)
	}
	if r := e.post("/v1/check", aliceToken, map[string]any{"code": 1}); r.Status != http.StatusBadRequest {
		t.Fatalf("a malformed body: %d %s", r.Status, r.Body)
	}
	// Every answer, the malformed one too, gave back its bytes and its turn.
	if c := e.srv.inflight.cap.(*memoryCap); c.used != 0 || len(c.held) != 0 {
		t.Fatalf("bytes still held after the answers: %d %v", c.used, c.held)
	}
	if e.srv.workCap.usedSlots != 0 || e.srv.workCap.usedLarge != 0 {
		t.Fatalf("turns still taken after the answers: %+v", e.srv.workCap)
	}
}

// A request that must wait for a check or run slot gives its turn back first, so that the work
// queue never waits on slots; with a slot free at once it keeps the turn for its analysis.
func TestSlotGivesTurnBack(t *testing.T) {
	q := oneSlot()
	sem := make(chan struct{}, 1)
	tn := &turn{q: q, t: q.enqueue("a", 100)}
	release, ok := slot(context.Background(), sem, 0, tn)
	if !ok || tn.t == nil {
		t.Fatalf("a free slot: ok %v, turn kept %v", ok, tn.t != nil)
	}
	tn.end()
	tn = &turn{q: q, t: q.enqueue("a", 100)}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := slot(ctx, sem, time.Minute, tn); ok || tn.t != nil {
		t.Fatalf("a taken slot: ok %v, turn kept %v; want the turn given back", ok, tn.t != nil)
	}
	if c := q.cap.(*workCap); c.usedSlots != 0 {
		t.Fatalf("%d turns in use, want 0", c.usedSlots)
	}
	release()
}

// Many principals acquiring and releasing at once, some giving up: the capacity's bounds hold at
// every grant, and everything is given back at the end.
func TestFairQueueConcurrent(t *testing.T) {
	c := &workCap{slots: 3, large: 1, largeBytes: largeProgram}
	q := newFairQueue(c)
	var wg sync.WaitGroup
	var violations atomic.Int64
	for g := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for i := range 200 {
				size := int64(rng.IntN(2 * largeProgram))
				wait := time.Duration(-1)
				if i%7 == 0 {
					wait = 0 // gives up at once when it cannot start
				}
				tk, err := q.acquire(context.Background(), fmt.Sprint("p", g%3), size, wait)
				if err != nil {
					continue
				}
				q.mu.Lock()
				if c.usedSlots > c.slots || c.usedLarge > c.large {
					violations.Add(1)
				}
				q.mu.Unlock()
				q.release(tk)
			}
		})
	}
	wg.Wait()
	if violations.Load() > 0 || c.usedSlots != 0 || c.usedLarge != 0 || len(q.waiting) != 0 {
		t.Fatalf("%d grants over the bounds; at the end %d slots, %d large in use, %d principals waiting", violations.Load(), c.usedSlots, c.usedLarge, len(q.waiting))
	}
}

// A newcomer yields behind small programs at work, not behind a large program's analysis.
func TestWorkCapCrowded(t *testing.T) {
	c := &workCap{slots: 4, large: 1, largeBytes: largeProgram}
	q := newFairQueue(c)
	big := q.enqueue("a", 1<<20)
	if c.crowded() {
		t.Error("crowded with only a large program at work")
	}
	small := q.enqueue("b", 100)
	if !c.crowded() {
		t.Error("not crowded with a small program at work")
	}
	q.release(small)
	q.release(big)
	if c.crowded() {
		t.Error("crowded with nothing at work")
	}
}
