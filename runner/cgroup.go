package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Accounting. A container's own cgroup disappears the moment its last process exits, so its CPU
// time and peak memory cannot be read afterwards (the stats API of a stopped container is empty).
// Each container is therefore created under a parent cgroup of its own, /sbxgate/NAME: the kernel
// charges usage hierarchically, so the parent still holds the totals (v1 cpuacct.usage and
// memory.max_usage_in_bytes; v2 cpu.stat usage_usec and memory.peak) after the container is gone.
// We read them, then remove the parent. This needs the daemon's cgroupfs driver and the daemon's
// /sys/fs/cgroup writable here (a local daemon, sbxgate as root); otherwise cpu_ms and
// peak_memory_bytes are reported as 0 (unknown).

const cgroupBase = "sbxgate"

type cgroups struct {
	root string // /sys/fs/cgroup
	v2   bool
}

// detectCgroups returns nil when the accounting above is not possible.
func detectCgroups(driver, version, daemonHost string) *cgroups {
	if driver != "cgroupfs" || !strings.HasPrefix(daemonHost, "unix://") {
		return nil
	}
	c := &cgroups{root: "/sys/fs/cgroup"}
	if _, err := os.Stat(filepath.Join(c.root, "cgroup.controllers")); err == nil {
		c.v2 = true
	} else if version == "2" {
		return nil
	}
	probe := c.root
	if !c.v2 {
		probe = filepath.Join(c.root, "memory")
	}
	if unix.Access(probe, unix.W_OK) != nil {
		return nil
	}
	return c
}

// parent is the cgroup parent handed to Docker for container name.
func (c *cgroups) parent(name string) string {
	if c == nil {
		return ""
	}
	return "/" + cgroupBase + "/" + name
}

func (c *cgroups) dir(controller, name string) string {
	if c.v2 {
		return filepath.Join(c.root, cgroupBase, name)
	}
	return filepath.Join(c.root, controller, cgroupBase, name)
}

// cpuNS returns the CPU time charged so far to name's cgroup, in nanoseconds.
func (c *cgroups) cpuNS(name string) (int64, bool) {
	if c == nil {
		return 0, false
	}
	if c.v2 {
		b, err := os.ReadFile(filepath.Join(c.dir("", name), "cpu.stat"))
		if err != nil {
			return 0, false
		}
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "usage_usec "); ok {
				n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				return n * 1000, err == nil
			}
		}
		return 0, false
	}
	for _, ctrl := range []string{"cpuacct", "cpu,cpuacct"} {
		if n, ok := readInt(filepath.Join(c.dir(ctrl, name), "cpuacct.usage")); ok {
			return n, true
		}
	}
	return 0, false
}

// peakBytes returns the high-water mark of memory charged to name's cgroup.
func (c *cgroups) peakBytes(name string) (int64, bool) {
	if c == nil {
		return 0, false
	}
	if c.v2 {
		return readInt(filepath.Join(c.dir("", name), "memory.peak"))
	}
	return readInt(filepath.Join(c.dir("memory", name), "memory.max_usage_in_bytes"))
}

// pidsPeak returns the most tasks name's cgroup held at once (pids.peak; hierarchical, so the
// container's own cgroup below it counts, after the daemon removed it too).
func (c *cgroups) pidsPeak(name string) (int64, bool) {
	if c == nil {
		return 0, false
	}
	return readInt(filepath.Join(c.dir("pids", name), "pids.peak"))
}

// remove deletes name's parent cgroup in every hierarchy. Docker has removed the container's own
// cgroup below it by then; a parent that is still busy (EBUSY) is left for GC.
func (c *cgroups) remove(name string) error {
	if c == nil {
		return nil
	}
	var errs []error
	for _, d := range c.dirs(name) {
		// Children first: the container's own cgroup, if the daemon left it behind.
		var sub []string
		_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && e.IsDir() {
				sub = append(sub, p)
			}
			return nil
		})
		for i := len(sub) - 1; i >= 0; i-- {
			if err := unix.Rmdir(sub[i]); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

func (c *cgroups) dirs(name string) []string {
	if c.v2 {
		return []string{c.dir("", name)}
	}
	ents, err := os.ReadDir(c.root)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() { // skips the cpu -> cpu,cpuacct style symlinks
			out = append(out, c.dir(e.Name(), name))
		}
	}
	return out
}

// names lists the per-container parents that exist (from the memory hierarchy on v1) and are
// older than minAge, so a parent a container is being created in right now is left alone.
func (c *cgroups) names(minAge time.Duration) []string {
	if c == nil {
		return nil
	}
	base := filepath.Join(c.root, cgroupBase)
	if !c.v2 {
		base = filepath.Join(c.root, "memory", cgroupBase)
	}
	ents, err := os.ReadDir(base)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), namePrefix) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) >= minAge {
			out = append(out, e.Name())
		}
	}
	return out
}

func readInt(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return n, err == nil
}

// killAll sends SIGKILL to every process in name's cgroups, in every hierarchy and every
// cgroup below (the container's own), until none is left. A process forking while it is killed
// shows up on the next pass; the pids limit bounds how many there can be.
func (c *cgroups) killAll(name string) error {
	if c == nil {
		return nil
	}
	for pass := 0; pass < 100; pass++ {
		pids := c.procs(name)
		if len(pids) == 0 {
			return nil
		}
		for _, pid := range pids {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("cgroup %s: processes still alive after 100 rounds of SIGKILL", name)
}

// procs lists the processes in name's cgroups and those below them.
func (c *cgroups) procs(name string) []int {
	seen := map[int]bool{}
	var out []int
	for _, root := range c.dirs(name) {
		_ = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || !e.IsDir() {
				return nil
			}
			b, err := os.ReadFile(filepath.Join(p, "cgroup.procs"))
			if err != nil {
				return nil
			}
			for _, f := range strings.Fields(string(b)) {
				if pid, err := strconv.Atoi(f); err == nil && !seen[pid] {
					seen[pid] = true
					out = append(out, pid)
				}
			}
			return nil
		})
	}
	return out
}

// containerIDs lists the container cgroups under name's (the cgroupfs driver names them by the
// container's id).
func (c *cgroups) containerIDs(name string) []string {
	if c == nil {
		return nil
	}
	base := c.dir("", name)
	if !c.v2 {
		base = c.dir("memory", name)
	}
	ents, err := os.ReadDir(base)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() && len(e.Name()) == 64 && strings.Trim(e.Name(), "0123456789abcdef") == "" {
			out = append(out, e.Name())
		}
	}
	return out
}
