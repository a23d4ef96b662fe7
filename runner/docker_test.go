package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
)

// testLimits are tight, so hostile programs hit the limits quickly.
var testLimits = config.Limits{
	CPUs:          1,
	MemoryBytes:   128 << 20, // the sandbox itself (process 1 and the preloaded native code) takes about 25 MB
	TimeoutMS:     10_000,    // generous: a loaded CI machine must not turn a quick program into a timeout
	Pids:          32,
	Network:       "none",
	OutputBytes:   64 << 10,
	TmpfsBytes:    4 << 20,
	FileSizeBytes: 1 << 20,
	Nofile:        64,
}

func newTestDocker(t testing.TB, opts ...Option) *Docker {
	t.Helper()
	testenv.RequireImage(t, DefaultImage)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	d, err := New(ctx, append([]Option{WithImage(DefaultImage), WithPoolSize(0)}, opts...)...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func run(t testing.TB, d *Docker, code string, l config.Limits) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: l, Modules: importsOf(code)})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// importsOf is what the analysis would report a test program imports, roughly: the modules of
// its import statements, so the sandbox loads their native code (see Request.Modules).
func importsOf(code string) []string {
	mods := []string{}
	for _, line := range strings.Split(code, "\n") {
		for _, stmt := range strings.Split(line, ";") {
			f := strings.Fields(strings.ReplaceAll(stmt, ",", " "))
			if len(f) > 1 && (f[0] == "import" || f[0] == "from") {
				end := len(f)
				if f[0] == "from" {
					end = 2
				}
				for _, m := range f[1:end] {
					if m == "as" {
						break
					}
					mods = append(mods, m)
				}
			}
		}
	}
	return mods
}

// ownContainers lists containers carrying this process's owner label.
func ownContainers(t testing.TB, d *Docker) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	list, err := d.cli.ContainerList(ctx, client.ContainerListOptions{
		All: true, Filters: make(client.Filters).Add("label", LabelOwner+"="+d.self.String()),
	})
	if err != nil {
		t.Errorf("list: %v", err) // not Fatal: also called from helper goroutines
		return nil
	}
	var ids []string
	for _, c := range list.Items {
		ids = append(ids, c.ID[:12]+" "+strings.Join(c.Names, ","))
	}
	return ids
}

func TestRunBasics(t *testing.T) {
	d := newTestDocker(t)
	tests := []struct {
		name, code     string
		exit           int
		stdout, stderr string
	}{
		{"hello", "print('hello')\n", 0, "hello\n", ""},
		{"exit code", "import sys\nsys.exit(3)\n", 3, "", ""},
		{"exit 137 by choice is no OOM", "import sys\nsys.exit(137)\n", 137, "", ""},
		{"stderr apart", "import sys\nprint('out')\nprint('err', file=sys.stderr)\n", 0, "out\n", "err\n"},
		{"no trailing newline", "print(6*7)", 0, "42\n", ""},
		{"syntax error", "def (:\n", 1, "", "SyntaxError"},
		{"isolated", "import sys\nprint(sys.flags.isolated, sys.flags.dont_write_bytecode, sys.path[0] != '')\n", 0, "1 1 True\n", ""},
		{"unprivileged", "import os\nu = os.getuid()\nprint(u == os.getgid() and 200000000 <= u <= 200065535, os.getcwd())\n", 0, "True /tmp/work\n", ""},
		{"environment", "import os\nprint(sorted(os.environ))\n", 0, "['HOME', 'HOSTNAME', 'PATH']\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, d, tt.code, testLimits)
			if res.ExitCode != tt.exit || res.Stdout != tt.stdout || !strings.Contains(res.Stderr, tt.stderr) {
				t.Errorf("got exit %d stdout %q stderr %q; want exit %d stdout %q stderr containing %q",
					res.ExitCode, res.Stdout, res.Stderr, tt.exit, tt.stdout, tt.stderr)
			}
			if res.TimedOut || res.OOMKilled || res.StdoutTruncated || res.StderrTruncated {
				t.Errorf("unexpected limit flags: %+v", res)
			}
		})
	}
}

