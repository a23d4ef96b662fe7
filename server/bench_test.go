package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/cputime"
	"github.com/sbxgate/sbxgate/internal/gctune"
	"github.com/sbxgate/sbxgate/internal/testenv"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/runner"
)

// loadResult is what one load run measured.
type loadResult struct {
	latencies []time.Duration
	elapsed   time.Duration
	cpu       time.Duration // the process's CPU time during the load: server and load generator
	served    int64         // answered 200
	allowed   int64
	shed      int64 // answered 503 or 429: the server shed load
}

// load sends n POSTs to path with body over `clients` kept-alive connections and records each
// request's latency. Shed load (503, 429) is counted and reported; any other failure fails the
// benchmark. Client c sends as tokens[c % len(tokens)], alice's token when none is given.
func load(b *testing.B, e *testEnv, path string, body []byte, n, clients int, tokens ...string) loadResult {
	b.Helper()
	if len(tokens) == 0 {
		tokens = []string{aliceToken}
	}
	tr := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var next, served, allowed, shed atomic.Int64
	lat := make([][]time.Duration, clients)
	var wg sync.WaitGroup
	var failed, denied, shedMsg atomic.Value
	// A check's 503 is the server at capacity (nothing logged); a run's 503 is a runner failure.
	shed503 := -1
	if path == "/v1/check" {
		shed503 = http.StatusServiceUnavailable
	}
	cpu0 := cputime.Process()
	start := time.Now()
	for c := range clients {
		wg.Go(func() {
			for next.Add(1) <= int64(n) {
				method, rd := http.MethodGet, io.Reader(nil)
				if body != nil {
					method, rd = http.MethodPost, bytes.NewReader(body)
				}
				req, _ := http.NewRequest(method, e.url+path, rd)
				req.Header.Set("Authorization", "Bearer "+tokens[c%len(tokens)])
				req.Header.Set("Content-Type", "application/json")
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					failed.Store(err.Error())
					return
				}
				rb, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				lat[c] = append(lat[c], time.Since(t0))
				switch resp.StatusCode {
				case http.StatusOK:
					served.Add(1)
				case http.StatusTooManyRequests, shed503:
					shed.Add(1)
					shedMsg.Store(string(rb))
					continue
				default:
					failed.Store(fmt.Sprintf("status %d: %s", resp.StatusCode, rb))
					return
				}
				var d struct {
					Decision struct {
						Allow   bool
						Reasons []struct{ Rule, Message string }
					} `json:"decision"`
				}
				if json.Unmarshal(rb, &d) == nil && d.Decision.Allow {
					allowed.Add(1)
				} else if path == "/v1/check" {
					denied.Store(fmt.Sprint(d.Decision.Reasons))
				}
			}
		})
	}
	wg.Wait()
	res := loadResult{elapsed: time.Since(start), cpu: cputime.Process() - cpu0, latencies: slices.Concat(lat...), served: served.Load(), allowed: allowed.Load(), shed: shed.Load()}
	if f := failed.Load(); f != nil {
		b.Fatalf("request failed: %v", f)
	}
	if d := denied.Load(); d != nil {
		b.Logf("a check was denied; reasons: %v", d)
	}
	if m := shedMsg.Load(); m != nil {
		b.Logf("%d requests shed, e.g. %s", res.shed, m)
	}
	return res
}

func (r loadResult) report(b *testing.B, unit string) {
	slices.Sort(r.latencies)
	pct := func(p float64) float64 {
		if len(r.latencies) == 0 {
			return 0
		}
		i := min(len(r.latencies)-1, int(p*float64(len(r.latencies))))
		return float64(r.latencies[i].Microseconds()) / 1000
	}
	b.ReportMetric(float64(r.served)/r.elapsed.Seconds(), unit+"/s")
	b.ReportMetric(float64(r.shed), "shed")
	if r.served > 0 {
		// CPU per request served is what the throughput on a quiet machine follows; it includes the
		// in-process load generator's share.
		b.ReportMetric(float64(r.cpu.Microseconds())/float64(r.served), "cpu-µs/"+strings.TrimSuffix(unit, "s"))
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op") // wall time per op over many clients says nothing; the rate does
}

// checkRecords stops the server and checks that the log holds exactly one intact decision record per
// request served (and results per run).
func checkRecords(b *testing.B, e *testEnv, decisions, results int) {
	b.Helper()
	if e.audit == "" {
		if err := e.stop(); err != nil {
			b.Fatal(err)
		}
		return
	}
	recs := e.verifyLog()
	if d, r := countKind(recs, record.KindDecision), countKind(recs, record.KindResult); d != decisions || r != results {
		b.Fatalf("log has %d decisions and %d results, want %d and %d (the requests served)", d, r, decisions, results)
	}
}

func benchBody(b *testing.B) []byte {
	src, err := os.ReadFile("testdata/bench_program.py")
	if err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"code": string(src), "path": "orders.py"})
	return body
}

