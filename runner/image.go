package runner

import (
	"archive/tar"
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
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
	// LabelProfile names the image profile (base, data).
	LabelProfile = "org.sbxgate.profile"
)

// An imageProfile is a runner image: the base packages and its own.
type imageProfile struct {
	packages []string
	// drop are packages the dependencies pull in that no program needs (compilers, headers,
	// perl, tools): their files are removed before the image is made. Patterns as in sh's case.
	drop []string
	// check is Python the build runs in the new root: it must import what the profile promises.
	check string
	// prepare is Python the build runs in the new root after the check (as root, with no sandbox).
	prepare string
}

// imageProfiles are the images `sbxgate image build --profile` makes.
var imageProfiles = map[string]imageProfile{
	"base": {check: "import seccomp, prctl"},
	// Debian's scientific stack. python3-scipy depends on python3-pythran, which pulls in g++,
	// binutils and the Python headers; python3-dev and the -dev packages bring headers and perl.
	"data": {
		packages: []string{"python3-numpy", "python3-pandas", "python3-matplotlib", "python3-scipy", "python3-sklearn", "python3-pil"},
		drop: []string{
			"g++*", "gcc", "gcc-1[0-9]", "cpp", "cpp-1[0-9]", "binutils*", "libbinutils", "libctf*", "libgprofng0",
			"libjansson4", "libisl23", "libmpc3", "libmpfr6", "libcc1-0", "libasan*", "liblsan*", "libtsan*", "libubsan*",
			"libitm1", "*-dev", "libc-dev-bin", "linux-libc-dev", "rpcsvc-proto", "python3*-dev", "python3-pythran",
			"python3-beniget", "python3-gast", "python3-ply", "perl", "perl-base", "perl-modules-*", "libperl*", "*-perl",
			"procps", "libproc2-0", "sysvinit-utils", "tar", "usrmerge", "init-system-helpers", "lsb-base", "libjs-*",
		},
		check: "import numpy, pandas, scipy, scipy.stats, sklearn, PIL, matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot",
		// The font list, built once here (it would otherwise be built, by scanning fonts, in
		// every sandbox): process 1 points MPLCONFIGDIR at a copy of it.
		prepare: "import os; os.environ['MPLCONFIGDIR'] = '/usr/share/sbxgate/matplotlib'; import matplotlib; matplotlib.use('Agg'); " +
			"import matplotlib.font_manager",
	},
}

// Profiles lists the image profiles.
func Profiles() []string { return slices.Sorted(maps.Keys(imageProfiles)) }

// ProfileImage is the image reference of profile for the base reference ref: ref itself for
// base, ref with "-PROFILE" appended to its tag otherwise (sbxgate-runner:bookworm-data).
func ProfileImage(ref, profile string) string {
	if profile == "" || profile == "base" {
		return ref
	}
	if i := strings.LastIndexByte(ref, ':'); i > strings.LastIndexByte(ref, '/') {
		return ref + "-" + profile
	}
	return ref + ":" + profile
}

// sandboxParts is LabelSandbox's value for images with Debian's python3-seccomp (the kernel
// filter), python3-prctl (process 1 not dumpable) and the C extension compiled from this binary's
// sandbox/sbxgate.c (the audit hook and Landlock).
var sandboxParts = "seccomp,prctl," + extensionTag

// extensionPath is where the image holds the compiled extension (not on sys.path).
const extensionPath = "usr/lib/sbxgate/_sbxgate.so"

// compilerPackages build the extension in a throwaway root; none of them ships in the image.
var compilerPackages = []string{"gcc", "libc6-dev", "python3-dev"}

// compileFlags are gcc's flags for the extension, before the include directory.
const compileFlags = "-O2 -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers -shared -fPIC"

