package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ContextOptions configure WriteBuildContext. Zero values take the defaults.
type ContextOptions struct {
	Suite   string // Debian suite; default "bookworm"
	Profile string // image profile: base (default) or data
}

// The files of a build context, as WriteBuildContext writes them.
const (
	contextDockerfile = "Dockerfile"
	contextSource     = "sbxgate.c"
	contextHook       = "extract-hook.sh"
)

// dockerfile builds, in a stage of a Debian image of the same suite, the root file system that
// BuildImage makes (mmdebstrap's extract variant with the profile's packages and extract hook,
// the extension compiled by the stage's gcc), and copies it into an image of its own. Where the
// stage's apt sources point is where the packages come from.
const dockerfile = `# The sbxgate runner image, profile PROFILE, for a machine that pulls from a registry: the same root
# file system as "sbxgate image build --profile PROFILE", made by mmdebstrap inside a build stage.
# Written by "sbxgate image context"; build it in this directory with
#   docker build -t sbxgate-runner:TAG .
# BASE is the build stage's image: Debian SUITE, whose apt sources the build uses.
ARG BASE=debian:SUITE-slim
FROM ${BASE} AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends mmdebstrap COMPILERS
COPY SOURCE HOOK /src/
RUN inc=$(cd /usr/include && ls -d python3.* | head -n 1) \
 && gcc FLAGS -I"/usr/include/$inc" -o /src/_sbxgate.so /src/SOURCE
RUN set --; for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do \
      if [ -s "$f" ]; then set -- "$@" "$f"; fi; done; \
    if [ $# = 0 ]; then echo "the build stage has no apt sources: use a BASE with them" >&2; exit 1; fi; \
    chmod 0755 /src/HOOK \
 && mmdebstrap --mode=root MMARGS SUITE /rootfs "$@" \
 && cd /rootfs && rm -rf DROPPED \
 && install -D -m 0644 /src/_sbxgate.so /rootfs/EXTENSION

FROM scratch
COPY --from=build /rootfs/ /
CHANGES
`

// WriteBuildContext writes into dir (made if missing) a Docker build context for the runner
// image of a profile, for users who build images with a registry at hand: a Dockerfile and the
// files it copies. The image it builds carries the labels the runner checks, so it is accepted
// as BuildImage's is; it is built from the same package lists, hooks and extension source.
func WriteBuildContext(dir string, opts ContextOptions) error {
	if opts.Profile == "" {
		opts.Profile = "base"
	}
	if opts.Suite == "" {
		opts.Suite = "bookworm"
	}
	prof, ok := imageProfiles[opts.Profile]
	if !ok {
		return fmt.Errorf("image profile %q: use one of %s", opts.Profile, strings.Join(Profiles(), ", "))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var quoted []string
	for _, a := range prof.mmdebstrapArgs("/src/" + contextHook) {
		quoted = append(quoted, shellQuote(a))
	}
	text := strings.NewReplacer(
		"PROFILE", opts.Profile, "SUITE", opts.Suite, "COMPILERS", strings.Join(compilerPackages, " "),
		"SOURCE", contextSource, "HOOK", contextHook, "FLAGS", compileFlags, "MMARGS", strings.Join(quoted, " "),
		"DROPPED", strings.Join(droppedPaths, " "), "EXTENSION", extensionPath,
		"CHANGES", strings.Join(imageChanges("", opts.Suite, opts.Profile), "\n"),
	).Replace(dockerfile)
	files := []struct {
		name string
		data []byte
		mode os.FileMode
	}{
		{contextDockerfile, []byte(text), 0o644},
		{contextSource, extensionSource, 0o644},
		{contextHook, []byte(prof.extractHook("/src/python-version", "/src/package-count")), 0o755},
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, f.mode); err != nil {
			return err
		}
	}
	return nil
}
