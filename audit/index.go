package audit

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// The index is three files beside the log, each a header then fixed-size entries:
//
//	FILE.idx-off   per record: byte offset (8), line length without newline (4), flags (4)
//	FILE.idx-tree  the Merkle tree's stored hashes in tlog's storage order, 32 bytes each
//	FILE.idx-keys  an open-addressing hash table: 16 bytes of SHA-256(salt, tag, 0, value), then seq+1 (8)
//
// The salt is 16 random bytes in FILE.idx-off's header, drawn when the index is made: a key's slot
// follows from the salt, so that nobody who chooses keys (a client's idempotency key is one) can
// make them share a slot and grow one run of occupied slots that every insert and lookup walks.
//
// All integers are little-endian. The keys header says how many records the index covers; the
// other files may hold entries past that from an interrupted update, which the next writer
// overwrites. The index is derived data: writers rebuild it from the log when it does not match,
// and readers check each answer against the log's bytes.
const (
	offHdr    = 32 // magic, lowest seq that may be open, the keys table's salt (16)
	treeHdr   = 32 // magic, 24 reserved
	keysHdr   = 64 // magic, slots, used, n, synced, boot (16), generation
	offEntry  = 16
	slotSize  = 24
	minSlots  = 1 << 10
	syncEvery = 1 << 16 // records between fsyncs of the index (see keysHeader.synced)
)

var (
	// Version 2 has the salt; an index of version 1 is rebuilt, and a binary that knows only
	// version 1 rebuilds one of version 2 rather than place keys without the salt.
	offMagic  = []byte("SBXOFF2\n")
	treeMagic = []byte("SBXTRE1\n")
	keysMagic = []byte("SBXKEY1\n")
)

// Flags of an offsets entry.
const (
	flagOpen   = 1 // the record has an owner: it expects a later record to link to it
	flagClosed = 2 // a later record links to it
)

// Tags of hash-table keys.
const (
	tagID   = 'i' // a record's id: one seq
	tagLink = 'l' // an id that records link to: the seqs of those records
	tagKey  = 'k' // a record's key: one seq
)

type slotKey [16]byte

// keyOf is the table's key of value under tag: its slot is the first 8 bytes, modulo the table size.
func (x *index) keyOf(tag byte, s string) slotKey {
	h := sha256.New()
	h.Write(x.salt[:])
	h.Write([]byte{tag, 0})
	h.Write([]byte(s))
	var k slotKey
	copy(k[:], h.Sum(nil))
	return k
}

// keysHeader is the header of FILE.idx-keys after its magic.
type keysHeader struct {
	slots int64 // table size, a power of two; 0 marks a table that was replaced (reopen it)
	used  int64 // occupied slots
	n     int64 // records the index covers
	// synced is how many records the index covered when its files were last fsync'd, on the host
	// boot named by boot. After a reboot only those are trusted: a power loss may have kept some
	// later pages of the index and lost others.
	synced int64
	boot   [16]byte
	gen    uint64 // counts resets, so that a reader that found the index damaged knows when it was rebuilt
}

type index struct {
	log             string
	off, tree, keys *os.File
	hdr             keysHeader
	salt            [16]byte // of the keys table: see keyOf
	write           bool
}

func indexPaths(log string) (off, tree, keys string) {
	return log + ".idx-off", log + ".idx-tree", log + ".idx-keys"
}

var (
	errBadIndex = errors.New("index files are damaged or do not match each other")
	errReplaced = errors.New("index table was replaced")
	errStaleSeq = errors.New("index entry is not the record the log holds there")
	// thisBoot is read on first use: a file read at package initialization is paid by every command.
	thisBoot = sync.OnceValue(func() [16]byte { s := sha256.Sum256([]byte(bootID())); return [16]byte(s[:16]) })
)

