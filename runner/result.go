package runner

import "github.com/sbxgate/sbxgate/config"

// Request is one execution. Code is run byte for byte as given (the bytes the analyzer saw).
type Request struct {
	ID     string // request id, put on the container as a label
	Code   []byte
	Limits config.Limits
	Labels map[string]string
}

// Result is what happened when the code ran. JSON names are part of shared/CONTRACT.md.
type Result struct {
	ExitCode        int    `json:"exit_code"`
	Stdout          string `json:"stdout"`
	Stderr          string `json:"stderr"`
	StdoutTruncated bool   `json:"stdout_truncated"`
	StderrTruncated bool   `json:"stderr_truncated"`
	TimedOut        bool   `json:"timed_out"`
	OOMKilled       bool   `json:"oom_killed"`
	DurationMS      int64  `json:"duration_ms"`
	CPUMS           int64  `json:"cpu_ms"`
	PeakMemoryBytes int64  `json:"peak_memory_bytes"`
}
