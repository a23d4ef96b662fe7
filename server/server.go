// Package server is sbxgate's HTTP JSON API: check and run Python over HTTP, read one's own audit
// records, health and Prometheus metrics. It is a thin shell around pipeline.Pipeline, so a request
// gets exactly the guarantees of the CLI: a failure anywhere is a deny, and a decision is durable in
// the audit log before any code runs.
//
// Every /v1 request carries "Authorization: Bearer <token>"; the token's SHA-256 names the principal
// (config server.tokens), which goes to the policy input with source "http". Bodies are size-capped
// and decoded strictly, each principal has a token bucket, runs are capped, and slow clients hit the
// read timeouts. The connections open at once are bounded, in all and per client address
// (connlimit.go).
//
// Work is shared fairly between principals by bytes, not requests (fair.go): the bytes of request
// bodies in memory are bounded, and so is each principal's share of them; analyses take their turn
// in a fair queue, and large programs cannot take every analysis slot. So one principal sending
// 1 MB programs leaves another's small checks their latency, and the server's memory has a bound
// that follows from its settings (MemoryLimit).
package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/internal/analyzeproc"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline"
)

// Defaults for settings the config leaves at zero.
const (
	DefaultMaxBodyBytes = 1 << 20
	DefaultGrace        = 30 * time.Second
	DefaultRunQueueWait = 2 * time.Second
	// DefaultBodiesInFlight is how many maximal bodies the server holds at once by default
	// (WithMaxBytesInFlight).
	DefaultBodiesInFlight = 16
	// largeProgram is the size above which a program's analysis counts as large (workCap).
	largeProgram = 64 << 10
	// maxHeaderBytes is far above any honest request's headers (a bearer token and a few more).
	maxHeaderBytes = 32 << 10
	// An audit lookup reads a handful of blocks through the log's index; these bound how many run at
	// once, in all and for one principal.
	lookupsPerCPU       = 4
	lookupsPerPrincipal = 2
)

// Timeouts bound how long a client may take; the zero value of a field means its default.
type Timeouts struct {
	ReadHeader time.Duration // request line and headers (slowloris); default 5s
	Read       time.Duration // whole request including body; default 30s
	Write      time.Duration // from the end of the headers to the end of the response; default: longest tier timeout + 60s
	Idle       time.Duration // keep-alive connection between requests; default 120s
}

// Server is the HTTP API. It is an http.Handler; Serve adds the listener, timeouts and graceful
// shutdown.
type Server struct {
	p *pipeline.Pipeline
	// logDir is the directory of the audit log with its separator, which answers to clients leave
	// out: a tenant learns nothing of the server's file system from a failed write.
	logDir string
	large  pipeline.Analyzer // nil: the pipeline's analyzer analyzes every program
	// largeDecode decodes a large request body and analyzes its program out of the server's
	// process (WithLargeDecoder); nil: the handler decodes every body.
	largeDecode LargeDecoder
	cfg         *config.Config
	tokens      tokenTable
	limiters    map[string]*rate.Limiter // per principal; nil when rate limiting is off
	runSlots    chan struct{}
	runWait     time.Duration
	// runShares bounds the runs one principal has in progress to its share of runSlots: runs last
	// seconds to minutes, and a principal holding every slot answered every other's runs 429.
	runShares *shares
	// checkSlots admits checks (analysis, decision and the durable log append); beyond it, and after
	// checkWait in the queue, a check gets 503.
	checkSlots chan struct{}
	checkWait  time.Duration
	maxChecks  int
	maxBody    int64
	// inflight admits request bodies (checks and runs) into memory before they are read, up to
	// maxInFlight bytes and half of that per principal; work gives requests their turns to decode,
	// analyze and decide (fair.go).
	inflight    *fairQueue
	bodies      bodyBuffers
	maxInFlight int64
	work        *fairQueue
	workCap     *workCap
	audit       AuditReader
	// auditSlots admits audit lookups, a few per principal, so that no principal can take them all.
	auditSlots *lookupSlots
	log        *slog.Logger
	metrics    *metrics
	timeouts   Timeouts
	grace      time.Duration
	handler    http.Handler
	active     atomic.Int64 // requests in ServeHTTP, for the shutdown log
	tls        *tls.Config
	tlsFiles   [2]string // cert and key files given to WithTLS, loaded by New
	// conns bound the connections Serve keeps open, in all and per client address.
	conns *connLimits
}

// Option configures a Server.
type Option func(*Server)

