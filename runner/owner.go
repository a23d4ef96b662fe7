package runner

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// owner identifies a process across reboots and pid reuse: host name, kernel boot id, pid and the
// process's start time in clock ticks since boot.
type owner struct {
	Host  string
	Boot  string
	PID   int
	Start string
}

func (o owner) String() string { return fmt.Sprintf("%s/%s/%d/%s", o.Host, o.Boot, o.PID, o.Start) }

func parseOwner(s string) (owner, bool) {
	f := strings.Split(s, "/")
	if len(f) != 4 {
		return owner{}, false
	}
	pid, err := strconv.Atoi(f[2])
	if err != nil {
		return owner{}, false
	}
	return owner{Host: f[0], Boot: f[1], PID: pid, Start: f[3]}, true
}

func selfOwner() owner {
	host, _ := os.Hostname()
	return owner{Host: host, Boot: bootID(), PID: os.Getpid(), Start: procStart(os.Getpid())}
}

func bootID() string {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// procStart returns field 22 of /proc/PID/stat (start time), or "" when the process is gone.
func procStart(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// The command name (field 2) may contain spaces; fields after it start past the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return ""
	}
	return f[19]
}

// ownerState says whether the process named by a container's owner label still runs.
type ownerState int

const (
	ownerUnknown ownerState = iota // another host: we cannot tell
	ownerAlive
	ownerDead
)

// judge says whether the process a container's owner label names, seen from process me, runs.
func (me owner) judge(label string) ownerState {
	o, ok := parseOwner(label)
	if !ok {
		return ownerDead // not written by us in this format: nobody can claim it
	}
	if o.Host != me.Host {
		return ownerUnknown
	}
	if o.Boot != me.Boot {
		return ownerDead // created before the last reboot
	}
	if start := procStart(o.PID); start == "" || start != o.Start {
		return ownerDead
	}
	return ownerAlive
}
