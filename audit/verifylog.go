package audit

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// VerifyOptions say what VerifyLog checks.
type VerifyOptions struct {
	// Schema, when set, checks kinds and links (see verify.Schema).
	Schema *Schema
	// Checkpoint is a signed checkpoint (from `sbxgate audit checkpoint`) the log must still extend;
	// it needs Verifier.
	Checkpoint []byte
	// Verifier is the checkpoints' key. With it, VerifyLog may start from a signed checkpoint whose
	// tree the log's index still proves, the given one or the last one the log was verified against
	// (kept in FILE.verified), instead of from the first record.
	Verifier note.Verifier
	// Full reads every record even when a verified checkpoint would allow less.
	Full bool
}

// Report is what VerifyLog found.
type Report struct {
	verify.Summary
	// Incremental is set when records before From were not read again: they are the tree of a signed
	// checkpoint that the log's index still proves, saved when the log was verified against it at
	// Since (zero: the checkpoint given).
	Incremental bool
	From        int64
	Since       time.Time
	// Index says what is wrong with the log's index, when a full verification found it does not match
	// the log; nil when it matches or there is none. The log may still be intact.
	Index error
	// Unanchored is set when a verifier key was given but no signed checkpoint anchored the
	// verification: none was given, and FILE.verified is absent or signed by another key. The chain
	// is whole, but the log may have been cut or rewritten as a whole.
	Unanchored bool
}

// verifiedState is FILE.verified: the last signed checkpoint the log was verified against.
type verifiedState struct {
	Checkpoint string    `json:"checkpoint"` // the signed note
	VerifiedAt time.Time `json:"verified_at"`
}

func statePath(path string) string { return path + ".verified" }

// VerifyLog checks the log at path: every record's hash, the chain of prev hashes, seq numbers, ids
// and links, the tree against a checkpoint, and in full mode the index against the log. A damaged
// log yields a *BrokenError. See VerifyOptions for when it reads only the records after a verified
// checkpoint. After a successful check against a checkpoint it saves that checkpoint as verified.
func VerifyLog(path string, o VerifyOptions) (*Report, error) {
	var cp *tlog.Tree
	if o.Checkpoint != nil {
		if o.Verifier == nil {
			return nil, errors.New("a checkpoint needs its verifier key")
		}
		t, err := verify.OpenCheckpoint(o.Checkpoint, o.Verifier)
		if err != nil {
			return nil, err
		}
		cp = &t
	}
	var st *savedCheckpoint
	if o.Verifier != nil {
		// FILE.verified lies beside the log, so whoever could alter the log could alter it too: one
		// that does not verify with the key is damage, not a cache to pass over.
		var err error
		if st, err = loadState(path, o.Verifier); err != nil {
			return nil, err
		}
	}
	var rep *Report
	var err error
	if !o.Full && o.Verifier != nil {
		rep, err = verifyIncremental(path, o, cp, st)
	}
	if rep == nil && err == nil {
		// The log must still extend the last checkpoint it was verified against, as well as one
		// given: reading every record proves only that the chain is whole, not that it is the one
		// that was signed.
		var anchors []*tlog.Tree
		if cp != nil {
			anchors = append(anchors, cp)
		}
		if st != nil {
			anchors = append(anchors, &st.tree)
			if cp == nil {
				cp, o.Checkpoint = &st.tree, []byte(st.Checkpoint)
			}
		}
		rep, err = verifyFull(path, o.Schema, anchors...)
		if rep != nil && o.Verifier != nil && len(anchors) == 0 {
			rep.Unanchored = true
		}
	}
	if err == nil && cp != nil {
		// A failure to save only costs the next verification its shortcut.
		saveVerified(path, o.Checkpoint, cp.N, o.Verifier)
	}
	return rep, err
}

