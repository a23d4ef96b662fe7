package runner

import "github.com/sbxgate/sbxgate/config"

// Request is one execution. Code is run byte for byte as given (the bytes the analyzer saw).
type Request struct {
	ID   string // request id: a label on a container made for the request, the name suffix of a warm one
	Code []byte
	// Path names the program in its tracebacks ("job.py", "<stdin>"); "" is "<stdin>".
	Path string
	// Modules are the modules the program imports, as the analysis found them: the sandbox loads
	// their native code before its kernel filter forbids any more. nil loads what every module of
	// the allowlist needs, which costs a cold run about a tenth of a second.
	Modules []string
	Limits  config.Limits // every field must be set; an unset limit is an error, never "unlimited"
	// Files are placed in the workspace, the program's working directory, before it starts
	// (within the runner's files.in limits and the tier's file_size and tmpfs).
	Files []File
	// Labels are added to the container. Labels are fixed when a container is created, so a
	// request with labels always gets a fresh container instead of a warm one.
	Labels map[string]string
}

// Result is what happened when the code ran. The JSON names are part of the user contract.
type Result struct {
	// ExitCode is the interpreter's exit status; 137 when the container was killed (timeout,
	// output overflow, out of memory); 159 when the program was stopped for a violation.
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
	// Violations are what the program tried at run time that its decision did not grant; the
	// first one ended it. Empty when it tried nothing of the kind.
	Violations []Violation `json:"violations"`
	// Enforcement is what the run actually had: the strength of the box it ran in.
	Enforcement *Enforcement `json:"enforcement,omitempty"`
	// Artifacts are the regular files the program left under the workspace's out/, in name
	// order; ArtifactsSkipped the entries of out/ that did not come back, and why.
	Artifacts        []Artifact        `json:"artifacts"`
	ArtifactsSkipped []SkippedArtifact `json:"artifacts_skipped,omitempty"`

	// What the test witness saw get through (tests only; see withWitness).
	reached   []Reached
	witnessOK bool
}

// A Violation is one refused attempt, as the layer that refused it saw it.
type Violation struct {
	// Capability is what the attempt would have given: process, network, native_code,
	// filesystem, dynamic_code, introspection, integrity (an attack on the enforcement itself),
	// an import's capability, or unknown (the kernel's kill does not say which system call).
	Capability string `json:"capability"`
	// Event is the interpreter's audit event (os.system, socket.__new__, import) or "seccomp".
	Event  string `json:"event"`
	Detail string `json:"detail"`
}

// Enforcement records the sandbox a program ran in, so an auditor can see the strength of the box.
type Enforcement struct {
	Runtime        string         `json:"runtime"` // runc or runsc
	SeccompProfile SeccompProfile `json:"seccomp_profile"`
	Network        string         `json:"network"`
	UID            int            `json:"uid"`      // the host user id the program ran as
	InitUID        int            `json:"init_uid"` // process 1's: never the program's
	Image          string         `json:"image"`    // image id
	Limits         config.Limits  `json:"limits"`
	// Grants are the run-time capabilities the program was allowed; Layers the run-time
	// enforcement layers that refused the others (seccomp, audit_hook).
	Grants []string `json:"grants"`
	Layers []string `json:"layers"`
	// Landlock is the Landlock ABI version that confined the program's writes to its workspace
	// (with the kernel layer on); 0 where the kernel has none (gVisor refuses /proc/self/mem writes
	// itself), -1 where the kernel layer was off.
	Landlock int `json:"landlock"`
}

// SeccompProfile names the container's seccomp profile and the SHA-256 of its exact bytes.
type SeccompProfile struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}
