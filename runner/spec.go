package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

// Container labels. Every container this package creates carries LabelManaged, so GC finds it.
const (
	LabelManaged = "org.sbxgate.managed"
	LabelRequest = "org.sbxgate.request"
	// LabelOwner names the sbxgate process that created the container (host/boot id/pid/start
	// time), so a later process can tell a leftover from a container still in use.
	LabelOwner = "org.sbxgate.owner"
)

// interpreter runs process 1, sandbox/init.py, isolated (-I: no user site, no PYTHON* variables,
// no script directory on sys.path) and writing no bytecode (-B). Its last argument is its config.
func interpreter(cfg string) []string { return []string{"python3", "-I", "-B", "-c", initPy, cfg} }

// Masked paths: Docker's defaults (a non-nil list replaces them, so they are repeated here) and
// the host's identity and kernel build details a sandbox has no need for. A masked file reads as
// empty (/dev/null), a masked directory as an empty read-only tmpfs. /sys/fs (the cgroup view)
// stays.
var maskedPaths = []string{
	"/proc/asound", "/proc/acpi", "/proc/kcore", "/proc/keys", "/proc/latency_stats",
	"/proc/timer_list", "/proc/timer_stats", "/proc/sched_debug", "/proc/scsi", "/sys/firmware",
	"/proc/cmdline", "/proc/config.gz", "/proc/kallsyms", "/proc/modules", "/proc/iomem",
	"/proc/ioports", "/proc/vmallocinfo", "/proc/slabinfo", "/proc/buddyinfo", "/proc/pagetypeinfo",
	"/proc/zoneinfo", "/proc/interrupts", "/proc/softirqs", "/proc/partitions", "/proc/diskstats",
	"/proc/devices", "/proc/misc", "/proc/mtrr", "/proc/crypto", "/proc/locks", "/proc/sys/kernel/random/boot_id",
	"/sys/kernel", "/sys/block", "/sys/class", "/sys/devices", "/sys/module", "/sys/bus", "/sys/dev",
	"/sys/power", "/sys/hypervisor", "/proc/cgroups", "/proc/pressure", "/sys/fs/ext4", "/sys/fs/fuse",
	"/sys/fs/bpf", "/sys/fs/pstore",
}

// sandboxCaps are the only capabilities a sandbox starts with, process 1's to change users, to end
// the program and to read what it left in out/: the program's process has none.
var sandboxCaps = []string{"CAP_SETUID", "CAP_SETGID", "CAP_KILL", "CAP_FOWNER"}

// readonlyPaths are Docker's defaults, repeated for the same reason.
var readonlyPaths = []string{"/proc/bus", "/proc/fs", "/proc/irq", "/proc/sys", "/proc/sysrq-trigger"}

// checkLimits refuses limits that would leave a resource unbounded. Zero means "unset", and an unset
// limit is a failure of the caller, never "unlimited".
func checkLimits(l config.Limits) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if !(l.CPUs > 0 && l.CPUs <= 64) {
		bad("cpus %g out of range (0, 64]", l.CPUs)
	}
	if l.MemoryBytes < 6<<20 {
		bad("memory_bytes %d below Docker's minimum of 6MiB", l.MemoryBytes)
	}
	if l.TimeoutMS <= 0 {
		bad("timeout_ms %d must be positive", l.TimeoutMS)
	}
	if l.Pids < 1 {
		bad("pids %d must be positive", l.Pids)
	}
	if l.OutputBytes <= 0 {
		bad("output_bytes %d must be positive", l.OutputBytes)
	}
	if l.TmpfsBytes <= 0 {
		bad("tmpfs_bytes %d must be positive", l.TmpfsBytes)
	}
	if l.FileSizeBytes <= 0 {
		bad("file_size_bytes %d must be positive", l.FileSizeBytes)
	}
	if l.Nofile < 3 {
		bad("nofile %d is below 3", l.Nofile)
	}
	if l.Network != "none" {
		bad("network %q is not supported: only none", l.Network)
	}
	if l.Runtime != "" && l.Runtime != "runc" && l.Runtime != "runsc" {
		bad("runtime %q is not one of runc, runsc", l.Runtime)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("limits: %w", err)
	}
	return nil
}

