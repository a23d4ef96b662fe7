package audit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"
)

// BenchmarkAppend measures durable appends per second through Log.Append, beside a plain O_APPEND
// write + fdatasync of a line of the same size to a file in the same directory, in the same run.
// Metrics: appends/s (the log), plain/s (the baseline), ratio (log speed / baseline speed, median of
// rounds). ns/op counts both sides.
func BenchmarkAppend(b *testing.B) {
	for _, writers := range []int{1, 8} {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) { benchAppend(b, writers) })
	}
}

func benchAppend(b *testing.B, writers int) {
	dir := b.TempDir()
	rec := decisionRecord("bench", "import os\nos.system('true')\n", false)
	probe := rec
	probe.Time = time.Now().UTC()
	probe.ID = newID(probe.Time)
	applyStoreCode(&probe, StoreOnDeny)
	body, err := encodeBody(&probe)
	if err != nil {
		b.Fatal(err)
	}
	line, _ := appendLine(nil, body, int64(b.N), zeroHash)

	// Baseline: each writer does its own write + fdatasync, as a naive logger would.
	plain, err := os.OpenFile(filepath.Join(dir, "plain.log"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	defer plain.Close()
	plainAppend := func() error {
		if _, err := plain.Write(line); err != nil {
			return err
		}
		return syncData(plain)
	}
	l, err := Open(filepath.Join(dir, "audit.log"))
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	logAppend := func() error {
		_, err := l.Append(context.Background(), rec)
		return err
	}

	// The disk's fsync latency drifts (other work shares it), so the two alternate in short rounds,
	// taking turns to go first, and "ratio" is the median of the rounds' ratios: like is compared
	// with like, and a burst of foreign I/O moves it little.
	//
	// The metrics come from at least 256 appends per writer even when b.N is smaller: one fsync
	// stalled behind foreign I/O can make the framework's first probe (b.N = 1) look long enough to
	// stop at, and one sample says nothing.
	round := 8 * writers * writers // 8 for one writer; 512 for eight, enough for batches to settle
	total := max(b.N, 256*writers)
	var plainDur, logDur time.Duration
	var ratios []float64
	b.ResetTimer()
	for done, i := 0, 0; done < total; done, i = done+round, i+1 {
		n := min(round, total-done)
		timed := func(fn func() error) time.Duration {
			start := time.Now()
			split(n, writers, fn, b)
			return time.Since(start)
		}
		var p, g time.Duration
		if i%2 == 0 {
			p, g = timed(plainAppend), timed(logAppend)
		} else {
			g, p = timed(logAppend), timed(plainAppend)
		}
		plainDur += p
		logDur += g
		ratios = append(ratios, p.Seconds()/g.Seconds())
	}
	b.StopTimer()
	sort.Float64s(ratios)

	b.ReportMetric(float64(total)/logDur.Seconds(), "appends/s")
	b.ReportMetric(float64(total)/plainDur.Seconds(), "plain/s")
	b.ReportMetric(ratios[len(ratios)/2], "ratio")
}

// split runs n calls of fn across w goroutines.
func split(n, w int, fn func() error, b *testing.B) {
	var wg sync.WaitGroup
	for i := range w {
		k := n / w
		if i < n%w {
			k++
		}
		wg.Go(func() {
			for range k {
				if err := fn(); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}
