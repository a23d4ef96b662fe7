package main

import (
	"context"
	"flag"
	"log/slog"
	"runtime"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/mcpserver"
	"github.com/sbxgate/sbxgate/pipeline"
)

func init() {
	register(command{Name: "mcp", Summary: "Model Context Protocol server on standard input/output", Run: cmdMCP})
}

func cmdMCP(ctx context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "sandbox.yaml (default: the embedded config)")
	policyDir := fs.String("policy", "", "policy directory (default: the embedded policy)")
	auditPath := fs.String("audit", "", "audit log file (default: the config's audit.path)")
	principal := fs.String("principal", mcpserver.DefaultPrincipal, "who the submissions come from; goes to the policy input and the log")
	checkOnly := fs.Bool("check-only", false, "serve without Docker: run_python reports that it cannot run code")
	isolate := fs.Bool("isolate-large", true, "analyze programs of 64 KiB and more in worker processes of bounded memory and the lowest CPU priority")
	if code, done := parseCmdFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		e.Errorf("mcp: unexpected argument %q: mcp takes only flags and speaks on standard input/output", fs.Arg(0))
		return 2
	}
	cfg, cfgBytes, err := config.LoadBytes(*cfgPath)
	if err != nil {
		e.Errorf("mcp: %v", err)
		return 2
	}
	b, err := pipeline.New(ctx, cfg, pipeline.Options{PolicyDir: *policyDir, AuditPath: *auditPath, Runner: !*checkOnly})
	if err != nil {
		return buildFailed(e, "mcp", err)
	}
	defer b.Close()
	// An agent's session lives long, and one large hostile program analyzed in this process would
	// keep hundreds of megabytes (a megabyte of "a;" allocates 700 per byte): large programs go to
	// the workers, under their memory bound, as in serve.
	var large pipeline.Analyzer
	if *isolate {
		pool, code := analysisPool(ctx, e, "mcp", cfg, cfgBytes)
		if pool == nil {
			return code
		}
		defer pool.Close()
		large = pool
	}
	b.Pipeline.Analyzer = mcpAnalyzer(b.Pipeline.Analyzer, large, runtime.GOMAXPROCS(0))
	// Standard output carries the protocol; everything else goes to standard error.
	log := slog.New(slog.NewJSONHandler(e.Stderr, nil))
	for _, id := range b.LostResults {
		log.Warn("the process that ran this decision's code died before it logged the result: wrote a result_lost record", "decision_id", id)
	}
	if b.SweepError != nil {
		log.Warn("could not look for runs of dead processes", "error", b.SweepError.Error())
	}
	srv, err := mcpserver.New(b.Pipeline, cfg, mcpserver.WithPrincipal(*principal), mcpserver.WithVersion(version), mcpserver.WithLogger(log))
	if err != nil {
		e.Errorf("mcp: %v", err)
		return 2
	}
	if err := srv.Run(ctx, transport(e)); err != nil && ctx.Err() == nil {
		e.Errorf("mcp: %v", err)
		return 1
	}
	return 0
}

// transport speaks on Env's streams: the process's standard input/output, or a test's pipes. It
// ends the session at a message that names a member twice (mcpserver.NewTransport).
func transport(e *Env) mcp.Transport { return mcpserver.NewTransport(e.Stdin, e.Stdout) }

// mcpAnalyzer is the analyzer of sbxgate mcp: programs of pipeline.LargeProgram bytes and more go to
// large (the analysis workers, which bound their own memory and number) unless it is nil, and at
// most n analyses run in this process at once. The SDK runs each tool call in its own goroutine, so
// an agent's parallel calls were analyzed all at once: 16 check_python calls of 65,000 bytes of "a;"
// (just under the workers' threshold, about 36 MB of analysis each) took the mcp process to 611 MiB
// of peak RSS, more than the one 0.9 MB program the workers were brought in for.
func mcpAnalyzer(small, large pipeline.Analyzer, n int) pipeline.Analyzer {
	small = pipeline.AtOnce(small, n)
	if large == nil {
		return small
	}
	return pipeline.BySize{Small: small, Large: large}
}
