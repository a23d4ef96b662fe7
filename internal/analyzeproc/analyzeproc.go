// Package analyzeproc analyzes programs in child processes of the lowest CPU priority. A large
// program's analysis then neither holds a processor a small check is waiting for (the kernel
// preempts the child for the server within its own scheduling granularity, not Go's 10 ms slice)
// nor stops the server for its garbage collection (about 80 MB allocated per MB of source, in a
// heap of its own).
//
// A worker can also decode the request that carries a program (Pool.Decode), so that a large
// request's JSON is not read at the server's priority either.
//
// A worker's memory is bounded (Pool.SetMemoryLimit): a soft limit for its collector, and past the
// bound the worker exits (exitMemory) and the program is denied with a LimitError. After a request
// that left much memory mapped, it returns it to the system, so that an idle worker does not keep
// the peak of the last large analysis.
//
// A worker's CPU time per request is bounded too (Pool.SetCPUBound; by default CPUBase plus
// CPUPerByte per byte of the program or request body): past it the worker exits (exitCPU) and the
// program is denied with a LimitError, where an analysis that grew superlinearly held a worker,
// one of the few, for as long as it took.
//
// The protocol on the child's standard input and output: first the config, as a frame, the
// memory bound in bytes (decimal, 0 for none), as a frame, and the CPU bound as a frame ("BASE
// PERBYTE", nanoseconds, decimal; "0 0" for none); then per
// request a frame naming the operation and its frames. "analyze": a frame holding the program's
// path and a frame holding its bytes, answered by one JSON line, the report. "decode": a frame
// holding a request body, answered by one JSON line, the refusal or the decoded request's path and
// metadata; unless refused, then a frame holding the program's bytes and the report line. A frame
// is a decimal length, a newline, and that many bytes.
package analyzeproc

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"errors"
	"fmt"
	jsonv2 "github.com/go-json-experiment/json"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/cputime"
)

// maxFrame bounds a frame a worker accepts: far above the analyzer's own source limit, so the
// analyzer, not the framing, is what answers an oversized program.
const maxFrame = 64 << 20

// maxReport bounds the report line a parent accepts from a worker.
const maxReport = 256 << 20

// The operations a worker serves: the first frame of each request.
const (
	opAnalyze = "analyze"
	opDecode  = "decode"
)

// Decoder decodes a request body in a worker, under the worker's config: the program's path and
// bytes, and the rest of the request as the parent wants it back; or a refusal of the body.
type Decoder func(cfg *config.Config, body []byte) (Decoded, *Refusal)

// Decoded is a request body decoded by a worker's Decoder, with the worker's report of its program.
type Decoded struct {
	Path string
	Code []byte
	// Meta is the rest of the request, in the Decoder's encoding (JSON), for the parent to read.
	Meta json.RawMessage
	// Report is the worker's report of Path and Code, the program it analyzed.
	Report *analyzer.Report
}

// Refusal is a request body a Decoder refused, with the status and the one-line message for the
// client.
type Refusal struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
}

func (r *Refusal) Error() string { return r.Message }

// decodeAnswer is the line a worker answers a decode with.
type decodeAnswer struct {
	Refusal *Refusal        `json:"refusal,omitempty"`
	Path    string          `json:"path"`
	Meta    json.RawMessage `json:"meta,omitempty"`
}

// Pool runs programs' analyses in worker processes, one analysis per worker at a time. Workers
// start when needed and are reused; one that fails or whose request is canceled is killed.
//
// At most half the processors' worth of workers (at least one) serve at once; further requests
// wait for one. A worker's bound is on its own memory: unbounded in number, eight parallel calls of
// sbxgate mcp with 400 KB programs ran eight workers, 1.8 GB of RSS between them, and took 51 s on
// two cores.
type Pool struct {
	argv   []string
	config []byte
	// memLimit bounds each worker's memory (SetMemoryLimit); 0: no bound.
	memLimit int64
	// cpuBase and cpuPerByte bound each request's CPU time in a worker (SetCPUBound).
	cpuBase, cpuPerByte time.Duration
	// slots holds a token per request being served (do).
	slots chan struct{}

	mu     sync.Mutex
	idle   []*worker
	closed bool
}

