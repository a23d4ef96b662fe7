package runner

import (
	"archive/tar"
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/internal/testenv"
)

// TestBuildImage builds an image from scratch (about 10 s plus the package download), so it runs
// only when asked: SBXGATE_TEST_IMAGE_BUILD=1 go test -run BuildImage ./runner/ (CI asks).
func TestBuildImage(t *testing.T) {
	requireImageBuild(t)
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

// requireImageBuild skips a test that builds an image unless SBXGATE_TEST_IMAGE_BUILD=1 asks for
// one (CI does), and needs the daemon and mmdebstrap then.
func requireImageBuild(t *testing.T) {
	t.Helper()
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

// TestBuildContext builds the runner image from the build context `sbxgate image context` writes,
// with the Docker daemon's own builder, as a user with a registry would, and runs a program in it
// under the run-time layers. There is no registry here, so the build stage's Debian image is made
// from the machine's apt sources and imported first; its packages come from there too. About two
// minutes and a package download: only when asked, with SBXGATE_TEST_IMAGE_BUILD=1 (CI asks).
func TestBuildContext(t *testing.T) {
	requireImageBuild(t)
	const base, ref = "sbxgate-test-debian:bookworm", "sbxgate-runner:test-context"
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cli, err := newClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	importDebian(ctx, t, cli, base)

	dir := t.TempDir()
	if err := WriteBuildContext(dir, ContextOptions{}); err != nil {
		t.Fatal(err)
	}
	var tarball bytes.Buffer
	tw := tar.NewWriter(&tarball)
	if err := tw.AddFS(os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	resp, err := cli.ImageBuild(ctx, &tarball, client.ImageBuildOptions{
		Tags: []string{ref}, BuildArgs: map[string]*string{"BASE": new(base)}, Remove: true, ForceRemove: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	err = readJSONMessages(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("docker build of the written context: %v", err)
	}
	t.Cleanup(func() {
		_, _ = cli.ImageRemove(context.Background(), ref, client.ImageRemoveOptions{PruneChildren: true})
	})

	d, err := New(ctx, WithImage(ref))
	if err != nil {
		t.Fatalf("the runner refuses the image the context built: %v", err)
	}
	defer d.Close()
	if out := run(t, d, "import json\nprint(json.dumps([3]))\n", testLimits); out.ExitCode != 0 || out.Stdout != "[3]\n" {
		t.Errorf("python in the image built from the context: %+v", out)
	}
	// The audit hook is the extension the context compiled: a process is refused while running.
	out := run(t, d, "import os\nos.system('true')\nprint('ran')\n", testLimits)
	if out.ExitCode != 159 || len(out.Violations) == 0 || out.Violations[0].Capability != "process" || strings.Contains(out.Stdout, "ran") {
		t.Errorf("a process in the image built from the context: exit %d violations %+v stdout %q", out.ExitCode, out.Violations, out.Stdout)
	}
}

// importDebian imports, under ref, a Debian root file system with apt made by mmdebstrap from the
// machine's apt sources, unless the daemon has it: the build stage's image where no registry is.
func importDebian(ctx context.Context, t *testing.T, cli *client.Client, ref string) {
	t.Helper()
	if _, err := cli.ImageInspect(ctx, ref); err == nil {
		return
	}
	sources := ""
	for _, f := range defaultSourcesFiles {
		if st, err := os.Stat(f); err == nil && st.Size() > 0 {
			sources = f
			break
		}
	}
	if sources == "" {
		t.Fatal("no apt sources on this machine")
	}
	cmd := exec.CommandContext(ctx, "mmdebstrap", "--variant=apt", "--format=tar", "--skip=output/mknod", "bookworm", "-", sources)
	cmd.Stderr = testWriter{t}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	resp, err := cli.ImageImport(ctx, client.ImageImportSource{Source: out, SourceName: "-"}, ref, client.ImageImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	err = readJSONMessages(resp)
	resp.Close()
	if werr := cmd.Wait(); err != nil || werr != nil {
		t.Fatalf("import a Debian root file system: %v, mmdebstrap: %v", err, werr)
	}
}
