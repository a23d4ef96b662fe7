package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// maxBatchBytes bounds one group commit's buffer; records with stored code can be large.
const maxBatchBytes = 16 << 20

// maxLinger bounds how long a commit waits for concurrent writers to fill its batch (see take).
const maxLinger = 2 * time.Millisecond

// Retry delays after a failed write: the log tries to take writes again by itself, backing off.
const (
	firstRetry = 100 * time.Millisecond
	maxRetry   = 5 * time.Second
)

// Option configures Open. Options are checked before Open touches the file system.
type Option func(*options) error

type options struct {
	maxBatch int
	schema   *verify.Schema
	now      func() time.Time
}

// WithMaxBatch caps how many records one group commit writes (default 1024).
func WithMaxBatch(n int) Option {
	return func(o *options) error {
		if n < 1 || n > 1<<16 {
			return fmt.Errorf("max batch %d is out of range: use 1 to 65536", n)
		}
		o.maxBatch = n
		return nil
	}
}

// WithSchema makes Append refuse kinds and links the schema does not allow (default: any kind named
// in lower case, linking to any earlier record).
func WithSchema(s *verify.Schema) Option {
	return func(o *options) error {
		o.schema = s
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
	stop       chan struct{} // closed by Close: ends the retry loop
	repairs    []Repaired
	deferred   []*pending // entries to write as soon as the log takes writes (Defer)
	health     error      // why the log cannot take writes now; nil when it can
	retrying   bool       // the retry loop runs
	rd         *Reader    // opened by reader

	// Owned by the leader (see lead) and, inside commit, by the holder of the file lock.
	recent   [8]int // sizes of the last batches, a ring
	batches  int    // batches committed, the ring's cursor
	st       tail
	loaded   bool
	buf      []byte
	dirty    bool       // a write or fsync failed and the file's state is unknown: recover first
	failedAt int64      // where the failed write began
	failed   []byte     // the bytes of the failed write, to recognize them in the file
	unlogged []*pending // repairs done but not yet written
	idx      *index     // nil while the index cannot be opened
	idxN     int64      // records the index covered after our last update of it
	idxErr   error      // why the index is behind the log, if it is
	lag      *lagIndex  // the records after the index's last one, when it is behind
	// oldReaders are the shared readers of files that had the log's name before (recover), which
	// a lookup may still be using: closed with the log.
	oldReaders []*Reader

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
	prev string // hex leaf hash of the last record, verify.ZeroHash when empty
}

type pending struct {
	entry   Entry
	stored  Stored
	members []byte // the line between `"prev":"...",` and the final "}"
	link    string // the body's decision_id
	owner   *Owner
	repair  *Repair // set on the log's own repair records
	later   bool    // deferred: nobody waits for it
	taken   bool    // picked up by the committer; the caller must wait for the outcome
	err     error
	done    chan struct{}
}

// Open opens (creating if needed) the log at path. Under the writer lock it checks the tail: a torn
// last line left by a crashed writer is copied to path.torn-<time>, cut off, and a repair record is
// appended before Open returns (see Repairs). A last complete line that is not a valid record is an
// error: the log is damaged and `sbxgate audit verify` says where. Open also brings the index up to
// date with the log, rebuilding it when it is missing or does not match.
func Open(path string, opts ...Option) (*Log, error) {
	o := options{maxBatch: 1024, now: time.Now}
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	if path == "" {
		return nil, errors.New("empty log path: pass --audit FILE or set audit.path in the config")
	}
	_, statErr := os.Stat(path)
	created := errors.Is(statErr, os.ErrNotExist)
	lockf, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("%w: the log's directory must exist and be writable (or pass another --audit)", err)
	}
	f, err := openLogFile(path)
	if err != nil {
		lockf.Close()
		return nil, err
	}
	l := &Log{path: path, opts: o, f: f, lockf: lockf, kick: make(chan struct{}, 1), stop: make(chan struct{}), idxN: -1}
	if created {
		// The new file's directory entry must be durable before any record in it is acknowledged.
		if err := syncDir(filepath.Dir(path)); err != nil {
			l.closeFiles()
			return nil, err
		}
	}
	if err := l.commit(nil); err != nil {
		l.mu.Lock()
		l.closed = true
		close(l.stop)
		l.mu.Unlock()
		l.closeFiles()
		return nil, err
	}
	return l, nil
}

func openLogFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|noatime, 0o600)
	if errors.Is(err, os.ErrPermission) && noatime != 0 {
		// O_NOATIME needs the file's owner; anyone else allowed to write still may.
		f, err = os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	}
	return f, err
}

