package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// maxBatchBytes bounds one group commit's buffer; records with stored code can be large.
const maxBatchBytes = 16 << 20

// maxLinger bounds how long a commit waits for concurrent writers to fill its batch (see take).
const maxLinger = 2 * time.Millisecond

// ErrClosed is returned by Append after Close.
var ErrClosed = errors.New("audit: log is closed")

// Option configures Open. Options are checked before Open touches the file system.
type Option func(*options) error

type options struct {
	storeCode string
	maxBatch  int
	now       func() time.Time
}

// WithStoreCode sets what happens to Record.Code: "always" keeps it, "on_deny" keeps it only on
// decision records that denied, "never" drops it. The default is on_deny, as in the shipped config.
func WithStoreCode(mode string) Option {
	return func(o *options) error {
		switch mode {
		case StoreAlways, StoreOnDeny, StoreNever:
			o.storeCode = mode
			return nil
		}
		return fmt.Errorf("audit: store_code %q is not one of always, on_deny, never", mode)
	}
}

// WithMaxBatch caps how many records one group commit writes (default 1024).
func WithMaxBatch(n int) Option {
	return func(o *options) error {
		if n < 1 || n > 1<<16 {
			return fmt.Errorf("audit: max batch %d is out of range: use 1 to 65536", n)
		}
		o.maxBatch = n
		return nil
	}
}

// Log appends records to one log file. It is safe for concurrent use, and several processes may have
// the same file open at once.
type Log struct {
	path  string
	opts  options
	f     *os.File // the log, opened O_APPEND
	lockf *os.File // path + ".lock", the cross-process writer lock

	mu         sync.Mutex
	kick       chan struct{} // capacity 1: something was queued, or the log is closing
	queue      []*pending    // never non-empty without a leader (committing)
	committing bool
	leaders    sync.WaitGroup
	closed     bool
	repairs    []Record

	// Owned by the leader (see lead) and, inside commit, by the holder of the file lock.
	recent   [8]int // sizes of the last batches, a ring
	batches  int    // batches committed, the ring's cursor
	st       tail
	loaded   bool
	buf      []byte
	failed   error     // sticky: the file's state is unknown after a failed fsync
	unlogged []*Record // repairs done but not yet written

	// Written by commit, read by Stats at any time.
	commits, committed, commitNanos, syncNanos atomic.Int64
}

// Stats are a log's group-commit counters since Open: what an operator needs to tell whether the
// disk's flushes bound the rate of appends (see take).
type Stats struct {
	Commits    int64         // writes that reached the disk, one fdatasync each
	Records    int64         // records they carried
	CommitTime time.Duration // wall time in those commits: writer lock, catching up, write, fdatasync
	SyncTime   time.Duration // of which in fdatasync
}

// Stats returns the counters; it is safe to call concurrently with Append.
func (l *Log) Stats() Stats {
	return Stats{
		Commits:    l.commits.Load(),
		Records:    l.committed.Load(),
		CommitTime: time.Duration(l.commitNanos.Load()),
		SyncTime:   time.Duration(l.syncNanos.Load()),
	}
}

// tail is what a writer needs to know about the end of the log.
type tail struct {
	size int64  // bytes of complete records
	n    int64  // number of records
	prev string // hex leaf hash of the last record, zeroHash when empty
}

type pending struct {
	rec   Record
	body  []byte
	taken bool // picked up by the committer; the caller must wait for the outcome
	err   error
	done  chan struct{}
}

// Open opens (creating if needed) the log at path. Under the writer lock it checks the tail: a torn
// last line left by a crashed writer is copied to path.torn-<time>, cut off, and a repair record is
// appended before Open returns (see Repairs). A last complete line that is not a valid record is an
// error: the log is damaged and `sbxgate audit verify` says where.
func Open(path string, opts ...Option) (*Log, error) {
	o := options{storeCode: StoreOnDeny, maxBatch: 1024, now: time.Now}
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	if path == "" {
		return nil, errors.New("audit: empty log path: pass --audit FILE or set audit.path in the config")
	}
	_, statErr := os.Stat(path)
	created := errors.Is(statErr, os.ErrNotExist)
	lockf, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit: %w: the log's directory must exist and be writable (or pass another --audit)", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|noatime, 0o600)
	if errors.Is(err, os.ErrPermission) && noatime != 0 {
		// O_NOATIME needs the file's owner; anyone else allowed to write still may.
		f, err = os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	}
	if err != nil {
		lockf.Close()
		return nil, fmt.Errorf("audit: %w", err)
	}
	l := &Log{path: path, opts: o, f: f, lockf: lockf, kick: make(chan struct{}, 1)}
	if created {
		// The new file's directory entry must be durable before any record in it is acknowledged.
		if err := syncDir(filepath.Dir(path)); err != nil {
			l.closeFiles()
			return nil, fmt.Errorf("audit: %w", err)
		}
	}
	if err := l.commit(nil); err != nil {
		l.closeFiles()
		return nil, err
	}
	return l, nil
}