// WithLogger sets the structured logger (default: slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(s *Server) { s.log = l } }

// WithAuditPath serves GET /v1/audit/{id} from the audit log file at path.
func WithAuditPath(path string) Option {
	return func(s *Server) {
		if path != "" {
			s.audit = FileAuditReader(path)
			if dir := filepath.Dir(path); dir != "." {
				s.logDir = dir + string(filepath.Separator)
			}
		}
	}
}

// WithAuditReader serves GET /v1/audit/{id} from r.
func WithAuditReader(r AuditReader) Option { return func(s *Server) { s.audit = r } }

// WithTimeouts overrides the connection timeouts.
func WithTimeouts(t Timeouts) Option { return func(s *Server) { s.timeouts = t } }

// WithGrace sets how long in-flight requests may go on after shutdown begins before they are
// canceled (default 30s).
func WithGrace(d time.Duration) Option { return func(s *Server) { s.grace = d } }

// WithMaxConcurrentChecks bounds the checks in progress at once (default 64 per CPU); further
// checks queue for up to wait (default 10s), then get 503.
func WithMaxConcurrentChecks(n int, wait time.Duration) Option {
	return func(s *Server) { s.maxChecks, s.checkWait = n, wait }
}

// WithMaxBytesInFlight bounds the bytes of request bodies the server holds at once, from before a
// body is read until its answer is written (default DefaultBodiesInFlight maximal bodies); one
// principal may hold half of it. Requests beyond it wait, fairly between principals, for the queue
// wait of WithMaxConcurrentChecks, then get 503.
func WithMaxBytesInFlight(n int64) Option { return func(s *Server) { s.maxInFlight = n } }

// WithRunQueueWait sets how long a run waits for a free slot before it gets 429 (default 2s; 0
// answers 429 at once).
func WithRunQueueWait(d time.Duration) Option { return func(s *Server) { s.runWait = d } }

// WithLargeAnalyzer analyzes programs of 64 KiB and more with a instead of the pipeline's analyzer:
// in sbxgate serve, an analyzeproc.Pool of worker processes of the lowest CPU priority, so that
// large programs' analyses do not slow small checks.
func WithLargeAnalyzer(a pipeline.Analyzer) Option { return func(s *Server) { s.large = a } }

// WithLargeDecoder decodes request bodies of 64 KiB and more with d, which also analyzes their
// program: in sbxgate serve, analyzeproc.Pool.Decode, whose workers run WorkerDecoder. Reading a
// megabyte of JSON takes a few milliseconds of a core, which the server would otherwise spend at
// the priority of the small checks beside it. When d fails (not when it refuses the body), the
// handler decodes the body itself.
func WithLargeDecoder(d LargeDecoder) Option {
	return func(s *Server) { s.largeDecode = d }
}

// LargeDecoder decodes a request body and analyzes its program (analyzeproc.Pool.Decode): the
// program's bytes go into buf when they fit, and it has stopped using body and buf when it returns.
type LargeDecoder func(ctx context.Context, body, buf []byte) (analyzeproc.Decoded, error)

// WithTLS serves HTTPS with the PEM certificate (chain) and key in these files.
func WithTLS(certFile, keyFile string) Option {
	return func(s *Server) { s.tlsFiles = [2]string{certFile, keyFile} }
}

// ValidateConfig checks the server's part of cfg (the token table) without building anything, so a
// command can refuse a bad config before it starts the runner.
func ValidateConfig(cfg *config.Config) error {
	if _, err := newTokenTable(cfg.Server.Tokens); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}

