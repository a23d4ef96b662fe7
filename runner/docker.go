package runner

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/system"
	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

// Docker runs code in hardened, single-use containers. It is safe for concurrent use.
type Docker struct {
	cli *client.Client
	// images are the sandboxes' images by image profile (Limits.Profile): "" is the runner's
	// own image, whatever its profile; "data" is that image's tag with -data appended.
	images map[string]*sandboxImage
	// missing are the profiles only tiers' profiles name whose image is not there: a run of one
	// fails, the others run.
	missing map[string]error
	sem     chan struct{} // bounds runs at once; a full semaphore makes Run wait
	self    owner
	cg      *cgroups
	pool    *pool
	uids    *uidPool
	profile profile
	files   config.Files
	witness bool // tests only: every sandbox reports the capability system calls that got through
	grace   time.Duration
	cleanup time.Duration
	// runtimes maps a tier's runtime name to what the daemon calls it ("" and "runc": its default).
	defaultRuntime string

	bg     context.Context // pool filling and reaping; cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	inflight map[string]time.Time // container id -> when it must be gone, for the reaper
}

// Option configures New.
type Option func(*options)

type options struct {
	image         string
	poolSize      int
	maxConcurrent int
	prewarm       []config.Limits
	grace         time.Duration
	cfg           *config.Config
	reapEvery     time.Duration
	witness       bool
}

// WithConfig takes the image, pool, concurrency, user ids, seccomp profile and module tables from
// cfg, and prewarms the pool for every tier of cfg.
func WithConfig(cfg *config.Config) Option {
	return func(o *options) {
		o.cfg = cfg
		o.image = cfg.Runner.Image
		o.poolSize = cfg.Runner.PoolSize
		o.maxConcurrent = cfg.Runner.MaxConcurrent
		o.prewarm = o.prewarm[:0]
		for _, name := range cfg.TierNames() {
			o.prewarm = append(o.prewarm, cfg.Tiers[name].Limits())
		}
	}
}

// WithImage sets the runner image reference.
func WithImage(ref string) Option { return func(o *options) { o.image = ref } }

// WithPoolSize sets the warm containers kept per Limits value; 0 disables the pool (one-shot CLI
// runs should, since warming costs a container per tier).
func WithPoolSize(n int) Option { return func(o *options) { o.poolSize = n } }

// WithMaxConcurrent bounds the runs at once; further runs wait for a slot.
func WithMaxConcurrent(n int) Option { return func(o *options) { o.maxConcurrent = n } }

// WithPrewarm replaces the Limits values the pool fills at start.
func WithPrewarm(limits ...config.Limits) Option {
	return func(o *options) { o.prewarm = append([]config.Limits(nil), limits...) }
}

// WithReapGrace sets how old a dead process's leftover container must be before New removes it.
func WithReapGrace(d time.Duration) Option { return func(o *options) { o.grace = d } }

// WithReaper makes the runner reap on a timer, as long-running servers need: leftovers of dead
// sbxgate processes, its own sandboxes past their deadline, and sandbox cgroups whose container
// Docker no longer lists.
func WithReaper(every time.Duration) Option { return func(o *options) { o.reapEvery = every } }

// withWitness makes every sandbox report the capability system calls that got past its
// enforcement layers (tests only).
func withWitness() Option { return func(o *options) { o.witness = true } }