// BenchmarkServeCheck: POST /v1/check of a 100-line program over loopback, with and without the
// audit log (every check appends a durable, fsync'd decision record; concurrent appends are
// group-committed).
//
// The collector is set as the sbxgate binary sets it (internal/gctune); run with GOGC=100 in the
// environment to measure Go's default instead.
func BenchmarkServeCheck(b *testing.B) {
	defer gctune.Apply()()
	body := benchBody(b)
	for _, log := range []bool{false, true} {
		for _, clients := range []int{1, 16, 32, 64} {
			name := fmt.Sprintf("log=%v/clients=%d", log, clients)
			b.Run(name, func(b *testing.B) {
				e := startEnv(b, testConfig(b), envOpts{noLog: !log})
				b.ResetTimer()
				res := load(b, e, "/v1/check", body, b.N, clients)
				b.StopTimer()
				res.report(b, "checks")
				// The program passes the policy; a denial here is the gate failing closed under load
				// (e.g. the policy's evaluation deadline), reported, not hidden.
				b.ReportMetric(float64(res.served-res.allowed), "denied")
				checkRecords(b, e, int(res.served), 0)
			})
		}
	}
}

// BenchmarkServeCheckLarge: POST /v1/check of a megabyte of comments, decoded and analyzed in an
// analysis worker as sbxgate serve does, without the audit log: the aggressor of
// scripts/bench_serve.sh's last fair-share row, one client. B/op is what the server allocates per
// such check (the worker's own allocations are in its process), the collector's work that falls on
// the small checks beside it.
func BenchmarkServeCheckLarge(b *testing.B) {
	defer gctune.Apply()()
	var src strings.Builder
	for i := range 13300 {
		fmt.Fprintf(&src, "# line %06d of a large program that is cheap to analyze: only comments.\n", i)
	}
	body, _ := json.Marshal(map[string]string{"code": src.String(), "path": "cheap.py"})
	pool := workerPool(b)
	e := startEnv(b, testConfig(b), envOpts{noLog: true, opts: []Option{WithLargeAnalyzer(pool), WithLargeDecoder(pool.Decode)}})
	b.ReportAllocs()
	b.ResetTimer()
	res := load(b, e, "/v1/check", body, b.N, 1)
	b.StopTimer()
	res.report(b, "checks")
}

// BenchmarkServeRun: POST /v1/run of a small program at the runner's concurrency (the pool's
// parallelism), with the audit log.
func BenchmarkServeRun(b *testing.B) {
	defer gctune.Apply()()
	cfg := testConfig(b)
	clients := cfg.Runner.MaxConcurrent
	body, _ := json.Marshal(map[string]string{"code": "import json\nprint(json.dumps(sum(range(1000))))\n"})
	b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
		e := startEnv(b, cfg, envOpts{runner: true})
		b.ResetTimer()
		// Two principals: one may hold only half of the run slots when the token table names more.
		res := load(b, e, "/v1/run", body, b.N, clients, aliceToken, bobToken)
		b.StopTimer()
		res.report(b, "runs")
		// Every run that got past the slot was decided; the allowed ones ran and have a result.
		checkRecords(b, e, int(res.served), int(res.allowed))
	})
}

// BenchmarkServeFloor: GET /healthz over the same loopback and clients, i.e. what the HTTP layer
// alone costs on this machine, to read the check figures against.
func BenchmarkServeFloor(b *testing.B) {
	defer gctune.Apply()()
	b.Run("clients=16", func(b *testing.B) {
		e := startEnv(b, testConfig(b), envOpts{noLog: true})
		b.ResetTimer()
		res := load(b, e, "/healthz", nil, b.N, 16)
		b.StopTimer()
		res.report(b, "requests")
	})
}

