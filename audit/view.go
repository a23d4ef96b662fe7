package audit

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// lagIndex holds, in memory, what the index would say of the records after its last one: the
// writer's batch not yet written to the index files, records a crashed writer did not get to index,
// or all records since the index last failed.
type lagIndex struct {
	from    int64 // seq of recs[0]
	end     int64 // byte offset after the last record held
	recs    []idxRec
	byID    map[string]int64
	byKey   map[string]int64
	links   map[string][]int64
	closed  map[string]bool
	tried   time.Time // when the writer last tried to bring the index up to date
	started time.Time // when its first record was added
}

func newLag(from, off int64) *lagIndex {
	return &lagIndex{from: from, end: off, byID: map[string]int64{}, byKey: map[string]int64{}, links: map[string][]int64{}, closed: map[string]bool{}}
}

func (g *lagIndex) n() int64 { return g.from + int64(len(g.recs)) }

// from0end is where the records before the lag end: the index covers no byte past it.
func (g *lagIndex) from0end() int64 {
	if len(g.recs) > 0 {
		return g.recs[0].off
	}
	return g.end
}

func (g *lagIndex) add(r idxRec) {
	g.recs = append(g.recs, r)
	g.end = r.off + int64(r.length) + 1
	g.byID[r.env.ID] = r.seq
	if r.env.Key != "" {
		g.byKey[r.env.Key] = r.seq
	}
	if r.env.Link != "" {
		g.links[r.env.Link] = append(g.links[r.env.Link], r.seq)
		g.closed[r.env.Link] = true
	}
}

// read adds the records of f from the lag's end to size; a torn last line is left out.
func (g *lagIndex) read(f *os.File, size int64) error {
	if size <= g.end {
		return nil
	}
	base := g.end
	err := verify.ReadLines(f.Name(), io.NewSectionReader(f, base, size-base), 1, func(_, off int64, line []byte) error {
		r, err := recOf(line, g.n(), base+off)
		if err != nil {
			return err
		}
		g.add(r)
		return nil
	})
	if errors.Is(err, verify.ErrTorn) {
		return nil
	}
	return err
}

// recOf checks one line of the log, which must be record seq, and returns what the index keeps of it.
func recOf(line []byte, seq, off int64) (idxRec, error) {
	h, err := verify.CheckLine(line)
	if err != nil {
		return idxRec{}, fmt.Errorf("seq %d: %v", seq, err)
	}
	env, err := verify.ParseEnvelope(line)
	if err != nil {
		return idxRec{}, fmt.Errorf("seq %d: %v", seq, err)
	}
	if env.Seq != seq {
		return idxRec{}, fmt.Errorf("the record at byte %d has seq %d, expected %d", off, env.Seq, seq)
	}
	return idxRec{seq: seq, off: off, length: len(line), hash: h, env: env}, nil
}

// view answers questions about the records of a log: from the index for the records it covers,
// from the lag for the rest.
type view struct {
	torn *verify.TornError // bytes after the last complete record
	f    *os.File          // the log
	x    *index            // nil: no usable index, everything is in the lag
	n    int64             // records the index covers
	lag  *lagIndex
}

// line reads record seq's line (without its newline) and its flags.
func (v *view) line(seq int64) ([]byte, uint32, error) {
	if seq < 0 || seq >= v.lag.n() {
		return nil, 0, fmt.Errorf("seq %d: %w", seq, ErrNotFound)
	}
	var off int64
	var length int
	var flags uint32
	if seq < v.n {
		var err error
		if off, length, flags, err = v.x.entry(seq); err != nil {
			return nil, 0, err
		}
		if off < 0 || off+int64(length)+1 > v.lag.from0end() {
			return nil, 0, fmt.Errorf("seq %d: %w", seq, errStaleSeq)
		}
	} else {
		r := v.lag.recs[seq-v.lag.from]
		off, length = r.off, r.length
		if r.env.Owner != nil {
			flags = flagOpen
		}
	}
	b := make([]byte, length+1)
	if _, err := v.f.ReadAt(b, off); err != nil {
		return nil, 0, fmt.Errorf("read %s: %w", v.f.Name(), err)
	}
	if b[length] != '\n' {
		return nil, 0, fmt.Errorf("seq %d: %w", seq, errStaleSeq)
	}
	return b[:length], flags, nil
}