// New returns a pool whose workers run argv (a command that calls Serve) and analyze under the
// config whose sandbox.yaml bytes are cfg: the parent's own, so both decide alike.
func New(argv []string, cfg []byte) (*Pool, error) {
	if len(argv) == 0 {
		return nil, errors.New("analyzeproc: no worker command")
	}
	if _, err := config.Parse(cfg, "analysis worker"); err != nil {
		return nil, fmt.Errorf("analyzeproc: %w", err)
	}
	return &Pool{argv: argv, config: cfg, slots: make(chan struct{}, Workers()), cpuBase: CPUBase, cpuPerByte: CPUPerByte}, nil
}

// CPUBase and CPUPerByte are a worker's default bound on the CPU time of one request: CPUBase plus
// CPUPerByte per byte of the program (or of the request body it decodes). The analysis is linear
// in what it reads: its costliest shapes known took about 1.6 µs a byte of one core (0.63 MB/s,
// BenchmarkHostileShapes at a load of 7 on 2 cores, findings/70 and 71) and ordinary code about
// 0.7 µs (a megabyte of assignments in 0.7 s), so that 10 µs a byte leaves a margin of 6 to 14;
// the 4 MiB program the analyzer accepts at most gets 44 s. CPU time, not wall time: a worker
// runs at the lowest priority, and a loaded machine must slow it, not deny its program.
const (
	CPUBase    = 2 * time.Second
	CPUPerByte = 10 * time.Microsecond
)

// SetCPUBound bounds the CPU time of each request in a worker at base plus perByte per byte of
// its program or body (0 and 0: no bound), from the next worker started on; call it before the
// pool is used. An analysis that needs more is denied with a LimitError, and its worker ends.
func (p *Pool) SetCPUBound(base, perByte time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cpuBase, p.cpuPerByte = max(0, base), max(0, perByte)
}

// Workers is how many workers a Pool runs at once: half the processors, at least one, the share of
// the processors the server gives large programs.
func Workers() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// SetMemoryLimit bounds the memory each worker maps, in bytes (0: no bound), from the next worker
// started on; call it before the pool is used. An analysis that needs more is denied with a
// LimitError, and its worker ends.
func (p *Pool) SetMemoryLimit(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.memLimit = max(0, n)
}

// Analyze analyzes src in a worker. It never returns nil: a worker that cannot answer gives a
// report with an InternalError parse error, which every policy denies.
func (p *Pool) Analyze(ctx context.Context, path string, src []byte) *analyzer.Report {
	rep, err := p.analyze(ctx, path, src)
	if err != nil {
		return failed(path, src, err)
	}
	return rep
}

// errCPU is a worker's failure for passing its CPU bound.
type errCPU struct{ base, perByte time.Duration }

func (e errCPU) Error() string {
	return fmt.Sprintf("the analysis needed more CPU time than the analysis workers' bound (%v plus %v a byte): split the program into smaller files, or write it more plainly", e.base, e.perByte)
}

// errMemory is a worker's failure for passing its memory bound.
type errMemory struct{ limit int64 }

func (e errMemory) Error() string {
	return fmt.Sprintf("the analysis needed more than %d MiB of memory, the analysis workers' bound: split the program into smaller files", e.limit>>20)
}

func (p *Pool) analyze(ctx context.Context, path string, src []byte) (*analyzer.Report, error) {
	var rep *analyzer.Report
	err := p.do(ctx, func(w *worker) (err error) {
		rep, err = w.analyze(path, src)
		return err
	})
	return rep, err
}

// Decode decodes a request body in a worker with its Decoder (Serve's) and analyzes the program in
// it. The error is a *Refusal when the decoder refused the body; any other error is the worker's
// failure, and the caller decodes the body itself.
//
// The program's bytes go into buf when it has room for them (d.Code then shares buf's array, and the
// caller may reuse buf once it is done with d.Code), into a new array otherwise. Decode has stopped
// reading and writing body and buf when it returns, cancelled or not.
func (p *Pool) Decode(ctx context.Context, body, buf []byte) (Decoded, error) {
	var d Decoded
	var refusal *Refusal
	err := p.do(ctx, func(w *worker) (err error) {
		d, refusal, err = w.decode(body, buf)
		return err
	})
	if err != nil && d.Code != nil && ctx.Err() == nil {
		// The worker decoded the body and sent its program, then failed to analyze it (it passed
		// its memory bound, or died): the program is denied, not decoded and analyzed again.
		d.Report = failed(d.Path, d.Code, err)
		return d, nil
	}
	if err != nil {
		return Decoded{}, err
	}
	if refusal != nil {
		return Decoded{}, refusal
	}
	return d, nil
}

