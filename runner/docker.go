package runner

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

// Docker runs code in hardened, single-use containers. It is safe for concurrent use.
type Docker struct {
	cli     *client.Client
	image   string
	sem     chan struct{} // bounds runs at once; a full semaphore makes Run wait
	self    owner
	cg      *cgroups
	pool    *pool
	grace   time.Duration
	cleanup time.Duration

	bg     context.Context // pool filling; cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	closed bool
}

// Option configures New.
type Option func(*options)

type options struct {
	image         string
	poolSize      int
	maxConcurrent int
	prewarm       []config.Limits
	grace         time.Duration
}

// WithConfig takes the image, pool size and concurrency from cfg.Runner, and prewarms the pool for
// every tier of cfg.
func WithConfig(cfg *config.Config) Option {
	return func(o *options) {
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

// New connects to the daemon, checks the image, removes leftovers of dead sbxgate processes and
// starts warming the pool in the background.
func New(ctx context.Context, opts ...Option) (*Docker, error) {
	o := options{image: DefaultImage, maxConcurrent: 4, grace: time.Minute}
	for _, opt := range opts {
		opt(&o)
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
	cli, err := newClient(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkImage(ctx, cli, o.image); err != nil {
		cli.Close()
		return nil, err
	}
	info, err := cli.Info(ctx, client.InfoOptions{})
	if err != nil {
		cli.Close()
		return nil, fmt.Errorf("docker info: %w", err)
	}
	d := &Docker{
		cli:     cli,
		image:   o.image,
		sem:     make(chan struct{}, o.maxConcurrent),
		self:    selfOwner(),
		cg:      detectCgroups(info.Info.CgroupDriver, info.Info.CgroupVersion, cli.DaemonHost()),
		grace:   o.grace,
		cleanup: 30 * time.Second,
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
	return d, nil
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

// box is one started container whose interpreter is blocked reading its standard input.
type box struct {
	id, name string
	limits   config.Limits
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

// testHookDelivered, when set by a test, runs right after the code is delivered.
var testHookDelivered func()

var nameUnsafe = regexp.MustCompile(`[^a-zA-Z0-9_.-]+`)

func newName() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return namePrefix + hex.EncodeToString(b[:])
}

// start creates, attaches and starts a container. Attaching before the start means no byte of
// output can be missed. The daemon calls are made on a context of their own so that a cancelled
// caller never leaves a half-made container behind: on any failure it is removed here.
func (d *Docker) start(ctx context.Context, l config.Limits, requestID string, extra map[string]string) (b *box, err error) {
	name := newName()
	labels := map[string]string{}
	for k, v := range extra {
		labels[k] = v
	}
	labels[LabelManaged] = "1"
	labels[LabelOwner] = d.self.String()
	if requestID != "" {
		labels[LabelRequest] = requestID
	}
	opCtx, opCancel := context.WithTimeout(context.WithoutCancel(ctx), d.cleanup)
	defer opCancel()
	created, err := d.cli.ContainerCreate(opCtx, containerSpec(d.image, name, d.cg.parent(name), l, labels))
	if err != nil {
		return nil, fmt.Errorf("create container: %w", d.classify(err))
	}
	b = &box{id: created.ID, name: name, limits: l, exited: make(chan exit, 1)}
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
	if err := ctx.Err(); err != nil {
		return b, err
	}
	return b, nil
}

// remove kills and removes a box on a fresh context (the caller's may be cancelled), then its
// accounting cgroup. Safe to call on a partly made box.
func (d *Docker) remove(b *box) {
	if b.conn.Conn != nil {
		b.conn.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.cleanup)
	defer cancel()
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
	_ = d.cg.remove(b.name)
}

func (d *Docker) kill(b *box) {
	ctx, cancel := context.WithTimeout(context.Background(), d.cleanup)
	defer cancel()
	_, _ = d.cli.ContainerKill(ctx, b.id, client.ContainerKillOptions{Signal: "KILL"})
}

// Run executes req.Code with `python3 -I -B -` in a fresh container and reports what happened.
// A program that fails, times out or exceeds a limit is a Result, not an error; errors are the
// runner's own failures (no daemon, missing image, cancelled context).
//
// Output: stdout and stderr are kept up to Limits.OutputBytes each. When either overflows, the
// container is killed at once (a program printing without end would otherwise run to its
// timeout), the kept prefix is returned and *_truncated is set; the exit code is then 137.
func (d *Docker) Run(ctx context.Context, req Request) (res Result, err error) {
	if err := checkLimits(req.Limits); err != nil {
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
	b, err = d.start(ctx, req.Limits, req.ID, req.Labels)
	return b, false, err
}

func safeID(id string) string {
	s := nameUnsafe.ReplaceAllString(id, "_")
	if len(s) > 64 {
		s = s[:64]
	}
	return s
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
	stdout := &capWriter{max: req.Limits.OutputBytes, overflow: kill}
	stderr := &capWriter{max: req.Limits.OutputBytes, overflow: kill}
	copied := make(chan error, 1)
	go func() {
		_, err := stdcopy.StdCopy(stdout, stderr, b.conn.Reader)
		copied <- err
	}()

	cpu0, _ := d.cg.cpuNS(b.name)
	// The interpreter reads all of its input before it runs anything, so the write completes
	// unless the container or the daemon is gone; a cancelled caller unblocks it by closing.
	stopWrite := context.AfterFunc(ctx, func() { b.conn.Close() })
	_, werr := b.conn.Conn.Write(req.Code)
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
	timer := time.NewTimer(time.Duration(req.Limits.TimeoutMS) * time.Millisecond)
	defer timer.Stop()

	var (
		ex     exit
		onKill = (<-chan struct{})(killed)
		grace  <-chan time.Time // after our kill, how long the daemon gets to report the exit
	)
	for waiting := true; waiting; {
		select {
		case ex = <-b.exited:
			waiting = false
		case <-timer.C:
			res.TimedOut = true
			kill()
		case <-onKill:
			onKill, grace = nil, time.After(d.cleanup)
		case <-grace:
			return Result{}, errors.New("container did not stop after SIGKILL: check the Docker daemon")
		case <-ctx.Done():
			return Result{}, ctx.Err() // the deferred remove kills it
		}
	}
	res.DurationMS = time.Since(started).Milliseconds()
	if ex.err != nil {
		return Result{}, fmt.Errorf("wait for container: %w", d.classify(ex.err))
	}
	// The daemon ends the attach stream after the exit; do not wait on it without bound.
	select {
	case <-copied:
	case <-time.After(5 * time.Second):
		b.conn.Close()
		<-copied
	}
	res.Stdout, res.StdoutTruncated = stdout.result()
	res.Stderr, res.StderrTruncated = stderr.result()
	res.ExitCode = int(ex.code)

	ictx, cancel := context.WithTimeout(context.WithoutCancel(ctx), d.cleanup)
	defer cancel()
	insp, err := d.cli.ContainerInspect(ictx, b.id, client.ContainerInspectOptions{})
	if err != nil {
		return Result{}, fmt.Errorf("inspect container: %w", d.classify(err))
	}
	if st := insp.Container.State; st != nil {
		res.ExitCode = st.ExitCode
		res.OOMKilled = st.OOMKilled
	}
	if res.TimedOut && res.ExitCode != 137 {
		// The program ended by itself; the daemon just reported it after the clock ran out.
		res.TimedOut = false
	}
	if cpu1, ok := d.cg.cpuNS(b.name); ok {
		res.CPUMS = (cpu1 - cpu0) / 1e6
	}
	peak, peakKnown := d.cg.peakBytes(b.name)
	if peakKnown {
		res.PeakMemoryBytes = peak
	}
	// Docker 20.10 sets State.OOMKilled only when containerd's OOM event reaches it before the
	// exit event, which a loaded host reorders. Pid 1 cannot be SIGKILLed from inside its own
	// namespace, so exit 137 without a kill of ours (or memory at the limit) is checked against
	// the daemon's "oom" event, which is logged either way.
	nearLimit := peakKnown && peak >= req.Limits.MemoryBytes-req.Limits.MemoryBytes/20
	if !res.OOMKilled && !weKilled() && (res.ExitCode == 137 || nearLimit) {
		res.OOMKilled = d.oomEvent(ctx, b.id, started)
	}
	return res, nil
}

// oomEvent reports whether the daemon logged an "oom" event for container id since t, waiting
// briefly for one that is still on its way.
func (d *Docker) oomEvent(ctx context.Context, id string, t time.Time) bool {
	const wait = 2 * time.Second
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
// drops a byte. It never returns an error, so the demultiplexer keeps draining both streams.
type capWriter struct {
	mu        sync.Mutex
	buf       []byte
	max       int64
	truncated bool
	overflow  func()
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
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

func (w *capWriter) result() (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf), w.truncated
}
