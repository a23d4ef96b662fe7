// Package analyzeproc analyzes programs in child processes of the lowest CPU priority. A large
// program's analysis then neither holds a processor a small check is waiting for (the kernel
// preempts the child for the server within its own scheduling granularity, not Go's 10 ms slice)
// nor stops the server for its garbage collection (about 80 MB allocated per MB of source, in a
// heap of its own).
//
// The protocol on the child's standard input and output: first the config, as a frame; then per
// program a frame holding its path and a frame holding its bytes, answered by one JSON line, the
// report. A frame is a decimal length, a newline, and that many bytes.
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
	"strconv"
	"sync"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
)

// maxFrame bounds a frame a worker accepts: far above the analyzer's own source limit, so the
// analyzer, not the framing, is what answers an oversized program.
const maxFrame = 64 << 20

// maxReport bounds the report line a parent accepts from a worker.
const maxReport = 256 << 20

// Pool runs programs' analyses in worker processes, one analysis per worker at a time. Workers
// start when needed and are reused; one that fails or whose request is canceled is killed.
type Pool struct {
	argv   []string
	config []byte

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
	return &Pool{argv: argv, config: cfg}, nil
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

func (p *Pool) analyze(ctx context.Context, path string, src []byte) (*analyzer.Report, error) {
	w, err := p.get()
	if err != nil {
		return nil, err
	}
	type answer struct {
		rep *analyzer.Report
		err error
	}
	done := make(chan answer, 1)
	go func() {
		rep, err := w.analyze(path, src)
		done <- answer{rep, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			w.kill()
			return nil, a.err
		}
		p.put(w)
		return a.rep, nil
	case <-ctx.Done():
		// The worker is mid-analysis: killing it is the only way to stop it.
		w.kill()
		<-done
		return nil, fmt.Errorf("analysis cancelled: %w", ctx.Err())
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
	p.mu.Unlock()
	return start(p.argv, p.config)
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
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func start(argv []string, cfg []byte) (*worker, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	w := &worker{cmd: cmd, in: in, out: bufio.NewReader(out)}
	if err := writeFrame(in, cfg); err != nil {
		w.kill()
		return nil, fmt.Errorf("start an analysis worker: %w", err)
	}
	return w, nil
}

func (w *worker) analyze(path string, src []byte) (*analyzer.Report, error) {
	if err := writeFrame(w.in, []byte(path)); err != nil {
		return nil, fmt.Errorf("analysis worker: %w", err)
	}
	if err := writeFrame(w.in, src); err != nil {
		return nil, fmt.Errorf("analysis worker: %w", err)
	}
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
	// The worker is this binary: a report of other bytes, or from another analyzer (the file
	// replaced under a running server), is not this program's.
	sum := sha256.Sum256(src)
	if rep.SHA256 != hex.EncodeToString(sum[:]) || rep.Path != path || rep.AnalyzerVersion != analyzer.Version {
		return nil, fmt.Errorf("analysis worker: the report is not of this program by this analyzer (version %q)", rep.AnalyzerVersion)
	}
	return &rep, nil
}

func (w *worker) kill() {
	w.cmd.Process.Kill()
	w.in.Close()
	w.cmd.Wait()
}

// stop ends an idle worker by closing its input, which it reads as the end of its work.
func (w *worker) stop() {
	w.in.Close()
	w.cmd.Wait()
}

func failed(path string, src []byte, err error) *analyzer.Report {
	sum := sha256.Sum256(src)
	return &analyzer.Report{
		Path: path, SHA256: hex.EncodeToString(sum[:]), Size: len(src), AnalyzerVersion: analyzer.Version,
		Imports: []analyzer.Import{}, Findings: []analyzer.Finding{}, Capabilities: []string{},
		ParseError: &analyzer.ParseError{Kind: "InternalError", Message: err.Error()},
	}
}

// Serve is a worker's main loop: it lowers its own priority, reads the config and then programs
// from r, and writes their reports to w, until r ends.
func Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	if err := lowerPriority(); err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	in := bufio.NewReaderSize(r, 64<<10)
	cfgBytes, err := readFrame(in)
	if err != nil {
		return fmt.Errorf("analysis worker: read the config: %w", err)
	}
	cfg, err := config.Parse(cfgBytes, "analysis worker")
	if err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	an, err := analyzer.New(cfg)
	if err != nil {
		return fmt.Errorf("analysis worker: %w", err)
	}
	out := bufio.NewWriter(w)
	for {
		path, err := readFrame(in)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("analysis worker: %w", err)
		}
		src, err := readFrame(in)
		if err != nil {
			return fmt.Errorf("analysis worker: %w", err)
		}
		b, err := json.Marshal(an.Analyze(ctx, string(path), src))
		if err != nil {
			return fmt.Errorf("analysis worker: %w", err)
		}
		out.Write(b)
		out.WriteByte('\n')
		if err := out.Flush(); err != nil {
			return fmt.Errorf("analysis worker: %w", err)
		}
	}
}

func writeFrame(w io.Writer, b []byte) error {
	if _, err := w.Write(strconv.AppendInt(nil, int64(len(b)), 10)); err != nil {
		return err
	}
	if _, err := w.Write([]byte{'\n'}); err != nil {
		return err
	}
	_, err := w.Write(b)
	return err
}

// readFrame returns io.EOF only at a frame boundary.
func readFrame(r *bufio.Reader) ([]byte, error) {
	line, err := readLine(r, 20)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(string(line))
	if err != nil || n < 0 || n > maxFrame {
		return nil, fmt.Errorf("bad frame length %q", line)
	}
	b := make([]byte, n)
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