// do runs one request on a worker, which goes back to the pool when it answered and is killed
// when it failed or ctx ended first.
func (p *Pool) do(ctx context.Context, req func(*worker) error) error {
	select {
	case p.slots <- struct{}{}:
		defer func() { <-p.slots }()
	case <-ctx.Done():
		return fmt.Errorf("analysis cancelled while it waited for a worker: %w", ctx.Err())
	}
	w, err := p.get()
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- req(w) }()
	select {
	case err := <-done:
		if err != nil {
			w.kill()
			if w.cmd.ProcessState != nil && w.cmd.ProcessState.ExitCode() == exitMemory {
				return fmt.Errorf("%w (%v)", errMemory{w.memLimit}, err)
			}
			if w.cmd.ProcessState != nil && w.cmd.ProcessState.ExitCode() == exitCPU {
				return fmt.Errorf("%w (%v)", errCPU{w.cpuBase, w.cpuPerByte}, err)
			}
			return err
		}
		p.put(w)
		return nil
	case <-ctx.Done():
		// The worker is mid-analysis: killing it is the only way to stop it.
		w.kill()
		<-done
		return fmt.Errorf("analysis cancelled: %w", ctx.Err())
	}
}

// Probe analyzes a one-line program in a worker, which stays in the pool: a command checks at
// start-up that its workers run, rather than denying every large program later.
func (p *Pool) Probe(ctx context.Context) error {
	_, err := p.analyze(ctx, "probe.py", []byte("pass\n"))
	return err
}

func (p *Pool) get() (*worker, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errors.New("the analysis workers are shut down")
	}
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	limit, base, perByte := p.memLimit, p.cpuBase, p.cpuPerByte
	p.mu.Unlock()
	return start(p.argv, p.config, limit, base, perByte)
}

func (p *Pool) put(w *worker) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		w.kill()
		return
	}
	p.idle = append(p.idle, w)
}

// Close stops the idle workers; busy ones stop when their analysis ends.
func (p *Pool) Close() error {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, w := range idle {
		w.stop()
	}
	return nil
}

type worker struct {
	memLimit int64 // the bound it was started with
	// cpuBase and cpuPerByte are the CPU bound it was started with.
	cpuBase, cpuPerByte time.Duration
	cmd                 *exec.Cmd
	in                  *os.File // the worker's standard input
	outFile             *os.File // its standard output, read through out
	out                 *bufio.Reader
}

// pipeBytes is the capacity asked of the pipes to and from a worker: a megabyte-sized program
// crosses in one write, where the default 64 KiB took sixteen rounds of waking the reader, each a
// context switch of both processes.
const pipeBytes = 1 << 20

