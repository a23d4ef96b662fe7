package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/analyzeproc"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// workerEnv, set to 1, makes the test binary an analysis worker of the server's (WorkerDecoder), as
// sbxgate's analyze-worker command is.
const workerEnv = "SBXGATE_SERVER_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := analyzeproc.Serve(context.Background(), os.Stdin, os.Stdout, WorkerDecoder); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// workerPool is a pool of analysis workers of this test binary, under the embedded config, which
// decodes as testConfig does (they differ in tokens and rate only).
func workerPool(t testing.TB, argv ...string) *analyzeproc.Pool {
	t.Helper()
	if len(argv) == 0 {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		argv = []string{"/usr/bin/env", workerEnv + "=1", self}
	}
	p, err := analyzeproc.New(argv, config.DefaultYAML())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// A large body decoded and analyzed in a worker gets the answer the handler's own decoding gives:
// the same report and decision, the same refusal of a bad body (status and message), and the same
// decision record; a worker that fails leaves the body to the handler.
func TestLargeBodiesDecodedInWorkers(t *testing.T) {
	cfg := testConfig(t)
	plain := startEnv(t, cfg, envOpts{})
	pool := workerPool(t)
	var decodes atomic.Int64
	counted := func(ctx context.Context, body, buf []byte) (analyzeproc.Decoded, error) {
		decodes.Add(1)
		return pool.Decode(ctx, body, buf)
	}
	workers := startEnv(t, cfg, envOpts{opts: []Option{WithLargeAnalyzer(pool), WithLargeDecoder(counted)}})
	broken := workerPool(t, "/nonexistent/sbxgate")
	fallback := startEnv(t, cfg, envOpts{opts: []Option{WithLargeAnalyzer(pool), WithLargeDecoder(broken.Decode)}})

	pad := strings.Repeat("# a comment that makes the program large\n", 2000) // 80 KB
	bodies := map[string]string{
		"allowed":       jsonBody(t, map[string]any{"code": pad + allowedCode, "path": "big.py", "labels": map[string]string{"team": "é"}, "requested_tier": "standard"}),
		"denied":        jsonBody(t, map[string]any{"code": pad + deniedCode}),
		"unknown field": `{"code": "` + strings.Repeat(`# x\n`, 20000) + `", "cod": 1}`,
		"twice":         `{"code": "` + strings.Repeat(`# x\n`, 20000) + `", "code": "print(1)"}`,
		"bad utf-8":     `{"code": "` + strings.Repeat(`# x\n`, 20000) + "\xff" + `"}`,
		"no code":       `{"path": "` + strings.Repeat(`x`, 70000) + `"}`,
		"bad tier":      jsonBody(t, map[string]any{"code": pad, "requested_tier": "huge"}),
		"bad file":      jsonBody(t, map[string]any{"code": pad, "files": []map[string]string{{"name": "a.csv", "content_base64": "!!"}}}),
		"file":          jsonBody(t, map[string]any{"code": pad, "files": []map[string]string{{"name": "a.csv", "content_base64": "YSxiCg=="}}}),
		"cut short":     jsonBody(t, map[string]any{"code": pad})[:70000],
	}
	for name, body := range bodies {
		if len(body) < largeProgram {
			t.Fatalf("%s: a body of %d bytes is not large", name, len(body))
		}
		want := plain.do(http.MethodPost, "/v1/check", aliceToken, strings.NewReader(body))
		for _, e := range []*testEnv{workers, fallback} {
			before := decodes.Load()
			got := e.do(http.MethodPost, "/v1/check", aliceToken, strings.NewReader(body))
			if e == workers && decodes.Load() != before+1 {
				t.Fatalf("%s: the body was not given to a worker", name)
			}
			if got.Status != want.Status || !bytes.Equal(withoutIDs(t, got.Body), withoutIDs(t, want.Body)) {
				t.Errorf("%s: decoded by a worker (broken: %v): %d %.300s\nby the handler: %d %.300s", name, e == fallback, got.Status, got.Body, want.Status, want.Body)
			}
		}
	}
	// The decision records (the denied program's code kept, per store_code: on_deny) are the same.
	wantRecs, gotRecs := plain.verifyLog(), workers.verifyLog()
	if len(gotRecs) != len(wantRecs) || len(gotRecs) != 3 {
		t.Fatalf("%d records with workers, %d without, want 3 (allowed, denied, file)", len(gotRecs), len(wantRecs))
	}
	byCode := map[string]string{}
	for _, r := range wantRecs {
		byCode[r.CodeSHA256] = recordShape(t, r)
	}
	for _, r := range gotRecs {
		if got, want := recordShape(t, r), byCode[r.CodeSHA256]; got != want {
			t.Errorf("record with a worker:\n%s\nwithout:\n%s", got, want)
		}
	}
}

func jsonBody(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withoutIDs is an answer without the ids that differ from request to request.
func withoutIDs(t *testing.T, body []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("answer is not a JSON object: %v: %.200s", err, body)
	}
	delete(m, "request_id")
	delete(m, "audit_id")
	b, _ := json.Marshal(m)
	return b
}

// recordShape is a decision record without what differs from record to record (ids, time, the
// chain, the writer).
func recordShape(t *testing.T, r any) string {
	t.Helper()
	b, _ := json.Marshal(r)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "seq", "time", "request_id", "prev", "hash", "owner", "duration_ms"} {
		delete(m, k)
	}
	out, _ := json.MarshalIndent(m, "", " ")
	return string(out)
}