// Path returns the log's file name.
func (l *Log) Path() string { return l.path }

// Repairs returns the repair records this Log has written, so a command can report them.
func (l *Log) Repairs() []Repaired {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Repaired(nil), l.repairs...)
}

// Ready returns nil when the log takes writes, and otherwise why it does not: the last write or
// fsync failed and the log has not yet recovered (it retries by itself).
func (l *Log) Ready() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return ErrClosed
	}
	return l.health
}

// Append writes e and returns where it was stored once it is on stable storage. If ctx ends before
// the record is picked up for writing, Append returns ctx.Err() and the record is not written; once
// picked up, Append waits for the outcome, so a nil error always means durable and an error means
// absent.
func (l *Log) Append(ctx context.Context, e Entry) (Stored, error) {
	if err := ctx.Err(); err != nil {
		return Stored{}, err
	}
	p, err := l.prepare(e)
	if err != nil {
		return Stored{}, err
	}
	p.done = make(chan struct{})

	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return Stored{}, ErrClosed
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
			return Stored{}, ctx.Err()
		}
		l.mu.Unlock()
		<-p.done
	}
	if p.err != nil {
		return Stored{}, p.err
	}
	return p.stored, nil
}

// Defer queues e to be written as soon as the log takes writes again, for a record that must not be
// lost with the write that just failed. Nobody waits for it: the log writes it before the next batch
// that succeeds, or from its retry loop. A deferred entry with IfOpen whose record was closed
// meanwhile is dropped. Deferred entries live in memory: if the process ends first, the record it
// links to stays open, for Orphans to find.
func (l *Log) Defer(e Entry) error {
	p, err := l.prepare(e)
	if err != nil {
		return err
	}
	p.later = true
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return ErrClosed
	}
	l.deferred = append(l.deferred, p)
	l.startRetry()
	l.mu.Unlock()
	return nil
}

// prepare checks e and encodes its members in the caller's goroutine.
func (l *Log) prepare(e Entry) (*pending, error) {
	if e.Kind == KindRepair {
		return nil, fmt.Errorf("kind %q is the log's own: use another kind", e.Kind)
	}
	rule, err := l.opts.schema.Rule(e.Kind)
	if err != nil {
		return nil, err
	}
	if e.Time.IsZero() {
		e.Time = l.opts.now()
	}
	e.Time = e.Time.UTC()
	p := &pending{entry: e}
	if e.Open {
		o := self()
		p.owner = &o
	}
	id := newID(e.Time)
	if p.members, p.link, err = members(id, e.Kind, &e, p.owner); err != nil {
		return nil, err
	}
	// Whether this kind may link at all is known now; the kind of the record linked to, at commit.
	switch {
	case p.link == "" && rule.Link == verify.LinkRequired:
		return nil, fmt.Errorf("a %s record must link to an earlier record by decision_id", e.Kind)
	case p.link != "" && rule.Link == verify.LinkNone:
		return nil, fmt.Errorf("a %s record links to nothing, but this one has decision_id %s", e.Kind, p.link)
	case e.IfOpen && p.link == "":
		return nil, errors.New("an IfOpen entry must link to a record by decision_id")
	}
	p.stored = Stored{ID: id, Time: e.Time, Kind: e.Kind}
	return p, nil
}

// Close writes what is queued, tries once more to write what was deferred, then closes the files.
// Appends after Close fail with ErrClosed. Deferred entries that cannot be written by then are lost
// (see Defer).
func (l *Log) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	close(l.stop)
	l.mu.Unlock()
	l.poke()
	l.leaders.Wait()
	l.mu.Lock()
	deferred := len(l.deferred) > 0
	l.mu.Unlock()
	if deferred {
		// No leader is left and none can start: this goroutine may commit.
		l.commit(nil)
	}
	return l.closeFiles()
}

