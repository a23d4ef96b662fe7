// Package testenv lets tests that need Docker say so. They skip where no daemon answers (a
// laptop without Docker), and fail instead when SBXGATE_REQUIRE_DOCKER=1 (CI), so a broken CI
// machine can never turn the sandbox tests into silent skips.
package testenv

import (
	"context"
	"os"
	"testing"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/client"
)

// Required reports whether SBXGATE_REQUIRE_DOCKER=1 is set.
func Required() bool { return os.Getenv("SBXGATE_REQUIRE_DOCKER") == "1" }

func unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	if Required() {
		t.Fatalf(format+" (SBXGATE_REQUIRE_DOCKER=1)", args...)
		return
	}
	t.Skipf(format, args...)
}

// RequireDocker skips the test unless a Docker daemon answers (fails under SBXGATE_REQUIRE_DOCKER=1).
func RequireDocker(t testing.TB) {
	t.Helper()
	cli, err := client.New(client.FromEnv)
	if err != nil {
		unavailable(t, "docker client: %v", err)
		return
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := cli.Ping(ctx, client.PingOptions{NegotiateAPIVersion: true}); err != nil {
		unavailable(t, "no Docker daemon at %s: %v", cli.DaemonHost(), err)
	}
}

// RequireImage is RequireDocker plus the image ref being present locally.
func RequireImage(t testing.TB, ref string) {
	t.Helper()
	RequireDocker(t)
	cli, err := client.New(client.FromEnv)
	if err != nil {
		unavailable(t, "docker client: %v", err)
		return
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := cli.ImageInspect(ctx, ref); err != nil {
		if cerrdefs.IsNotFound(err) {
			unavailable(t, "image %s not found: run `sbxgate image build`", ref)
			return
		}
		unavailable(t, "inspect image %s: %v", ref, err)
	}
}
