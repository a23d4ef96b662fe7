// Package procid names a process so that another process, later, can tell whether it still runs:
// host name, kernel boot id, pid, and the process's start time (which tells a reused pid from the
// process that had it). The runner labels its containers with it and the audit log its open
// decisions, so that leftovers of a crashed process can be told from work in progress.
package procid

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Owner identifies a process across pid reuse and reboots.
type Owner struct {
	Host  string `json:"host"`
	Boot  string `json:"boot"`
	PID   int    `json:"pid"`
	Start string `json:"start"` // clock ticks since boot, field 22 of /proc/PID/stat
}

// String is the form container labels carry: host/boot/pid/start.
func (o Owner) String() string { return fmt.Sprintf("%s/%s/%d/%s", o.Host, o.Boot, o.PID, o.Start) }

// Parse reads what String writes.
func Parse(s string) (Owner, bool) {
	f := strings.Split(s, "/")
	if len(f) != 4 {
		return Owner{}, false
	}
	pid, err := strconv.Atoi(f[2])
	if err != nil {
		return Owner{}, false
	}
	return Owner{Host: f[0], Boot: f[1], PID: pid, Start: f[3]}, true
}

// Self is this process.
var Self = sync.OnceValue(func() Owner {
	host, err := os.Hostname()
	if err != nil {
		host = "" // without a name this host cannot tell its own processes from another's
	}
	return Owner{Host: host, Boot: BootID(), PID: os.Getpid(), Start: procStart(os.Getpid())}
})

// BootID is the kernel's id of this boot, or "unknown".
func BootID() string {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// procStart returns field 22 of /proc/PID/stat, or "" when the process is gone or there is no
// /proc.
func procStart(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// The command name (field 2) may contain spaces; the fields after it start past the last ')'.
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

// State says whether a process still runs.
type State int

// The states Judge tells apart.
const (
	Unknown State = iota // another host, or no /proc: nobody here can tell
	Alive
	Dead
)

func (s State) String() string { return [...]string{"unknown", "alive", "dead"}[s] }

// Judge says whether process o still runs, as seen from this one.
func Judge(o Owner) State {
	me := Self()
	if o.Host != me.Host || me.Host == "" || me.Start == "" {
		return Unknown
	}
	if o.Boot != me.Boot {
		return Dead // the host rebooted since: every process of that boot is gone
	}
	if o.PID == me.PID && o.Start == me.Start {
		return Alive
	}
	if start := procStart(o.PID); start == "" || start != o.Start {
		return Dead // no such pid, or the pid was reused by a later process
	}
	return Alive
}

// Of is process pid of this host, or false when it does not run.
func Of(pid int) (Owner, bool) {
	start := procStart(pid)
	if start == "" {
		return Owner{}, false
	}
	me := Self()
	return Owner{Host: me.Host, Boot: me.Boot, PID: pid, Start: start}, true
}
