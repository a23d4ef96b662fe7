package runner

import (
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

// sandboxUser is nobody:nogroup; the image's /etc/passwd names it.
const sandboxUser = "65534:65534"

// interpreter reads the whole program from standard input, isolated (-I: no user site, no
// PYTHON* variables, no script directory on sys.path) and writing no bytecode (-B).
var interpreter = []string{"python3", "-I", "-B", "-"}

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
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("limits: %w", err)
	}
	return nil
}

// containerSpec is the whole security posture of a sandbox container in one place. Nothing here
// comes from the submitted code; limits come from the decision, within the operator's tiers.
func containerSpec(image, name, cgroupParent string, l config.Limits, labels map[string]string) client.ContainerCreateOptions {
	pids := l.Pids
	cfg := &container.Config{
		Image:           image,
		Cmd:             append([]string(nil), interpreter...),
		Entrypoint:      []string{},
		User:            sandboxUser,
		WorkingDir:      "/tmp",
		Env:             []string{}, // Docker still adds PATH (from the image), HOSTNAME and HOME.
		Hostname:        "sandbox",
		NetworkDisabled: true,
		AttachStdin:     true,
		AttachStdout:    true,
		AttachStderr:    true,
		OpenStdin:       true,
		StdinOnce:       true, // the daemon closes the container's stdin when our attach closes it
		Labels:          labels,
	}
	host := &container.HostConfig{
		NetworkMode:    "none",
		ReadonlyRootfs: true,
		CapDrop:        []string{"ALL"},
		// Docker's default seccomp profile applies unless overridden; it is not.
		SecurityOpt:  []string{"no-new-privileges:true"},
		IpcMode:      container.IPCModePrivate,
		CgroupnsMode: container.CgroupnsModePrivate,
		Tmpfs: map[string]string{
			"/tmp": fmt.Sprintf("rw,noexec,nosuid,nodev,size=%d,mode=1777", l.TmpfsBytes),
		},
		// /dev/shm is memory too: cap it like /tmp.
		ShmSize: l.TmpfsBytes,
		// Output goes to us over the attach stream; a log driver would copy it to the daemon's disk.
		LogConfig:  container.LogConfig{Type: "none"},
		AutoRemove: false, // we remove explicitly, after reading the final state
		// Under host memory pressure the kernel picks sandboxes first, not the daemon or the gate.
		OomScoreAdj: 1000,
		Resources: container.Resources{
			Memory:       l.MemoryBytes,
			MemorySwap:   l.MemoryBytes, // equal to Memory: no swap
			NanoCPUs:     int64(math.Round(l.CPUs * 1e9)),
			PidsLimit:    &pids,
			CgroupParent: cgroupParent,
			Ulimits: []*container.Ulimit{
				{Name: "nofile", Soft: l.Nofile, Hard: l.Nofile},
				{Name: "fsize", Soft: l.FileSizeBytes, Hard: l.FileSizeBytes},
				{Name: "core", Soft: 0, Hard: 0},
			},
		},
	}
	return client.ContainerCreateOptions{Config: cfg, HostConfig: host, Name: name}
}