// buildHook compiles SOURCE in the throwaway root ($1) and copies the result to OUTPUT.
const buildHook = `set -eu
root="$1"
inc=$(cd "$root/usr/include" && ls -d python3.* | head -n 1)
cp SOURCE "$root/sbxgate.c"
chroot "$root" /usr/bin/gcc ` + compileFlags + ` -I"/usr/include/$inc" -o /_sbxgate.so /sbxgate.c
cp "$root/_sbxgate.so" OUTPUT
`

// buildExtension compiles sandbox/sbxgate.c against the suite's own Python headers, in a root
// mmdebstrap makes and throws away, and returns the shared object.
func buildExtension(ctx context.Context, mm, suite, sources, tmp string, log io.Writer) ([]byte, error) {
	src := filepath.Join(tmp, "sbxgate.c")
	out := filepath.Join(tmp, "_sbxgate.so")
	if err := os.WriteFile(src, extensionSource, 0o644); err != nil {
		return nil, err
	}
	hook := filepath.Join(tmp, "build-hook.sh")
	script := "#!/bin/sh\n" + strings.NewReplacer("SOURCE", shellQuote(src), "OUTPUT", shellQuote(out)).Replace(buildHook)
	if err := os.WriteFile(hook, []byte(script), 0o755); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, mm, "--variant=extract", "--include="+strings.Join(compilerPackages, ","),
		"--format=null", "--skip=output/mknod", "--extract-hook="+hook, suite, "/dev/null", sources)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Minute
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("compile the sandbox extension (mmdebstrap with %s): %w: see its log above", strings.Join(compilerPackages, ", "), err)
	}
	return os.ReadFile(out)
}

// imagePackages are the Debian packages of the runner image: the interpreter, what the sandbox's
// process 1 loads, and the time zone database zoneinfo reads.
var imagePackages = []string{"python3", "python3-seccomp", "python3-prctl", "tzdata"}

// BuildOptions configure BuildImage. Zero values take the defaults.
type BuildOptions struct {
	Ref   string // image reference to tag; default DefaultImage (for base; see ProfileImage)
	Suite string // Debian suite; default "bookworm"
	// Profile is the image profile: base (default) or data.
	Profile string
	// SourcesFile is an apt sources file (one-line or deb822) handed to mmdebstrap. The default is
	// the machine's own apt sources, so no mirror is baked into sbxgate.
	SourcesFile string
	Log         io.Writer // mmdebstrap's progress; default io.Discard
}

// BuildResult describes the image BuildImage made.
type BuildResult struct {
	Ref           string
	Profile       string
	Packages      int // Debian packages extracted
	Dropped       int // of them, removed again (compilers, headers, tools)
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
# Packages the dependencies pulled in that no program needs: their files go (directories stay).
n=0; dropped=0
for deb in "$root"/var/cache/apt/archives/*.deb; do
	[ -e "$deb" ] || continue
	n=$((n+1))
	pkg=$(dpkg-deb -f "$deb" Package)
	case "$pkg" in
	DROP) dropped=$((dropped+1))
		dpkg-deb --fsys-tarfile "$deb" | tar -t | while IFS= read -r f; do
			p="$root/${f#./}"
			if [ -L "$p" ] || [ -f "$p" ]; then rm -f "$p"; fi
		done ;;
	esac
done
echo "$n $dropped" >COUNTFILE
# The directories the dropped files leave empty (headers, the compiler's) go too.
for d in usr/include usr/lib/gcc usr/libexec/gcc usr/share/perl usr/lib/x86_64-linux-gnu/perl; do
	if [ -d "$root/$d" ]; then find "$root/$d" -depth -type d -empty -delete; fi
done
# BLAS and LAPACK are found through alternatives, which maintainer scripts would have set up:
# the optimized OpenBLAS first, the reference libraries otherwise.
lib="$root/usr/lib/x86_64-linux-gnu"
for d in openblas-pthread blas lapack; do
	for f in "$lib/$d"/*.so.*; do
		[ -e "$f" ] || continue
		so=${f##*/}
		if [ ! -e "$lib/$so" ] && [ ! -L "$lib/$so" ]; then ln -s "$d/$so" "$lib/$so"; fi
	done
