package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/sbxgate/sbxgate/internal/procid"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// lostEntry is what closes a dead process's open decision.
func lostEntry(t *testing.T, id string) Entry {
	return Entry{Kind: "result_lost", IfOpen: true, Body: []byte(fmt.Sprintf(`{"decision_id":%q,"lost":{"by":"startup"}}`, id))}
}

// TestOpenRecords: a record appended with Open carries this process as its owner and stays open
// until a record links to it; only open records of dead processes are orphans, and exactly one
// closer wins.
func TestOpenRecords(t *testing.T) {
	path := tempLog(t)
	l := openT(t, path)
	mine := decision(t, "a", "x", true)
	mine.Open = true
	d := appendT(t, l, mine)
	appendT(t, l, decision(t, "a", "not open", true))

	// Another process appends two open decisions and exits before their results.
	cmd := helperCmd(t, "append", path, 1, 2)
	cmd.Env = append(cmd.Env, "SBXGATE_AUDIT_OPEN=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead := strings.Fields(out.String())
	if len(dead) != 2 {
		t.Fatalf("helper acknowledged %q", out.String())
	}

	check := func(when string, wantOpen []string, wantOrphans []string) {
		t.Helper()
		for _, indexed := range []bool{true, false} {
			p := path
			if !indexed {
				p = copyLogOnly(t, path)
			}
			open, err := readerT(t, p).Open()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, o := range open {
				got = append(got, o.ID)
				if o.Owner == nil || o.Owner.PID == 0 || !bytes.Contains(o.Line, []byte(`"owner":{`)) {
					t.Errorf("%s: open record %s without its owner: %s", when, o.ID, o.Line)
				}
			}
			if strings.Join(got, " ") != strings.Join(wantOpen, " ") {
				t.Errorf("%s (indexed %v): open records %v, want %v", when, indexed, got, wantOpen)
			}
		}
		orphans, err := l.Orphans()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range orphans {
			got = append(got, o.ID)
		}
		if strings.Join(got, " ") != strings.Join(wantOrphans, " ") {
			t.Errorf("%s: orphans %v, want %v", when, got, wantOrphans)
		}
	}
	check("before", []string{d.ID, dead[0], dead[1]}, dead)
	if st := Judge(*envOwner(t, path, d.ID)); st != OwnerAlive {
		t.Errorf("this process judged %v", st)
	}

	// Two closers race for the first orphan: one wins, the other gets ErrNotOpen.
	errs := make(chan error, 2)
	l2 := openT(t, path)
	for _, w := range []*Log{l, l2} {
		go func() { _, err := w.Append(context.Background(), lostEntry(t, dead[0])); errs <- err }()
	}
	e1, e2 := <-errs, <-errs
	if (e1 == nil) == (e2 == nil) || !errors.Is(errorsJoin(e1, e2), ErrNotOpen) {
		t.Fatalf("two closers: %v and %v; want one success and one ErrNotOpen", e1, e2)
	}
	appendT(t, l, result(t, "a", d.ID, 0))
	check("after", []string{dead[1]}, dead[1:])
	verifyT(t, path)
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func envOwner(t *testing.T, path, id string) *Owner {
	t.Helper()
	e, _, err := readerT(t, path).ByID(id)
	if err != nil || e.Owner == nil {
		t.Fatalf("ByID(%s): %+v %v", id, e, err)
	}
	return e.Owner
}

// copyLogOnly copies the log without its index.
func copyLogOnly(t *testing.T, path string) string {
	t.Helper()
	p := tempLog(t)
	writeLines(t, p, readLines(t, path))
	return p
}

// TestJudge: an owner on this host is alive while its process runs with the same start time.
func TestJudge(t *testing.T) {
	me := self()
	if me.Start == "" {
		t.Skip("no /proc here")
	}
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var child Owner
	deadline := time.Now().Add(5 * time.Second)
	for child.Start == "" && time.Now().Before(deadline) {
		child, _ = procid.Of(cmd.Process.Pid)
	}
	tests := []struct {
		name string
		o    Owner
		want OwnerState
	}{
		{"self", me, OwnerAlive},
		{"running child", child, OwnerAlive},
		{"pid reused", Owner{Host: me.Host, Boot: me.Boot, PID: child.PID, Start: child.Start + "0"}, OwnerDead},
		{"other boot", Owner{Host: me.Host, Boot: "x", PID: me.PID, Start: me.Start}, OwnerDead},
		{"other host", Owner{Host: me.Host + ".elsewhere", Boot: me.Boot, PID: 1, Start: "1"}, OwnerUnknown},
	}
	for _, tt := range tests {
		if got := Judge(tt.o); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got := Judge(child); got != OwnerDead {
		t.Errorf("killed child: %v, want dead", got)
	}
}
