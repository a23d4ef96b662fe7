package analyzer_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/policy"
)

// adaptiveFloor is the share of the adaptive set's programs written against the static layer
// (`# layer: static`) it must deny before anything runs. Raise it as the layer learns; the set
// grows every session. The programs written against the run-time layers (`# layer: runtime`) are
// counted and reported too, without a floor: most reach their capability through file and
// memory operations the analysis has no reason to refuse (/proc/self/mem through a symbolic
// link), which is the run-time layers' to stop.
const adaptiveFloor = 1.0

// TestAdaptiveStatic runs the analyzer and the default policy on every program of the adaptive
// set, written by attackers who read the analyzer, and reports the denial rate per family. Every
// program there reaches a capability when nothing stops it at run time (runner/enforce_test.go
// verifies that); the static layer must deny at least adaptiveFloor of them.
func TestAdaptiveStatic(t *testing.T) {
	files, err := filepath.Glob("../testdata/adaptive/*/*.py")
	if err != nil || len(files) == 0 {
		t.Fatalf("no adaptive programs under ../testdata/adaptive (%v)", err)
	}
	sort.Strings(files)
	a, eng := defaultGate(t)
	ctx := context.Background()
	type tally struct{ total, denied, wasMissed, nowDenied int }
	families := map[string]*tally{}
	var all, static tally
	var missed []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h := adaptiveHeader(src)
		dir := filepath.Base(filepath.Dir(f))
		if h["family"] != dir {
			t.Errorf("%s: # family: %q, want the folder's name %q", f, h["family"], dir)
		}
		if h["reaches"] == "" || h["static"] != "missed" && h["static"] != "denied" {
			t.Errorf("%s: want the headers # reaches: and # static: missed|denied", f)
		}
		rep := a.Analyze(ctx, f, src)
		d := eng.Decide(ctx, policy.Input{Request: policy.Request{Principal: "ci-bot", Source: "cli"}, Report: rep})
		tl := families[dir]
		if tl == nil {
			tl = &tally{}
			families[dir] = tl
		}
		counted := []*tally{tl, &all}
		if h["layer"] == "static" {
			counted = append(counted, &static)
		}
		for _, x := range counted {
			x.total++
			if !d.Allow {
				x.denied++
			}
			if h["static"] == "missed" {
				x.wasMissed++
				if !d.Allow {
					x.nowDenied++
				}
			}
		}
		if d.Allow {
			missed = append(missed, strings.TrimPrefix(f, "../testdata/adaptive/"))
		}
	}
	names := make([]string, 0, len(families))
	for n := range families {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s %7s %7s %8s  %s\n", "family", "denied", "total", "rate", "denied of those missed when added")
	for _, n := range names {
		tl := families[n]
		fmt.Fprintf(&b, "%-16s %7d %7d %7.1f%%  %d/%d\n", n, tl.denied, tl.total, 100*float64(tl.denied)/float64(tl.total), tl.nowDenied, tl.wasMissed)
	}
	fmt.Fprintf(&b, "%-16s %7d %7d %7.1f%%  %d/%d\n", "all", all.denied, all.total, 100*float64(all.denied)/float64(all.total), all.nowDenied, all.wasMissed)
	rate := float64(static.denied) / float64(static.total)
	fmt.Fprintf(&b, "%-16s %7d %7d %7.1f%%  %d/%d", "layer: static", static.denied, static.total, 100*rate, static.nowDenied, static.wasMissed)
	t.Logf("adaptive set, static layer and default policy:\n%s", b.String())
	if len(missed) > 0 {
		t.Logf("allowed: %s", strings.Join(missed, ", "))
	}
	if rate < adaptiveFloor {
		t.Errorf("the static layer denies %.1f%% of the adaptive programs written against it, below the floor of %.0f%%", 100*rate, 100*adaptiveFloor)
	}
}

// adaptiveHeader reads the "# key: value" lines at the top of a program.
func adaptiveHeader(src []byte) map[string]string {
	h := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "#") {
			break
		}
		k, v, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "#")), ":")
		if ok && !strings.Contains(k, " ") {
			if _, seen := h[k]; !seen {
				h[k] = strings.TrimSpace(v)
			}
		}
	}
	return h
}