// verifyFull reads every record; the log must extend each of the checkpoints' trees, and the first
// is the one the report names.
func verifyFull(path string, s *Schema, cps ...*tlog.Tree) (*Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size, err := stableSize(path, f)
	if err != nil {
		return nil, err
	}
	ic := newIndexCheck(path)
	defer ic.close()
	var first *tlog.Tree
	if len(cps) > 0 {
		first = cps[0]
	}
	sum, tree, err := verify.Verify(path, io.LimitReader(f, size), s, first, ic.record)
	if err != nil {
		return nil, err
	}
	for _, cp := range cps[min(1, len(cps)):] {
		if err := verify.Extends(tree, *cp); err != nil {
			return nil, err
		}
	}
	return &Report{Summary: *sum, Index: ic.finish(tree)}, nil
}

// verifyIncremental verifies from the newest signed checkpoint that the index still proves. It
// returns nil, nil when there is none, for a full verification instead.
func verifyIncremental(path string, o VerifyOptions, cp *tlog.Tree, st *savedCheckpoint) (*Report, error) {
	r, err := OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	v, err := r.view()
	if err != nil || v.x == nil || v.n == 0 {
		return nil, nil
	}
	t, err := v.tree()
	if err != nil {
		return nil, nil
	}
	type base struct {
		tree  tlog.Tree
		since time.Time
	}
	var bases []base
	if st != nil {
		bases = append(bases, base{st.tree, st.VerifiedAt})
	}
	if cp != nil {
		bases = append(bases, base{*cp, time.Time{}})
	}
	var b *base
	for i := range bases {
		c := bases[i]
		// The base must be within the index files: the checker starts from their stored hashes.
		if c.tree.N == 0 || c.tree.N > v.n || (b != nil && c.tree.N <= b.tree.N) {
			continue
		}
		if h, err := t.Hash(c.tree.N); err != nil || h != c.tree.Hash {
			continue
		}
		b = &bases[i]
	}
	if b == nil {
		return nil, nil
	}
	n := b.tree.N
	// The index's hashes give the checkpoint's root, so they are the signed tree's. Record n-1's
	// bytes must be its last leaf: then the chain continues from them.
	_, last, _, err := v.record(n - 1)
	if err != nil {
		return nil, nil
	}
	lh, err := verify.CheckLine(last)
	if err != nil {
		return nil, nil
	}
	proof, err := tlog.ProveRecord(n, n-1, t)
	if err != nil || tlog.CheckRecord(proof, n, b.tree.Hash, n-1, lh) != nil {
		return nil, nil
	}
	off, length, _, err := v.x.entry(n - 1)
	if err != nil {
		return nil, nil
	}
	start := off + int64(length) + 1

	earlier := func(id string) (string, error) {
		seq, err := v.findOne(tagID, id)
		if err != nil || seq < 0 || seq >= n {
			return "", err
		}
		env, _, _, err := v.record(seq)
		return env.Kind, err
	}
	c := verify.ResumeChecker(o.Schema, verify.NewTreeFrom(hashes{v.x.tree}, n), hex.EncodeToString(lh[:]), earlier)
	err = verify.ReadLines(path, io.NewSectionReader(r.f, start, v.lag.end-start), n+1, func(_, _ int64, line []byte) error {
		_, _, err := c.Check(line)
		return err
	})
	if err != nil {
		return nil, err
	}
	if v.torn != nil {
		// The view stops at the last complete record; a full verification calls what follows broken.
		return nil, verify.Torn(v.torn)
	}
	root, err := c.Tree.Hash(c.Tree.N)
	if err != nil {
		return nil, err
	}
	rep := &Report{Summary: verify.Summary{Records: c.Tree.N, Repairs: c.Repairs, Root: root}, Incremental: true, From: n, Since: b.since}
	if cp != nil {
		if err := verify.Extends(c.Tree, *cp); err != nil {
			return nil, err
		}
		rep.Checkpoint = cp
	}
	if st != nil {
		// Also when a checkpoint was given, possibly older: the log must extend the saved one too.
		if err := verify.Extends(c.Tree, st.tree); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// savedCheckpoint is FILE.verified with its checkpoint's tree, the signature checked.
type savedCheckpoint struct {
	verifiedState
	tree tlog.Tree
}

// loadState reads FILE.verified and checks its checkpoint's signature. It returns nil when there is
// none, or when only another key signed it (the key was changed since): the verification is then
// full. A file that is not a saved checkpoint, or whose checkpoint this key signed but does not
// verify, was altered: an error wrapping ErrBadCheckpoint.
func loadState(path string, v note.Verifier) (*savedCheckpoint, error) {
	data, err := os.ReadFile(statePath(path))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	altered := func(why error) error { return alteredState(path, why) }
	var st verifiedState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, altered(err)
	}
	n, err := note.Open([]byte(st.Checkpoint), note.VerifierList(v))
	var other *note.UnverifiedNoteError
	if errors.As(err, &other) {
		return nil, nil
	}
	if err != nil {
		return nil, altered(err)
	}
	cp, err := tlog.ParseTree([]byte(n.Text))
	if err != nil {
		return nil, altered(err)
	}
	return &savedCheckpoint{verifiedState: st, tree: cp}, nil
}

// saveVerified records signed, a checkpoint of n records the log at path was verified against, in
// FILE.verified, so that a later verification with the key may start from it; it keeps a newer one
// already saved. With v nil the note is not checked (the caller just signed it).
func saveVerified(path string, signed []byte, n int64, v note.Verifier) error {
	if v != nil {
		if old, _ := loadState(path, v); old != nil && old.tree.N > n {
			return nil
		}
	}
	data, err := json.Marshal(verifiedState{Checkpoint: string(signed), VerifiedAt: time.Now().UTC()})
	if err != nil {
		return fmt.Errorf("encode %s: %w", statePath(path), err)
	}
	return writeFileAtomic(statePath(path), append(data, '\n'))
}

func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// stableSize returns the file's size at a moment no writer was mid-write: it takes the writers' lock
// shared, when there is one, just long enough to read the size.
func stableSize(path string, f *os.File) (int64, error) {
	lf, err := os.Open(path + ".lock")
	if err == nil {
		defer lf.Close()
		if err := flock(lf, false); err != nil {
			return 0, err
		}
		defer funlock(lf)
	}
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// indexCheck compares the index with the records a full verification reads: offsets, flags, the
// stored hashes, and that each id's lookup finds its record.
type indexCheck struct {
	x    *index
	n    int64
	keys []byte // the hash table, read whole
	bad  error
	off  int64 // byte offset of the next record
	seq  int64
	ents []byte // a window of offsets entries
	base int64  // seq of ents[0]
}

func newIndexCheck(path string) *indexCheck {
	ic := &indexCheck{}
	x, err := openIndex(path, false)
	if errors.Is(err, os.ErrNotExist) {
		for _, p := range []string{path + ".idx-off", path + ".idx-tree", path + ".idx-keys"} {
			if _, serr := os.Stat(p); serr == nil {
				ic.bad = fmt.Errorf("the index is incomplete: %v", err)
			}
		}
		return ic // or no index at all: nothing to compare
	}
	if err != nil {
		ic.bad = fmt.Errorf("the index cannot be read: %v", err)
		return ic
	}
	n, err := x.covered()
	if err == nil && n < x.hdr.n && x.hdr.boot == thisBoot() {
		err = fmt.Errorf("its files hold %d records where its header says %d", n, x.hdr.n)
	}
	if err == nil {
		ic.keys = make([]byte, x.hdr.slots*slotSize)
		_, err = x.keys.ReadAt(ic.keys, keysHdr)
	}
	if err != nil {
		x.close()
		ic.bad = fmt.Errorf("the index cannot be read: %v", err)
		return ic
	}
	ic.x, ic.n = x, n
	return ic
}

// hasID reports whether the table maps id to seq.
func (ic *indexCheck) hasID(id string, seq int64) bool {
	k := ic.x.keyOf(tagID, id)
	slots := uint64(len(ic.keys) / slotSize)
	for i, probed := leUint64(k[:8])&(slots-1), uint64(0); probed < slots; i, probed = (i+1)&(slots-1), probed+1 {
		s := ic.keys[i*slotSize : (i+1)*slotSize]
		seq1 := leUint64(s[16:])
		if seq1 == 0 {
			return false
		}
		if slotKey(s[:16]) == k && int64(seq1-1) == seq {
			return true
		}
	}
	return false
}

func (ic *indexCheck) close() {
	if ic.x != nil {
		ic.x.close()
	}
}

func (ic *indexCheck) record(e *Envelope, line []byte) error {
	seq, off := ic.seq, ic.off
	ic.seq++
	ic.off += int64(len(line)) + 1
	if ic.x == nil || ic.bad != nil || seq >= ic.n {
		return nil
	}
	if seq-ic.base >= int64(len(ic.ents)/offEntry) {
		k := min(4096, ic.n-seq)
		ic.ents = make([]byte, k*offEntry)
		ic.base = seq
		if _, err := ic.x.off.ReadAt(ic.ents, offHdr+seq*offEntry); err != nil {
			ic.bad = fmt.Errorf("read %s: %v", ic.x.off.Name(), err)
			return nil
		}
	}
	ent := ic.ents[(seq-ic.base)*offEntry:]
	gotOff := int64(leUint64(ent))
	gotLen := int(leUint32(ent[8:]))
	if gotOff != off || gotLen != len(line) || (ent[12]&flagOpen != 0) != (e.Owner != nil) {
		ic.bad = fmt.Errorf("the index's entry for seq %d does not match the log", seq)
	} else if !ic.hasID(e.ID, seq) {
		ic.bad = fmt.Errorf("the index does not find seq %d by its id", seq)
	}
	return nil
}

// finish compares the index's stored hashes with the tree the verification computed.
func (ic *indexCheck) finish(t *verify.Tree) error {
	if ic.x == nil || ic.bad != nil {
		return ic.bad
	}
	if ic.n > ic.seq {
		return fmt.Errorf("the index covers %d records but the log has %d", ic.n, ic.seq)
	}
	count := tlog.StoredHashCount(ic.n)
	got := make([]byte, count*tlog.HashSize)
	if _, err := ic.x.tree.ReadAt(got, treeHdr); err != nil {
		return fmt.Errorf("read %s: %v", ic.x.tree.Name(), err)
	}
	want := t.Added()[:count]
	for i, h := range want {
		if !bytes.Equal(got[i*tlog.HashSize:(i+1)*tlog.HashSize], h[:]) {
			return fmt.Errorf("the index's tree hash %d does not match the log", i)
		}
	}
	return nil
}

func leUint64(b []byte) uint64 {
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 | uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func leUint32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// GenerateKey returns a new ed25519 note signer key and its verifier key, named name.
func GenerateKey(name string) (skey, vkey string, err error) {
	if name == "" || strings.ContainsAny(name, "+ \t\n") {
		return "", "", fmt.Errorf("key name %q must be non-empty without spaces or '+'", name)
	}
	return note.GenerateKey(rand.Reader, name)
}

// ReadSigner reads a signer key file written by `sbxgate audit keygen`.
func ReadSigner(file string) (note.Signer, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("signing key: %w: create one with sbxgate audit keygen --out FILE", err)
	}
	s, err := note.NewSigner(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("signing key %s: %v: create one with sbxgate audit keygen --out FILE", file, err)
	}
	return s, nil
}

// ParseVerifier takes a verifier key, or the name of a file holding one.
func ParseVerifier(keyOrFile string) (note.Verifier, error) { return verify.ParseVerifier(keyOrFile) }

// OpenCheckpoint checks the signature on a checkpoint and returns its tree; one that does not verify
// yields an error wrapping ErrBadCheckpoint.
func OpenCheckpoint(signed []byte, v note.Verifier) (tlog.Tree, error) {
	return verify.OpenCheckpoint(signed, v)
}

// Checkpoint verifies the whole log at path and returns a signed note whose text is
// tlog.FormatTree of its tree, with the tree.
//
// The log must extend the checkpoint saved in FILE.verified, which this signer must have signed: a
// signer that signed whatever it found would bless a log cut back or rewritten since, and replace
// the checkpoint that shows it.
func Checkpoint(path string, s *Schema, signer note.Signer) ([]byte, tlog.Tree, error) {
	prev, err := signedBefore(path, signer)
	if err != nil {
		return nil, tlog.Tree{}, err
	}
	rep, err := verifyFull(path, s, prev)
	if err != nil {
		return nil, tlog.Tree{}, err
	}
	tree := tlog.Tree{N: rep.Records, Hash: rep.Root}
	signed, err := note.Sign(&note.Note{Text: string(tlog.FormatTree(tree))}, signer)
	if err != nil {
		return nil, tlog.Tree{}, fmt.Errorf("sign checkpoint: %w", err)
	}
	// The whole log was just verified: a later verification with the key may start here.
	saveVerified(path, signed, tree.N, nil)
	return signed, tree, nil
}

// signedBefore returns the tree of the checkpoint saved in FILE.verified, nil when there is none.
// signer must have signed it: its signatures are deterministic (ed25519), so signing the note's text
// again must give the note. A note that names signer's key but differs was altered (an error
// wrapping ErrBadCheckpoint); one of another key is refused too, since the log could not be checked
// against it.
func signedBefore(path string, signer note.Signer) (*tlog.Tree, error) {
	data, err := os.ReadFile(statePath(path))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st verifiedState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, alteredState(path, err)
	}
	var unverified *note.UnverifiedNoteError
	if _, err := note.Open([]byte(st.Checkpoint), note.VerifierList()); !errors.As(err, &unverified) {
		return nil, alteredState(path, fmt.Errorf("not a signed note: %v", err))
	}
	n := unverified.Note
	again, err := note.Sign(&note.Note{Text: n.Text}, signer)
	if err != nil {
		return nil, fmt.Errorf("sign checkpoint: %w", err)
	}
	if !bytes.Equal(again, []byte(st.Checkpoint)) {
		for _, sig := range n.UnverifiedSigs {
			if sig.Name == signer.Name() && sig.Hash == signer.KeyHash() {
				return nil, alteredState(path, errors.New("its signature by this key does not verify"))
			}
		}
		return nil, fmt.Errorf("%s holds a checkpoint that key %s did not sign: a new checkpoint must extend the last one; verify the log with the key that signed it (audit verify --vkey), then remove %s to start anew with this key", statePath(path), signer.Name(), statePath(path))
	}
	tree, err := tlog.ParseTree([]byte(n.Text))
	if err != nil {
		return nil, alteredState(path, err)
	}
	return &tree, nil
}

// alteredState is the error for a FILE.verified that is not a checkpoint its key signed.
func alteredState(path string, why error) error {
	return fmt.Errorf("%s: %w: %v: the saved checkpoint was altered; verify against a checkpoint kept apart from the log with --checkpoint, or remove %s", statePath(path), ErrBadCheckpoint, why, statePath(path))
}

// Reindex rebuilds the index of the log at path from the log, under the writers' lock, and returns
// how many records it covers.
func Reindex(path string) (int64, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, err
	}
	lockf, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return 0, err
	}
	if err := flock(lockf, true); err != nil {
		lockf.Close()
		return 0, err
	}
	x, err := openIndex(path, true)
	if err == nil {
		err = x.reset(minSlots)
		x.close()
	}
	funlock(lockf)
	lockf.Close()
	if err != nil {
		return 0, fmt.Errorf("index %s: %w", path, err)
	}
	l, err := Open(path)
	if err != nil {
		return 0, err
	}
	n, ierr := l.idxN, l.idxErr
	if err := l.Close(); err != nil {
		return 0, err
	}
	if ierr != nil {
		return 0, ierr
	}
	return n, nil
}
