package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// Reader answers questions about a log: a record by seq, id or key, the records linking to one, the
// open records, proofs and tree hashes. It reads the index where there is one, and the log itself for
// the records the index does not cover (all of them when there is no index), and checks every record
// it returns against the log's bytes and the index's leaf hash. It never writes, and is safe for
// concurrent use; each call sees the records that were complete when it began.
type Reader struct {
	path string
	f    *os.File

	mu  sync.Mutex // guards x, lag and distrust
	x   *index
	lag *lagIndex // cached between calls: the records after the index's last one
	// distrust is set when the index gave an answer the log contradicts: until it is rebuilt (its
	// generation changes), this reader answers from the log alone.
	distrust    bool
	distrustGen uint64
	// contradiction is what the log contradicted, the last time the index gave such an answer.
	contradiction error
}

// OpenReader opens the log at path for reading.
func OpenReader(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	r := &Reader{path: path, f: f}
	if x, err := openIndex(path, false); err == nil {
		r.x = x
	}
	return r, nil
}

// Moved reports whether the reader's path no longer names the file it reads: the log was moved,
// removed or replaced (a rotation), and a writer goes on in a new file at the name (see Log). A
// long-lived reader then opens the path again; this one keeps answering from the old file.
func (r *Reader) Moved() bool {
	at, err := os.Stat(r.path)
	if err != nil {
		return true
	}
	mine, err := r.f.Stat()
	return err != nil || !os.SameFile(at, mine)
}

// Close closes the reader's files.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	err := r.f.Close()
	if r.x != nil {
		err = errors.Join(err, r.x.close())
	}
	return err
}

// Indexed reports whether the log has a usable index (without one, every call reads the whole log).
func (r *Reader) Indexed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.x != nil
}

// view takes a snapshot of the log and its index under the writers' lock, shared.
func (r *Reader) view() (*view, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if lf, err := os.Open(r.path + ".lock"); err == nil {
		defer lf.Close()
		if err := flock(lf, false); err != nil {
			return nil, err
		}
		defer funlock(lf)
	}
	fi, err := r.f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	if r.x == nil {
		// A writer may have made the index since.
		if x, err := openIndex(r.path, false); err == nil {
			r.x = x
		}
	}
	n, end := int64(0), int64(0)
	if r.x != nil {
		n, end, err = r.indexCovers(size)
		if err != nil {
			r.x.close()
			r.x = nil
			n, end = 0, 0
		} else if r.distrust && r.x.hdr.gen == r.distrustGen {
			n, end = 0, 0
		} else {
			r.distrust = false
		}
	}
	if r.lag == nil || r.lag.from != n || r.lag.end > size || (len(r.lag.recs) == 0 && r.lag.end != end) {
		r.lag = newLag(n, end)
	}
	if err := r.lag.read(r.f, size); err != nil {
		return nil, err
	}
	x := r.x
	if n == 0 {
		x = nil
	}
	v := &view{f: r.f, x: x, n: n, lag: r.lag}
	if r.lag.end < size {
		// Bytes after the last complete record: a writer stopped mid-write (no writer is writing now).
		v.torn = &verify.TornError{Name: r.path, LineNo: r.lag.n() + 1, Offset: r.lag.end}
	}
	return v, nil
}

// do runs fn on a view of the log; when the index contradicts the log, it runs fn again on the log
// alone, and the reader stops using the index until it is rebuilt.
func (r *Reader) do(fn func(v *view) error) error {
	v, err := r.view()
	if err != nil {
		return err
	}
	err = fn(v)
	if !errors.Is(err, errStaleSeq) || v.x == nil {
		return err
	}
	r.mu.Lock()
	if r.x != nil {
		r.distrust, r.distrustGen = true, r.x.hdr.gen
	}
	r.contradiction = err
	r.mu.Unlock()
	if v, err = r.view(); err != nil {
		return err
	}
	return fn(v)
}

// Contradiction returns, when the index gave this reader an answer the log contradicts, what it
// was; nil when it never did. Such a reader answers from the log alone until the index is rebuilt:
// its answers are the log's records, which the index (and a signed checkpoint of its tree) no
// longer vouches for. The index is stale or the log was edited; a full verification tells which.
func (r *Reader) Contradiction() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.contradiction
}