// record reads record seq and checks it against the index: its line must hash to the stored leaf
// hash and say it is seq. The flags say whether it is open and closed, counting links in the lag.
func (v *view) record(seq int64) (verify.Envelope, []byte, uint32, error) {
	line, flags, err := v.line(seq)
	if err != nil {
		return verify.Envelope{}, nil, 0, err
	}
	r, err := recOf(line, seq, 0)
	if err != nil {
		return verify.Envelope{}, nil, 0, fmt.Errorf("%w: %v", errStaleSeq, err)
	}
	if seq < v.n {
		h, err := v.x.leafHash(seq)
		if err != nil {
			return verify.Envelope{}, nil, 0, err
		}
		if h != r.hash {
			return verify.Envelope{}, nil, 0, fmt.Errorf("seq %d: %w", seq, errStaleSeq)
		}
	}
	if v.lag.closed[r.env.ID] {
		flags |= flagClosed
	}
	return r.env, line, flags, nil
}

// find calls fn with the seq of each record stored under (tag, value), in log order, until fn
// returns false. The seqs come from the index unchecked; callers check the record they read.
func (v *view) find(tag byte, value string, fn func(seq int64) bool) error {
	more := true
	if v.x != nil && v.n > 0 {
		var seqs []int64
		if err := v.x.lookup(v.x.keyOf(tag, value), func(seq int64) bool {
			if seq < v.n {
				seqs = append(seqs, seq)
			}
			return true
		}); err != nil {
			return err
		}
		sortSeqs(seqs)
		for _, s := range seqs {
			if more = fn(s); !more {
				return nil
			}
		}
	}
	var seqs []int64
	switch tag {
	case tagID:
		if s, ok := v.lag.byID[value]; ok {
			seqs = []int64{s}
		}
	case tagKey:
		if s, ok := v.lag.byKey[value]; ok {
			seqs = []int64{s}
		}
	case tagLink:
		seqs = v.lag.links[value]
	}
	for _, s := range seqs {
		if !fn(s) {
			return nil
		}
	}
	return nil
}

func sortSeqs(s []int64) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// findOne returns the seq of the record whose id or key is value, checked against the log, or -1.
func (v *view) findOne(tag byte, value string) (int64, error) {
	found := int64(-1)
	var ferr error
	err := v.find(tag, value, func(seq int64) bool {
		env, _, _, err := v.record(seq)
		if err != nil {
			ferr = err
			return false
		}
		if tag == tagID && env.ID == value || tag == tagKey && env.Key == value {
			found = seq
			return false
		}
		return true
	})
	if err == nil {
		err = ferr
	}
	return found, err
}

// The writer's view: its index, kept up to date in commit, and its lag.

// indexRetry is how long a writer waits after a failed update of the index before trying again;
// meanwhile it answers from memory.
const indexRetry = time.Second

// writerView returns the writer's view of the log's records; the writer lock is held and the index
// was synced.
func (l *Log) writerView() *view {
	if l.lag == nil {
		return &view{f: l.f, x: l.idx, n: l.idxN, lag: newLag(l.idxN, l.st.size)}
	}
	return &view{f: l.f, x: l.idx, n: l.lag.from, lag: l.lag}
}

func (l *Log) findOne(tag byte, value string) (int64, error) {
	seq, err := l.writerView().findOne(tag, value)
	if l.indexDamaged(err) {
		seq, err = l.writerView().findOne(tag, value)
	}
	return seq, err
}

