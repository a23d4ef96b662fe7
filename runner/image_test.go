package runner

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/internal/testenv"
)

// TestBuildImage builds an image from scratch (about 10 s plus the package download), so it runs
// only when asked: SBXGATE_TEST_IMAGE_BUILD=1 go test -run BuildImage ./runner/ (CI asks).
func TestBuildImage(t *testing.T) {
	if os.Getenv("SBXGATE_TEST_IMAGE_BUILD") != "1" {
		t.Skip("set SBXGATE_TEST_IMAGE_BUILD=1 to build an image")
	}
	testenv.RequireDocker(t)
	if _, err := exec.LookPath("mmdebstrap"); err != nil {
		if testenv.Required() {
			t.Fatal("mmdebstrap not installed: apt-get install mmdebstrap")
		}
		t.Skip("mmdebstrap not installed")
	}
	const ref = "sbxgate-runner:test-build"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	res, err := BuildImage(ctx, BuildOptions{Ref: ref, Log: testWriter{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built %s: python %s, %d bytes, in %s", res.ID, res.PythonVersion, res.SizeBytes, res.Duration)
	d, err := New(ctx, WithImage(ref))
	if err != nil {
		t.Fatal(err)
	}
	out := run(t, d, "import sys\nprint(sys.version_info[0])\n", testLimits)
	d.Close()
	if out.Stdout != "3\n" {
		t.Errorf("python in the new image: %+v", out)
	}
	cli, err := newClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	if _, err := cli.ImageRemove(ctx, ref, client.ImageRemoveOptions{}); err != nil {
		t.Errorf("remove test image: %v", err)
	}
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) { w.t.Log(string(p)); return len(p), nil }

func TestProfileImage(t *testing.T) {
	for _, tc := range []struct{ ref, profile, want string }{
		{"sbxgate-runner:bookworm", "data", "sbxgate-runner:bookworm-data"},
		{"sbxgate-runner:bookworm", "base", "sbxgate-runner:bookworm"},
		{"sbxgate-runner:bookworm", "", "sbxgate-runner:bookworm"},
		{"localhost:5000/runner", "data", "localhost:5000/runner:data"},
		{"localhost:5000/runner:v2", "data", "localhost:5000/runner:v2-data"},
	} {
		if got := ProfileImage(tc.ref, tc.profile); got != tc.want {
			t.Errorf("ProfileImage(%q, %q) = %q, want %q", tc.ref, tc.profile, got, tc.want)
		}
	}
	if _, err := BuildImage(context.Background(), BuildOptions{Profile: "gpu"}); err == nil {
		t.Error("an unknown profile was built")
	}
}