// New builds the API over p. p.Runner may be nil: POST /v1/run then answers 503.
func New(p *pipeline.Pipeline, cfg *config.Config, opts ...Option) (*Server, error) {
	if p == nil || p.Analyzer == nil || p.Decider == nil {
		return nil, errors.New("server: the pipeline needs an analyzer and a decider")
	}
	if cfg == nil {
		return nil, errors.New("server: no config")
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("server: config: %w", err)
	}
	tokens, err := newTokenTable(cfg.Server.Tokens)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s := &Server{
		p:       p,
		cfg:     cfg,
		tokens:  tokens,
		maxBody: int64(cfg.Server.MaxBodyBytes),
		log:     slog.Default(),
		grace:   DefaultGrace,
		runWait: DefaultRunQueueWait,
		// A queued check waits this long at most; beyond it the server is overloaded, not slow.
		checkWait: 10 * time.Second,
	}
	for _, o := range opts {
		o(s)
	}
	if s.maxBody <= 0 {
		s.maxBody = DefaultMaxBodyBytes
	}
	if s.tlsFiles != [2]string{} {
		cert, err := tls.LoadX509KeyPair(s.tlsFiles[0], s.tlsFiles[1])
		if err != nil {
			return nil, fmt.Errorf("server: TLS: %w: pass a PEM certificate and its key to --tls-cert and --tls-key", err)
		}
		s.tls = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}}
	}
	if s.grace < 0 || s.runWait < 0 || s.checkWait < 0 || s.maxChecks < 0 || s.maxInFlight < 0 {
		return nil, errors.New("server: grace, queue waits and limits must not be negative")
	}
	if s.maxInFlight == 0 {
		s.maxInFlight = DefaultBodiesInFlight * s.maxBody
	}
	if s.maxInFlight < s.maxBody {
		return nil, fmt.Errorf("server: %d bytes in flight cannot hold one body of server.max_body_bytes (%d): raise it", s.maxInFlight, s.maxBody)
	}
	if s.maxChecks == 0 {
		s.maxChecks = 64 * runtime.GOMAXPROCS(0)
	}
	s.checkSlots = make(chan struct{}, s.maxChecks)
	s.auditSlots = newLookupSlots(lookupsPerCPU*runtime.GOMAXPROCS(0), lookupsPerPrincipal)
	s.inflight = newFairQueue(newMemoryCap(s.maxInFlight))
	procs := runtime.GOMAXPROCS(0)
	// Large programs get at most half the cores, and at least one slot is always left to small ones.
	s.workCap = &workCap{slots: 2 * procs, large: max(1, procs/2), largeBytes: largeProgram}
	s.work = newFairQueue(s.workCap)
	s.p = cpuBound(p, s.large, s.work, 2*procs)
	runs := cfg.Server.MaxConcurrentRuns
	if runs == 0 {
		runs = cfg.Runner.MaxConcurrent
	}
	s.runSlots = make(chan struct{}, runs)
	s.runShares = newShares(runShare(runs, tokens))
	if n := cfg.Server.RatePerMinute; n > 0 {
		// A burst of a tenth of the minute's allowance absorbs a client's natural bunching without
		// letting it spend the whole minute at once.
		burst := max(1, n/10)
		s.limiters = map[string]*rate.Limiter{}
		for _, t := range tokens {
			if s.limiters[t.p.Name] == nil {
				s.limiters[t.p.Name] = rate.NewLimiter(rate.Limit(float64(n)/60), burst)
			}
		}
	}
	s.timeouts = s.timeouts.withDefaults(cfg)
	s.metrics = newMetrics(p.Log)
	total, perAddress := cfg.Server.ConnectionLimits()
	s.conns = newConnLimits(total, perAddress, func(limit string) { s.metrics.connsRefused.WithLabelValues(limit).Inc() })
	s.metrics.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "sbxgate_http_connections_open",
		Help: "Connections open, counted against server.max_connections.",
	}, func() float64 { return float64(s.conns.Open()) }))
	for name, q := range map[string]*fairQueue{"memory": s.inflight, "work": s.work} {
		h := s.metrics.queueWait.MustCurryWith(prometheus.Labels{"queue": name})
		q.waited = func(principal string, d time.Duration) { h.WithLabelValues(principal).Observe(d.Seconds()) }
	}
	s.handler = s.routes()
	return s, nil
}

// Working memory per byte, measured: a request body is held about five times over while it is
// decoded, checked and logged (the body, the code as a string and as bytes, the audit record and its
// JSON), and twice more for a large body's reused buffers (bodyBuffers, each up to twice its
// contents, in use or kept between requests: the body's, and the program's when a worker decoded
// it), and an analysis allocates at most analyzer.MemoryPerByte per byte of
// source, whatever the program's shape (an ordinary program about 80, a hostile one up to about
// 740: TestMemoryPerByte).
// baseMemory is the server without requests: the policy, the tables, the runtime. An open
// connection holding part of a request's headers took 19 KB (1,000 of them, plain HTTP: goroutine,
// buffers, the header read so far); connMemory rounds it up.
const (
	bodyCopies = 7
	baseMemory = 48 << 20
	connMemory = 24 << 10
)