done
# python3's postinst would byte-compile the standard library; runs use -B (no writes), so compile
# it once here or every run pays for it. Some test fixtures do not compile; that is expected (the
# exit status does not say it). In parallel where the root has the semaphores that needs (a docker
# build's has no /dev/shm), one at a time otherwise.
for dir in 'sysconfig.get_paths()["stdlib"]' '"/usr/lib/python3/dist-packages"'; do
	chroot "$root" /usr/bin/python3 -I -c "import compileall, sysconfig; compileall.compile_dir($dir, quiet=2, workers=0)" ||
		chroot "$root" /usr/bin/python3 -I -c "import compileall, sysconfig; compileall.compile_dir($dir, quiet=2, workers=1)"
done
chroot "$root" /usr/bin/python3 -I -B -c CHECK
chroot "$root" /usr/bin/python3 -I -c PREPARE
chroot "$root" /usr/bin/python3 -I -B -c 'import seccomp, prctl, platform; print(platform.python_version())' >VERSIONFILE
`

// extractHook is the profile's extract hook as a script, writing the Python version and the
// package counts to the files named.
func (prof imageProfile) extractHook(versionFile, countFile string) string {
	drop := "sbxgate-drop-nothing"
	if len(prof.drop) > 0 {
		drop = strings.Join(prof.drop, "|")
	}
	prepare := prof.prepare
	if prepare == "" {
		prepare = "pass"
	}
	return "#!/bin/sh\n" + strings.NewReplacer("VERSIONFILE", shellQuote(versionFile), "COUNTFILE", shellQuote(countFile),
		"DROP", drop, "CHECK", shellQuote(prof.check), "PREPARE", shellQuote(prepare)).Replace(extractHook)
}

// mmdebstrapArgs are mmdebstrap's options for the profile's root file system, before the format,
// suite, target and sources.
func (prof imageProfile) mmdebstrapArgs(hook string) []string {
	return []string{
		"--variant=extract", "--include=" + strings.Join(append(slices.Clone(imagePackages), prof.packages...), ","),
		"--skip=output/mknod", // Docker provides /dev
		"--dpkgopt=path-exclude=/usr/share/doc/*",
		"--dpkgopt=path-exclude=/usr/share/man/*",
		"--dpkgopt=path-exclude=/usr/share/locale/*",
		"--extract-hook=" + hook,
	}
}

var pythonVersionRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^3\.[0-9]+\.[0-9]+$`) })