// boxSpec is everything one sandbox container is made from.
type boxSpec struct {
	image, name, cgroupParent string
	limits                    config.Limits
	uids                      sandboxUIDs
	init                      initConfig
	profile                   profile
	labels                    map[string]string
}

// containerPids is the container's pids limit for l. gVisor's own threads and, on its ptrace
// platform, a host thread per thread of the program count against it: the tier's number alone
// would not let a runsc sandbox start. The program's processes are gVisor's tasks, bounded by the
// same.
func containerPids(l config.Limits) int64 {
	if l.Runtime == "runsc" {
		return 4*l.Pids + 64
	}
	return l.Pids
}

// containerSpec is the whole security posture of a sandbox container in one place. Nothing here
// comes from the submitted code; limits come from the decision, within the operator's tiers.
func containerSpec(s boxSpec) (client.ContainerCreateOptions, error) {
	l := s.limits
	pids := containerPids(l)
	// Process 1 starts as root with CAP_SETUID, CAP_SETGID, CAP_KILL and CAP_FOWNER only
	// (no-new-privileges, so no execve regains anything): it becomes its own user at once, forks the
	// program's process, which becomes the program's user and drops every capability before the
	// program runs, and keeps only CAP_KILL, to kill the program's processes at the end, and
	// CAP_FOWNER, to make what the program left in out/ readable to itself (sandbox/init.py).
	s.init.InitUID, s.init.ProgramUID = s.uids.Init, s.uids.Program
	cfgJSON, err := json.Marshal(s.init)
	if err != nil {
		return client.ContainerCreateOptions{}, fmt.Errorf("sandbox config: %w", err)
	}
	cfg := &container.Config{
		Image:           s.image,
		Cmd:             interpreter(string(cfgJSON)),
		Entrypoint:      []string{},
		User:            "0:0",
		WorkingDir:      "/tmp",
		Env:             []string{}, // Docker still adds PATH (from the image), HOSTNAME and HOME.
		Hostname:        "sandbox",
		NetworkDisabled: true,
		AttachStdin:     true,
		AttachStdout:    true,
		AttachStderr:    true,
		OpenStdin:       true,
		StdinOnce:       true, // the daemon closes the container's stdin when our attach closes it
		Labels:          s.labels,
	}
	host := &container.HostConfig{
		NetworkMode:    "none",
		ReadonlyRootfs: true,
		CapDrop:        []string{"ALL"},
		CapAdd:         sandboxCaps,
		SecurityOpt:    []string{"no-new-privileges:true", "seccomp=" + s.profile.json},
		MaskedPaths:    maskedPaths,
		ReadonlyPaths:  readonlyPaths,
		IpcMode:        container.IPCModePrivate,
		CgroupnsMode:   container.CgroupnsModePrivate,
		Runtime:        l.Runtime,
		Tmpfs: map[string]string{
			"/tmp": fmt.Sprintf("rw,noexec,nosuid,nodev,size=%d,mode=1777", l.TmpfsBytes),
		},
		// /dev/shm is memory too: cap it like /tmp.
		ShmSize: l.TmpfsBytes,
		// Output goes to us over the attach stream; a log driver would copy it to the daemon's disk.
		LogConfig: container.LogConfig{Type: "none"},
		// The daemon removes a container whose process 1 ended, also when no sbxgate is left to
		// do it: process 1 ends at the deadline by itself. The runner reads the exit from the
		// status line and the wait, and accounting from a cgroup of its own (cgroup.go).
		AutoRemove: true,
		// Under host memory pressure the kernel picks sandboxes first, not the daemon or the gate.
		OomScoreAdj: 1000,
		Resources: container.Resources{
			Memory:       l.MemoryBytes,
			MemorySwap:   l.MemoryBytes, // equal to Memory: no swap
			NanoCPUs:     int64(math.Round(l.CPUs * 1e9)),
			PidsLimit:    &pids,
			CgroupParent: s.cgroupParent,
			Ulimits: []*container.Ulimit{
				{Name: "nofile", Soft: l.Nofile, Hard: l.Nofile},
				{Name: "fsize", Soft: l.FileSizeBytes, Hard: l.FileSizeBytes},
				{Name: "core", Soft: 0, Hard: 0},
			},
		},
	}
	return client.ContainerCreateOptions{Config: cfg, HostConfig: host, Name: s.name}, nil
}
