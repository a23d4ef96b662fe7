package runner

import (
	"archive/tar"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/moby/moby/client"
)

func TestOwnerJudge(t *testing.T) {
	self := selfOwner()
	dead := self
	dead.Start = "1" // same pid, another start time: the pid was reused
	otherBoot := self
	otherBoot.Boot = "00000000-0000-0000-0000-000000000000"
	otherHost := self
	otherHost.Host = self.Host + "-elsewhere"
	tests := []struct {
		label string
		want  ownerState
	}{
		{self.String(), ownerAlive},
		{dead.String(), ownerDead},
		{otherBoot.String(), ownerDead},
		{otherHost.String(), ownerUnknown},
		{"garbage", ownerDead},
	}
	for _, tt := range tests {
		if got := judge(tt.label); got != tt.want {
			t.Errorf("judge(%q) = %d, want %d", tt.label, got, tt.want)
		}
	}
}

// plantDeadOwner starts a container labeled as owned by a process that no longer exists: our pid
// with another start time, i.e. a reused pid. Labels are immutable, so it is created under that owner.
func plantDeadOwner(ctx context.Context, t *testing.T, d *Docker) *box {
	t.Helper()
	dead := d.self
	dead.Start = "1"
	planted, err := (&Docker{cli: d.cli, images: d.images, self: dead, cg: d.cg, cleanup: d.cleanup, uids: d.uids, profile: d.profile, inflight: map[string]time.Time{}}).start(ctx, testLimits, "", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	return planted
}

// TestGCRemovesDeadOwnersOnly plants two labeled containers, one owned by a process that no
// longer exists and one owned by us, and checks GC takes only the first.
func TestGCRemovesDeadOwnersOnly(t *testing.T) {
	d := newTestDocker(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	liveBox, err := d.start(ctx, testLimits, "", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.remove(liveBox)
	planted := plantDeadOwner(ctx, t, d)
	defer d.remove(planted)

	n, err := d.GC(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n < 1 { // other dead processes' leftovers may go too
		t.Errorf("GC removed %d containers, want at least 1", n)
	}
	if _, err := d.cli.ContainerInspect(ctx, planted.id, client.ContainerInspectOptions{}); err == nil {
		t.Error("the dead owner's container survived GC")
	}
	if _, err := d.cli.ContainerInspect(ctx, liveBox.id, client.ContainerInspectOptions{}); err != nil {
		t.Errorf("GC removed a live process's container: %v", err)
	}
}

func TestNewReapsDeadOwners(t *testing.T) {
	d := newTestDocker(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	planted := plantDeadOwner(ctx, t, d)
	defer d.remove(planted)
	// Within the grace period the leftover stays (its owner might be a slow starter elsewhere).
	newTestDocker(t, WithReapGrace(time.Hour))
	if _, err := d.cli.ContainerInspect(ctx, planted.id, client.ContainerInspectOptions{}); err != nil {
		t.Fatalf("reaped within the grace period: %v", err)
	}
	newTestDocker(t, WithReapGrace(0))
	if _, err := d.cli.ContainerInspect(ctx, planted.id, client.ContainerInspectOptions{}); err == nil {
		t.Fatal("New left a dead process's container in place")
	}
}

// TestPackageGC is `sbxgate gc`: it takes a dead process's container and an untagged runner image.
func TestPackageGC(t *testing.T) {
	d := newTestDocker(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	planted := plantDeadOwner(ctx, t, d)
	defer d.remove(planted)
	// An untagged image labeled as a runner image, as a rebuild leaves behind.
	var layer bytes.Buffer
	tw := tar.NewWriter(&layer)
	_ = tw.WriteHeader(&tar.Header{Name: "gc-test", Mode: 0o644, Size: 2, Typeflag: tar.TypeReg})
	_, _ = tw.Write([]byte("gc"))
	tw.Close()
	resp, err := d.cli.ImageImport(ctx, client.ImageImportSource{Source: &layer, SourceName: "-"}, "",
		client.ImageImportOptions{Changes: []string{"LABEL " + LabelImage + "=runner"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := readJSONMessages(resp); err != nil {
		t.Fatal(err)
	}
	resp.Close()

	res, err := GC(ctx, GCOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Containers < 1 || res.Images < 1 {
		t.Errorf("GC removed %+v, want at least one container and one image", res)
	}
	if _, err := d.cli.ContainerInspect(ctx, planted.id, client.ContainerInspectOptions{}); err == nil {
		t.Error("the dead owner's container survived GC")
	}
	if _, err := d.cli.ImageInspect(ctx, DefaultImage); err != nil {
		t.Errorf("GC removed the tagged runner image: %v", err)
	}
}

// TestReaperKillsLostSandboxes plants what Docker once lost track of: a sandbox cgroup with a
// live process in it and no container. The reaper of a long-running runner must kill the process
// and remove the cgroup by itself.
func TestReaperKillsLostSandboxes(t *testing.T) {
	d := newTestDocker(t, WithReaper(200*time.Millisecond))
	if d.cg == nil || d.cg.v2 {
		t.Skip("needs the cgroup v1 accounting of a local daemon")
	}
	name := newName()
	sleeper := exec.Command("sleep", "600")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	defer sleeper.Process.Kill()
	for _, ctrl := range []string{"memory", "pids", "cpuacct"} {
		dir := d.cg.dir(ctrl, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(sleeper.Process.Pid)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exited := make(chan error, 1)
	go func() { exited <- sleeper.Wait() }()
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("the reaper did not kill the process of a sandbox cgroup Docker does not list")
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if _, err := os.Stat(d.cg.dir("memory", name)); os.IsNotExist(err) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the reaper left the cgroup")
		}
	}
}
