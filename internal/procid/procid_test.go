package procid

import (
	"os/exec"
	"testing"
)

func TestJudge(t *testing.T) {
	me := Self()
	if got := Judge(me); got != Alive {
		t.Errorf("this process: %v", got)
	}
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	gone := me
	gone.PID, gone.Start = cmd.Process.Pid, "1"
	reused := me
	reused.Start = "1" // same pid, another start time
	otherBoot := me
	otherBoot.Boot = "00000000-0000-0000-0000-000000000000"
	otherHost := me
	otherHost.Host += "-elsewhere"
	for _, c := range []struct {
		o    Owner
		want State
	}{{gone, Dead}, {reused, Dead}, {otherBoot, Dead}, {otherHost, Unknown}} {
		if got := Judge(c.o); got != c.want {
			t.Errorf("Judge(%v) = %v, want %v", c.o, got, c.want)
		}
	}
	if o, ok := Parse(me.String()); !ok || o != me {
		t.Errorf("Parse(String()) = %v, %v", o, ok)
	}
	if _, ok := Parse("garbage"); ok {
		t.Error("Parse accepted garbage")
	}
}