func start(argv []string, cfg []byte, memLimit int64, cpuBase, cpuPerByte time.Duration) (*worker, error) {
	inR, inW, err := pipe()
	if err != nil {
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	outR, outW, err := pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, os.Stderr
	err = cmd.Start()
	inR.Close() // the child's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	w := &worker{memLimit: memLimit, cpuBase: cpuBase, cpuPerByte: cpuPerByte, cmd: cmd, in: inW, outFile: outR, out: bufio.NewReader(outR)}
	cpu := fmt.Appendf(nil, "%d %d", cpuBase.Nanoseconds(), cpuPerByte.Nanoseconds())
	if err := writeFrames(inW, cfg, strconv.AppendInt(nil, memLimit, 10), cpu); err != nil {
		w.kill()
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	return w, nil
}

// pipe returns a pipe of pipeBytes capacity where the system allows it (fs.pipe-max-size); a
// smaller one only costs context switches.
func pipe() (r, w *os.File, err error) {
	r, w, err = os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	if c, err := w.SyscallConn(); err == nil {
		c.Control(func(fd uintptr) { unix.FcntlInt(fd, unix.F_SETPIPE_SZ, pipeBytes) })
	}
	return r, w, nil
}

func (w *worker) analyze(path string, src []byte) (*analyzer.Report, error) {
	if err := writeFrames(w.in, []byte(opAnalyze), []byte(path), src); err != nil {
		return nil, fmt.Errorf("analysis worker: %w", err)
	}
	return w.report(path, src)
}

func (w *worker) decode(body, buf []byte) (Decoded, *Refusal, error) {
	if err := writeFrames(w.in, []byte(opDecode), body); err != nil {
		return Decoded{}, nil, fmt.Errorf("analysis worker: %w", err)
	}
	line, err := readLine(w.out, maxReport)
	if err != nil {
		return Decoded{}, nil, fmt.Errorf("analysis worker: no answer to a decode: %w", err)
	}
	var a decodeAnswer
	if err := json.Unmarshal(line, &a); err != nil {
		return Decoded{}, nil, fmt.Errorf("analysis worker: bad answer to a decode: %w", err)
	}
	if a.Refusal != nil {
		return Decoded{}, a.Refusal, nil
	}
	code, err := readFrameInto(w.out, maxFrame, buf)
	if err != nil {
		return Decoded{}, nil, fmt.Errorf("analysis worker: no program after a decode: %w", err)
	}
	rep, err := w.report(a.Path, code)
	if err != nil {
		// What was decoded, without a report: Decode denies it.
		return Decoded{Path: a.Path, Code: code, Meta: a.Meta}, nil, err
	}
	return Decoded{Path: a.Path, Code: code, Meta: a.Meta, Report: rep}, nil, nil
}

// report reads the worker's report of the program path with bytes src.
func (w *worker) report(path string, src []byte) (*analyzer.Report, error) {
	line, err := readLine(w.out, maxReport)
	if err != nil {
		return nil, fmt.Errorf("analysis worker: no report: %w", err)
	}
	var rep analyzer.Report
	// The v2 decoder: a large program's report is decoded by the server, at its priority, and v2
	// takes it in about half the time of encoding/json.
	if err := jsonv2.Unmarshal(line, &rep); err != nil {
		return nil, fmt.Errorf("analysis worker: bad report: %w", err)
	}
	// The worker is this binary: a report of another program, or from another analyzer (the file
	// replaced under a running server), is not this program's. Its hash is not computed again here:
	// the decision record checks it against the bytes (record.SetCode), and a second pass over a
	// megabyte would cost the server half a millisecond at its own priority.
	if rep.Size != len(src) || rep.Path != path || rep.AnalyzerVersion != analyzer.Version {
		return nil, fmt.Errorf("analysis worker: the report is not of this program by this analyzer (version %q)", rep.AnalyzerVersion)
	}
	return &rep, nil
}

func (w *worker) kill() {
	w.cmd.Process.Kill()
	w.stop()
}

// stop ends an idle worker by closing its input, which it reads as the end of its work.
func (w *worker) stop() {
	w.in.Close()
	w.cmd.Wait()
	w.outFile.Close()
}

func failed(path string, src []byte, err error) *analyzer.Report {
	sum := sha256.Sum256(src)
	pe := &analyzer.ParseError{Kind: "InternalError", Message: err.Error()}
	var em errMemory
	var ec errCPU
	switch {
	case errors.As(err, &em):
		pe = &analyzer.ParseError{Kind: "LimitError", Message: em.Error()}
	case errors.As(err, &ec):
		pe = &analyzer.ParseError{Kind: "LimitError", Message: ec.Error()}
	}
	return &analyzer.Report{
		Path: path, SHA256: hex.EncodeToString(sum[:]), Size: len(src), AnalyzerVersion: analyzer.Version,
		Imports: []analyzer.Import{}, Findings: []analyzer.Finding{}, Capabilities: []string{},
		ParseError: pe,
	}
}

// exitMemory is a worker's exit status when it passed its memory bound.
const exitMemory = 3

// exitCPU is a worker's exit status when a request passed its CPU bound.
const exitCPU = 4

// cpuPoll is how often a worker with a CPU bound looks at its CPU time while it serves.
const cpuPoll = 10 * time.Millisecond

// limitCPU watches this worker's CPU time: a request's bound is sent on the channel when it starts
// (the CPU time it may use) and 0 when it is answered; past the bound the process exits
// (exitCPU). Process CPU time, the collector's threads included.
func limitCPU() chan<- time.Duration {
	on := make(chan time.Duration)
	go func() {
		for {
			bound := <-on
			for bound <= 0 {
				bound = <-on
			}
			end := cputime.Process() + bound
			t := time.NewTicker(cpuPoll)
			for bound > 0 {
				select {
				case bound = <-on:
					end = cputime.Process() + bound
				case <-t.C:
					if cputime.Process() > end {
						fmt.Fprintf(os.Stderr, "analysis worker: the analysis passed its CPU bound of %v: the program is denied\n", bound)
						os.Exit(exitCPU)
					}
				}
			}
			t.Stop()
		}
	}()
	return on
}

// memoryPoll is how often a worker with a memory bound looks at its memory.
const memoryPoll = 2 * time.Millisecond

// limitMemory bounds this worker's memory at limit bytes: its collector's soft limit at three
// quarters of it, and a watchdog that ends the process once the memory mapped for it (the runtime's
// total, less what it returned to the system) passes limit. The analyzer's memory is not its
// source's size times a constant (a megabyte of one-statement lines took 330 MB of RSS, and 600
// MB for "a;" repeated, at the collector's default target): the bound is what caps it. The watchdog
// polls while a request is served (busy sends true, then false), and sleeps while the worker idles.
func limitMemory(limit int64) (busy chan<- bool) {
	debug.SetMemoryLimit(limit / 4 * 3)
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	on := make(chan bool)
	go func() {
		for {
			for !<-on {
			}
			t := time.NewTicker(memoryPoll)
			for serving := true; serving; {
				select {
				case serving = <-on:
				case <-t.C:
					metrics.Read(samples)
					if int64(samples[0].Value.Uint64()-samples[1].Value.Uint64()) > limit {
						fmt.Fprintf(os.Stderr, "analysis worker: the analysis passed the memory bound of %d MiB: the program is denied\n", limit>>20)
						os.Exit(exitMemory)
					}
				}
			}
			t.Stop()
		}
	}()
	return on
}

// freeMemoryAbove is the memory a worker may keep mapped between requests; past it, it returns
// what it can to the system after the request.
const freeMemoryAbove = 64 << 20

// mapped is the memory the runtime has mapped and not returned to the system.
func mapped() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// Serve is a worker's main loop: it lowers its own priority, reads the config and then requests
// from r, and writes their answers to w, until r ends. decode serves Pool.Decode; nil refuses it.
func Serve(ctx context.Context, r io.Reader, w io.Writer, decode Decoder) error {
	if err := lowerPriority(); err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	in := bufio.NewReaderSize(r, 64<<10)
	cfgBytes, err := readFrame(in, maxFrame)
	if err != nil {
		return fmt.Errorf("analysis worker: read the config: %w", err)
	}
	cfg, err := config.Parse(cfgBytes, "analysis worker")
	if err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	limitBytes, err := readFrame(in, 20)
	if err != nil {
		return fmt.Errorf("analysis worker: read the memory bound: %w", err)
	}
	limit, err := strconv.ParseInt(string(limitBytes), 10, 64)
	if err != nil || limit < 0 {
		return fmt.Errorf("analysis worker: bad memory bound %q", limitBytes)
	}
	var busy chan<- bool // the watchdog's, when the worker has a memory bound
	if limit > 0 {
		busy = limitMemory(limit)
	}
	cpuBytes, err := readFrame(in, 64)
	if err != nil {
		return fmt.Errorf("analysis worker: read the CPU bound: %w", err)
	}
	var cpuBase, cpuPerByte int64
	if _, err := fmt.Sscanf(string(cpuBytes), "%d %d", &cpuBase, &cpuPerByte); err != nil || cpuBase < 0 || cpuPerByte < 0 {
		return fmt.Errorf("analysis worker: bad CPU bound %q", cpuBytes)
	}
	var cpuWatch chan<- time.Duration // the CPU watchdog's, when the worker has a CPU bound
	if cpuBase > 0 || cpuPerByte > 0 {
		cpuWatch = limitCPU()
	}
	// watch starts the CPU bound of a request of n bytes; the loop ends it.
	watching := false
	watch := func(n int) {
		if cpuWatch != nil {
			cpuWatch <- time.Duration(cpuBase) + time.Duration(n)*time.Duration(cpuPerByte)
			watching = true
		}
	}
	an, err := analyzer.New(cfg)
	if err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	out := bufio.NewWriter(w)
	serving := false
	for {
		if serving {
			busy <- false
			serving = false
		}
		if watching {
			cpuWatch <- 0
			watching = false
		}
		if mapped() > freeMemoryAbove {
			debug.FreeOSMemory()
		}
		op, err := readFrame(in, len(opAnalyze)+len(opDecode))
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("analysis worker: %w", err)
		}
		if busy != nil {
			busy <- true
			serving = true
		}
		switch string(op) {
		case opAnalyze:
			path, err := readFrame(in, maxFrame)
			if err != nil {
				return fmt.Errorf("analysis worker: %w", err)
			}
			src, err := readFrame(in, maxFrame)
			if err != nil {
				return fmt.Errorf("analysis worker: %w", err)
			}
			watch(len(src))
			err = writeReport(out, an.Analyze(ctx, string(path), src))
			if err != nil {
				return err
			}
		case opDecode:
			if decode == nil {
				return errors.New("analysis worker: asked to decode a request, and this worker has no decoder")
			}
			body, err := readFrame(in, maxFrame)
			if err != nil {
				return fmt.Errorf("analysis worker: %w", err)
			}
			watch(len(body))
			d, refusal := decode(cfg, body)
			if err := writeLine(out, decodeAnswer{Refusal: refusal, Path: d.Path, Meta: d.Meta}); err != nil {
				return err
			}
			if refusal != nil {
				if err := out.Flush(); err != nil {
					return fmt.Errorf("analysis worker: %w", err)
				}
				continue
			}
			if err := writeFrames(out, d.Code); err != nil {
				return fmt.Errorf("analysis worker: %w", err)
			}
			// The program goes out before its analysis: a worker that ends during the analysis
			// (its memory bound) has then handed over what it decoded, which is denied.
			if err := out.Flush(); err != nil {
				return fmt.Errorf("analysis worker: %w", err)
			}
			if err := writeReport(out, an.Analyze(ctx, d.Path, d.Code)); err != nil {
				return err
			}
		default:
			return fmt.Errorf("analysis worker: unknown operation %q", op)
		}
	}
}

// writeReport writes a report line and flushes it.
func writeReport(out *bufio.Writer, rep *analyzer.Report) error {
	if err := writeLine(out, rep); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	return nil
}

// writeLine writes v as one JSON line.
func writeLine(out *bufio.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	out.Write(b)
	out.WriteByte('\n')
	return nil
}

func writeFrames(w io.Writer, frames ...[]byte) error {
	for _, b := range frames {
		if _, err := w.Write(strconv.AppendInt(nil, int64(len(b)), 10)); err != nil {
			return err
		}
		if _, err := w.Write([]byte{'\n'}); err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// readFrame reads a frame of at most limit bytes; it returns io.EOF only at a frame boundary.
func readFrame(r *bufio.Reader, limit int) ([]byte, error) {
	return readFrameInto(r, limit, nil)
}

// readFrameInto is readFrame into buf's array when the frame fits in it.
func readFrameInto(r *bufio.Reader, limit int, buf []byte) ([]byte, error) {
	line, err := readLine(r, 20)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(string(line))
	if err != nil || n < 0 || n > limit {
		return nil, fmt.Errorf("bad frame length %q", line)
	}
	b := buf[:0:cap(buf)]
	if cap(b) < n {
		b = make([]byte, n)
	}
	b = b[:n]
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("frame of %d bytes: %w", n, err)
	}
	return b, nil
}

// readLine reads a line without its newline, of at most limit bytes.
func readLine(r *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > limit+1 {
			return nil, fmt.Errorf("line longer than %d bytes", limit)
		}
		if err == nil {
			return line[:len(line)-1], nil
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(line) > 0 {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, err
	}
}
