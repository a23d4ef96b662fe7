package pipeline

import (
	"fmt"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

func TestCodeBudget(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	b := NewCodeBudget(config.CodeBudget{Bytes: 1000, Per: config.Duration{Duration: time.Minute}, MaxRecord: 400})
	b.now = func() time.Time { return now }
	alice, bob := b.For("alice"), b.For("bob")
	for i, want := range []string{"", "", record.OmittedBudget} { // 400 + 400, and 200 left
		if got := alice(400); got != want {
			t.Fatalf("alice's record %d of 400 bytes: %q, want %q", i, got, want)
		}
	}
	if got := alice(200); got != "" {
		t.Errorf("alice's 200 bytes within the 200 left: %q", got)
	}
	if got := alice(401); got != record.OmittedSize {
		t.Errorf("a record over max_record: %q, want %q", got, record.OmittedSize)
	}
	if got := bob(400); got != "" {
		t.Errorf("bob, who spent nothing, is refused: %q", got)
	}
	// The bucket refills evenly: 1000 bytes a minute is 400 in 24 s.
	now = now.Add(23 * time.Second)
	if got := alice(400); got != record.OmittedBudget {
		t.Errorf("alice after 23 s: %q, want budget", got)
	}
	now = now.Add(time.Second)
	if got := alice(400); got != "" {
		t.Errorf("alice after 24 s: %q, want kept", got)
	}
	var nilBudget *CodeBudget
	if nilBudget.For("alice") != nil {
		t.Error("a nil budget limits records")
	}
}

func TestCodeBudgetSweep(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	b := NewCodeBudget(config.CodeBudget{Bytes: 1000, Per: config.Duration{Duration: time.Minute}, MaxRecord: 1000})
	b.now = func() time.Time { return now }
	for i := range sweepAt {
		b.For(fmt.Sprint("p", i))(1000)
	}
	b.For("spender")(1000)
	if len(b.buckets) != sweepAt+1 {
		t.Fatalf("%d buckets, want %d: none is full again yet", len(b.buckets), sweepAt+1)
	}
	now = now.Add(time.Minute)
	if got := b.For("late")(1000); got != "" || len(b.buckets) != 1 {
		t.Fatalf("after a minute every bucket is full again: got %q and %d buckets, want the new one alone", got, len(b.buckets))
	}
	// A principal dropped with a full bucket gets a full one again: nothing is forgiven early.
	if got := b.For("late")(1); got != record.OmittedBudget {
		t.Errorf("late spent its bucket and is not refused: %q", got)
	}
}
