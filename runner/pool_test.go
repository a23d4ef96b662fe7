package runner

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"
)

// waitWarm waits until the pool holds n ready containers for testLimits.
func waitWarm(t *testing.T, d *Docker, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); d.pool.warm(testLimits) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("pool holds %d warm containers, want %d", d.pool.warm(testLimits), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestPoolIsSingleUse(t *testing.T) {
	d := newTestDocker(t, WithPoolSize(2), WithPrewarm(testLimits))
	waitWarm(t, d, 2)
	// A run leaves a mark in /tmp and in its workspace; no later run may see it, warm or not.
	for i := range 4 {
		res := run(t, d, "import os\nprint(os.listdir('/tmp'), os.listdir('.'), os.listdir('out'))\nopen('/tmp/mark', 'w').close()\nopen('mark', 'w').close()\nopen('out/mark', 'w').close()\n", testLimits)
		if res.ExitCode != 0 || res.Stdout != "['work'] ['out'] []\n" {
			t.Fatalf("run %d: exit %d stdout %q stderr %q: a container was reused", i, res.ExitCode, res.Stdout, res.Stderr)
		}
	}
	waitWarm(t, d, 2) // refilled in the background
}

func TestPoolSkipsDeadContainers(t *testing.T) {
	d := newTestDocker(t, WithPoolSize(2), WithPrewarm(testLimits))
	waitWarm(t, d, 2)
	d.pool.mu.Lock()
	warm := append([]*box(nil), d.pool.ready[testLimits]...)
	d.pool.mu.Unlock()
	for _, b := range warm {
		if _, err := d.cli.ContainerKill(context.Background(), b.id, client.ContainerKillOptions{Signal: "KILL"}); err != nil {
			t.Fatal(err)
		}
		<-b.exited
		b.exited <- exit{} // put it back for take to see
	}
	res := run(t, d, "print('fresh')\n", testLimits)
	if res.Stdout != "fresh\n" {
		t.Fatalf("got %+v, want a run in a fresh container", res)
	}
}

func TestPoolLabelsAndRequestID(t *testing.T) {
	d := newTestDocker(t, WithPoolSize(1), WithPrewarm(testLimits))
	waitWarm(t, d, 1)
	// The code reports nothing about its container; the name is checked from outside while it runs.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan Result, 1)
	go func() {
		res, _ := d.Run(ctx, Request{ID: "req/42", Code: []byte("import time\ntime.sleep(1)\n"), Limits: testLimits})
		done <- res
	}()
	var names []string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		names = ownContainers(t, d)
		if strings.Contains(strings.Join(names, " "), "-req_42") || time.Now().After(deadline) {
			break
		}
	}
	<-done
	if !strings.Contains(strings.Join(names, " "), "-req_42") {
		t.Fatalf("no container named after the request id: %v", names)
	}
}

func TestCloseRemovesPool(t *testing.T) {
	// Only this test's sandboxes are counted: an earlier test's may still be being removed.
	mine := trackBoxes(t)
	d := newTestDocker(t, WithPoolSize(3), WithPrewarm(testLimits))
	waitWarm(t, d, 3)
	if n := len(ofNames(ownContainers(t, d), mine())); n != 3 {
		t.Fatalf("%d containers before Close, want 3", n)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	checkNoneLeft(t, d, mine())
}

// ofNames keeps the containers (ownContainers' "id name" entries) of the sandboxes named.
func ofNames(containers, names []string) []string {
	var kept []string
	for _, c := range containers {
		if slices.ContainsFunc(names, func(n string) bool { return strings.Contains(c, "/"+n) }) {
			kept = append(kept, c)
		}
	}
	return kept
}