// openIndex opens the index of the log at path, creating or resetting it when write is set (the
// caller holds the writer lock). Without write, a missing index is an error wrapping
// os.ErrNotExist and a damaged one wraps errBadIndex.
func openIndex(path string, write bool) (*index, error) {
	x := &index{log: path, write: write}
	offP, treeP, keysP := indexPaths(path)
	flag := os.O_RDONLY
	if write {
		flag = os.O_RDWR | os.O_CREATE
	}
	var err error
	for _, f := range []struct {
		p string
		f **os.File
	}{{offP, &x.off}, {treeP, &x.tree}, {keysP, &x.keys}} {
		if *f.f, err = os.OpenFile(f.p, flag, 0o600); err != nil {
			x.close()
			return nil, err
		}
	}
	if err := x.readHeader(); err != nil {
		if !write {
			x.close()
			return nil, err
		}
		if err := x.reset(minSlots); err != nil {
			x.close()
			return nil, err
		}
	}
	return x, nil
}

func (x *index) close() error {
	var errs []error
	for _, f := range []*os.File{x.off, x.tree, x.keys} {
		if f != nil {
			errs = append(errs, f.Close())
		}
	}
	return errors.Join(errs...)
}

// reopenKeys opens the keys table again after a writer replaced it with a larger one.
func (x *index) reopenKeys() error {
	_, _, keysP := indexPaths(x.log)
	flag := os.O_RDONLY
	if x.write {
		flag = os.O_RDWR
	}
	f, err := os.OpenFile(keysP, flag, 0)
	if err != nil {
		return err
	}
	x.keys.Close()
	x.keys = f
	return x.readHeader()
}

// readHeader reads the keys header and checks the magics of all three files.
func (x *index) readHeader() error {
	for _, m := range []struct {
		f     *os.File
		magic []byte
	}{{x.off, offMagic}, {x.tree, treeMagic}, {x.keys, keysMagic}} {
		var b [8]byte
		if _, err := m.f.ReadAt(b[:], 0); err != nil || !bytes.Equal(b[:], m.magic) {
			return fmt.Errorf("%s: %w", m.f.Name(), errBadIndex)
		}
	}
	return x.readKeysHeader()
}

// readKeysHeader reads the keys header alone: what a writer checks at each commit.
func (x *index) readKeysHeader() error {
	var b [keysHdr]byte
	if _, err := x.keys.ReadAt(b[:], 0); err != nil || !bytes.Equal(b[:8], keysMagic) {
		return fmt.Errorf("%s: %w", x.keys.Name(), errBadIndex)
	}
	h := keysHeader{
		slots:  int64(binary.LittleEndian.Uint64(b[8:])),
		used:   int64(binary.LittleEndian.Uint64(b[16:])),
		n:      int64(binary.LittleEndian.Uint64(b[24:])),
		synced: int64(binary.LittleEndian.Uint64(b[32:])),
		boot:   [16]byte(b[40:56]),
		gen:    binary.LittleEndian.Uint64(b[56:]),
	}
	if h.slots == 0 {
		return errReplaced
	}
	if h.slots < minSlots || h.slots&(h.slots-1) != 0 || h.used < 0 || h.used > h.slots || h.n < 0 || h.synced < 0 || h.synced > h.n {
		return fmt.Errorf("%s: %w", x.keys.Name(), errBadIndex)
	}
	// The salt goes with the table: another process that reset the index drew a new one.
	var salt [16]byte
	if _, err := x.off.ReadAt(salt[:], 16); err != nil {
		return fmt.Errorf("%s: %w", x.off.Name(), errBadIndex)
	}
	x.hdr, x.salt = h, salt
	return nil
}

func (x *index) writeHeader() error {
	var b [keysHdr]byte
	copy(b[:], keysMagic)
	binary.LittleEndian.PutUint64(b[8:], uint64(x.hdr.slots))
	binary.LittleEndian.PutUint64(b[16:], uint64(x.hdr.used))
	binary.LittleEndian.PutUint64(b[24:], uint64(x.hdr.n))
	binary.LittleEndian.PutUint64(b[32:], uint64(x.hdr.synced))
	copy(b[40:56], x.hdr.boot[:])
	binary.LittleEndian.PutUint64(b[56:], x.hdr.gen)
	_, err := x.keys.WriteAt(b[:], 0)
	return err
}