func (l *Log) closeFiles() error {
	var errs []error
	if l.idx != nil {
		if l.idxErr == nil && l.lock() == nil {
			// Write the last batch and make the index durable, so that a reboot need not rebuild
			// it; only if nobody changed it since.
			if err := l.idx.readKeysHeader(); err == nil && l.idx.hdr.n == l.idxN {
				l.flushIndex()
				if l.idxErr == nil && l.idx.hdr.n > l.idx.hdr.synced {
					l.idx.sync()
				}
			}
			funlock(l.lockf)
		}
		errs = append(errs, l.idx.close())
	}
	if l.rd != nil {
		errs = append(errs, l.rd.Close())
	}
	for _, r := range l.oldReaders {
		errs = append(errs, r.Close())
	}
	errs = append(errs, l.f.Close(), l.lockf.Close())
	return errors.Join(errs...)
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
			if p.err == nil {
				p.err = err
			}
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
		size += len(l.queue[n].members)
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

// commit writes batch (possibly empty: Open uses it to check the tail) under the writer lock, after
// the log's own repair records and the deferred entries. An entry the log refuses (a duplicate key,
// a link to no earlier record, an IfOpen link to a closed record) gets its own error in p.err; the
// returned error is the write's, for every other entry.
func (l *Log) commit(batch []*pending) error {
	if l.dirty {
		if err := l.recover(); err != nil {
			return l.unavailable(err)
		}
	}
	start := time.Now()
	if err := l.lock(); err != nil {
		return l.unavailable(err)
	}
	defer funlock(l.lockf)
	if err := l.samePath(); err != nil {
		// Writing on would extend a file that other writers, readers and lookups no longer find:
		// the batch fails, and recovery reopens the log by its name.
		l.dirty = true
		return l.unavailable(err)
	}
	if err := l.catchUp(); err != nil {
		return err
	}
	l.syncIndex()
	l.mu.Lock()
	deferred := append([]*pending(nil), l.deferred...)
	l.mu.Unlock()
	todo := make([]*pending, 0, len(l.unlogged)+len(deferred)+len(batch))
	todo = append(append(append(todo, l.unlogged...), deferred...), batch...)
	if len(todo) == 0 {
		return nil
	}

	st := l.st
	buf := l.buf[:0]
	adm := admission{kinds: map[string]string{}, keys: map[string]bool{}, closed: map[string]bool{}}
	var written []*pending
	var recs []idxRec
	for _, p := range todo {
		if err := l.admit(p, &adm); err != nil {
			p.err = err
			continue
		}
		off := st.size + int64(len(buf))
		var h tlog.Hash
		buf, h = appendLine(buf, p.members, st.n, st.prev)
		recs = append(recs, idxRec{seq: st.n, off: off, length: int(st.size + int64(len(buf)) - 1 - off), hash: h, env: verify.Envelope{
			Seq: st.n, Prev: st.prev, ID: p.stored.ID, Kind: p.stored.Kind, Key: p.entry.Key, Owner: p.owner, Link: p.link,
			Repair: p.repair != nil, Hash: hex.EncodeToString(h[:]),
		}})
		adm.kinds[p.stored.ID] = p.stored.Kind
		if p.entry.Key != "" {
			adm.keys[p.entry.Key] = true
		}
		if p.link != "" {
			adm.closed[p.link] = true
		}
		st.n++
		st.prev = recs[len(recs)-1].env.Hash
		written = append(written, p)
	}
	l.dropSettled(deferred)
	if len(written) == 0 {
		return nil
	}
	if _, err := l.f.Write(buf); err != nil {
		return l.writeFailed(buf, fmt.Errorf("write %s: %w", l.path, err))
	}
	synced := time.Now()
	if err := syncData(l.f); err != nil {
		return l.writeFailed(buf, err)
	}
	end := time.Now()
	l.commits.Add(1)
	l.committed.Add(int64(len(written)))
	l.commitNanos.Add(int64(end.Sub(start)))
	l.syncNanos.Add(int64(end.Sub(synced)))
	st.size += int64(len(buf))
	l.st = st
	if cap(buf) <= 1<<20 {
		l.buf = buf
	}
	for i, p := range written {
		p.stored.Seq, p.stored.Prev, p.stored.Hash = recs[i].seq, recs[i].env.Prev, recs[i].env.Hash
	}
	l.indexAdd(recs)
	l.unlogged = nil
	l.mu.Lock()
	l.health = nil
	for _, p := range written {
		if p.repair != nil {
			l.repairs = append(l.repairs, Repaired{Stored: p.stored, Repair: *p.repair})
		}
	}
	l.mu.Unlock()
	l.dropSettled(deferred)
	return nil
}

// dropSettled removes from the deferred list the entries that were written or refused.
func (l *Log) dropSettled(deferred []*pending) {
	settled := map[*pending]bool{}
	for _, p := range deferred {
		if p.err != nil || p.stored.Hash != "" {
			settled[p] = true
		}
	}
	if len(settled) == 0 {
		return
	}
	l.mu.Lock()
	keep := l.deferred[:0]
	for _, p := range l.deferred {
		if !settled[p] {
			keep = append(keep, p)
		}
	}
	l.deferred = keep
	l.mu.Unlock()
}

// unavailable records why the log cannot take writes and starts the retry loop.
func (l *Log) unavailable(err error) error {
	l.mu.Lock()
	l.health = err
	l.startRetry()
	l.mu.Unlock()
	return err
}

// writeFailed handles a failed write or fsync of buf, under the writer lock. Acknowledged records
// are safe (each batch was fsync'd); the failed batch was not acknowledged, so its bytes must not stay:
// cut them now if the file lets us, or else remember them for recover.
func (l *Log) writeFailed(buf []byte, err error) error {
	if terr := l.f.Truncate(l.st.size); terr == nil {
		if serr := syncData(l.f); serr == nil {
			return l.unavailable(err)
		}
	}
	l.dirty = true
	l.failedAt = l.st.size
	l.failed = bytes.Clone(buf)
	return l.unavailable(fmt.Errorf("%w: the log will take writes again once it can reopen the file and cut the failed write", err))
}

// recover makes the log's file state known again after a failed write: it reopens the file, cuts
// the failed write's bytes if they are there and nothing follows them, and reads the tail anew.
func (l *Log) recover() error {
	f, err := openLogFile(l.path)
	if err != nil {
		return fmt.Errorf("reopen %s: %w", l.path, err)
	}
	if err := l.lock(); err != nil {
		f.Close()
		return err
	}
	defer funlock(l.lockf)
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	if extra := fi.Size() - l.failedAt; extra > 0 && extra <= int64(len(l.failed)) {
		got := make([]byte, extra)
		if _, err := f.ReadAt(got, l.failedAt); err != nil {
			f.Close()
			return fmt.Errorf("read %s: %w", l.path, err)
		}
		if bytes.Equal(got, l.failed[:extra]) {
			if err := f.Truncate(l.failedAt); err != nil {
				f.Close()
				return fmt.Errorf("cut the failed write from %s: %w", l.path, err)
			}
		}
	}
	if err := syncData(f); err != nil {
		f.Close()
		return err
	}
	if old, err := l.f.Stat(); err != nil || !os.SameFile(old, fi) {
		// Another file now has the log's name (samePath): what this writer knew of the index
		// was of the old one; the next commit opens the index anew and checks it against this file.
		if l.idx != nil {
			l.idx.close()
		}
		l.idx, l.idxN, l.idxErr, l.lag = nil, -1, nil, nil
		// The shared reader reads the old file too: lookups (idempotency keys) open the new one,
		// and the old reader, which a lookup may be using, is closed with the log.
		l.mu.Lock()
		if l.rd != nil {
			l.oldReaders = append(l.oldReaders, l.rd)
			l.rd = nil
		}
		l.mu.Unlock()
	}
	l.f.Close()
	l.f = f
	l.dirty, l.failed, l.loaded = false, nil, false
	return nil
}

// startRetry starts the retry loop unless it runs; l.mu is held.
func (l *Log) startRetry() {
	if l.retrying || l.closed {
		return
	}
	l.retrying = true
	go l.retryLoop()
}

// retryLoop tries, with backoff, to make the log take writes again: it commits an empty batch (which
// recovers the file and writes deferred entries), then, when nothing was deferred, proves the disk
// takes a write with a probe file beside the log.
func (l *Log) retryLoop() {
	delay := firstRetry
	for {
		select {
		case <-l.stop:
			l.mu.Lock()
			l.retrying = false
			l.mu.Unlock()
			return
		case <-time.After(delay):
		}
		l.mu.Lock()
		if l.closed {
			l.retrying = false
			l.mu.Unlock()
			return
		}
		busy := l.committing
		if !busy {
			l.committing = true
			l.leaders.Add(1)
		}
		l.mu.Unlock()
		if busy {
			continue // the running commit recovers the log as well
		}
		err := l.commit(nil)
		if err == nil {
			err = l.probe()
		}
		l.mu.Lock()
		if err == nil {
			l.health = nil
		} else if l.health == nil {
			l.health = err
		}
		done := err == nil && len(l.deferred) == 0
		if done {
			l.retrying = false
		}
		l.mu.Unlock()
		l.lead(nil) // hands queued appends on, or gives up the lead
		if done {
			return
		}
		delay = min(2*delay, maxRetry)
	}
}

// probe writes and syncs a small file beside the log: whether the disk takes writes at all.
func (l *Log) probe() error {
	l.mu.Lock()
	ok := l.health == nil
	l.mu.Unlock()
	if ok {
		return nil
	}
	name := l.path + ".probe"
	err := os.WriteFile(name, make([]byte, 4096), 0o600)
	if err == nil {
		var f *os.File
		if f, err = os.Open(name); err == nil {
			err = f.Sync()
			f.Close()
		}
	}
	os.Remove(name)
	if err != nil {
		return fmt.Errorf("the log's directory does not take writes: %w", err)
	}
	return nil
}

// admission is what a batch being sealed has added so far.
type admission struct {
	kinds  map[string]string // id -> kind
	keys   map[string]bool
	closed map[string]bool // ids linked to
}

// admit decides whether p may be written after the records before it.
func (l *Log) admit(p *pending, adm *admission) error {
	if p.repair != nil {
		return nil
	}
	if k := p.entry.Key; k != "" {
		if adm.keys[k] {
			return fmt.Errorf("key %q: %w", k, ErrDuplicateKey)
		}
		seq, err := l.findOne(tagKey, k)
		if err != nil {
			return err
		}
		if seq >= 0 {
			return &DuplicateKeyError{Key: k, Seq: seq}
		}
	}
	if p.link == "" {
		return nil
	}
	kind, open := adm.kinds[p.link], false
	if kind == "" {
		seq, err := l.findOne(tagID, p.link)
		if err != nil {
			return err
		}
		if seq < 0 {
			return fmt.Errorf("decision_id %s is not the id of an earlier record", p.link)
		}
		env, flags, err := l.recordAt(seq)
		if err != nil {
			return err
		}
		kind, open = env.Kind, flags&flagOpen != 0 && flags&flagClosed == 0
	}
	if err := l.opts.schema.CheckLink(p.stored.Kind, p.link, kind); err != nil {
		return err
	}
	if p.entry.IfOpen && (!open || adm.closed[p.link]) {
		return fmt.Errorf("record %s: %w", p.link, ErrNotOpen)
	}
	return nil
}

// DuplicateKeyError is Append's error for a key that a record already has. It wraps
// ErrDuplicateKey and says which record.
type DuplicateKeyError struct {
	Key string
	Seq int64
}

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("key %q: %v (seq %d)", e.Key, ErrDuplicateKey, e.Seq)
}