// indexCovers reads the index's header and returns how many records it covers and the offset after
// the last of them.
func (r *Reader) indexCovers(size int64) (n, end int64, err error) {
	// A writer that grows the table renames a new file over it and marks the old one; the file's
	// identity tells as well, should the mark have failed.
	_, _, keysP := indexPaths(r.path)
	if cur, err := os.Stat(keysP); err == nil {
		if held, err := r.x.keys.Stat(); err == nil && !os.SameFile(cur, held) {
			if err := r.x.reopenKeys(); err != nil {
				return 0, 0, err
			}
		}
	}
	if err := r.x.readHeader(); err != nil {
		if !errors.Is(err, errReplaced) {
			return 0, 0, err
		}
		if err := r.x.reopenKeys(); err != nil {
			return 0, 0, err
		}
	}
	if n, err = r.x.covered(); err != nil || n == 0 {
		return 0, 0, err
	}
	off, length, _, err := r.x.entry(n - 1)
	if err != nil {
		return 0, 0, err
	}
	if end = off + int64(length) + 1; end > size {
		return 0, 0, fmt.Errorf("index of %s reaches past the end of the log: %w", r.path, errBadIndex)
	}
	return n, end, nil
}

// Len returns the number of complete records in the log.
func (r *Reader) Len() (int64, error) {
	v, err := r.view()
	if err != nil {
		return 0, err
	}
	return v.lag.n(), nil
}

