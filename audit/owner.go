package audit

import (
	"fmt"
	"os"
	"strings"
	"sync"
)

// self is this process's identity as the owner of the open records it writes.
var self = sync.OnceValue(func() Owner {
	host, err := os.Hostname()
	if err != nil {
		// Without a name this host cannot tell its own processes from another's: Judge says unknown.
		host = ""
	}
	return Owner{Host: host, Boot: bootID(), PID: os.Getpid(), Start: procStart(os.Getpid())}
})

func bootID() string {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// procStart returns field 22 of /proc/PID/stat (the start time in clock ticks since boot), or ""
// when the process is gone or there is no /proc.
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

// OwnerState says whether the process that owns an open record still runs.
type OwnerState int

const (
	OwnerUnknown OwnerState = iota // another host, or no /proc: nobody here can tell
	OwnerAlive
	OwnerDead
)

func (s OwnerState) String() string {
	return [...]string{"unknown", "alive", "dead"}[s]
}

// Judge says whether the process o still runs, as seen from this host.
func Judge(o Owner) OwnerState {
	me := self()
	if o.Host != me.Host || me.Host == "" || me.Start == "" {
		return OwnerUnknown
	}
	if o.Boot != me.Boot {
		return OwnerDead // the host rebooted since: every process of that boot is gone
	}
	if o.PID == me.PID && o.Start == me.Start {
		return OwnerAlive
	}
	if start := procStart(o.PID); start == "" || start != o.Start {
		return OwnerDead // no such pid, or the pid was reused by a later process
	}
	return OwnerAlive
}
