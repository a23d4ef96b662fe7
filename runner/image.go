package runner

import (
	"archive/tar"
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/moby/moby/client"
)

// Image labels. LabelImage marks images this package built, so gc can find superseded ones.
const (
	LabelImage  = "org.sbxgate.image"
	LabelPython = "org.sbxgate.python"
	LabelSuite  = "org.sbxgate.suite"
	// LabelSandbox says which parts of the sandbox's process 1 the image provides; the runner
	// refuses an image without the current set.
	LabelSandbox = "org.sbxgate.sandbox"
)

// sandboxParts is LabelSandbox's value for images with Debian's python3-seccomp (the kernel
// filter) and python3-prctl (process 1 not dumpable).
const sandboxParts = "seccomp,prctl"

// imagePackages are the Debian packages of the runner image: the interpreter, what the sandbox's
// process 1 loads, and the time zone database zoneinfo reads.
var imagePackages = []string{"python3", "python3-seccomp", "python3-prctl", "tzdata"}

// BuildOptions configure BuildImage. Zero values take the defaults.
type BuildOptions struct {
	Ref   string // image reference to tag; default DefaultImage
	Suite string // Debian suite; default "bookworm"
	// SourcesFile is an apt sources file (one-line or deb822) handed to mmdebstrap. The default is
	// the machine's own apt sources, so no mirror is baked into sbxgate.
	SourcesFile string
	Log         io.Writer // mmdebstrap's progress; default io.Discard
}

// BuildResult describes the image BuildImage made.
type BuildResult struct {
	Ref           string
	ID            string
	PythonVersion string
	SizeBytes     int64
	Duration      time.Duration
}

// defaultSourcesFiles are tried in order when BuildOptions.SourcesFile is empty.
var defaultSourcesFiles = []string{
	"/etc/apt/sources.list.d/debian.sources",
	"/etc/apt/sources.list",
}

// extractHook fixes what the extract variant leaves undone (it runs no maintainer scripts),
// trims the tree, and proves the interpreter starts. $1 is the root file system; VERSIONFILE is
// replaced by a host path that receives the Python version.
const extractHook = `set -eu
root="$1"
# base-passwd's scripts never ran: create the accounts the container runs as.
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
chmod 0644 "$root/etc/passwd" "$root/etc/group"
# Docker bind-mounts its own; do not ship the build host's.
: >"$root/etc/resolv.conf"
: >"$root/etc/hostname"
rm -rf "$root/usr/share/doc" "$root/usr/share/man" "$root/usr/share/info" "$root/usr/share/locale" \
	"$root/usr/share/lintian"
mkdir -p "$root/tmp" && chmod 1777 "$root/tmp"
# python3's postinst would byte-compile the standard library; runs use -B (no writes), so compile
# it once here or every run pays for it. Some test fixtures do not compile; that is expected.
chroot "$root" /usr/bin/python3 -I -c 'import compileall, sysconfig; compileall.compile_dir(sysconfig.get_paths()["stdlib"], quiet=2, workers=0)' || true
chroot "$root" /usr/bin/python3 -I -B -c 'import seccomp, prctl, platform; print(platform.python_version())' >VERSIONFILE
`

var pythonVersionRE = regexp.MustCompile(`^3\.[0-9]+\.[0-9]+$`)