// BySeq returns record seq's envelope and line (without its newline).
func (r *Reader) BySeq(seq int64) (*Envelope, []byte, error) {
	var env Envelope
	var line []byte
	err := r.do(func(v *view) error {
		var err error
		env, line, _, err = v.record(seq)
		if errors.Is(err, ErrNotFound) {
			return fmt.Errorf("no record with seq %d in %s (it has %d): %w", seq, r.path, v.lag.n(), ErrNotFound)
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return &env, line, nil
}

// ByID returns the record whose id is id.
func (r *Reader) ByID(id string) (*Envelope, []byte, error) {
	return r.byOne(tagID, id, "id")
}

// ByKey returns the record whose key is key (see Entry.Key).
func (r *Reader) ByKey(key string) (*Envelope, []byte, error) {
	return r.byOne(tagKey, key, "key")
}

func (r *Reader) byOne(tag byte, value, what string) (*Envelope, []byte, error) {
	var env Envelope
	var line []byte
	err := r.do(func(v *view) error {
		seq, err := v.findOne(tag, value)
		if err != nil {
			return err
		}
		if seq < 0 {
			return fmt.Errorf("no record with %s %q in %s: %w", what, value, r.path, ErrNotFound)
		}
		env, line, _, err = v.record(seq)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return &env, line, nil
}

// Find returns the record whose id is ref, or whose seq it is when ref is a decimal number.
func (r *Reader) Find(ref string) (*Envelope, []byte, error) {
	var e *Envelope
	var line []byte
	var err error
	if seq, perr := strconv.ParseInt(ref, 10, 64); perr == nil {
		e, line, err = r.BySeq(seq)
	} else {
		e, line, err = r.ByID(ref)
	}
	if errors.Is(err, ErrNotFound) {
		return nil, nil, fmt.Errorf("no record with id or seq %q in %s: %w", ref, r.path, ErrNotFound)
	}
	return e, line, err
}

// Linked returns the lines, in log order, of the record whose id is id and of the records that link
// to it (a decision and its results); none when no record has the id.
func (r *Reader) Linked(ctx context.Context, id string) ([][]byte, error) {
	var out [][]byte
	err := r.do(func(v *view) error {
		out = nil
		seq, err := v.findOne(tagID, id)
		if err != nil || seq < 0 {
			return err
		}
		_, line, _, err := v.record(seq)
		if err != nil {
			return err
		}
		out = [][]byte{line}
		var ferr error
		err = v.find(tagLink, id, func(s int64) bool {
			if ferr = ctx.Err(); ferr != nil {
				return false
			}
			env, line, _, err := v.record(s)
			if err != nil {
				ferr = err
				return false
			}
			if env.Link == id {
				out = append(out, line)
			}
			return true
		})
		if err == nil {
			err = ferr
		}
		return err
	})
	return out, err
}

// OpenRecord is a record that expects a later record to link to it and has none yet.
type OpenRecord struct {
	Envelope
	Line []byte
}

// Open returns the open records in log order: those written with Entry.Open that no later record
// links to. Without an index it reads the whole log.
func (r *Reader) Open() ([]OpenRecord, error) {
	out, _, err := r.open()
	return out, err
}

// open is Open, and also returns how many records the index covered, all of them checked.
func (r *Reader) open() ([]OpenRecord, int64, error) {
	var out []OpenRecord
	var covered int64
	err := r.do(func(v *view) error {
		out, covered = nil, v.n
		add := func(seq int64) error {
			env, line, flags, err := v.record(seq)
			if err != nil {
				return err
			}
			if env.Owner != nil && flags&flagClosed == 0 {
				out = append(out, OpenRecord{Envelope: env, Line: line})
			}
			return nil
		}
		if v.x != nil {
			from, err := v.x.openFrom()
			if err != nil {
				return err
			}
			const chunk = 4096
			buf := make([]byte, chunk*offEntry)
			for s := min(from, v.n); s < v.n; s += chunk {
				k := min(chunk, v.n-s)
				if _, err := v.x.off.ReadAt(buf[:k*offEntry], offHdr+s*offEntry); err != nil {
					return fmt.Errorf("read %s: %w", v.x.off.Name(), err)
				}
				for i := int64(0); i < k; i++ {
					e := buf[i*offEntry : (i+1)*offEntry]
					if e[12]&flagOpen != 0 && e[12]&flagClosed == 0 {
						if err := add(s + i); err != nil {
							return err
						}
					}
				}
			}
		}
		for _, rec := range v.lag.recs {
			if rec.env.Owner != nil && !v.lag.closed[rec.env.ID] {
				if err := add(rec.seq); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return out, covered, err
}

// Lines calls fn with every complete record's envelope and line, in order, from seq from on. It
// checks neither hashes nor chain (verify does). The line is only valid during the call. When the
// log ends in an incomplete line (a crashed writer's), Lines returns an error wrapping ErrTorn after
// the complete records.
func (r *Reader) Lines(ctx context.Context, from int64, fn func(e *Envelope, line []byte) error) error {
	v, err := r.view()
	if err != nil {
		return err
	}
	total := v.lag.n()
	if from >= total {
		return nil
	}
	off := int64(0)
	if from > 0 {
		if from < v.n {
			o, _, _, err := v.x.entry(from)
			if err != nil {
				return err
			}
			off = o
		} else {
			off = v.lag.recs[from-v.lag.from].off
		}
	}
	end := v.lag.end
	seq := from
	err = verify.ReadLines(r.path, io.NewSectionReader(r.f, off, end-off), from+1, func(lineNo, _ int64, line []byte) error {
		if seq >= total {
			return verify.ErrStop
		}
		if seq%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		env, err := verify.ParseEnvelope(line)
		if err != nil {
			return fmt.Errorf("%s line %d: not a valid record: %v: run sbxgate audit verify", r.path, lineNo, err)
		}
		seq++
		return fn(&env, line)
	})
	if errors.Is(err, verify.ErrStop) {
		return nil
	}
	if err == nil && v.torn != nil {
		return v.torn
	}
	return err
}

// tree returns the Merkle tree of all the view's records: the index's stored hashes, then the lag's.
func (v *view) tree() (*verify.Tree, error) {
	var t *verify.Tree
	if v.x != nil && v.n > 0 {
		t = verify.NewTreeFrom(hashes{v.x.tree}, v.n)
	} else {
		t = &verify.Tree{}
	}
	for _, rec := range v.lag.recs {
		if err := t.Add(rec.hash); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// Prove returns the inclusion proof of record seq in the tree of the log's first treeSize records
// (0: all of them), from the index.
func (r *Reader) Prove(seq, treeSize int64) (*Proof, error) {
	var p *Proof
	err := r.do(func(v *view) error {
		var err error
		p, err = v.prove(seq, treeSize)
		return err
	})
	return p, err
}

func (v *view) prove(seq, treeSize int64) (*Proof, error) {
	_, line, _, err := v.record(seq)
	if err != nil {
		return nil, err
	}
	t, err := v.tree()
	if err != nil {
		return nil, err
	}
	if treeSize == 0 {
		treeSize = t.N
	}
	if treeSize > t.N || seq >= treeSize {
		return nil, fmt.Errorf("record %d is not in a tree of %d records (the log has %d)", seq, treeSize, t.N)
	}
	p := &Proof{Record: bytes.Clone(line), Line: string(line), Index: seq, TreeSize: treeSize}
	if p.Hashes, err = tlog.ProveRecord(treeSize, seq, t); err != nil {
		return nil, err
	}
	if p.TreeHash, err = t.Hash(treeSize); err != nil {
		return nil, err
	}
	// A proof that does not check against the index's own root would only mislead.
	h, err := verify.CheckLine(line)
	if err != nil {
		return nil, err
	}
	if err := tlog.CheckRecord(p.Hashes, treeSize, p.TreeHash, seq, h); err != nil {
		return nil, fmt.Errorf("the index does not prove seq %d (%v): %w", seq, err, errStaleSeq)
	}
	return p, nil
}

// TreeHash returns the root hash of the tree of the log's first n records, from the index.
func (r *Reader) TreeHash(n int64) (tlog.Hash, error) {
	v, err := r.view()
	if err != nil {
		return tlog.Hash{}, err
	}
	t, err := v.tree()
	if err != nil {
		return tlog.Hash{}, err
	}
	if n > t.N {
		return tlog.Hash{}, fmt.Errorf("the log has %d records, not %d", t.N, n)
	}
	return t.Hash(n)
}

// Orphans returns the open records whose owning process is dead, as far as this host can tell:
// records written with Entry.Open (a decision about to run) that no record links to (a result), left
// by a process that ended first.
func (l *Log) Orphans() ([]OpenRecord, error) {
	r, err := OpenReader(l.path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	open, covered, err := r.open()
	if err != nil {
		return nil, err
	}
	low := covered
	if len(open) > 0 {
		low = min(low, open[0].Seq)
	}
	l.advanceOpenFrom(low)
	var out []OpenRecord
	for _, o := range open {
		if Judge(*o.Owner) == OwnerDead {
			out = append(out, o)
		}
	}
	return out, nil
}

// Keyed returns the line of the record whose key is key (see Entry.Key) and the lines of the records
// linking to it, in log order; an error wrapping ErrNotFound when no record has the key.
func (l *Log) Keyed(ctx context.Context, key string) ([][]byte, error) {
	r, err := l.reader()
	if err != nil {
		return nil, err
	}
	env, _, err := r.ByKey(key)
	if err != nil {
		return nil, err
	}
	return r.Linked(ctx, env.ID)
}

// Reader returns a reader of this log, shared by the Log's callers and closed with it.
func (l *Log) Reader() (*Reader, error) { return l.reader() }

func (l *Log) reader() (*Reader, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, ErrClosed
	}
	if l.rd == nil {
		r, err := OpenReader(l.path)
		if err != nil {
			return nil, err
		}
		l.rd = r
	}
	return l.rd, nil
}

// advanceOpenFrom records in the index that no record before seq is open, so that the next search
// for open records starts there. Records are never opened again once closed, and later ones are
// appended after seq, so it stays true. It is a hint: failing to write it costs only time.
func (l *Log) advanceOpenFrom(seq int64) {
	lockf, err := os.OpenFile(l.path+".lock", os.O_RDWR, 0)
	if err != nil {
		return
	}
	defer lockf.Close()
	// A lock on a file of its own excludes this Log's committer as it does other processes.
	if flock(lockf, true) != nil {
		return
	}
	defer funlock(lockf)
	x, err := openIndex(l.path, false)
	if err != nil {
		return
	}
	from, err := x.openFrom()
	x.close()
	if err != nil || seq <= from {
		return
	}
	offP, _, _ := indexPaths(l.path)
	f, err := os.OpenFile(offP, os.O_WRONLY, 0)
	if err != nil {
		return
	}
	defer f.Close()
	w := &index{off: f}
	w.setOpenFrom(seq)
}