// BenchmarkServeRunWarm is the agent's path when the server is not busy: one POST /v1/run at a
// time through the whole pipeline (HTTP, analysis, policy, the fsync'd decision record, the run
// in a warm sandbox, the result record), with the pool refilled between requests outside the
// timer; beside it, `docker run` of the same program with the same runtime, the anchor. Per
// runtime (runc, and gVisor's runsc where the daemon has it), as p50/p95 in milliseconds:
//
//	go test -run '^$' -bench ServeRunWarm -benchtime 30x ./server/      (make bench-run)
func BenchmarkServeRunWarm(b *testing.B) {
	defer gctune.Apply()()
	const code = "print(1)\n"
	for _, rt := range []string{"runc", "runsc"} {
		b.Run("runtime="+rt, func(b *testing.B) {
			cfg := testConfig(b)
			cfg.Runner.PoolSize = 1
			for name, t := range cfg.Tiers {
				t.Runtime = rt
				cfg.Tiers[name] = t
			}
			e := startEnv(b, cfg, envOpts{runner: true})
			d, ok := e.built.Runner.(*runner.Docker)
			if !ok {
				b.Fatal("the pipeline's runner is not the Docker runner")
			}
			tier := cfg.Tiers["untrusted"].Limits()
			b.Run("pipeline_warm", func(b *testing.B) {
				percentilesMS(b, func() {
					b.StopTimer()
					for deadline := time.Now().Add(time.Minute); d.Warm(tier) < 1 || !d.Idle(); time.Sleep(5 * time.Millisecond) {
						if time.Now().After(deadline) {
							b.Fatal("pool never refilled")
						}
					}
					b.StartTimer()
				}, func() {
					r := e.post("/v1/run", aliceToken, map[string]string{"code": code})
					if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"stdout":"1\n"`) {
						b.Fatalf("run: %d %s", r.Status, r.Body)
					}
				})
			})
			b.Run("docker_run", func(b *testing.B) {
				percentilesMS(b, nil, func() {
					out, err := exec.Command("docker", "run", "--rm", "--runtime", rt, "--network", "none", cfg.Runner.Image, "python3", "-c", code).Output()
					if err != nil || string(out) != "1\n" {
						b.Fatalf("docker run: %v %q", err, out)
					}
				})
			})
		})
	}
}

// percentilesMS times each iteration of op (after setup, which may stop the timer) and reports
// the median and 95th percentile in milliseconds.
func percentilesMS(b *testing.B, setup, op func()) {
	var ms []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if setup != nil {
			setup()
		}
		t0 := time.Now()
		op()
		ms = append(ms, float64(time.Since(t0).Microseconds())/1000)
	}
	b.StopTimer()
	slices.Sort(ms)
	b.ReportMetric(ms[len(ms)*50/100], "p50-ms")
	b.ReportMetric(ms[min(len(ms)-1, len(ms)*95/100)], "p95-ms")
}

// BenchmarkServeRunData: POST /v1/run of a pandas and matplotlib program by a principal of the
// standard level, which the shipped policy sends to the data profile, through the whole gate
// (analysis with the data packages' API, policy, audit log, a warm data-profile sandbox with every
// run-time layer, the plot returned as an artifact), against `docker run` of the same program on
// the same image:
//
//	go test -run '^$' -bench ServeRunData -benchtime 10x ./server/
func BenchmarkServeRunData(b *testing.B) {
	defer gctune.Apply()()
	const analystToken = "analyst-0123456789abcdef01234567"
	cfg := testConfig(b)
	cfg.Runner.PoolSize = 1
	cfg.Server.Tokens = append(cfg.Server.Tokens, config.Token{SHA256: mustHash(b, analystToken), Principal: "analyst"})
	dataImage := runner.ProfileImage(cfg.Runner.Image, "data")
	testenv.RequireImage(b, dataImage)
	e := startEnv(b, cfg, envOpts{runner: true})
	d, ok := e.built.Runner.(*runner.Docker)
	if !ok {
		b.Fatal("the pipeline's runner is not the Docker runner")
	}
	src, err := os.ReadFile(filepath.Join("..", "testdata", "data", "bench_plot.py")) // runner's data benchmark runs it too
	if err != nil {
		b.Fatal(err)
	}
	dataPlot := string(src)
	code := strings.Replace(dataPlot, "WHERE", "out/plot.png", 1)
	run := func() {
		r := e.post("/v1/run", analystToken, map[string]string{"code": code})
		var res struct {
			Decision struct {
				Limits struct {
					Profile string `json:"profile"`
				} `json:"limits"`
			} `json:"decision"`
			Result struct {
				ExitCode  int `json:"exit_code"`
				Artifacts []struct {
					Name string `json:"name"`
				} `json:"artifacts"`
			} `json:"result"`
		}
		if err := json.Unmarshal(r.Body, &res); r.Status != http.StatusOK || err != nil || res.Decision.Limits.Profile != "data" ||
			res.Result.ExitCode != 0 || len(res.Result.Artifacts) != 1 {
			b.Fatalf("run: %d %s", r.Status, r.Body)
		}
	}
	// The first run is cold; the pool then keeps one warm sandbox of the limits it ran with.
	run()
	l := cfg.Tiers["standard"].Limits()
	l.Profile = "data"
	b.Run("pipeline_warm", func(b *testing.B) {
		percentilesMS(b, func() {
			b.StopTimer()
			for deadline := time.Now().Add(2 * time.Minute); d.Warm(l) < 1 || !d.Idle(); time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					b.Fatal("pool never refilled")
				}
			}
			b.StartTimer()
		}, run)
	})
	b.Run("docker_run", func(b *testing.B) {
		plain := strings.Replace(dataPlot, "WHERE", "/tmp/plot.png", 1)
		percentilesMS(b, nil, func() {
			out, err := exec.Command("docker", "run", "--rm", "--network", "none", "-e", "MPLBACKEND=Agg", "-e", "MPLCONFIGDIR=/tmp/mpl",
				dataImage, "python3", "-I", "-c", plain).CombinedOutput()
			if err != nil {
				b.Fatalf("docker run: %v %s", err, out)
			}
		})
	})
}