// BuildImage builds the runner image with mmdebstrap (Debian's package `mmdebstrap`, no registry
// needed) and imports the root file system through the Docker API. The tar stream goes straight
// from mmdebstrap into the daemon; nothing is staged on disk.
func BuildImage(ctx context.Context, opts BuildOptions) (BuildResult, error) {
	start := time.Now()
	if opts.Ref == "" {
		opts.Ref = DefaultImage
	}
	if opts.Suite == "" {
		opts.Suite = "bookworm"
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.SourcesFile == "" {
		for _, f := range defaultSourcesFiles {
			if st, err := os.Stat(f); err == nil && st.Size() > 0 {
				opts.SourcesFile = f
				break
			}
		}
		if opts.SourcesFile == "" {
			return BuildResult{}, fmt.Errorf("no apt sources found in %s: pass a sources file", strings.Join(defaultSourcesFiles, " or "))
		}
	}
	if _, err := os.Stat(opts.SourcesFile); err != nil {
		return BuildResult{}, fmt.Errorf("apt sources: %w: pass an existing sources file", err)
	}
	mm, err := exec.LookPath("mmdebstrap")
	if err != nil {
		return BuildResult{}, errors.New("mmdebstrap not found: install it (apt-get install mmdebstrap)")
	}
	cli, err := newClient(ctx)
	if err != nil {
		return BuildResult{}, err
	}
	defer cli.Close()

	tmp, err := os.MkdirTemp("", "sbxgate-image-")
	if err != nil {
		return BuildResult{}, err
	}
	defer os.RemoveAll(tmp)
	versionFile := filepath.Join(tmp, "python-version")
	// A hook that names an executable file is run as a script (with the root as $1).
	hook := filepath.Join(tmp, "extract-hook.sh")
	script := "#!/bin/sh\n" + strings.ReplaceAll(extractHook, "VERSIONFILE", shellQuote(versionFile))
	if err := os.WriteFile(hook, []byte(script), 0o755); err != nil {
		return BuildResult{}, err
	}

	cmd := exec.CommandContext(ctx, mm,
		"--variant=extract", "--include="+strings.Join(imagePackages, ","), "--format=tar",
		"--skip=output/mknod", // Docker provides /dev
		"--dpkgopt=path-exclude=/usr/share/doc/*",
		"--dpkgopt=path-exclude=/usr/share/man/*",
		"--dpkgopt=path-exclude=/usr/share/locale/*",
		"--extract-hook="+hook,
		opts.Suite, "-", opts.SourcesFile)
	cmd.Stderr = opts.Log
	// mmdebstrap removes its temporary root on SIGTERM or a broken pipe, not on SIGKILL.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Minute
	out, err := cmd.StdoutPipe()
	if err != nil {
		return BuildResult{}, err
	}
	if err := cmd.Start(); err != nil {
		return BuildResult{}, fmt.Errorf("mmdebstrap: %w", err)
	}
	waited := false
	defer func() {
		if !waited {
			// Close our end first: the broken pipe makes mmdebstrap clean up and exit.
			_ = out.Close()
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
		}
	}()

	// The hook has run (and written the version) before the first tar byte appears, so the labels
	// are known by the time the import request must be sent.
	tarStream := bufio.NewReaderSize(out, 1<<20)
	if _, err := tarStream.Peek(1); err != nil {
		waited = true
		werr := cmd.Wait()
		if ctx.Err() != nil {
			return BuildResult{}, ctx.Err()
		}
		return BuildResult{}, fmt.Errorf("mmdebstrap produced no output (%v): see its log above", werr)
	}
	raw, err := os.ReadFile(versionFile)
	version := strings.TrimSpace(string(raw))
	if err != nil || !pythonVersionRE.MatchString(version) {
		return BuildResult{}, fmt.Errorf("python3 does not start in the new root file system (version %q): see the mmdebstrap log", version)
	}

	filtered, filterErr := filterTar(tarStream, droppedPaths)
	old, _ := cli.ImageInspect(ctx, opts.Ref)
	resp, err := cli.ImageImport(ctx, client.ImageImportSource{Source: filtered, SourceName: "-"}, opts.Ref,
		client.ImageImportOptions{Changes: imageChanges(version, opts.Suite)})
	if err != nil {
		return BuildResult{}, fmt.Errorf("import image: %w", err)
	}
	importErr := readJSONMessages(resp)
	resp.Close()
	// The filter ends once the daemon has read the whole stream or hung up on it.
	if err := <-filterErr; err != nil {
		return BuildResult{}, fmt.Errorf("filter root file system: %w", err)
	}
	if importErr != nil {
		return BuildResult{}, fmt.Errorf("import image: %w", importErr)
	}
	waited = true
	if err := cmd.Wait(); err != nil {
		return BuildResult{}, fmt.Errorf("mmdebstrap: %w: see its log above", err)
	}
	img, err := cli.ImageInspect(ctx, opts.Ref)
	if err != nil {
		return BuildResult{}, fmt.Errorf("inspect new image: %w", err)
	}
	if old.ID != "" && old.ID != img.ID {
		// The previous build is now untagged; drop it unless a container still uses it.
		_, _ = cli.ImageRemove(ctx, old.ID, client.ImageRemoveOptions{})
	}
	return BuildResult{
		Ref: opts.Ref, ID: img.ID, PythonVersion: version, SizeBytes: img.Size,
		Duration: time.Since(start),
	}, nil
}

// droppedPaths are left out of the image: package manager state and configuration (it names the
// build host's mirror), which mmdebstrap itself still needs until it writes the tarball.
var droppedPaths = []string{"etc/apt", "var/lib/apt", "var/cache/apt", "var/lib/dpkg", "var/cache/debconf", "var/log", "dev"}

// filterTar copies the tar stream r without the entries under drop, in a goroutine; the returned
// channel yields its result once the stream has ended.
func filterTar(r io.Reader, drop []string) (io.Reader, <-chan error) {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := copyTar(tar.NewWriter(pw), tar.NewReader(r), drop)
		pw.CloseWithError(err)
		if err == nil {
			// Read the padding after the end-of-archive marker, or the writer blocks on it.
			_, err = io.Copy(io.Discard, r)
		}
		done <- err
	}()
	return pr, done
}

func copyTar(tw *tar.Writer, tr *tar.Reader, drop []string) error {
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return tw.Close()
		}
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(strings.TrimPrefix(h.Name, "./"), "/")
		if slices.ContainsFunc(drop, func(d string) bool {
			return name == d || name == d+"/" || strings.HasPrefix(name, d+"/")
		}) {
			continue
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := io.Copy(tw, tr); err != nil {
			return err
		}
	}
}

// imageChanges is the image config: an unprivileged user, /tmp as working directory, PATH only.
func imageChanges(pythonVersion, suite string) []string {
	return []string{
		fmt.Sprintf("LABEL %s=runner %s=%s %s=%s %s=%s", LabelImage, LabelPython, pythonVersion, LabelSuite, suite, LabelSandbox, sandboxParts),
		"USER 65534:65534",
		"WORKDIR /tmp",
		"ENV PATH=/usr/bin:/bin",
		`CMD ["python3", "-I", "-B", "-"]`,
	}
}

// readJSONMessages drains a daemon progress stream and returns the first error it reports.
func readJSONMessages(r io.Reader) error {
	dec := json.NewDecoder(r)
	for {
		var m struct {
			Error       string `json:"error"`
			ErrorDetail struct {
				Message string `json:"message"`
			} `json:"errorDetail"`
		}
		if err := dec.Decode(&m); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if m.Error != "" {
			return errors.New(m.Error)
		}
		if m.ErrorDetail.Message != "" {
			return errors.New(m.ErrorDetail.Message)
		}
	}
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