// BuildImage builds the runner image with mmdebstrap (Debian's package `mmdebstrap`, no registry
// needed) and imports the root file system through the Docker API. The tar stream goes straight
// from mmdebstrap into the daemon; nothing is staged on disk.
func BuildImage(ctx context.Context, opts BuildOptions) (BuildResult, error) {
	start := time.Now()
	if opts.Profile == "" {
		opts.Profile = "base"
	}
	prof, ok := imageProfiles[opts.Profile]
	if !ok {
		return BuildResult{}, fmt.Errorf("image profile %q: use one of %s", opts.Profile, strings.Join(Profiles(), ", "))
	}
	if opts.Ref == "" {
		opts.Ref = ProfileImage(DefaultImage, opts.Profile)
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
	ext, err := buildExtension(ctx, mm, opts.Suite, opts.SourcesFile, tmp, opts.Log)
	if err != nil {
		return BuildResult{}, err
	}
	versionFile := filepath.Join(tmp, "python-version")
	// A hook that names an executable file is run as a script (with the root as $1).
	hook := filepath.Join(tmp, "extract-hook.sh")
	countFile := filepath.Join(tmp, "package-count")
	if err := os.WriteFile(hook, []byte(prof.extractHook(versionFile, countFile)), 0o755); err != nil {
		return BuildResult{}, err
	}

	cmd := exec.CommandContext(ctx, mm, append(prof.mmdebstrapArgs(hook), "--format=tar", opts.Suite, "-", opts.SourcesFile)...)
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
	if err != nil || !pythonVersionRE().MatchString(version) {
		return BuildResult{}, fmt.Errorf("python3 does not start in the new root file system (version %q): see the mmdebstrap log", version)
	}

	filtered, filterErr := filterTar(tarStream, droppedPaths, map[string][]byte{extensionPath: ext})
	old, _ := cli.ImageInspect(ctx, opts.Ref)
	resp, err := cli.ImageImport(ctx, client.ImageImportSource{Source: filtered, SourceName: "-"}, opts.Ref,
		client.ImageImportOptions{Changes: imageChanges(version, opts.Suite, opts.Profile)})
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
	var n, dropped int
	if raw, err := os.ReadFile(countFile); err == nil {
		fmt.Sscan(string(raw), &n, &dropped)
	}
	return BuildResult{
		Ref: opts.Ref, Profile: opts.Profile, Packages: n, Dropped: dropped, ID: img.ID, PythonVersion: version,
		SizeBytes: img.Size, Duration: time.Since(start),
	}, nil
}

// droppedPaths are left out of the image: package manager state and configuration (it names the
// build host's mirror), which mmdebstrap itself still needs until it writes the tarball.
var droppedPaths = []string{"etc/apt", "var/lib/apt", "var/cache/apt", "var/lib/dpkg", "var/cache/debconf", "var/log", "dev"}

// filterTar copies the tar stream r without the entries under drop and with the files of add
// (path to contents, mode 0644, root's, in directories it makes), in a goroutine; the returned
// channel yields its result once the stream has ended.
func filterTar(r io.Reader, drop []string, add map[string][]byte) (io.Reader, <-chan error) {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := copyTar(tar.NewWriter(pw), tar.NewReader(r), drop, add)
		pw.CloseWithError(err)
		if err == nil {
			// Read the padding after the end-of-archive marker, or the writer blocks on it.
			_, err = io.Copy(io.Discard, r)
		}
		done <- err
	}()
	return pr, done
}

func copyTar(tw *tar.Writer, tr *tar.Reader, drop []string, add map[string][]byte) error {
	dirs := map[string]bool{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return addFiles(tw, add, dirs)
		}
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(strings.TrimPrefix(h.Name, "./"), "/")
		if h.Typeflag == tar.TypeDir {
			dirs[strings.TrimSuffix(name, "/")] = true
		}
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

// addFiles writes the files of add, and the directories above them the stream had not.
func addFiles(tw *tar.Writer, add map[string][]byte, made map[string]bool) error {
	names := slices.Sorted(maps.Keys(add))
	for _, name := range names {
		var dirs []string
		for d := path.Dir(name); d != "." && d != "/" && !made[d]; d = path.Dir(d) {
			dirs = append(dirs, d)
		}
		for i := len(dirs) - 1; i >= 0; i-- {
			made[dirs[i]] = true
			if err := tw.WriteHeader(&tar.Header{Name: "./" + dirs[i] + "/", Typeflag: tar.TypeDir, Mode: 0o755}); err != nil {
				return err
			}
		}
		if err := tw.WriteHeader(&tar.Header{Name: "./" + name, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(add[name]))}); err != nil {
			return err
		}
		if _, err := tw.Write(add[name]); err != nil {
			return err
		}
	}
	return tw.Close()
}

// imageChanges is the image config, as Dockerfile instructions: an unprivileged user, /tmp as
// working directory, PATH only. The Python version label is left out when it is not known.
func imageChanges(pythonVersion, suite, profile string) []string {
	python := ""
	if pythonVersion != "" {
		python = fmt.Sprintf(" %s=%s", LabelPython, pythonVersion)
	}
	return []string{
		fmt.Sprintf("LABEL %s=runner%s %s=%s %s=%s %s=%s", LabelImage, python, LabelSuite, suite, LabelSandbox, sandboxParts, LabelProfile, profile),
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
