package runner

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

// Typed errors a caller branches on (the CLI maps both to exit status 125).
var (
	// ErrNoDaemon means no Docker daemon answered at the configured host.
	ErrNoDaemon = errors.New("no Docker daemon")
	// ErrImageMissing means the runner image is not present locally.
	ErrImageMissing = errors.New("runner image missing")
)

// DefaultImage is the image `sbxgate image build` produces when no --tag is given.
const DefaultImage = "sbxgate-runner:bookworm"

type noDaemonError struct {
	host string
	err  error
}

func (e *noDaemonError) Error() string {
	return fmt.Sprintf("no Docker daemon at %s: start Docker or set DOCKER_HOST", e.host)
}
func (e *noDaemonError) Is(target error) bool { return target == ErrNoDaemon }
func (e *noDaemonError) Unwrap() error        { return e.err }

type imageMissingError struct{ ref string }

func (e *imageMissingError) Error() string {
	return fmt.Sprintf("image %s not found: run `sbxgate image build`", e.ref)
}
func (e *imageMissingError) Is(target error) bool { return target == ErrImageMissing }

// newClient connects to the daemon named by DOCKER_HOST (or the default socket) and checks that it
// answers, negotiating the API version down to the daemon's (Docker 20.10 speaks 1.41).
func newClient(ctx context.Context) (*client.Client, error) {
	cli, err := client.New(client.FromEnv)
	if err != nil {
		return nil, fmt.Errorf("docker client: %w: check DOCKER_HOST", err)
	}
	// A daemon that accepts the connection but never answers is as good as none.
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if _, err := cli.Ping(pctx, client.PingOptions{NegotiateAPIVersion: true}); err != nil {
		host := cli.DaemonHost()
		cli.Close()
		if client.IsErrConnectionFailed(err) || errors.Is(err, context.DeadlineExceeded) {
			return nil, &noDaemonError{host: host, err: err}
		}
		return nil, fmt.Errorf("docker ping %s: %w", host, err)
	}
	return cli, nil
}

// checkImage returns the image's id, or ErrImageMissing when ref is not in the local image store.
func checkImage(ctx context.Context, cli *client.Client, ref string) (id, profile string, err error) {
	img, err := cli.ImageInspect(ctx, ref)
	if err != nil {
		if cerrdefs.IsNotFound(err) {
			return "", "", &imageMissingError{ref: ref}
		}
		return "", "", fmt.Errorf("inspect image %s: %w", ref, err)
	}
	if img.Config == nil || img.Config.Labels[LabelSandbox] != sandboxParts {
		return "", "", fmt.Errorf("image %s was built by an older sbxgate (it lacks the sandbox's %s): run `sbxgate image build`", ref, sandboxParts)
	}
	profile = img.Config.Labels[LabelProfile]
	if profile == "" {
		profile = "base" // built before profiles
	}
	if _, ok := imageProfiles[profile]; !ok {
		return "", "", fmt.Errorf("image %s has profile %q, which this sbxgate does not know: build it again with sbxgate image build", ref, profile)
	}
	return img.ID, profile, nil
}

// A sandboxImage is the image of an image profile, and what its sandboxes' process 1 is told.
type sandboxImage struct {
	ref, id string
	policy  sandboxPolicy
}

// checkImages checks the runner's image and that of every other profile the tiers (their
// profile and the profiles a decision may choose) and the prewarmed limits name: runner.image with the profile appended to its tag, which must carry
// that profile's label.
//
// A profile that only tiers' profiles name (one the policy may choose for a run) need not have its
// image: without it the runner still starts, and a run of that profile fails (missing).
func checkImages(ctx context.Context, cli *client.Client, ref string, base sandboxPolicy, prewarm []config.Limits, cfg *config.Config) (map[string]*sandboxImage, map[string]error, error) {
	want := map[string]bool{"": true} // true: the image must be there
	for _, t := range cfg.Tiers {
		for _, p := range t.AllowedProfiles() {
			want[p] = want[p] || p == strings.TrimPrefix(t.Profile, "base")
		}
	}
	for _, l := range prewarm {
		want[l.Profile] = true
	}
	images, missing := map[string]*sandboxImage{}, map[string]error{}
	for _, p := range slices.Sorted(maps.Keys(want)) {
		r := ref
		if p != "" {
			r = ProfileImage(ref, p)
		}
		id, label, err := checkImage(ctx, cli, r)
		if err != nil {
			if p != "" {
				err = fmt.Errorf("a tier asks for image profile %s: %w (sbxgate image build --profile %s)", p, err, p)
				if !want[p] && errors.Is(err, ErrImageMissing) {
					missing[p] = err
					continue
				}
			}
			return nil, nil, err
		}
		if p != "" && label != p {
			return nil, nil, fmt.Errorf("image %s has profile %q, but a tier asks for %s: build it with sbxgate image build --profile %s", r, label, p, p)
		}
		pol := base
		if err := pol.withProfile(label); err != nil {
			return nil, nil, fmt.Errorf("runner: %w", err)
		}
		images[p] = &sandboxImage{ref: r, id: id, policy: pol}
	}
	return images, missing, nil
}

// imageFor is the image of l's profile.
func (d *Docker) imageFor(l config.Limits) (*sandboxImage, error) {
	if err, ok := d.missing[l.Profile]; ok {
		return nil, fmt.Errorf("run: %w", err)
	}
	img, ok := d.images[l.Profile]
	if !ok {
		return nil, fmt.Errorf("run: no image for profile %q: the runner was made without a tier of that profile", l.Profile)
	}
	return img, nil
}