func (l *Log) recordAt(seq int64) (verify.Envelope, uint32, error) {
	env, _, flags, err := l.writerView().record(seq)
	if l.indexDamaged(err) {
		env, _, flags, err = l.writerView().record(seq)
	}
	return env, flags, err
}

// indexDamaged reports whether err says the index does not match the log, and if so rebuilds the
// index from the log (the writer lock is held), so that the lookup can be tried again.
func (l *Log) indexDamaged(err error) bool {
	if !errors.Is(err, errStaleSeq) || l.idx == nil {
		return false
	}
	if rerr := l.idx.reset(slotsFor(l.st.n)); rerr != nil {
		l.idx.close()
		l.idx = nil
	}
	l.idxN, l.lag = -1, nil
	l.syncIndex()
	return true
}

// The writer adds its records to the index in batches rather than at every commit: on ext4 (data
// ordered), every fdatasync of the log also flushed the index pages that commit had dirtied, and
// indexing each commit cost 15% of the appends per second of a lone writer (BenchmarkAppend:
// ratio 0.73 against 0.87 with no index). Until a batch is written, the writer answers from memory
// and readers from the log's tail.
const (
	indexBatch = 256                    // records written to the index at once
	indexDelay = 100 * time.Millisecond // at most this long after the first of them
)

// syncIndex brings the writer's view of the index up to date with the log's first l.st.n records,
// under the writer lock: the records other processes wrote, or a whole new index. Records not in the
// index files are kept in l.lag.
func (l *Log) syncIndex() {
	if l.idx != nil && l.idxN >= 0 && l.idx.readKeysHeader() == nil && l.idx.hdr.n == l.idxN {
		// The index files are as this writer left them.
		if l.lag == nil && l.idxN == l.st.n {
			return
		}
		if l.lag == nil {
			// Another process appended and did not index: its records join the lag.
			off, n, _, err := l.idx.entry(l.idxN - 1)
			if l.idxN == 0 {
				off, n, err = -1, 0, nil
			}
			if err == nil {
				l.lag = newLag(l.idxN, off+int64(n)+1)
				l.lag.started = time.Now()
			}
		}
		if l.lag != nil && (l.idxErr == nil || time.Since(l.lag.tried) < indexRetry) {
			l.readLag()
			return
		}
	}
	if err := l.indexUp(); err != nil {
		l.idxErr = err
		from, off := int64(0), int64(0)
		if l.idx != nil {
			from = l.idx.hdr.n
			if from > 0 {
				o, n, _, eerr := l.idx.entry(from - 1)
				if eerr != nil {
					from = 0
				} else {
					off = o + int64(n) + 1
				}
			}
		}
		l.lag = newLag(from, off)
		if from == 0 {
			l.idx = nil
		}
		l.lag.tried, l.lag.started = time.Now(), time.Now()
		l.readLag()
		return
	}
	l.idxErr, l.lag = nil, nil
}

func (l *Log) readLag() {
	if err := l.lag.read(l.f, l.st.size); err != nil {
		// The log itself is damaged after the index: catchUp will say so on the next commit.
		l.idxErr = err
	}
}

// flushIndex writes the lag to the index files; the writer lock is held.
func (l *Log) flushIndex() {
	if l.lag == nil || l.idx == nil || l.idxErr != nil || l.idx.hdr.n != l.lag.from {
		return
	}
	if err := l.idx.add(l.lag.recs); err != nil {
		l.idxErr = err
		l.lag.tried = time.Now()
		return
	}
	l.idxN, l.lag = l.idx.hdr.n, nil
}

