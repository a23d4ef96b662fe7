package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strings"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/analyzeproc"
	"github.com/sbxgate/sbxgate/internal/gctune"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/runner"
	"github.com/sbxgate/sbxgate/server"
)

func init() {
	register(command{Name: "serve", Summary: "serve the HTTP JSON API", Run: cmdServe})
	register(command{Name: "token", Summary: "hash a bearer token for server.tokens (token hash [--new])", Run: cmdToken})
}

func cmdServe(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	listen := fs.String("listen", "", "address to listen on, host:port (default: the config's server.listen)")
	cfgPath := fs.String("config", "", "sandbox.yaml (default: the embedded config)")
	policyDir := fs.String("policy", "", "policy directory (default: the embedded policy)")
	auditPath := fs.String("audit", "", "audit log file (default: the config's audit.path)")
	grace := fs.Duration("grace", server.DefaultGrace, "on SIGTERM, how long in-flight requests may finish before they are canceled")
	checkOnly := fs.Bool("check-only", false, "serve without Docker: POST /v1/run answers 503")
	tlsCert := fs.String("tls-cert", "", "PEM certificate (chain) file: serve HTTPS")
	tlsKey := fs.String("tls-key", "", "PEM private key file for --tls-cert")
	isolate := fs.Bool("isolate-large", true, "analyze programs of 64 KiB and more in worker processes of the lowest CPU priority")
	if code, done := parseCmdFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		e.Errorf("serve: unexpected argument %q: serve takes only flags", fs.Arg(0))
		return 2
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		e.Errorf("serve: --tls-cert and --tls-key go together: pass both, or neither for plain HTTP")
		return 2
	}
	cfg, cfgBytes, err := config.LoadBytes(*cfgPath)
	if err != nil {
		e.Errorf("serve: %v", err)
		return 2
	}
	addr := *listen
	if addr == "" {
		addr = cfg.Server.Listen
	}
	if addr == "" {
		e.Errorf("serve: no listen address: pass --listen host:port or set server.listen")
		return 2
	}
	if err := server.ValidateConfig(cfg); err != nil {
		e.Errorf("serve: %v", err)
		return 2
	}
	log := slog.New(slog.NewJSONHandler(e.Stderr, nil))
	b, err := pipeline.New(ctx, cfg, pipeline.Options{PolicyDir: *policyDir, AuditPath: *auditPath, Runner: !*checkOnly})
	if err != nil {
		return buildFailed(e, "serve", err)
	}
	defer b.Close()
	for _, id := range b.LostResults {
		log.Warn("the process that ran this decision's code died before it logged the result: wrote a result_lost record", "decision_id", id)
	}
	if b.SweepError != nil {
		log.Warn("could not look for runs of dead processes", "error", b.SweepError.Error())
	}
	logPath := *auditPath
	if logPath == "" {
		logPath = cfg.Audit.Path
	}
	if logPath == "" {
		log.Warn("no audit log: decisions are not recorded; pass --audit FILE or set audit.path")
	}
	opts := []server.Option{server.WithLogger(log), server.WithAuditPath(logPath), server.WithGrace(*grace)}
	if *tlsCert != "" {
		opts = append(opts, server.WithTLS(*tlsCert, *tlsKey))
	}
	if *isolate {
		pool, code := analysisPool(ctx, e, "serve", cfg, cfgBytes)
		if pool == nil {
			return code
		}
		defer pool.Close()
		opts = append(opts, server.WithLargeAnalyzer(pool), server.WithLargeDecoder(pool.Decode))
	}
	srv, err := server.New(b.Pipeline, cfg, opts...)
	if err != nil {
		e.Errorf("serve: %v", err)
		return 2
	}
	// The admission limits bound the live heap; the soft limit keeps the garbage under the same
	// ceiling, which the log states.
	var workerMemory []any
	if *isolate {
		workerMemory = []any{"analysis_worker_memory", analysisWorkerMemory(cfg)}
	}
	if n := srv.MemoryLimit(); gctune.LimitMemory(n) {
		log.Info("memory ceiling", append([]any{"memory_limit", n}, workerMemory...)...)
	} else {
		log.Info("memory ceiling from GOMEMLIMIT", append([]any{"memory_limit", debug.SetMemoryLimit(-1), "admission_bound", n}, workerMemory...)...)
	}
	if err := srv.ListenAndServe(ctx, addr); err != nil {
		e.Errorf("serve: %v", err)
		return 1
	}
	return 0
}