// reset empties the index, with a table of slots slots.
func (x *index) reset(slots int64) error {
	for _, m := range []struct {
		f     *os.File
		magic []byte
		hdr   int64
	}{{x.off, offMagic, offHdr}, {x.tree, treeMagic, treeHdr}} {
		if err := m.f.Truncate(0); err != nil {
			return err
		}
		b := make([]byte, m.hdr)
		copy(b, m.magic)
		if m.f == x.off {
			// A new table, a new salt: crypto/rand.Read never fails on supported platforms.
			rand.Read(x.salt[:])
			copy(b[16:], x.salt[:])
		}
		if _, err := m.f.WriteAt(b, 0); err != nil {
			return err
		}
	}
	if err := x.keys.Truncate(0); err != nil {
		return err
	}
	if err := x.keys.Truncate(keysHdr + slots*slotSize); err != nil {
		return err
	}
	x.hdr = keysHeader{slots: slots, boot: thisBoot(), gen: x.hdr.gen + 1}
	return x.writeHeader()
}

// covered returns how many records the index covers and can be trusted for: the header's count,
// bounded by what the other files hold, and after a reboot by what was last made durable.
func (x *index) covered() (int64, error) {
	n := x.hdr.n
	if x.hdr.boot != thisBoot() {
		n = x.hdr.synced
	}
	fi, err := x.off.Stat()
	if err != nil {
		return 0, err
	}
	n = min(n, (fi.Size()-offHdr)/offEntry)
	fi, err = x.tree.Stat()
	if err != nil {
		return 0, err
	}
	for n > 0 && tlog.StoredHashCount(n) > (fi.Size()-treeHdr)/tlog.HashSize {
		n--
	}
	return max(n, 0), nil
}

// entry returns the offset, length and flags of record seq.
func (x *index) entry(seq int64) (off int64, length int, flags uint32, err error) {
	var b [offEntry]byte
	if _, err := x.off.ReadAt(b[:], offHdr+seq*offEntry); err != nil {
		return 0, 0, 0, fmt.Errorf("read %s: %w", x.off.Name(), err)
	}
	return int64(binary.LittleEndian.Uint64(b[:])), int(binary.LittleEndian.Uint32(b[8:])), binary.LittleEndian.Uint32(b[12:]), nil
}

func putEntry(b []byte, off int64, length int, flags uint32) {
	binary.LittleEndian.PutUint64(b, uint64(off))
	binary.LittleEndian.PutUint32(b[8:], uint32(length))
	binary.LittleEndian.PutUint32(b[12:], flags)
}

func (x *index) setFlags(seq int64, flags uint32) error {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], flags)
	_, err := x.off.WriteAt(b[:], offHdr+seq*offEntry+12)
	return err
}

// openFrom is the lowest seq that may still be open: records below it are closed or never opened.
func (x *index) openFrom() (int64, error) {
	var b [8]byte
	if _, err := x.off.ReadAt(b[:], 8); err != nil {
		return 0, err
	}
	return int64(binary.LittleEndian.Uint64(b[:])), nil
}

func (x *index) setOpenFrom(seq int64) error {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(seq))
	_, err := x.off.WriteAt(b[:], 8)
	return err
}

// hashes reads the tree's stored hashes from FILE.idx-tree.
type hashes struct{ f *os.File }

func (h hashes) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	for i, x := range indexes {
		if _, err := h.f.ReadAt(out[i][:], treeHdr+x*tlog.HashSize); err != nil {
			return nil, fmt.Errorf("read stored hash %d from %s: %w", x, h.f.Name(), err)
		}
	}
	return out, nil
}