func (e *DuplicateKeyError) Unwrap() error { return ErrDuplicateKey }

// catchUp brings l.st up to date with the file under the writer lock: other processes may have
// appended since, or a crashed writer may have left a torn line. It reads only what is new.
func (l *Log) catchUp() error {
	fi, err := l.f.Stat()
	if err != nil {
		return err
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

// samePath checks that the log's name still names the file this Log writes. A log moved, removed
// or replaced while a process had it open (an operator's rotation) took that process's records
// along under the old name, while the other processes sharing the log, the lookups and idempotency
// keys used the file now at the name: two chains, and a key unique in neither.
// lock takes the writer lock: the exclusive flock of the file path+".lock" names now. A lock file
// removed or replaced since this writer opened it (an operator clearing what looked stale) would
// let another writer, which opens it by name, write beside this one and fork the chain; the writer
// takes the file the name has now, and its lock, instead. A writer in the middle of a commit under
// the old file when it goes is not excluded; its next commit moves to the new one.
func (l *Log) lock() error {
	name := l.path + ".lock"
	for range 3 {
		if err := flock(l.lockf, true); err != nil {
			return fmt.Errorf("lock %s: %w", name, err)
		}
		held, err := l.lockf.Stat()
		if err != nil {
			funlock(l.lockf)
			return fmt.Errorf("stat %s: %w", name, err)
		}
		if named, err := os.Stat(name); err == nil && os.SameFile(held, named) {
			return nil
		}
		funlock(l.lockf)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return fmt.Errorf("%s was removed or replaced, and opening it again failed: %w: restore the log's directory", name, err)
		}
		l.lockf.Close()
		l.lockf = f
	}
	return fmt.Errorf("%s was replaced three times while this writer took it: stop whatever replaces it", name)
}

func (l *Log) samePath() error {
	fi, err := l.f.Stat()
	if err != nil {
		return fmt.Errorf("stat %s: %w", l.path, err)
	}
	pi, err := os.Stat(l.path)
	if err != nil || !os.SameFile(fi, pi) {
		return fmt.Errorf("%s is no longer the file this process opened (moved, removed or replaced): the log reopens it by its name", l.path)
	}
	return nil
}

// tailIsOurs checks that the last record is still the one we know, against a same-size rewrite.
func (l *Log) tailIsOurs() bool {
	if l.st.n == 0 {
		return true
	}
	var b [verify.SuffixLen + 1]byte
	if _, err := l.f.ReadAt(b[:], l.st.size-int64(len(b))); err != nil {
		return false
	}
	return string(b[len(verify.HashMember):len(verify.HashMember)+64]) == l.st.prev && b[len(b)-1] == '\n'
}

// readNew reads the records other writers appended after l.st.size. What it reads must continue our
// tail record by record; anything else is damage, and writing on top of it would bury it.
func (l *Log) readNew(size int64) error {
	data := make([]byte, size-l.st.size)
	if _, err := l.f.ReadAt(data, l.st.size); err != nil {
		return fmt.Errorf("read %s: %w", l.path, err)
	}
	st := l.st
	rest := data
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		h, err := verify.CheckLine(rest[:i])
		if err == nil {
			var e verify.Envelope
			e, err = verify.ParseEnvelope(rest[:i])
			if err == nil && (e.Seq != st.n || e.Prev != st.prev) {
				err = fmt.Errorf("seq %d does not continue the chain after seq %d", e.Seq, st.n-1)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: the record at byte %d is damaged: %v: run sbxgate audit verify --audit %s", l.path, st.size, err, l.path)
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
			nl, err := lastNewline(l.f, size-1)
			if err != nil {
				return err
			}
			end = nl + 1
		}
	}
	st := tail{prev: verify.ZeroHash}
	if end > 0 {
		start, err := lastNewline(l.f, end-1)
		if err != nil {
			return err
		}
		line := make([]byte, end-1-(start+1))
		if _, err := l.f.ReadAt(line, start+1); err != nil {
			return fmt.Errorf("read %s: %w", l.path, err)
		}
		h, err := verify.CheckLine(line)
		if err == nil {
			var e verify.Envelope
			e, err = verify.ParseEnvelope(line)
			if err == nil && e.Seq < 0 {
				err = fmt.Errorf("seq %d is negative", e.Seq)
			}
			st = tail{size: end, n: e.Seq + 1, prev: hex.EncodeToString(h[:])}
		}
		if err != nil {
			return fmt.Errorf("%s: the last record (at byte %d) is damaged: %v: run sbxgate audit verify --audit %s", l.path, start+1, err, l.path)
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
		return 0, fmt.Errorf("read %s: %w", l.path, err)
	}
	return b[0], nil
}

// lastNewline returns the offset of the last '\n' in f before off (exclusive), or -1.
func lastNewline(f *os.File, off int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for off > 0 {
		n := min(int64(len(buf)), off)
		if _, err := f.ReadAt(buf[:n], off-n); err != nil {
			return 0, fmt.Errorf("read %s: %w", f.Name(), err)
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
		return fmt.Errorf("read torn tail of %s: %w", l.path, err)
	}
	now := l.opts.now().UTC()
	name := fmt.Sprintf("%s.torn-%s", l.path, now.Format("20060102T150405.000000000Z"))
	if err := writeDurable(name, data); err != nil {
		return fmt.Errorf("%s has a torn last line, and setting it aside failed: %w: free space or fix permissions, then retry", l.path, err)
	}
	if err := l.f.Truncate(off); err != nil {
		return fmt.Errorf("cut torn tail of %s: %w", l.path, err)
	}
	if err := syncData(l.f); err != nil {
		l.dirty, l.failedAt, l.failed = true, off, nil
		return l.unavailable(fmt.Errorf("%w: the log's state on disk is unknown", err))
	}
	sum := sha256.Sum256(data)
	rep := &Repair{Reason: reason, Offset: off, Bytes: size - off, SHA256: hex.EncodeToString(sum[:]), SavedAs: filepath.Base(name)}
	body, err := json.Marshal(struct {
		Repair *Repair `json:"repair"`
	}{rep})
	if err != nil {
		return fmt.Errorf("encode repair record: %w", err)
	}
	id := newID(now)
	e := Entry{Kind: KindRepair, Time: now, Body: []byte(`{}`)}
	ms, _, err := members(id, KindRepair, &e, nil)
	if err != nil {
		return err
	}
	// The repair member is the log's own, so it is added here rather than through the body check.
	ms = append(append(ms, ','), body[1:len(body)-1]...)
	l.unlogged = append(l.unlogged, &pending{entry: e, members: ms, repair: rep, stored: Stored{ID: id, Time: now, Kind: KindRepair}})
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
