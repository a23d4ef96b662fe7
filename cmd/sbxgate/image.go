package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/runner"
)

func init() {
	register(command{Name: "image", Summary: "build the runner image locally (image build), or write its Dockerfile (image context)", Run: cmdImage})
	register(command{Name: "gc", Summary: "remove leftover sandbox containers", Run: cmdGC})
}

func cmdImage(ctx context.Context, e *Env, args []string) int {
	if len(args) > 0 && args[0] == "context" {
		return cmdImageContext(e, args[1:])
	}
	if len(args) == 0 || args[0] != "build" {
		e.Errorf("image: unknown subcommand: use sbxgate image build [--config FILE] [--tag REF], or sbxgate image context DIR for a Dockerfile")
		return 2
	}
	fs := flag.NewFlagSet("image build", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	cfgPath := fs.String("config", "", "sandbox.yaml whose runner.image names the tag (default: embedded)")
	tag := fs.String("tag", "", "image reference to build (default: runner.image from the config)")
	sources := fs.String("sources", "", "apt sources file for mmdebstrap (default: this machine's)")
	suite := fs.String("suite", "bookworm", "Debian suite to build from")
	quiet := fs.Bool("quiet", false, "do not show mmdebstrap's progress")
	profile := fs.String("profile", "base", "image profile: "+strings.Join(runner.Profiles(), ", ")+" (data: numpy, pandas, matplotlib, scipy, scikit-learn, PIL)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		e.Errorf("image build: unexpected argument %q: it takes only flags", fs.Arg(0))
		return 2
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		e.Errorf("image build: %v", err)
		return 2
	}
	ref := runner.ProfileImage(cfg.Runner.Image, *profile)
	if *tag != "" {
		ref = *tag
	}
	var log io.Writer = e.Stderr
	if *quiet {
		log = io.Discard
	}
	res, err := runner.BuildImage(ctx, runner.BuildOptions{Ref: ref, Suite: *suite, SourcesFile: *sources, Log: log, Profile: *profile})
	if err != nil {
		e.Errorf("image build: %v", err)
		return 1
	}
	fmt.Fprintf(e.Stdout, "built %s (%s): profile %s, python %s, %d packages (%d removed again), %.1f MB, in %s\n",
		res.Ref, res.ID, res.Profile, res.PythonVersion, res.Packages, res.Dropped, float64(res.SizeBytes)/1e6, res.Duration.Round(100_000_000))
	return 0
}

// cmdImageContext writes the Docker build context of a runner image, for users with a registry.
func cmdImageContext(e *Env, args []string) int {
	fs := flag.NewFlagSet("image context", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	suite := fs.String("suite", "bookworm", "Debian suite to build from")
	profile := fs.String("profile", "base", "image profile: "+strings.Join(runner.Profiles(), ", "))
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		e.Errorf("image context: name one directory to write the build context into: sbxgate image context [--profile P] DIR")
		return 2
	}
	if !slices.Contains(runner.Profiles(), *profile) {
		e.Errorf("image context: image profile %q: use one of %s", *profile, strings.Join(runner.Profiles(), ", "))
		return 2
	}
	dir := fs.Arg(0)
	if err := runner.WriteBuildContext(dir, runner.ContextOptions{Suite: *suite, Profile: *profile}); err != nil {
		e.Errorf("image context: %v", err)
		return 1
	}
	fmt.Fprintf(e.Stdout, "wrote the build context of the %s image to %s: docker build -t %s %s\n",
		*profile, dir, runner.ProfileImage(runner.DefaultImage, *profile), dir)
	return 0
}

func cmdGC(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("gc", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	all := fs.Bool("all", false, "also remove containers of sbxgate processes that are still running")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		e.Errorf("gc: unexpected argument %q: it takes only flags", fs.Arg(0))
		return 2
	}
	n, err := runner.GC(ctx, runner.GCOptions{All: *all})
	if err != nil {
		e.Errorf("gc: %v", err)
		return 1
	}
	fmt.Fprintf(e.Stdout, "removed %d containers, %d sandbox cgroups (their processes killed), %d containerd tasks, %d superseded images\n",
		n.Containers, n.Cgroups, n.Tasks, n.Images)
	return 0
}