// Path returns the log's file name.
func (l *Log) Path() string { return l.path }

// Repairs returns the repair records this Log has written, so a command can report them.
func (l *Log) Repairs() []Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Record(nil), l.repairs...)
}

// Append writes rec and returns it as stored (with ID, Seq, Time, Prev and Hash set) once it is on
// stable storage. It applies the store-code mode to rec.Code. If ctx ends before the record is picked
// up for writing, Append returns ctx.Err() and the record is not written; once picked up, Append waits
// for the outcome, so a nil error always means durable and an error before pick-up means absent.
func (l *Log) Append(ctx context.Context, rec Record) (Record, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, err
	}
	if rec.ID != "" {
		return Record{}, errors.New("audit: Record.ID is assigned by Append: leave it empty")
	}
	switch rec.Kind {
	case KindDecision, KindResult:
	default:
		return Record{}, fmt.Errorf("audit: record kind %q: use %q or %q", rec.Kind, KindDecision, KindResult)
	}
	if rec.DecisionID != "" && (rec.Kind != KindResult || !isID(rec.DecisionID)) {
		return Record{}, fmt.Errorf("audit: decision_id %q: only a result record links to a decision, by the id Append returned for it", rec.DecisionID)
	}
	if err := applyStoreCode(&rec, l.opts.storeCode); err != nil {
		return Record{}, fmt.Errorf("audit: %w", err)
	}
	if rec.Time.IsZero() {
		rec.Time = l.opts.now()
	}
	rec.Time = rec.Time.UTC()
	rec.ID = newID(rec.Time)
	rec.Repair = nil
	body, err := encodeBody(&rec)
	if err != nil {
		return Record{}, fmt.Errorf("audit: encode record: %w", err)
	}
	p := &pending{rec: rec, body: body, done: make(chan struct{})}

	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return Record{}, ErrClosed
	}
	l.queue = append(l.queue, p)
	lead := !l.committing
	if lead {
		l.committing = true
		l.leaders.Add(1)
	}
	l.mu.Unlock()
	if lead {
		l.lead(p)
	} else {
		l.poke()
	}

	select {
	case <-p.done:
	case <-ctx.Done():
		l.mu.Lock()
		if !p.taken {
			for i, q := range l.queue {
				if q == p {
					l.queue = append(l.queue[:i], l.queue[i+1:]...)
					break
				}
			}
			l.mu.Unlock()
			return Record{}, ctx.Err()
		}
		l.mu.Unlock()
		<-p.done
	}
	if p.err != nil {
		return Record{}, p.err
	}
	return p.rec, nil
}

// Close writes what is queued, then closes the files. Appends after Close fail with ErrClosed.
func (l *Log) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	l.mu.Unlock()
	l.poke()
	l.leaders.Wait()
	return l.closeFiles()
}

func (l *Log) closeFiles() error {
	err := l.f.Close()
	if lerr := l.lockf.Close(); err == nil {
		err = lerr
	}
	return err
}