// MemoryLimit is the bound on the live heap that the admission limits give (the bodies in flight,
// the analyses at once in this process, the connections open), doubled for the garbage between
// collections: the soft memory limit (GOMEMLIMIT) to run the server under. sbxgate serve sets it
// unless the environment sets GOMEMLIMIT. The large programs' analyses count only where they run
// in this process: WithLargeAnalyzer's workers hold theirs in their own memory, under their own
// bound.
func (s *Server) MemoryLimit() int64 {
	c := s.workCap
	analyzing := int64(c.slots-c.large) * largeProgram
	if s.large == nil {
		analyzing += int64(c.large) * s.maxBody
	}
	return 2 * (baseMemory + bodyCopies*s.maxInFlight + analyzer.MemoryPerByte*analyzing + int64(s.conns.total)*connMemory)
}

func (t Timeouts) withDefaults(cfg *config.Config) Timeouts {
	if t.ReadHeader <= 0 {
		t.ReadHeader = 5 * time.Second
	}
	if t.Read <= 0 {
		t.Read = 30 * time.Second
	}
	if t.Write <= 0 {
		// A run's response is written after the run: allow the longest tier, plus queueing and
		// container start.
		var longest time.Duration
		for _, tier := range cfg.Tiers {
			longest = max(longest, tier.Timeout.Duration)
		}
		t.Write = longest + 60*time.Second
	}
	if t.Idle <= 0 {
		t.Idle = 120 * time.Second
	}
	return t
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.active.Add(1)
	defer s.active.Add(-1)
	s.handler.ServeHTTP(w, r)
}

// Serve answers on ln until ctx is canceled, then shuts down gracefully: it stops accepting, lets
// in-flight requests finish for the grace period, then cancels them (the runner kills their
// containers; their results are still logged) and waits for them to return.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	// Requests live under hard, not ctx: SIGTERM must not kill runs that the grace period allows.
	hard, cancelHard := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelHard()
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.timeouts.ReadHeader,
		ReadTimeout:       s.timeouts.Read,
		WriteTimeout:      s.timeouts.Write,
		IdleTimeout:       s.timeouts.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return hard },
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	// Below TLS: a connection past the limits is reset before its handshake costs anything.
	ln = s.conns.listener(ln)
	scheme := "http"
	if s.tls != nil {
		ln, scheme = tls.NewListener(ln, s.tls), "https"
	} else if ap, err := netip.ParseAddrPort(ln.Addr().String()); err == nil && !ap.Addr().IsLoopback() {
		s.log.Warn("serving plain HTTP on a non-loopback address: bearer tokens cross the network in clear; use --tls-cert and --tls-key or a TLS proxy", "addr", ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "addr", ln.Addr().String(), "scheme", scheme, "max_connections", s.conns.total, "max_connections_per_address", s.conns.perAddress)
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "grace", s.grace.String(), "in_flight", s.active.Load())
	gctx, cancel := context.WithTimeout(context.Background(), s.grace)
	err := hs.Shutdown(gctx)
	cancel()
	if err != nil {
		s.log.Warn("grace period over: canceling in-flight requests", "in_flight", s.active.Load())
		cancelHard()
		// The runner kills a canceled run's container and the pipeline logs its result. Shutdown
		// again, not Close, so the handlers' answers are flushed before their connections close;
		// give that a bounded time, then drop the connections.
		wctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := hs.Shutdown(wctx); err != nil {
			s.log.Error("in-flight requests did not end after cancellation: closing their connections", "in_flight", s.active.Load(), "error", err.Error())
			_ = hs.Close()
		}
		cancel()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	s.log.Info("stopped")
	return nil
}

// ListenAndServe listens on addr (host:port) and calls Serve.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w: pick a free address with --listen", addr, err)
	}
	return s.Serve(ctx, ln)
}

// runShare is how many of the server's runs one principal may have in progress: half of them (at
// least one), or all when the token table names one principal, who has no one to leave room for.
func runShare(runs int, tokens tokenTable) int {
	names := map[string]bool{}
	for _, t := range tokens {
		names[t.p.Name] = true
	}
	if len(names) <= 1 {
		return runs
	}
	return max(1, runs/2)
}

// shares counts what each principal holds of a capacity, at most per each (runs in progress,
// audit lookups in progress).
type shares struct {
	per  int
	mu   sync.Mutex
	held map[string]int
}

func newShares(per int) *shares { return &shares{per: per, held: map[string]int{}} }

// take counts one more for principal, or reports false when it holds its share already.
func (s *shares) take(principal string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held[principal] >= s.per {
		return false
	}
	s.held[principal]++
	return true
}

func (s *shares) give(principal string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held[principal]--; s.held[principal] <= 0 {
		delete(s.held, principal)
	}
}
