package testenv

import (
	"fmt"
	"testing"
)

// recorder stands in for a test, to see whether RequireDocker skips or fails.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped, r.msg = true, fmt.Sprintf(format, args...)
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
}

func TestRequireDockerWithoutDaemon(t *testing.T) {
	t.Setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
	for _, tt := range []struct {
		require      string
		skip, failed bool
	}{
		{"", true, false},
		{"1", false, true},
	} {
		t.Setenv("SBXGATE_REQUIRE_DOCKER", tt.require)
		r := &recorder{TB: t}
		RequireDocker(r)
		if r.skipped != tt.skip || r.failed != tt.failed {
			t.Errorf("SBXGATE_REQUIRE_DOCKER=%q: skipped=%v failed=%v (%s)", tt.require, r.skipped, r.failed, r.msg)
		}
	}
}