// quine builds a program that rebuilds its own exact source text and prints its SHA-256. The
// printed hash equals the hash of the bytes we sent only if the interpreter executed exactly
// those bytes: nothing added, dropped or re-encoded on the way through the attach stream.
func quine(payload string) string {
	rest := "import hashlib,sys;sys.stdout.write(hashlib.sha256(((s%s)+chr(10)).encode()).hexdigest())#" + payload
	tmpl := "s=%r;" + strings.ReplaceAll(rest, "%", "%%")
	// repr(tmpl) is tmpl in single quotes: it holds no quote, backslash or unprintable character.
	return "s='" + tmpl + "';" + rest + "\n"
}

func TestExecutedBytesHashToAnalyzedBytes(t *testing.T) {
	d := newTestDocker(t)
	for _, payload := range []string{"", "plain ascii", "unicode é ✓ 𝄞", strings.Repeat("x", 200_000)} {
		code := quine(payload)
		want := sha256.Sum256([]byte(code))
		res := run(t, d, code, testLimits)
		if res.ExitCode != 0 || res.Stdout != hex.EncodeToString(want[:]) {
			t.Errorf("payload of %d bytes: got exit %d stdout %q stderr %q; want sha256 %x",
				len(payload), res.ExitCode, res.Stdout, res.Stderr, want)
		}
	}
}

func TestAccounting(t *testing.T) {
	d := newTestDocker(t)
	if d.cg == nil {
		t.Skip("cgroup accounting unavailable here (needs the cgroupfs driver and a writable /sys/fs/cgroup)")
	}
	// ~40 MB resident and a busy CPU loop: both must show in the figures.
	res := run(t, d, "b = bytearray(40 << 20)\nfor i in range(0, len(b), 4096): b[i] = 1\nn = 0\nfor i in range(3_000_000): n += i\nprint(n)\n", testLimits)
	if res.ExitCode != 0 {
		t.Fatalf("exit %d: %s", res.ExitCode, res.Stderr)
	}
	if res.PeakMemoryBytes < 40<<20 || res.PeakMemoryBytes > testLimits.MemoryBytes {
		t.Errorf("peak memory %d, want between 40MiB and the limit", res.PeakMemoryBytes)
	}
	if res.CPUMS <= 0 {
		t.Errorf("cpu_ms %d, want > 0", res.CPUMS)
	}
}

func TestRejectsUnsetLimits(t *testing.T) {
	d := newTestDocker(t)
	l := testLimits
	l.Pids = 0
	_, err := d.Run(context.Background(), Request{Code: []byte("print(1)"), Limits: l})
	if err == nil || !strings.Contains(err.Error(), "pids") {
		t.Fatalf("got %v, want an error naming pids", err)
	}
}

func TestCancelRemovesContainer(t *testing.T) {
	d := newTestDocker(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := d.Run(ctx, Request{Code: []byte("import time\ntime.sleep(60)\n"), Limits: testLimits})
		done <- err
	}()
	// Cancel once the container exists.
	for deadline := time.Now().Add(30 * time.Second); len(ownContainers(t, d)) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("container never appeared")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if left := ownContainers(t, d); len(left) != 0 {
		t.Fatalf("containers left after cancel: %v", left)
	}
}

func TestNoDaemon(t *testing.T) {
	t.Setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
	_, err := New(context.Background())
	if !errors.Is(err, ErrNoDaemon) {
		t.Fatalf("got %v, want ErrNoDaemon", err)
	}
	want := "no Docker daemon at unix:///nonexistent/docker.sock: start Docker or set DOCKER_HOST"
	if err.Error() != want {
		t.Fatalf("got %q, want %q", err, want)
	}
}

func TestImageMissing(t *testing.T) {
	testenv.RequireDocker(t)
	_, err := New(context.Background(), WithImage("sbxgate-runner:does-not-exist"))
	if !errors.Is(err, ErrImageMissing) {
		t.Fatalf("got %v, want ErrImageMissing", err)
	}
	if want := "image sbxgate-runner:does-not-exist not found: run `sbxgate image build`"; err.Error() != want {
		t.Fatalf("got %q, want %q", err, want)
	}
}

func TestRunAfterClose(t *testing.T) {
	d := newTestDocker(t, WithMaxConcurrent(1))
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Run(context.Background(), Request{Code: []byte("print(1)"), Limits: testLimits}); err == nil {
		t.Fatal("Run after Close succeeded")
	}
}