// leafHash returns the stored leaf hash of record seq.
func (x *index) leafHash(seq int64) (tlog.Hash, error) {
	hs, err := hashes{x.tree}.ReadHashes([]int64{tlog.StoredHashIndex(0, seq)})
	if err != nil {
		return tlog.Hash{}, err
	}
	return hs[0], nil
}

// lookup calls fn with each seq stored under k, until fn returns false.
func (x *index) lookup(k slotKey, fn func(seq int64) bool) error {
	mask := uint64(x.hdr.slots - 1)
	i := binary.LittleEndian.Uint64(k[:8]) & mask
	var buf [16 * slotSize]byte
	for probed := int64(0); probed < x.hdr.slots; {
		// Read a run of slots at once, not past the end of the table.
		n := min(int64(len(buf)/slotSize), x.hdr.slots-int64(i))
		if _, err := x.keys.ReadAt(buf[:n*slotSize], keysHdr+int64(i)*slotSize); err != nil {
			return fmt.Errorf("read %s: %w", x.keys.Name(), err)
		}
		for j := int64(0); j < n; j++ {
			s := buf[j*slotSize : (j+1)*slotSize]
			seq1 := binary.LittleEndian.Uint64(s[16:])
			if seq1 == 0 {
				return nil
			}
			if slotKey(s[:16]) == k && !fn(int64(seq1-1)) {
				return nil
			}
		}
		probed += n
		i = (i + uint64(n)) & mask
	}
	return nil
}

// insert adds seq under k unless it is there already. The caller writes the header afterwards.
func (x *index) insert(k slotKey, seq int64) error {
	if (x.hdr.used+1)*10 > x.hdr.slots*6 {
		if err := x.grow(x.hdr.slots * 2); err != nil {
			return err
		}
	}
	mask := uint64(x.hdr.slots - 1)
	i := binary.LittleEndian.Uint64(k[:8]) & mask
	var s [slotSize]byte
	for {
		if _, err := x.keys.ReadAt(s[:], keysHdr+int64(i)*slotSize); err != nil {
			return fmt.Errorf("read %s: %w", x.keys.Name(), err)
		}
		seq1 := binary.LittleEndian.Uint64(s[16:])
		if seq1 == 0 {
			break
		}
		if slotKey(s[:16]) == k && int64(seq1-1) == seq {
			return nil
		}
		i = (i + 1) & mask
	}
	copy(s[:16], k[:])
	binary.LittleEndian.PutUint64(s[16:], uint64(seq+1))
	if _, err := x.keys.WriteAt(s[:], keysHdr+int64(i)*slotSize); err != nil {
		return fmt.Errorf("write %s: %w", x.keys.Name(), err)
	}
	x.hdr.used++
	return nil
}

// grow replaces the table with one of slots slots holding the same entries: a new file renamed over
// the old, whose header then says it was replaced so that readers holding it open reopen.
func (x *index) grow(slots int64) error {
	old := make([]byte, x.hdr.slots*slotSize)
	if _, err := x.keys.ReadAt(old, keysHdr); err != nil {
		return fmt.Errorf("read %s: %w", x.keys.Name(), err)
	}
	table := make([]byte, keysHdr+slots*slotSize)
	mask := uint64(slots - 1)
	for s := old; len(s) > 0; s = s[slotSize:] {
		if binary.LittleEndian.Uint64(s[16:slotSize]) == 0 {
			continue
		}
		i := binary.LittleEndian.Uint64(s[:8]) & mask
		for binary.LittleEndian.Uint64(table[keysHdr+i*slotSize+16:]) != 0 {
			i = (i + 1) & mask
		}
		copy(table[keysHdr+i*slotSize:], s[:slotSize])
	}
	_, _, keysP := indexPaths(x.log)
	tmp, err := os.CreateTemp(filepath.Dir(keysP), filepath.Base(keysP)+".tmp-*")
	if err != nil {
		return err
	}
	hdr := x.hdr
	hdr.slots = slots
	nx := &index{keys: tmp, hdr: hdr}
	_, err = tmp.WriteAt(table, 0)
	if err == nil {
		err = nx.writeHeader()
	}
	if err == nil {
		err = tmp.Chmod(0o600)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), keysP)
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("grow %s: %w", keysP, err)
	}
	// Tell readers that still hold the old file to reopen: a zero slot count.
	x.hdr.slots = 0
	x.writeHeader()
	x.keys.Close()
	x.keys, x.hdr = tmp, hdr
	return nil
}

