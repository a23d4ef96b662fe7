// Package audit is sbxgate's append-only, tamper-evident audit log. It knows nothing of what its
// records say: a caller appends an Entry (a kind and a JSON object of payload members), and the log
// gives it an id, a time, its place in a hash chain and in an RFC 6962 Merkle tree
// (golang.org/x/mod/sumdb/tlog), and a signed checkpoint (golang.org/x/mod/sumdb/note) can later
// pin the tree. Package verify, beside this one, checks a log or one record's proof without it.
//
// # Lines and leaves
//
// The log is one file of JSON lines. A record written by this package is
//
//	{"seq":7,"prev":"<64 hex>","id":"<ULID>","time":"<RFC 3339>","kind":"...",<payload>,"hash":"<64 hex>"}\n
//
// where the optional envelope members "key" and "owner" follow "kind" when the entry asked for them.
// The leaf bytes are the line without its newline and without the final `,"hash":"<64 hex>"` member;
// "hash" is their RFC 6962 leaf hash and "prev" the hash of the record before. Leaves are taken from
// the bytes as written, never re-encoded (see package verify).
//
// # Durability
//
// Append returns only after the record's bytes are written with O_APPEND and fdatasync'd. Writers in
// several processes serialize on flock(FILE.lock) and re-read the tail under the lock; concurrent
// Appends in one process are group-committed (one write and one fsync per batch). A torn last line
// left by a crash is copied to FILE.torn-<time>, cut off, and recorded by a "repair" record. A write
// or fsync that fails leaves the log unavailable only until it takes writes again: the log reopens
// the file, checks its tail and cuts its own unacknowledged bytes, by itself.
//
// # Index
//
// Beside the log, FILE.idx-off (each record's offset and length), FILE.idx-tree (the tree's stored
// hashes) and FILE.idx-keys (a hash table from ids, links and keys to seq numbers) make a lookup,
// a proof or a tree hash O(1) or O(log n) reads. Writers keep the index and rebuild it from the log
// when it is missing or does not match; readers check what it tells them against the log.
package audit

import (
	"errors"
	"time"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// KindRepair is the kind of the log's own records of a torn tail it set aside.
const KindRepair = verify.KindRepair

// Entry is what a caller appends: a record's kind and payload. The log adds the envelope.
type Entry struct {
	Kind string
	// Time is when the record was made; zero means when Append was called.
	Time time.Time
	// Key is an optional lookup key, unique in the log: a second Append with the same key fails with
	// an error wrapping ErrDuplicateKey. Lookups find the record by it (Reader.ByKey).
	Key string
	// Open marks a record that expects a later record to link to it (by the payload's decision_id
	// member). The log writes the identity of this process (the "owner" member), so that a record
	// left open by a process that died can be found (Log.Orphans) and closed.
	Open bool
	// IfOpen writes the record only if the record it links to is still open, and fails with
	// ErrNotOpen otherwise: what closes a dead process's record must not race a second closer.
	IfOpen bool
	// Body is a JSON object holding the payload members, in the order they are to be written. It
	// may not use the envelope's names (seq, prev, id, time, kind, key, owner, hash, repair); its
	// decision_id member, if any, must name an earlier record (the schema may say which kind).
	Body []byte
}

// Stored is where Append put an entry.
type Stored struct {
	Seq  int64
	ID   string
	Time time.Time
	Kind string
	Prev string // hex leaf hash of the record before
	Hash string // hex leaf hash of this record
}

// Repair describes a torn tail the log set aside.
type Repair struct {
	Reason string `json:"reason"`
	Offset int64  `json:"offset"` // byte offset in the log where the torn bytes began
	Bytes  int64  `json:"bytes"`  // how many bytes were set aside
	SHA256 string `json:"sha256"` // of the torn bytes
	// SavedAs is the file that holds the torn bytes now.
	SavedAs string `json:"saved_as"`
}

// Repaired is a repair record this process wrote.
type Repaired struct {
	Stored
	Repair Repair
}

// Errors a caller branches on.
var (
	ErrClosed       = errors.New("log is closed")
	ErrDuplicateKey = errors.New("a record with this key is already in the log")
	ErrNotOpen      = errors.New("the linked record is no longer open")
	ErrNotFound     = errors.New("no such record")
)

// The verifier's types, so that a caller of this package needs only it.
type (
	BrokenError = verify.BrokenError
	Envelope    = verify.Envelope
	Owner       = verify.Owner
	Proof       = verify.Proof
	Schema      = verify.Schema
	KindRule    = verify.KindRule
)

// Errors of the verifier.
var (
	ErrTorn          = verify.ErrTorn
	ErrBadProof      = verify.ErrBadProof
	ErrBadCheckpoint = verify.ErrBadCheckpoint
)