// New connects to the daemon, checks the image and the runtimes the tiers name, removes leftovers
// of dead sbxgate processes and starts warming the pool in the background.
func New(ctx context.Context, opts ...Option) (*Docker, error) {
	o := options{image: DefaultImage, maxConcurrent: 4, grace: time.Minute}
	for _, opt := range opts {
		opt(&o)
	}
	if o.cfg == nil {
		o.cfg = config.Default()
	}
	if o.poolSize < 0 || o.poolSize > 64 {
		return nil, fmt.Errorf("runner: pool size %d out of range: use 0 to 64", o.poolSize)
	}
	if o.maxConcurrent < 1 {
		return nil, fmt.Errorf("runner: max concurrent %d must be at least 1", o.maxConcurrent)
	}
	for _, l := range o.prewarm {
		if err := checkLimits(l); err != nil {
			return nil, fmt.Errorf("runner: prewarm: %w", err)
		}
	}
	policy, err := newSandboxPolicy(o.cfg)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	prof, err := loadProfile(o.cfg.Runner.SeccompProfile)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	cli, err := newClient(ctx)
	if err != nil {
		return nil, err
	}
	images, missing, err := checkImages(ctx, cli, o.image, policy, o.prewarm, o.cfg)
	if err != nil {
		cli.Close()
		return nil, err
	}
	info, err := cli.Info(ctx, client.InfoOptions{})
	if err != nil {
		cli.Close()
		return nil, fmt.Errorf("docker info: %w", err)
	}
	var runtimes []string
	for _, l := range o.prewarm {
		runtimes = append(runtimes, l.Runtime)
	}
	for _, t := range o.cfg.Tiers {
		runtimes = append(runtimes, t.Runtime)
	}
	if err := checkRuntimes(info.Info.Runtimes, info.Info.DefaultRuntime, runtimes); err != nil {
		cli.Close()
		return nil, err
	}
	d := &Docker{
		cli:            cli,
		images:         images,
		missing:        missing,
		sem:            make(chan struct{}, o.maxConcurrent),
		self:           selfOwner(),
		cg:             detectCgroups(info.Info.CgroupDriver, info.Info.CgroupVersion, cli.DaemonHost()),
		uids:           newUIDPool(o.cfg.Runner.UIDRange()),
		profile:        prof,
		files:          o.cfg.Files,
		witness:        o.witness,
		grace:          o.grace,
		cleanup:        30 * time.Second,
		defaultRuntime: info.Info.DefaultRuntime,
		inflight:       map[string]time.Time{},
	}
	d.bg, d.cancel = context.WithCancel(context.Background())
	d.pool = newPool(d, o.poolSize)
	if _, err := d.reap(ctx, false, d.grace); err != nil {
		d.Close()
		return nil, fmt.Errorf("remove leftover containers: %w", err)
	}
	for _, l := range o.prewarm {
		d.pool.refill(l)
	}
	if o.reapEvery > 0 {
		d.startReaper(o.reapEvery)
	}
	return d, nil
}

// checkRuntimes refuses a tier whose runtime the daemon cannot honour: never a silent fallback.
// gVisor must also apply the container's seccomp profile (--oci-seccomp) and run without its own
// network stack (--network=none), or the box would be weaker than the record says.
func checkRuntimes(known map[string]system.RuntimeWithStatus, def string, want []string) error {
	for _, rt := range want {
		if rt == "" || rt == def && rt == "runc" {
			continue
		}
		r, ok := known[rt]
		if !ok {
			return fmt.Errorf("runner: a tier asks for runtime %q, which the Docker daemon does not know: add it to daemon.json \"runtimes\" and reload the daemon (kill -HUP), or remove it from the tier", rt)
		}
		if rt == "runsc" {
			for _, arg := range []string{"--oci-seccomp", "--network=none"} {
				if !slices.Contains(r.Args, arg) {
					return fmt.Errorf("runner: the daemon's runsc runtime lacks %s: set \"runtimeArgs\": [\"--oci-seccomp\", \"--network=none\"] in daemon.json and reload the daemon (kill -HUP)", arg)
				}
			}
		}
	}
	return nil
}

// Close removes the pool's containers and waits for background work. Runs in flight finish and
// clean up after themselves. Close is idempotent.
func (d *Docker) Close() error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil
	}
	d.closed = true
	d.mu.Unlock()
	// Under the pool's lock, so no refill can pass its check and then Add to wg during Wait.
	d.pool.mu.Lock()
	d.cancel()
	d.pool.mu.Unlock()
	d.wg.Wait()
	d.pool.drain()
	// Taking every slot waits out the runs in flight and their removals.
	for range cap(d.sem) {
		d.sem <- struct{}{}
	}
	return d.cli.Close()
}

// box is one started container whose process 1 waits for a program on its standard input.
type box struct {
	id, name string
	limits   config.Limits
	uids     sandboxUIDs
	conn     client.HijackedResponse
	exited   chan exit // receives once, when the container stops
	stop     context.CancelFunc
}

type exit struct {
	code int64
	err  error
}

const namePrefix = "sbxgate-"

var errClosed = errors.New("run: runner is closed")

// testHookDelivered, when set by a test, runs right after the code is delivered;
// testHookStarted when a sandbox container has been created.
var (
	testHookDelivered func()
	testHookStarted   func(*box)
)

