package runner

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// Red team (findings/19_artifact_collection_outlasts_backstop.md): after the program, process 1
// reads and hashes every file of out/ up to files.out.max_count, whole, before it writes the status
// line. The runner's backstop gives it a second per 64 MiB of tmpfs, but sparse files (or hard
// links to one file) cost no tmpfs: max_count files of file_size each are read. A program that
// leaves them and then commits a violation just before its deadline has the sandbox killed by
// the backstop before the status line: the result is a timeout with no violation. This test fails
// while the violation can be lost that way.
func TestArtifactCollectionKeepsTheViolation(t *testing.T) {
	cfg := config.Default()
	cfg.Files.Out.MaxCount = 64 // files.out.max_count, an operator's knob (default 32)
	d := newTestDocker(t, WithConfig(cfg), WithPoolSize(0))
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			requireRuntime(t, d, rt)
			testArtifactCollectionKeepsTheViolation(t, d, rt)
		})
	}
}

func testArtifactCollectionKeepsTheViolation(t *testing.T, d *Docker, rt string) {
	l := testLimits
	l.Runtime = rt
	l.CPUs = 0.5
	l.MemoryBytes = 256 << 20
	l.TimeoutMS = 6000
	l.TmpfsBytes = 64 << 20
	l.FileSizeBytes = 64 << 20 // one file may fill the tmpfs
	// The violation comes 0.4 s before the deadline, which process 1 starts as it forks the
	// program's process: the time since then is the process's own age (its start time in
	// /proc/self/stat against /proc/uptime). Under gVisor at half a CPU the interpreter's start
	// alone took most of a 3 s deadline, and a sleep timed from the program's first line came after it.
	code := `
import os, time
def age():
    with open("/proc/self/stat") as f:
        start = int(f.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
    with open("/proc/uptime") as f:
        return float(f.read().split()[0]) - start
for i in range(N):
    fd = os.open("out/s%02d.bin" % i, os.O_CREAT | os.O_WRONLY, 0o600)
    os.ftruncate(fd, 64 << 20)  # sparse: no tmpfs is used
    os.close(fd)
time.sleep(max(0, 5.6 - age()))
os.fork()  # not granted: the sandbox stops the program and must say so
`
	// Control: with one such file the violation is reported, so the program and the tier are sound.
	res, err := runFiles(t, d, strings.Replace(code, "range(N)", "range(1)", 1), nil, l)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 159 || len(res.Violations) == 0 || res.TimedOut {
		t.Fatalf("control: exit %d timed_out %v violations %+v", res.ExitCode, res.TimedOut, res.Violations)
	}
	res, err = runFiles(t, d, strings.Replace(code, "range(N)", "range(64)", 1), nil, l)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 159 || len(res.Violations) == 0 || res.TimedOut {
		t.Fatalf("the violation was lost: exit %d timed_out %v violations %+v after %d ms; artifacts %d skipped %+v",
			res.ExitCode, res.TimedOut, res.Violations, res.DurationMS, len(res.Artifacts), res.ArtifactsSkipped)
	}
}
