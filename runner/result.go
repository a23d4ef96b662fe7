package runner

import "github.com/sbxgate/sbxgate/config"

// Request is one execution. Code is run byte for byte as given (the bytes the analyzer saw).
type Request struct {
	ID     string // request id: a label on a container made for the request, the name suffix of a warm one
	Code   []byte
	Limits config.Limits // every field must be set; an unset limit is an error, never "unlimited"
	// Labels are added to the container. Labels are fixed when a container is created, so a
	// request with labels always gets a fresh container instead of a warm one.
	Labels map[string]string
}

// Result is what happened when the code ran. JSON names are part of shared/CONTRACT.md.
type Result struct {
	// ExitCode is the interpreter's exit status; 137 when the container was killed (timeout,
	// output overflow, out of memory).
	ExitCode int    `json:"exit_code"`
	Stdout   string `json:"stdout"` // at most Limits.OutputBytes
	Stderr   string `json:"stderr"` // at most Limits.OutputBytes
	// StdoutTruncated and StderrTruncated say the stream passed Limits.OutputBytes; the runner
	// then killed the container rather than let it keep writing.
	StdoutTruncated bool `json:"stdout_truncated"`
	StderrTruncated bool `json:"stderr_truncated"`
	TimedOut        bool `json:"timed_out"`  // Limits.TimeoutMS passed after the code was delivered
	OOMKilled       bool `json:"oom_killed"` // the kernel killed a process of the container for memory
	// DurationMS is wall-clock time from delivering the code to the container's exit.
	DurationMS int64 `json:"duration_ms"`
	// CPUMS and PeakMemoryBytes come from the container's cgroup; 0 means unknown (no access to
	// the daemon's cgroups, see cgroup.go). Peak memory includes the idle interpreter (about 11 MB).
	CPUMS           int64 `json:"cpu_ms"`
	PeakMemoryBytes int64 `json:"peak_memory_bytes"`
}