// analysisPool starts the analysis workers of a long-lived front door (cmd is serve or mcp) and
// checks that one answers; on failure it says so and returns the exit code.
func analysisPool(ctx context.Context, e *Env, cmd string, cfg *config.Config, cfgBytes []byte) (*analyzeproc.Pool, int) {
	// /proc/self/exe is this very binary, even if its file was replaced since it started.
	pool, err := analyzeproc.New([]string{"/proc/self/exe", analyzeWorkerCommand}, cfgBytes)
	if err != nil {
		e.Errorf("%s: %v", cmd, err)
		return nil, 2
	}
	pool.SetMemoryLimit(analysisWorkerMemory(cfg))
	if err := pool.Probe(ctx); err != nil {
		pool.Close()
		e.Errorf("%s: %v: analyze large programs in process with --isolate-large=false", cmd, err)
		return nil, 1
	}
	return pool, 0
}

// analysisWorkerMemory bounds the memory of each analysis worker: 512 bytes per byte of the largest
// body, at least 256 MiB (512 MiB at the default 1 MiB). The analyzer's memory is not proportional
// to the source's size: a 0.9 MB program of "a;" repeated took 600 MB of RSS in an unbounded
// worker, which kept it while idle, and a megabyte of "x=1" lines 330 MB; under the bound the
// collector works harder, and an analysis that still passes it is denied (LimitError).
func analysisWorkerMemory(cfg *config.Config) int64 {
	body := int64(cfg.Server.MaxBodyBytes)
	if body <= 0 {
		body = server.DefaultMaxBodyBytes
	}
	return max(256<<20, 512*body)
}

func cmdToken(_ context.Context, e *Env, args []string) int {
	if len(args) == 0 || args[0] != "hash" {
		e.Errorf("token: want a subcommand: sbxgate token hash [--new] (reads the token on standard input)")
		return 2
	}
	fs := flag.NewFlagSet("token hash", flag.ContinueOnError)
	gen := fs.Bool("new", false, "generate a random token and print it with its sha256")
	if code, done := parseCmdFlags(e, fs, args[1:]); done {
		return code
	}
	if fs.NArg() > 0 {
		e.Errorf("token hash: unexpected argument %q: pass the token on standard input, never on the command line", fs.Arg(0))
		return 2
	}
	if *gen {
		tok := server.NewToken()
		sum, err := server.HashToken(tok)
		if err != nil {
			e.Errorf("token hash: %v", err)
			return 1
		}
		fmt.Fprintf(e.Stdout, "token:  %s\nsha256: %s\n", tok, sum)
		return 0
	}
	// One line: the token, with the newline an echo or a here-string adds.
	line, err := bufio.NewReader(io.LimitReader(e.Stdin, 4096)).ReadString('\n')
	if err != nil && err != io.EOF {
		e.Errorf("token hash: read standard input: %v", err)
		return 2
	}
	sum, err := server.HashToken(strings.TrimRight(line, "\r\n"))
	if err != nil {
		e.Errorf("token hash: %v", err)
		return 2
	}
	fmt.Fprintln(e.Stdout, sum)
	return 0
}

// buildFailed reports a pipeline that could not be built. A missing Docker daemon or image exits
// 125, as for run (docs/contract.md), and says how to serve checks without it.
func buildFailed(e *Env, cmd string, err error) int {
	if errors.Is(err, runner.ErrNoDaemon) || errors.Is(err, runner.ErrImageMissing) {
		e.Errorf("%s: %v (or pass --check-only to serve checks without running code)", cmd, err)
		return 125
	}
	e.Errorf("%s: %v", cmd, err)
	return 1
}

// parseCmdFlags parses args; when done, the command exits with code (0 for -h, 2 for a usage error,
// reported as one line).
func parseCmdFlags(e *Env, fs *flag.FlagSet, args []string) (code int, done bool) {
	fs.SetOutput(io.Discard)
	switch err := fs.Parse(args); {
	case err == nil:
		return 0, false
	case err == flag.ErrHelp:
		fs.SetOutput(e.Stderr)
		fs.PrintDefaults()
		return 0, true
	default:
		e.Errorf("%s: %v: run sbxgate %s -h for usage", fs.Name(), err, fs.Name())
		return 2, true
	}
}