// idxRec is what the index keeps of one record.
type idxRec struct {
	seq, off int64
	length   int
	hash     tlog.Hash
	env      verify.Envelope
}

// add records recs, which follow the index's last record, and marks the records they link to as
// closed. It is the writer's, under the writer lock.
func (x *index) add(recs []idxRec) error {
	if len(recs) == 0 {
		return nil
	}
	n := x.hdr.n
	if recs[0].seq != n {
		return fmt.Errorf("index covers %d records but the next to add is seq %d", n, recs[0].seq)
	}
	ents := make([]byte, len(recs)*offEntry)
	tree := verify.NewTreeFrom(hashes{x.tree}, n)
	for i, r := range recs {
		var flags uint32
		if r.env.Owner != nil {
			flags = flagOpen
		}
		putEntry(ents[i*offEntry:], r.off, r.length, flags)
		if err := tree.Add(r.hash); err != nil {
			return err
		}
	}
	if _, err := x.off.WriteAt(ents, offHdr+n*offEntry); err != nil {
		return fmt.Errorf("write %s: %w", x.off.Name(), err)
	}
	added := tree.Added()
	hs := make([]byte, 0, len(added)*tlog.HashSize)
	for _, h := range added {
		hs = append(hs, h[:]...)
	}
	if _, err := x.tree.WriteAt(hs, treeHdr+tlog.StoredHashCount(n)*tlog.HashSize); err != nil {
		return fmt.Errorf("write %s: %w", x.tree.Name(), err)
	}
	for _, r := range recs {
		if err := x.insert(x.keyOf(tagID, r.env.ID), r.seq); err != nil {
			return err
		}
		if r.env.Key != "" {
			if err := x.insert(x.keyOf(tagKey, r.env.Key), r.seq); err != nil {
				return err
			}
		}
		if r.env.Link != "" {
			if err := x.insert(x.keyOf(tagLink, r.env.Link), r.seq); err != nil {
				return err
			}
			if err := x.close1(r.env.Link, n+int64(len(recs))); err != nil {
				return err
			}
		}
	}
	x.hdr.n = n + int64(len(recs))
	if x.hdr.n-x.hdr.synced >= syncEvery {
		return x.sync()
	}
	return x.writeHeader()
}

// close1 marks the record with id, if it was open and is among the first n records, as closed.
func (x *index) close1(id string, n int64) error {
	target := int64(-1)
	if err := x.lookup(x.keyOf(tagID, id), func(seq int64) bool { target = seq; return false }); err != nil {
		return err
	}
	if target < 0 || target >= n {
		return nil
	}
	var b [4]byte
	if _, err := x.off.ReadAt(b[:], offHdr+target*offEntry+12); err != nil {
		return err
	}
	flags := binary.LittleEndian.Uint32(b[:])
	if flags&flagOpen == 0 || flags&flagClosed != 0 {
		return nil
	}
	return x.setFlags(target, flags|flagClosed)
}

// sync makes the index durable up to its current count, so that it is trusted after a reboot.
func (x *index) sync() error {
	for _, f := range []*os.File{x.off, x.tree, x.keys} {
		if err := f.Sync(); err != nil {
			return err
		}
	}
	x.hdr.synced, x.hdr.boot = x.hdr.n, thisBoot()
	if err := x.writeHeader(); err != nil {
		return err
	}
	return x.keys.Sync()
}