var nameUnsafe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^a-zA-Z0-9_.-]+`) })

func newName() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return namePrefix + hex.EncodeToString(b[:])
}

// start creates, attaches and starts a container. Attaching before the start means no byte of
// output can be missed. The daemon calls are made on a context of their own so that a cancelled
// caller never leaves a half-made container behind: on any failure it is removed here. A warm
// container loads the native code of the whole allowlist up front and ends by itself when
// nobody uses it for runner.idle_timeout.
func (d *Docker) start(ctx context.Context, l config.Limits, requestID string, extra map[string]string, warm bool) (b *box, err error) {
	name := newName()
	labels := map[string]string{}
	maps.Copy(labels, extra)
	labels[LabelManaged] = "1"
	labels[LabelOwner] = d.self.String()
	if requestID != "" {
		labels[LabelRequest] = requestID
	}
	img, err := d.imageFor(l)
	if err != nil {
		return nil, err
	}
	uids, err := d.uids.take()
	if err != nil {
		return nil, fmt.Errorf("create container: %w", err)
	}
	spec, err := containerSpec(boxSpec{
		image: img.ref, name: name, cgroupParent: d.cg.parent(name), limits: l, uids: uids,
		init: img.policy.initConfig(l, warm, d.witness), profile: d.profile, labels: labels,
	})
	if err != nil {
		d.uids.give(uids)
		return nil, err
	}
	opCtx, opCancel := context.WithTimeout(context.WithoutCancel(ctx), d.cleanup)
	defer opCancel()
	created, err := d.cli.ContainerCreate(opCtx, spec)
	if err != nil {
		d.uids.give(uids)
		return nil, fmt.Errorf("create container: %w", d.classify(err))
	}
	b = &box{id: created.ID, name: name, limits: l, uids: uids, exited: make(chan exit, 1)}
	if testHookStarted != nil {
		testHookStarted(b)
	}
	defer func() {
		if err != nil {
			d.remove(b)
		}
	}()
	att, err := d.cli.ContainerAttach(opCtx, b.id, client.ContainerAttachOptions{Stream: true, Stdin: true, Stdout: true, Stderr: true})
	if err != nil {
		return b, fmt.Errorf("attach container: %w", d.classify(err))
	}
	b.conn = att.HijackedResponse
	var waitCtx context.Context
	waitCtx, b.stop = context.WithCancel(context.Background())
	w := d.cli.ContainerWait(waitCtx, b.id, client.ContainerWaitOptions{Condition: container.WaitConditionNextExit})
	go func() {
		select {
		case r := <-w.Result:
			e := exit{code: r.StatusCode}
			if r.Error != nil && r.Error.Message != "" {
				e.err = errors.New(r.Error.Message)
			}
			b.exited <- e
		case err := <-w.Error:
			b.exited <- exit{code: -1, err: err}
		}
	}()
	if _, err := d.cli.ContainerStart(opCtx, b.id, client.ContainerStartOptions{}); err != nil {
		return b, fmt.Errorf("start container: %w", d.classify(err))
	}
	if err := waitReady(opCtx, b.conn); err != nil {
		return b, fmt.Errorf("%w: %v", ErrRunner, err)
	}
	if err := ctx.Err(); err != nil {
		return b, err
	}
	return b, nil
}

// readyLine is what process 1 writes to standard error once its native code is loaded and it
// waits for a program.
const readyLine = "sbxgate-ready\n"

// waitReady reads the attach stream's first frames until process 1 says it is ready, so that a
// warm container is one that can take a program now, and one that failed to start is never
// handed out. Nothing else may come first: process 1 writes nothing before it.
func waitReady(ctx context.Context, conn client.HijackedResponse) error {
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	var got []byte
	for len(got) < len(readyLine) {
		var hdr [8]byte
		if _, err := io.ReadFull(conn.Reader, hdr[:]); err != nil {
			return fmt.Errorf("the sandbox's process 1 did not start: %w: %s", err, tail(string(got), 300))
		}
		n := binary.BigEndian.Uint32(hdr[4:])
		if n > 1<<16 {
			return fmt.Errorf("the sandbox's process 1 wrote %d bytes before it was ready", n)
		}
		buf := make([]byte, n)
		if _, err := io.ReadFull(conn.Reader, buf); err != nil {
			return fmt.Errorf("the sandbox's process 1 did not start: %w", err)
		}
		got = append(got, buf...)
		if hdr[0] != byte(stdcopy.Stderr) || !strings.HasPrefix(readyLine, string(got)) && !strings.HasPrefix(string(got), readyLine) {
			return fmt.Errorf("the sandbox's process 1 did not start: %s", tail(string(got), 300))
		}
	}
	if string(got) != readyLine {
		return fmt.Errorf("the sandbox's process 1 wrote more than its ready line: %s", tail(string(got), 300))
	}
	return nil
}

// remove kills a box and everything in its cgroup, removes it, and checks that nothing of it is
// left, on a fresh context (the caller's may be cancelled). Safe to call on a partly made box.
func (d *Docker) remove(b *box) {
	if b.conn.Conn != nil {
		b.conn.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.cleanup)
	defer cancel()
	// Every process of the sandbox goes first, whatever the daemon believes about the container
	// (a process 1 stopped by ptrace once looked like an exit to containerd, while its children
	// kept running).
	_ = d.cg.killAll(b.name)
	for try := 0; try < 3; try++ {
		_, err := d.cli.ContainerRemove(ctx, b.id, client.ContainerRemoveOptions{Force: true})
		if err == nil || cerrdefs.IsNotFound(err) || ctx.Err() != nil {
			break
		}
		time.Sleep(200 * time.Millisecond) // e.g. "removal already in progress"; GC is the backstop
	}
	if b.stop != nil {
		b.stop()
	}
	_ = d.cg.killAll(b.name)
	_ = d.cg.remove(b.name)
	d.mu.Lock()
	delete(d.inflight, b.id)
	d.mu.Unlock()
	d.uids.give(b.uids)
}

// signal sends sig to the sandbox's process 1.
func (d *Docker) signal(b *box, sig string) {
	ctx, cancel := context.WithTimeout(context.Background(), d.cleanup)
	defer cancel()
	_, _ = d.cli.ContainerKill(ctx, b.id, client.ContainerKillOptions{Signal: sig})
}

func (d *Docker) kill(b *box) {
	ctx, cancel := context.WithTimeout(context.Background(), d.cleanup)
	defer cancel()
	// The cgroup first: the daemon's kill waits on process 1, which the program may have left
	// little processor to run on; the kernel kills every process of the cgroup regardless.
	_ = d.cg.killAll(b.name)
	_, _ = d.cli.ContainerKill(ctx, b.id, client.ContainerKillOptions{Signal: "KILL"})
	_ = d.cg.killAll(b.name)
}

// ErrRunner marks a failure of the sandbox itself (its process 1 or the daemon), never a result
// of the program: the CLI exits 125 for it.
var ErrRunner = errors.New("sandbox failure")

// Run executes req.Code in a fresh sandbox and reports what happened. A program that fails, times
// out, exceeds a limit or is stopped for a violation is a Result, not an error; errors are the
// runner's own failures (no daemon, missing image, a sandbox that ended without saying how,
// cancelled context).
//
// Output: stdout and stderr are kept up to Limits.OutputBytes each. When either overflows, the
// container is killed at once (a program printing without end would otherwise run to its
// timeout), the kept prefix is returned and *_truncated is set; the exit code is then 137.
func (d *Docker) Run(ctx context.Context, req Request) (res Result, err error) {
	if err := checkLimits(req.Limits); err != nil {
		return Result{}, fmt.Errorf("run: %w", err)
	}
	if err := CheckFiles(req.Files, d.files.InLimits()); err != nil {
		return Result{}, fmt.Errorf("run: %w", err)
	}
	if err := checkFilesFit(req.Files, req.Limits); err != nil {
		return Result{}, fmt.Errorf("run: %w", err)
	}
	select {
	case d.sem <- struct{}{}:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	case <-d.bg.Done():
		return Result{}, errClosed
	}
	b, warm, err := d.acquire(ctx, req)
	if err != nil {
		<-d.sem
		return Result{}, err
	}
	renamed := make(chan struct{})
	if warm && req.ID != "" {
		// Labels are fixed at creation, so a warm container carries the request id in its name.
		go func() {
			defer close(renamed)
			rctx, cancel := context.WithTimeout(context.Background(), d.cleanup)
			defer cancel()
			_, _ = d.cli.ContainerRename(rctx, b.id, client.ContainerRenameOptions{NewName: b.name + "-" + safeID(req.ID)})
		}()
	} else {
		close(renamed)
	}
	// Every path out removes the container. After a result it happens off the caller's clock, still
	// holding the concurrency slot (so containers never outnumber it, and Close waits for it); on
	// an error, a cancelled context or a panic it happens before Run returns.
	done := false
	defer func() {
		cleanup := func() {
			d.pool.refill(req.Limits)
			<-renamed
			d.remove(b)
			<-d.sem
		}
		if done {
			go cleanup()
		} else {
			cleanup()
		}
	}()
	res, err = d.execute(ctx, b, req)
	done = err == nil
	return res, err
}

// acquire takes a warm container for req's limits (warm is true), or starts one.
func (d *Docker) acquire(ctx context.Context, req Request) (b *box, warm bool, err error) {
	d.mu.Lock()
	closed := d.closed
	d.mu.Unlock()
	if closed {
		return nil, false, errClosed
	}
	// A request that brings its own labels needs a container created for it.
	if len(req.Labels) == 0 {
		if b := d.pool.take(req.Limits); b != nil {
			return b, true, nil
		}
	}
	b, err = d.start(ctx, req.Limits, req.ID, req.Labels, false)
	return b, false, err
}

func safeID(id string) string {
	s := nameUnsafe().ReplaceAllString(id, "_")
	if len(s) > 64 {
		s = s[:64]
	}
	return s
}

// enforcement describes box b as the daemon was asked to make it.
func (d *Docker) enforcement(b *box) *Enforcement {
	rt := b.limits.Runtime
	if rt == "" {
		rt = d.defaultRuntime
	}
	l := b.limits
	return &Enforcement{
		Runtime:        rt,
		SeccompProfile: SeccompProfile{Name: d.profile.name, SHA256: d.profile.sha256},
		Network:        "none",
		UID:            b.uids.Program,
		InitUID:        b.uids.Init,
		Image:          d.images[b.limits.Profile].id,
		Limits:         l,
		Grants:         l.Grants.Names(),
		Layers:         l.Enforce.Names(),
	}
}

func (d *Docker) execute(ctx context.Context, b *box, req Request) (Result, error) {
	var (
		res      Result
		killOnce sync.Once
		killed   = make(chan struct{}) // closed by the first kill, for whatever reason
	)
	kill := func() {
		killOnce.Do(func() {
			close(killed)
			go d.kill(b)
		})
	}
	weKilled := func() bool {
		select {
		case <-killed:
			return true
		default:
			return false
		}
	}
	// Past its output limit the program is ended by process 1, not by a kill of the sandbox: the
	// bytes that passed it may have been written just before the program ended (a pipe holds up
	// to 1 MiB, which reaches us after the writer is gone), and a kill then would take process 1
	// before its status line, with the program's violation (findings/33). Process 1 is asked
	// (outputSignal), ends the program as at its deadline and writes its status line; the sandbox
	// is killed if it has not ended outputGrace later. The output beyond the limit is dropped.
	var (
		overOnce sync.Once
		over     = make(chan struct{}) // closed when either stream first passed its limit
	)
	overflow := func() { overOnce.Do(func() { close(over) }) }
	overflowed := func() bool {
		select {
		case <-over:
			return true
		default:
			return false
		}
	}
	nonce := newNonce()
	outLimits := d.files.OutLimits()
	stdout := newOutWriter(nonce, req.Limits.OutputBytes, trailerRoom(outLimits), overflow)
	stderr := &capWriter{max: req.Limits.OutputBytes + statusHeadroom, tailMax: statusHeadroom,
		overflow: overflow, ended: endsWithStatus(nonce), done: make(chan struct{})}
	copied := make(chan error, 1)
	go func() {
		_, err := stdcopy.StdCopy(stdout, stderr, b.conn.Reader)
		copied <- err
	}()

	img, err := d.imageFor(req.Limits)
	if err != nil {
		return Result{}, err
	}
	preload := img.policy.allPreload // without the analysis's imports, all the allowlist may need
	if req.Modules != nil {
		var err error
		if preload, err = img.policy.programPreload(req.Modules, req.Limits.Grants); err != nil {
			return Result{}, fmt.Errorf("run: %w", err)
		}
	}
	path := req.Path
	if path == "" {
		path = "<stdin>"
	}
	h := header{Path: path, Size: len(req.Code), Preload: preload, Files: []headerFile{},
		Out: headerOut{MaxCount: outLimits.MaxCount, MaxBytes: int64(outLimits.MaxBytes), MaxFileBytes: int64(outLimits.MaxFileBytes)}}
	size := 1 + len(req.Code) + len(nonce) + 1
	for _, f := range req.Files {
		h.Files = append(h.Files, headerFile{Name: f.Name, Size: len(f.Content)})
		size += len(f.Content)
	}
	// Without HTML escaping a name's bytes grow at most twice (a quote or a backslash), so the
	// longest header the file rules allow (files.in.max_count names of 255 bytes) stays far below
	// what process 1 reads (maxHeaderBytes); Marshal's \u003c for "<" made it six times.
	var hb bytes.Buffer
	enc := json.NewEncoder(&hb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(h); err != nil {
		return Result{}, fmt.Errorf("run: %w", err)
	}
	hdr := bytes.TrimSuffix(hb.Bytes(), []byte("\n"))
	if len(hdr) > maxHeaderBytes {
		return Result{}, fmt.Errorf("run: the program's header is %d bytes, over %d: send fewer input files or shorter names", len(hdr), maxHeaderBytes)
	}
	deadline := time.Duration(req.Limits.TimeoutMS) * time.Millisecond
	d.mu.Lock()
	d.inflight[b.id] = time.Now().Add(deadline + time.Minute)
	d.mu.Unlock()

	cpu0, _ := d.cg.cpuNS(b.name)
	// Process 1 reads the header and the program, starts the program, then reads the nonce; a
	// cancelled caller unblocks the write by closing.
	stopWrite := context.AfterFunc(ctx, func() { b.conn.Close() })
	msg := make([]byte, 0, size+len(hdr))
	msg = append(append(append(msg, hdr...), '\n'), req.Code...)
	for _, f := range req.Files {
		msg = append(msg, f.Content...)
	}
	msg = append(append(msg, nonce...), '\n')
	_, werr := b.conn.Conn.Write(msg)
	if werr == nil {
		werr = b.conn.CloseWrite()
	}
	stopWrite()
	if werr != nil {
		if ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		return Result{}, fmt.Errorf("deliver code: %w", werr)
	}
	// The clock starts once the program is delivered: the interpreter is already up.
	started := time.Now()
	if testHookDelivered != nil {
		testHookDelivered()
	}
	// Process 1 holds the deadline itself; this timer is the backstop for a sandbox that does not.
	// After the deadline, process 1 still reads out/ (at most the tmpfs): a second per 64 MiB.
	timer := time.NewTimer(deadline + 3*time.Second + time.Duration(req.Limits.TmpfsBytes>>26+1)*time.Second)
	defer timer.Stop()

	var (
		ex     exit
		onKill = (<-chan struct{})(killed)
		grace  <-chan time.Time // after our kill, how long the daemon gets to report the exit
		onOver = (<-chan struct{})(over)
		outEnd <-chan time.Time // after the output passed its limit, when the sandbox is killed
		// Both streams ended with process 1's markers: the result is complete, and the teardown
		// of the container (slow under gVisor) is left to the cleanup.
		ended     = bothClosed(stdout.done, stderr.done)
		completed bool
		// backstop is set when the timer above killed the sandbox: a timeout, unless process 1's
		// status line came first (it was then reading out/, and the program's verdict is its).
		backstop bool
	)
	for waiting := true; waiting; {
		select {
		case ex = <-b.exited:
			waiting = false
		case <-ended:
			waiting, completed = false, true
		case <-timer.C:
			backstop = true
			kill()
		case <-onKill:
			onKill, grace = nil, time.After(d.cleanup)
		case <-onOver:
			onOver, outEnd = nil, time.After(outputGrace)
			go d.signal(b, outputSignal)
		case <-outEnd:
			outEnd = nil
			kill()
		case <-grace:
			return Result{}, fmt.Errorf("%w: container did not stop after SIGKILL: check the Docker daemon", ErrRunner)
		case <-ctx.Done():
			return Result{}, ctx.Err() // the deferred remove kills it
		}
	}
	res.DurationMS = time.Since(started).Milliseconds()
	if ex.err != nil {
		return Result{}, fmt.Errorf("wait for container: %w", d.classify(ex.err))
	}
	if !completed {
		// The daemon ends the attach stream after the exit; do not wait on it without bound.
		select {
		case <-copied:
		case <-time.After(5 * time.Second):
			b.conn.Close()
			<-copied
		}
	}
	outBytes, outFull, trailer, trailerCut := stdout.result()
	res.Stdout, res.StdoutTruncated = capString(outBytes, req.Limits.OutputBytes, outFull)
	res.Artifacts = []Artifact{}
	switch {
	case trailerCut:
		return Result{}, fmt.Errorf("%w: the sandbox sent more artifacts than files.out allows", ErrRunner)
	case bytes.HasSuffix(trailer, []byte(nonce+" end\n")):
		if res.Artifacts, res.ArtifactsSkipped, err = parseTrailer(trailer, nonce, outLimits); err != nil {
			return Result{}, fmt.Errorf("%w: %v", ErrRunner, err)
		}
	case weKilled():
		res.ArtifactsSkipped = []SkippedArtifact{{Reason: "the sandbox was killed before it could send out/: nothing came back"}}
	}
	rawErr, errFull := stderr.bytes()
	rest, st, stErr := cutStatus(rawErr, nonce)
	if errFull {
		// The program filled its stream: the status line, if any, is in the tail.
		_, st, stErr = cutStatus(stderr.lastBytes(), nonce)
		rest = rawErr
	}
	res.Stderr, res.StderrTruncated = capString(rest, req.Limits.OutputBytes, errFull)
	res.Violations = []Violation{}
	res.Enforcement = d.enforcement(b)
	switch {
	case stErr == nil && st.Error != "":
		return Result{}, fmt.Errorf("%w: %s", ErrRunner, st.Error)
	case stErr == nil:
		res.ExitCode = st.ExitCode
		res.Enforcement.Landlock = st.Landlock
		res.TimedOut = st.TimedOut
		res.Violations = st.Violations
		res.reached, res.witnessOK = st.Reached, st.WitnessOK
	case daemonLostSandbox(ex.code):
		// containerd reports -1 when it lost the container's process 1 (it was stopped by
		// ptrace, once): no program result can be read from that.
		return Result{}, fmt.Errorf("%w: the daemon reported exit code %d for the sandbox: its process 1 was lost; nothing of the sandbox is left (removed with its cgroup)", ErrRunner, ex.code)
	default:
		res.ExitCode = int(ex.code)
		res.TimedOut = backstop
	}

	if (res.StdoutTruncated || res.StderrTruncated) && (weKilled() || overflowed()) {
		// The output passed its limit: the run is one killed for its output (137), whether the
		// program ended first or the kill after outputGrace did; the status line's violations,
		// when it came, stay.
		res.ExitCode = 137
	}
	if cpu1, ok := d.cg.cpuNS(b.name); ok {
		res.CPUMS = (cpu1 - cpu0) / 1e6
	}
	peak, peakKnown := d.cg.peakBytes(b.name)
	if peakKnown {
		res.PeakMemoryBytes = peak
	}
	// Docker 20.10 sets State.OOMKilled only when containerd's OOM event reaches it before the
	// exit event, which a loaded host reorders, and the container is auto-removed by then: the
	// daemon's "oom" event, logged either way, is what counts. A kill (137) by nobody here with
	// the cgroup's peak at the limit needs no event: on a loaded host the event came more than 5 s
	// late for a memory bomb under gVisor, and the run was taken for a sandbox failure.
	nearLimit := peakKnown && peak >= req.Limits.MemoryBytes-req.Limits.MemoryBytes/20
	if !weKilled() && !overflowed() && (res.ExitCode == 137 && !res.TimedOut || nearLimit) {
		res.OOMKilled = nearLimit && res.ExitCode == 137 && !res.TimedOut || d.oomEvent(ctx, b.id, started)
	}
	if stErr != nil && !weKilled() && !res.OOMKilled && d.atPidsLimit(b.name, req.Limits) {
		// gVisor's sentry, a Go program, ends the whole sandbox (exit 2) when the pids limit
		// refuses it a thread: a program's fork bomb takes the sandbox down at its limit, before
		// process 1 can write its status. The cgroup's peak at the limit says so: killed by a limit.
		res.ExitCode = 137
		return res, nil
	}
	if stErr != nil && !weKilled() && !res.OOMKilled {
		// Process 1 always writes its status unless it was killed from outside: by us (timeout,
		// output), by the kernel for memory, or (gVisor) by the pids limit.
		return Result{}, fmt.Errorf("%w: the sandbox ended (exit %d) without its status line (%v): %s", ErrRunner, ex.code, stErr, tail(res.Stderr, 300))
	}
	return res, nil
}

// atPidsLimit reports whether the sandbox's tasks reached its pids limit (containerPids).
func (d *Docker) atPidsLimit(name string, l config.Limits) bool {
	peak, ok := d.cg.pidsPeak(name)
	return ok && peak >= containerPids(l)
}

// daemonLostSandbox reports an exit code no process can have: containerd reports -1 when it lost
// the container's process 1 (a ptrace stop once looked like an exit to it).
func daemonLostSandbox(code int64) bool { return code < 0 || code > 255 }

func tail(s string, n int) string {
	if len(s) > n {
		s = "..." + s[len(s)-n:]
	}
	return strconv.Quote(s)
}

// oomEvent reports whether the daemon logged an "oom" event for container id since t, waiting
// for one that is still on its way: up to 5 s. With 2 s, a memory bomb under gVisor, the whole
// test suite loading 2 cores, once saw no event in time and was taken for a sandbox failure. Only
// a run that ended with 137 by nobody's kill waits.
func (d *Docker) oomEvent(ctx context.Context, id string, t time.Time) bool {
	const wait = 5 * time.Second
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wait+d.cleanup)
	defer cancel()
	ev := d.cli.Events(ctx, client.EventsListOptions{
		Since:   strconv.FormatInt(t.Add(-2*time.Second).Unix(), 10),
		Until:   strconv.FormatInt(time.Now().Add(wait).Unix(), 10),
		Filters: make(client.Filters).Add("type", "container").Add("container", id).Add("event", "oom"),
	})
	select {
	case <-ev.Messages:
		return true
	case <-ev.Err: // the stream ended (until reached) or failed: no event seen
		return false
	}
}

// classify turns a lost daemon into ErrNoDaemon, so callers can tell it from a bad program.
func (d *Docker) classify(err error) error {
	if client.IsErrConnectionFailed(err) {
		return &noDaemonError{host: d.cli.DaemonHost(), err: err}
	}
	return err
}

// capWriter keeps the first max bytes and discards the rest, calling overflow once when it first
// drops a byte. It never returns an error, so the demultiplexer keeps draining both streams. With
// tailMax, it also keeps the last tailMax bytes of the stream: process 1's status line comes
// last, also after a program that filled its stream to the brim. When ended says the tail is
// the stream's end (process 1's marker), done is closed.
type capWriter struct {
	mu        sync.Mutex
	buf       []byte
	max       int64
	tail      []byte
	tailMax   int
	truncated bool
	overflow  func()
	ended     func(tail []byte) bool
	done      chan struct{}
	closed    bool
}

// endsWith says a stream ended with mark.
func endsWith(mark []byte) func([]byte) bool {
	return func(tail []byte) bool { return bytes.HasSuffix(tail, mark) }
}

// endsWithStatus says standard error ended with a complete status line of nonce's. It looks at
// the last line only, so a stream of many short lines costs a scan of each line once.
func endsWithStatus(nonce string) func([]byte) bool {
	prefix := []byte(nonce + " ")
	return func(tail []byte) bool {
		n := len(tail)
		if n == 0 || tail[n-1] != '\n' {
			return false
		}
		line := tail[bytes.LastIndexByte(tail[:n-1], '\n')+1 : n-1]
		return bytes.HasPrefix(line, prefix)
	}
}

// bothClosed is closed once a and b are.
func bothClosed(a, b <-chan struct{}) <-chan struct{} {
	c := make(chan struct{})
	go func() {
		<-a
		<-b
		close(c)
	}()
	return c
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.tailMax > 0 {
		w.tail = append(w.tail, p...)
		if len(w.tail) > 2*w.tailMax { // trimmed now and then, not on every write
			w.tail = append(w.tail[:0], w.tail[len(w.tail)-w.tailMax:]...)
		}
		if w.ended != nil && !w.closed && w.ended(w.tail) {
			w.closed = true
			close(w.done)
		}
	}
	room := w.max - int64(len(w.buf))
	if int64(len(p)) <= room {
		w.buf = append(w.buf, p...)
		return len(p), nil
	}
	if room > 0 {
		w.buf = append(w.buf, p[:room]...)
	}
	if !w.truncated {
		w.truncated = true
		w.overflow()
	}
	return len(p), nil
}

func (w *capWriter) bytes() ([]byte, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf, w.truncated
}

// lastBytes is the end of the stream as written: the kept prefix, or the kept tail once bytes
// were dropped.
func (w *capWriter) lastBytes() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.truncated && w.tailMax > 0 {
		return w.tail[max(0, len(w.tail)-w.tailMax):]
	}
	return w.buf
}

// capString applies the user-visible cap to a stream that was read with headroom.
func capString(b []byte, max int64, truncated bool) (string, bool) {
	if int64(len(b)) > max {
		return string(b[:max]), true
	}
	return string(b), truncated
}
