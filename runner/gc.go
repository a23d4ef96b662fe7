package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	cerrdefs "github.com/containerd/errdefs"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"
)

// GCOptions configure the package-level GC.
type GCOptions struct {
	// All removes every container labeled by sbxgate, even those of sbxgate processes still
	// running (their runs fail). Without it only leftovers of dead processes go.
	All bool
	// Grace keeps leftovers younger than this (0: remove at any age).
	Grace time.Duration
}

// GCResult counts what GC removed.
type GCResult struct {
	Containers int
	Images     int // superseded runner images (untagged, no container using them)
	// Cgroups are sandbox cgroups whose container Docker no longer listed; their processes
	// were killed. Tasks are the containerd tasks of such containers that were deleted.
	Cgroups int
	Tasks   int
}

// GC connects to the daemon and removes sbxgate's leftover containers and accounting cgroups, and
// runner images a rebuild left untagged. It is `sbxgate gc`.
func GC(ctx context.Context, opts GCOptions) (GCResult, error) {
	var res GCResult
	cli, err := newClient(ctx)
	if err != nil {
		return res, err
	}
	defer cli.Close()
	info, err := cli.Info(ctx, client.InfoOptions{})
	if err != nil {
		return res, fmt.Errorf("docker info: %w", err)
	}
	d := &Docker{
		cli: cli, self: selfOwner(), cleanup: 30 * time.Second,
		cg: detectCgroups(info.Info.CgroupDriver, info.Info.CgroupVersion, cli.DaemonHost()),
	}
	var rr reaped
	rr, err = d.reap(ctx, opts.All, opts.Grace)
	res.Containers, res.Cgroups, res.Tasks = rr.containers, rr.cgroups, rr.tasks
	imgs, ierr := cli.ImageList(ctx, client.ImageListOptions{
		Filters: make(client.Filters).Add("dangling", "true").Add("label", LabelImage+"=runner"),
	})
	if ierr != nil {
		return res, errors.Join(err, fmt.Errorf("list images: %w", ierr))
	}
	for _, img := range imgs.Items {
		// Not forced: an image a container still uses stays.
		if _, rerr := cli.ImageRemove(ctx, img.ID, client.ImageRemoveOptions{}); rerr == nil {
			res.Images++
		}
	}
	return res, err
}

// GC removes labeled containers left by sbxgate processes that no longer run, at any age, and
// their accounting cgroups. This process's own containers (runs in flight, the pool) stay.
func (d *Docker) GC(ctx context.Context) (int, error) {
	r, err := d.reap(ctx, false, 0)
	return r.containers, err
}

type reaped struct{ containers, cgroups, tasks int }

func (d *Docker) reap(ctx context.Context, all bool, grace time.Duration) (reaped, error) {
	var r reaped
	// The sandbox cgroups are read before the containers are listed: a cgroup that exists now
	// belongs to a container that exists now (the daemon makes the container before its cgroup),
	// so one missing from the list that follows is a leftover, whatever its age.
	cgroupNames := d.cg.names(0)
	list, err := d.cli.ContainerList(ctx, client.ContainerListOptions{
		All: true, Filters: make(client.Filters).Add("label", LabelManaged+"=1"),
	})
	if err != nil {
		return r, fmt.Errorf("list containers: %w", d.classify(err))
	}
	var errs []error
	var kept []container.Summary
	for _, c := range list.Items {
		o := c.Labels[LabelOwner]
		mine := o == d.self.String()
		old := time.Since(time.Unix(c.Created, 0)) >= grace
		if !(all && !mine) && !(judge(o) == ownerDead && old) {
			kept = append(kept, c)
			continue
		}
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), d.cleanup)
		_, err := d.cli.ContainerRemove(rctx, c.ID, client.ContainerRemoveOptions{Force: true})
		cancel()
		if err != nil && !cerrdefs.IsNotFound(err) && !strings.Contains(err.Error(), "already in progress") {
			errs = append(errs, fmt.Errorf("remove %s: %w", c.ID[:12], err))
			kept = append(kept, c)
			continue
		}
		r.containers++
	}
	// A sandbox cgroup whose container Docker no longer lists is a leftover too, and may still
	// hold processes: a containerd task Docker lost track of. Names are random, and a container
	// may have been renamed to carry its request id, so match by prefix.
	for _, name := range cgroupNames {
		inUse := false
		for _, c := range kept {
			for _, n := range c.Names {
				if strings.HasPrefix(strings.TrimPrefix(n, "/"), name) {
					inUse = true
				}
			}
		}
		if inUse {
			continue
		}
		ids := d.cg.containerIDs(name)
		if err := d.cg.killAll(name); err != nil {
			errs = append(errs, err)
		}
		r.tasks += deleteTasks(ctx, ids)
		if err := d.cg.remove(name); err != nil {
			errs = append(errs, fmt.Errorf("cgroup %s: %w", name, err))
			continue
		}
		r.cgroups++
	}
	return r, errors.Join(errs...)
}

// startReaper reaps every interval until Close: dead owners' leftovers at any age, this
// process's own sandboxes a minute past their deadline (a run whose removal failed), warm
// containers that ended by themselves, and cgroups Docker no longer knows.
func (d *Docker) startReaper(every time.Duration) {
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-d.bg.Done():
				return
			case <-t.C:
			}
			ctx, cancel := context.WithTimeout(d.bg, 2*time.Minute)
			_, _ = d.reap(ctx, false, 0)
			d.reapOverdue(ctx)
			d.pool.prune()
			cancel()
		}
	}()
}

func (d *Docker) reapOverdue(ctx context.Context) {
	now := time.Now()
	d.mu.Lock()
	var late []string
	for id, by := range d.inflight {
		if now.After(by) {
			late = append(late, id)
			delete(d.inflight, id)
		}
	}
	d.mu.Unlock()
	for _, id := range late {
		rctx, cancel := context.WithTimeout(ctx, d.cleanup)
		_, _ = d.cli.ContainerRemove(rctx, id, client.ContainerRemoveOptions{Force: true})
		cancel()
	}
}

// deleteTasks asks containerd, through Docker's own ctr, to forget the tasks of containers Docker
// lost: their processes are dead by now, but the shim and the task record would stay. It does
// nothing where ctr or the socket is missing.
func deleteTasks(ctx context.Context, ids []string) int {
	if len(ids) == 0 {
		return 0
	}
	ctr, err := exec.LookPath("ctr")
	if err != nil {
		return 0
	}
	sock := ""
	for _, s := range []string{"/run/docker/containerd/containerd.sock", "/run/containerd/containerd.sock"} {
		if _, err := os.Stat(s); err == nil {
			sock = s
			break
		}
	}
	if sock == "" {
		return 0
	}
	n := 0
	for _, id := range ids {
		cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := exec.CommandContext(cctx, ctr, "--address", sock, "--namespace", "moby", "tasks", "delete", "--force", id).Run()
		_ = exec.CommandContext(cctx, ctr, "--address", sock, "--namespace", "moby", "containers", "delete", id).Run()
		cancel()
		if err == nil {
			n++
		}
	}
	return n
}