// TestConcurrencyIsBounded runs more programs than slots; each reports, through the host's view
// of running containers, how many sandboxes existed at once.
func TestConcurrencyIsBounded(t *testing.T) {
	d := newTestDocker(t, WithMaxConcurrent(2))
	stop := make(chan struct{})
	maxSeen := make(chan int, 1)
	go func() {
		m := 0
		for {
			select {
			case <-stop:
				maxSeen <- m
				return
			default:
			}
			m = max(m, len(ownContainers(t, d)))
			time.Sleep(10 * time.Millisecond)
		}
	}()
	errs := make(chan error, 6)
	for range 6 {
		go func() {
			_, err := d.Run(context.Background(), Request{Code: []byte("import time\ntime.sleep(0.3)\n"), Limits: testLimits})
			errs <- err
		}()
	}
	for range 6 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	close(stop)
	if m := <-maxSeen; m > 2 || m == 0 {
		t.Errorf("saw %d sandbox containers at once, want 1 or 2 (max_concurrent 2)", m)
	}
}

func TestPanicRemovesContainer(t *testing.T) {
	d := newTestDocker(t)
	testHookDelivered = func() { panic("injected") }
	defer func() { testHookDelivered = nil }()
	func() {
		defer func() {
			if p := recover(); p != "injected" {
				t.Fatalf("recovered %v, want the injected panic", p)
			}
		}()
		_, _ = d.Run(context.Background(), Request{Code: []byte("import time\ntime.sleep(60)\n"), Limits: testLimits})
	}()
	if left := ownContainers(t, d); len(left) != 0 {
		t.Fatalf("containers left after a panic: %v", left)
	}
}

func TestTimeoutKills(t *testing.T) {
	d := newTestDocker(t)
	l := testLimits
	l.TimeoutMS = 3000 // at 500 ms a loaded machine did not let the program reach its first print
	res := run(t, d, "import sys, time\nprint('before', flush=True)\ntime.sleep(30)\nprint('after')\n", l)
	if !res.TimedOut || res.ExitCode != 137 || res.Stdout != "before\n" || res.OOMKilled {
		t.Fatalf("got %+v, want timed_out with the output printed before", res)
	}
}

// TestNegotiatesAPIVersion: the client speaks the daemon's API version when the daemon is older
// than the client (Docker 20.10 speaks 1.41; this client up to 1.56).
func TestNegotiatesAPIVersion(t *testing.T) {
	d := newTestDocker(t)
	v, err := d.cli.ServerVersion(context.Background(), client.ServerVersionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := d.cli.ClientVersion()
	if versionLess(v.APIVersion, client.MaxAPIVersion) && got != v.APIVersion {
		t.Fatalf("client speaks API %s to a daemon speaking %s", got, v.APIVersion)
	}
	t.Logf("daemon %s (API %s), client API %s", v.Version, v.APIVersion, got)
}

func versionLess(a, b string) bool {
	var a1, a2, b1, b2 int
	fmt.Sscanf(a, "%d.%d", &a1, &a2)
	fmt.Sscanf(b, "%d.%d", &b1, &b2)
	return a1 < b1 || a1 == b1 && a2 < b2
}

// TestRunWithoutAccounting: where the daemon's cgroups are out of reach (a remote daemon, a
// non-root user), runs still work and report CPU and memory as 0, meaning unknown.
func TestRunWithoutAccounting(t *testing.T) {
	d := newTestDocker(t)
	d.cg = nil
	res := run(t, d, "print('ok')\n", testLimits)
	if res.ExitCode != 0 || res.Stdout != "ok\n" || res.CPUMS != 0 || res.PeakMemoryBytes != 0 {
		t.Fatalf("got %+v", res)
	}
}

// TestOOMEvent checks the fallback OOM detection on its own: the daemon's "oom" event is found
// for a container that ran out of memory and not for one that exited normally.
func TestOOMEvent(t *testing.T) {
	d := newTestDocker(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, tt := range []struct {
		code string
		want bool
	}{
		{"chunks = []\nwhile True: chunks.append(b'x' * (1 << 20))\n", true},
		{"print('fine')\n", false},
	} {
		b, err := d.start(ctx, testLimits, "", nil, false)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		if _, err := d.execute(ctx, b, Request{Code: []byte(tt.code), Limits: testLimits}); err != nil {
			t.Fatal(err)
		}
		got := d.oomEvent(ctx, b.id, t0)
		d.remove(b)
		if got != tt.want {
			t.Errorf("%q: oom event %v, want %v", tt.code, got, tt.want)
		}
	}
}