// indexUp is syncIndex's work on the index files.
func (l *Log) indexUp() error {
	if l.idx == nil {
		x, err := openIndex(l.path, true)
		if err != nil {
			return err
		}
		l.idx, l.idxN = x, -1
	}
	x := l.idx
	if err := x.readHeader(); err != nil {
		if errors.Is(err, errReplaced) {
			err = x.reopenKeys()
		}
		if err != nil {
			if err := x.reset(slotsFor(l.st.n)); err != nil {
				return err
			}
			l.idxN = -1
		}
	}
	if x.hdr.n == l.idxN && l.idxN == l.st.n {
		return nil // as we left it, and nobody wrote since
	}
	if x.hdr.n == l.st.n && x.hdr.n > 0 && x.hdr.boot == thisBoot() && l.indexHasTail() {
		// Another writer indexed what it wrote: its last entry is the tail catchUp just checked.
		l.idxN = x.hdr.n
		return nil
	}
	n, err := x.covered()
	if err != nil {
		return err
	}
	start := int64(0)
	if n > 0 {
		end, ok := l.indexEndsAt(n - 1)
		if !ok || n > l.st.n {
			n = 0
		}
		start = end
	}
	if n == 0 {
		start = 0
		if x.hdr.n != 0 || x.hdr.used != 0 {
			if err := x.reset(slotsFor(l.st.n)); err != nil {
				return err
			}
		}
	}
	if x.hdr.boot != thisBoot() || n != x.hdr.n {
		// Entries past n are overwritten as the records are read again; keys are not added twice.
		x.hdr.n, x.hdr.synced, x.hdr.boot = n, min(x.hdr.synced, n), thisBoot()
		if err := x.writeHeader(); err != nil {
			return err
		}
	}
	var chunk []idxRec
	err = verify.ReadLines(l.path, io.NewSectionReader(l.f, start, l.st.size-start), 1, func(_, off int64, line []byte) error {
		r, err := recOf(line, n+int64(len(chunk)), start+off)
		if err != nil {
			return err
		}
		chunk = append(chunk, r)
		if len(chunk) == 4096 {
			if err := x.add(chunk); err != nil {
				return err
			}
			n += int64(len(chunk))
			chunk = chunk[:0]
		}
		return nil
	})
	if err == nil {
		err = x.add(chunk)
	}
	if err != nil {
		return fmt.Errorf("index %s: %w", l.path, err)
	}
	l.idxN = x.hdr.n
	if l.idxN != l.st.n {
		return fmt.Errorf("index %s covers %d records, the log has %d", l.path, l.idxN, l.st.n)
	}
	return nil
}

// indexHasTail reports whether the index's last entry is the log's last record, by its end and its
// leaf hash: the tail the writer knows, without reading the record.
func (l *Log) indexHasTail() bool {
	n := l.st.n
	if c, err := l.idx.covered(); err != nil || c != n {
		return false
	}
	off, length, _, err := l.idx.entry(n - 1)
	if err != nil || off+int64(length)+1 != l.st.size {
		return false
	}
	h, err := l.idx.leafHash(n - 1)
	return err == nil && hex.EncodeToString(h[:]) == l.st.prev
}

// indexEndsAt checks that the index's entry for seq is the log's record seq, and returns the offset
// after it.
func (l *Log) indexEndsAt(seq int64) (int64, bool) {
	v := &view{f: l.f, x: l.idx, n: seq + 1, lag: newLag(seq+1, 0)}
	if _, _, _, err := v.record(seq); err != nil {
		return 0, false
	}
	off, n, _, err := l.idx.entry(seq)
	if err != nil || off+int64(n)+1 > l.st.size {
		return 0, false
	}
	return off + int64(n) + 1, true
}

// slotsFor sizes a new table for n records: about 1.25 entries each, at most half full.
func slotsFor(n int64) int64 {
	s := int64(minSlots)
	for s < n*5/2 {
		s *= 2
	}
	return s
}

// indexAdd records the records the writer just wrote: in the lag, and in the index files once a
// batch is full or old enough.
func (l *Log) indexAdd(recs []idxRec) {
	if l.lag == nil {
		l.lag = newLag(recs[0].seq, recs[0].off)
		l.lag.started = time.Now()
	}
	for _, r := range recs {
		l.lag.add(r)
	}
	if len(l.lag.recs) >= indexBatch || time.Since(l.lag.started) >= indexDelay {
		l.flushIndex()
	}
}
