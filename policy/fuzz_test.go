package policy

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// FuzzDecide feeds arbitrary JSON through ParseInput and Decide. Whatever the input, a decision that
// allows must name a configured tier with exactly its limits, and a deny must carry tier none, zero
// limits and a reason.
func FuzzDecide(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/inputs/*.json")
	for _, p := range inputs {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"request": {"principal": "ci-bot"}, "report": {"findings": [{"severity": "critical"}]}}`))
	f.Add([]byte(`{"path": "x.py", "imports": [{"module": "os", "allowed": true, "level": 99999}]}`))
	e := mustEngine(f)
	cfg := config.Default()
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := ParseInput(b)
		if err != nil {
			return
		}
		d := e.Decide(context.Background(), in)
		if d.PolicyRevision != e.Revision() {
			t.Fatalf("revision %q, want %q", d.PolicyRevision, e.Revision())
		}
		if d.Allow {
			tier, ok := cfg.Tiers[d.Tier]
			if !ok || d.Limits != tier.Limits() {
				t.Fatalf("allowed with tier %q and limits %+v", d.Tier, d.Limits)
			}
			return
		}
		if d.Tier != NoneTier || d.Limits != (config.Limits{Network: "none"}) || len(d.Reasons) == 0 {
			t.Fatalf("deny without its invariants: %+v", d)
		}
	})
}

// The engine is shared by every request of the server; decisions must not interfere.
func TestDecideConcurrently(t *testing.T) {
	e := mustEngine(t)
	inputs, _ := filepath.Glob("testdata/inputs/*.json")
	var want []Decision
	var ins []Input
	for _, p := range inputs {
		in := readInput(t, p)
		ins = append(ins, in)
		want = append(want, e.Decide(context.Background(), in))
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				k := (g + i) % len(ins)
				got := e.Decide(context.Background(), ins[k])
				if got.Allow != want[k].Allow || got.Tier != want[k].Tier || len(got.Reasons) != len(want[k].Reasons) {
					t.Errorf("%s: concurrent decision %+v differs from %+v", inputs[k], got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}