func (l *Log) poke() {
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// lead is group commit. The caller that finds no commit under way becomes the leader: it takes
// everything queued, writes it with one write and one fsync, and acknowledges each record; records
// queued meanwhile form the next batch. Once its own record is done it returns to its caller, handing
// the lead to a new goroutine if more is queued. A lone writer so commits in its own goroutine, with
// no hand-offs.
func (l *Log) lead(own *pending) {
	defer l.leaders.Done()
	for {
		batch := l.take()
		if batch == nil {
			return
		}
		err := l.commit(batch)
		l.recent[l.batches%len(l.recent)] = len(batch)
		l.batches++
		for _, p := range batch {
			p.err = err
			close(p.done)
		}
		if own == nil {
			continue
		}
		select {
		case <-own.done:
		default:
			continue
		}
		l.mu.Lock()
		if len(l.queue) == 0 {
			l.committing = false
			l.mu.Unlock()
			return
		}
		l.leaders.Add(1)
		l.mu.Unlock()
		go l.lead(nil)
		return
	}
}

// take returns the next batch, or nil (and gives up the lead) when nothing is queued.
//
// When recent batches had several records, writers are running concurrently; take then lingers
// (at most maxLinger) until as many are queued as the largest recent batch, because the writers just
// acknowledged come back a moment later and would otherwise miss the batch and split into smaller
// groups, each paying a whole fsync. Under load an fsync costs the CPU that the writers' own work
// needs (about 80 µs of kernel time here), so waiting up to a few hundred microseconds longer for a
// fuller batch buys throughput: in the HTTP benchmark, lingering up to 2 ms rather than half a commit
// served 40% more checks per second, at no cost to a lone writer, which never lingers. The largest
// of several batches, not the last one, is the target, so one short batch does not shrink the ones
// after it.
func (l *Log) take() []*pending {
	target := 0
	for _, n := range l.recent {
		target = max(target, n)
	}
	if target > 1 {
		timer := time.NewTimer(maxLinger)
	wait:
		for {
			l.mu.Lock()
			enough := len(l.queue) >= target || l.closed
			l.mu.Unlock()
			if enough {
				break
			}
			select {
			case <-l.kick:
			case <-timer.C:
				break wait
			}
		}
		timer.Stop()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.queue) == 0 {
		l.committing = false
		l.recent = [len(l.recent)]int{}
		return nil
	}
	n, size := 0, 0
	for n < len(l.queue) && n < l.opts.maxBatch && (n == 0 || size < maxBatchBytes) {
		size += len(l.queue[n].body)
		n++
	}
	batch := make([]*pending, n)
	copy(batch, l.queue)
	l.queue = append(l.queue[:0], l.queue[n:]...)
	for _, p := range batch {
		p.taken = true
	}
	return batch
}

// commit writes batch (possibly empty: Open uses it to check the tail) under the writer lock.
func (l *Log) commit(batch []*pending) error {
	if l.failed != nil {
		return l.failed
	}
	start := time.Now()
	if err := flock(l.lockf, true); err != nil {
		return fmt.Errorf("audit: lock %s: %w", l.lockf.Name(), err)
	}
	defer funlock(l.lockf)
	if err := l.catchUp(); err != nil {
		return err
	}
	if len(batch) == 0 && len(l.unlogged) == 0 {
		return nil
	}
	st := l.st
	buf := l.buf[:0]
	seal := func(r *Record, body []byte) {
		var h [32]byte
		buf, h = appendLine(buf, body, st.n, st.prev)
		r.Seq, r.Prev, r.Hash = st.n, st.prev, hex.EncodeToString(h[:])
		st.n++
		st.prev = r.Hash
	}
	repairs := l.unlogged
	for _, r := range repairs {
		body, err := encodeBody(r)
		if err != nil {
			return fmt.Errorf("audit: encode repair record: %w", err)
		}
		seal(r, body)
	}
	for _, p := range batch {
		seal(&p.rec, p.body)
	}
	if _, err := l.f.Write(buf); err != nil {
		// Cut a partial write back to the last whole record so no torn line is left behind.
		if terr := l.f.Truncate(l.st.size); terr != nil {
			l.failed = fmt.Errorf("audit: write %s: %v; cutting the partial write failed too: %v: reopen the log", l.path, err, terr)
			return l.failed
		}
		return fmt.Errorf("audit: write %s: %w", l.path, err)
	}
	synced := time.Now()
	if err := syncData(l.f); err != nil {
		// After a failed fsync the kernel may have dropped the dirty pages: nothing is known any more.
		l.failed = fmt.Errorf("audit: %w: the log's state on disk is unknown: reopen it", err)
		return l.failed
	}
	end := time.Now()
	l.commits.Add(1)
	l.committed.Add(int64(len(repairs) + len(batch)))
	l.commitNanos.Add(int64(end.Sub(start)))
	l.syncNanos.Add(int64(end.Sub(synced)))
	st.size += int64(len(buf))
	l.st = st
	if cap(buf) <= 1<<20 {
		l.buf = buf
	}
	if len(repairs) > 0 {
		l.unlogged = nil
		l.mu.Lock()
		for _, r := range repairs {
			l.repairs = append(l.repairs, *r)
		}
		l.mu.Unlock()
	}
	return nil
}

// catchUp brings l.st up to date with the file under the writer lock: other processes may have
// appended since, or a crashed writer may have left a torn line. It reads only what is new.
func (l *Log) catchUp() error {
	fi, err := l.f.Stat()
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	size := fi.Size()
	if l.loaded && size == l.st.size && l.tailIsOurs() {
		return nil
	}
	if l.loaded && size > l.st.size {
		return l.readNew(size)
	}
	return l.reload(size)
}

// tailIsOurs checks that the last record is still the one we know, against a same-size rewrite.
func (l *Log) tailIsOurs() bool {
	if l.st.n == 0 {
		return true
	}
	var b [suffixLen + 1]byte
	if _, err := l.f.ReadAt(b[:], l.st.size-int64(len(b))); err != nil {
		return false
	}
	return string(b[len(hashMember):len(hashMember)+64]) == l.st.prev && b[len(b)-1] == '\n'
}

// readNew reads the records other writers appended after l.st.size. What it reads must continue our
// tail record by record; anything else is damage, and writing on top of it would bury it.
func (l *Log) readNew(size int64) error {
	data := make([]byte, size-l.st.size)
	if _, err := l.f.ReadAt(data, l.st.size); err != nil {
		return fmt.Errorf("audit: read %s: %w", l.path, err)
	}
	st := l.st
	rest := data
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		h, _, err := checkLine(rest[:i])
		if err == nil {
			var seq int64
			var prev string
			seq, prev, err = parseChain(rest[:i])
			if err == nil && (seq != st.n || prev != st.prev) {
				err = fmt.Errorf("seq %d does not continue the chain after seq %d", seq, st.n-1)
			}
		}
		if err != nil {
			return fmt.Errorf("audit: %s: the record at byte %d is damaged: %v: run sbxgate audit verify --audit %s", l.path, st.size, err, l.path)
		}
		st.n++
		st.prev = hex.EncodeToString(h[:])
		st.size += int64(i + 1)
		rest = rest[i+1:]
	}
	l.st = st
	if len(rest) > 0 {
		return l.setAside(st.size, size, "torn last line (a writer stopped mid-write)")
	}
	return nil
}