// A large run decoded by a worker runs the code the worker decoded, with its input file, and is
// denied on the worker's report.
func TestLargeRunDecodedInWorker(t *testing.T) {
	pool := workerPool(t)
	var decodes atomic.Int64
	counted := func(ctx context.Context, body, buf []byte) (analyzeproc.Decoded, error) {
		decodes.Add(1)
		return pool.Decode(ctx, body, buf)
	}
	e := startEnv(t, testConfig(t), envOpts{runner: true, opts: []Option{WithLargeAnalyzer(pool), WithLargeDecoder(counted)}})
	pad := strings.Repeat("# a comment that makes the program large\n", 2000)
	files := []map[string]string{{"name": "in.txt", "content_base64": "NDI="}} // "42"
	r := e.post("/v1/run", aliceToken, map[string]any{"code": pad + "print(open('in.txt').read(), 'é')\n", "files": files})
	var got RunResponse
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &got) != nil || got.Result == nil {
		t.Fatalf("run: %d %s", r.Status, r.Body)
	}
	if got.Result.ExitCode != 0 || got.Result.Stdout != "42 é\n" {
		t.Fatalf("result %+v, want exit 0 and stdout %q", got.Result, "42 é\n")
	}
	r = e.post("/v1/run", aliceToken, map[string]any{"code": pad + deniedCode})
	got = RunResponse{}
	if r.Status != http.StatusOK || json.Unmarshal(r.Body, &got) != nil || got.Decision == nil || got.Decision.Allow || got.Result != nil {
		t.Fatalf("denied run: %d %s", r.Status, r.Body)
	}
	if decodes.Load() != 2 {
		t.Fatalf("%d bodies went to a worker, want 2", decodes.Load())
	}
}

// Large checks decoded by workers reuse the buffers their programs go into; under concurrent checks
// of programs of different sizes (some sharing a size class), each answer and each decision record
// is of its own program, byte for byte (store_code always keeps every program in its record).
func TestReusedProgramBuffersKeepEachCheck(t *testing.T) {
	cfg := testConfig(t)
	cfg.Audit.StoreCode = record.StoreAlways
	pool := workerPool(t)
	var mu sync.Mutex
	seen := map[*byte]int{}
	decoder := func(ctx context.Context, body, buf []byte) (analyzeproc.Decoded, error) {
		mu.Lock()
		seen[&buf[:1][0]]++
		mu.Unlock()
		return pool.Decode(ctx, body, buf)
	}
	e := startEnv(t, cfg, envOpts{opts: []Option{WithLargeAnalyzer(pool), WithLargeDecoder(decoder)}})
	e.srv.bodies.scrub = true

	const clients, each = 6, 5
	programs := map[string][]byte{} // by sha256
	var wg sync.WaitGroup
	errs := make(chan error, clients*each)
	for c := range clients {
		for i := range each {
			pad := strings.Repeat(fmt.Sprintf("# client %d, program %d\n", c, i), 3000+700*((c+i)%4))
			code := pad + allowedCode
			if i%2 == 1 {
				code = pad + deniedCode
			}
			sum := sha256.Sum256([]byte(code))
			programs[hex.EncodeToString(sum[:])] = []byte(code)
		}
	}
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				pad := strings.Repeat(fmt.Sprintf("# client %d, program %d\n", c, i), 3000+700*((c+i)%4))
				code := pad + allowedCode
				if i%2 == 1 {
					code = pad + deniedCode
				}
				body, _ := json.Marshal(map[string]string{"code": code, "path": "big.py"})
				r := e.do(http.MethodPost, "/v1/check", aliceToken, bytes.NewReader(body))
				var got CheckResponse
				if r.Status != http.StatusOK || json.Unmarshal(r.Body, &got) != nil || got.Report == nil {
					errs <- fmt.Errorf("client %d, check %d: %d %.200s", c, i, r.Status, r.Body)
					continue
				}
				sum := sha256.Sum256([]byte(code))
				if got.Report.SHA256 != hex.EncodeToString(sum[:]) || got.Report.Size != len(code) || got.Decision.Allow != (i%2 == 0) {
					errs <- fmt.Errorf("client %d, check %d: the answer is of %.12s (%d bytes, allow %v), want %.12s (%d bytes)", c, i, got.Report.SHA256, got.Report.Size, got.Decision.Allow, hex.EncodeToString(sum[:]), len(code))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	reused := 0
	for _, n := range seen {
		reused += n - 1
	}
	if reused == 0 {
		t.Fatalf("%d checks went into %d buffers: none was reused, so this test tested nothing", clients*each, len(seen))
	}
	recs := e.verifyLog()
	if len(recs) != clients*each {
		t.Fatalf("%d records, want %d", len(recs), clients*each)
	}
	for _, r := range recs {
		want, ok := programs[r.CodeSHA256]
		if !ok || r.Code == nil || *r.Code != string(want) || r.CodeSize != len(want) {
			t.Errorf("record %s keeps %d bytes for code %.12s: not the program it names", r.ID, r.CodeSize, r.CodeSHA256)
		}
	}
}
