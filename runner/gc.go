package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
	res.Containers, err = d.reap(ctx, opts.All, opts.Grace)
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
func (d *Docker) GC(ctx context.Context) (int, error) { return d.reap(ctx, false, 0) }

func (d *Docker) reap(ctx context.Context, all bool, grace time.Duration) (int, error) {
	list, err := d.cli.ContainerList(ctx, client.ContainerListOptions{
		All: true, Filters: make(client.Filters).Add("label", LabelManaged+"=1"),
	})
	if err != nil {
		return 0, fmt.Errorf("list containers: %w", d.classify(err))
	}
	removed := 0
	var errs []error
	var kept []container.Summary
	for _, c := range list.Items {
		o := c.Labels[LabelOwner]
		mine := o == d.self.String()
		old := time.Since(time.Unix(c.Created, 0)) >= grace
		if !(all && !mine) && !(d.self.judge(o) == ownerDead && old) {
			kept = append(kept, c)
			continue
		}
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), d.cleanup)
		_, err := d.cli.ContainerRemove(rctx, c.ID, client.ContainerRemoveOptions{Force: true})
		cancel()
		if err != nil {
			errs = append(errs, fmt.Errorf("remove %s: %w", c.ID[:12], err))
			kept = append(kept, c)
			continue
		}
		removed++
	}
	// An accounting cgroup whose container is gone is a leftover too. Names are random, and a
	// container may have been renamed to carry its request id, so match by prefix.
	for _, name := range d.cg.names(30 * time.Second) {
		inUse := false
		for _, c := range kept {
			for _, n := range c.Names {
				if strings.HasPrefix(strings.TrimPrefix(n, "/"), name) {
					inUse = true
				}
			}
		}
		if !inUse {
			_ = d.cg.remove(name)
		}
	}
	return removed, errors.Join(errs...)
}