// reload finds the tail from the end of the file.
func (l *Log) reload(size int64) error {
	end := size
	if size > 0 {
		last, err := l.lastByte(size)
		if err != nil {
			return err
		}
		if last != '\n' {
			nl, err := l.lastNewline(size - 1)
			if err != nil {
				return err
			}
			end = nl + 1
		}
	}
	st := tail{prev: zeroHash}
	if end > 0 {
		start, err := l.lastNewline(end - 1)
		if err != nil {
			return err
		}
		line := make([]byte, end-1-(start+1))
		if _, err := l.f.ReadAt(line, start+1); err != nil {
			return fmt.Errorf("audit: read %s: %w", l.path, err)
		}
		h, _, err := checkLine(line)
		if err == nil {
			var seq int64
			seq, _, err = parseChain(line)
			if err == nil && seq < 0 {
				err = fmt.Errorf("seq %d is negative", seq)
			}
			st = tail{size: end, n: seq + 1, prev: hex.EncodeToString(h[:])}
		}
		if err != nil {
			return fmt.Errorf("audit: %s: the last record (at byte %d) is damaged: %v: run sbxgate audit verify --audit %s", l.path, start+1, err, l.path)
		}
	}
	l.st, l.loaded = st, true
	if end < size {
		return l.setAside(end, size, "torn last line (a writer stopped mid-write)")
	}
	return nil
}

func (l *Log) lastByte(size int64) (byte, error) {
	var b [1]byte
	if _, err := l.f.ReadAt(b[:], size-1); err != nil {
		return 0, fmt.Errorf("audit: read %s: %w", l.path, err)
	}
	return b[0], nil
}

// lastNewline returns the offset of the last '\n' before off (exclusive), or -1.
func (l *Log) lastNewline(off int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for off > 0 {
		n := min(int64(len(buf)), off)
		if _, err := l.f.ReadAt(buf[:n], off-n); err != nil {
			return 0, fmt.Errorf("audit: read %s: %w", l.path, err)
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return off - n + int64(i), nil
		}
		off -= n
	}
	return -1, nil
}

// setAside copies the torn bytes [off, size) to a new file, makes the copy durable, and only then cuts
// them from the log. The repair record is written with the next batch.
func (l *Log) setAside(off, size int64, reason string) error {
	data := make([]byte, size-off)
	if _, err := l.f.ReadAt(data, off); err != nil && err != io.EOF {
		return fmt.Errorf("audit: read torn tail of %s: %w", l.path, err)
	}
	now := l.opts.now().UTC()
	name := fmt.Sprintf("%s.torn-%s", l.path, now.Format("20060102T150405.000000000Z"))
	if err := writeDurable(name, data); err != nil {
		return fmt.Errorf("audit: %s has a torn last line, and setting it aside failed: %w: free space or fix permissions, then retry", l.path, err)
	}
	if err := l.f.Truncate(off); err != nil {
		return fmt.Errorf("audit: cut torn tail of %s: %w", l.path, err)
	}
	if err := syncData(l.f); err != nil {
		l.failed = fmt.Errorf("audit: %w: the log's state on disk is unknown: reopen it", err)
		return l.failed
	}
	sum := sha256.Sum256(data)
	l.unlogged = append(l.unlogged, &Record{
		ID: newID(now), Time: now, Kind: KindRepair,
		Repair: &Repair{Reason: reason, Offset: off, Bytes: size - off, SHA256: hex.EncodeToString(sum[:]), SavedAs: filepath.Base(name)},
	})
	return nil
}

func writeDurable(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return syncDir(filepath.Dir(name))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
