// Package audit is sbxgate's append-only, tamper-evident audit log.
//
// The log is one file of JSON lines. Every line is a Record and a leaf of an RFC 6962 Merkle tree
// (golang.org/x/mod/sumdb/tlog); every record also carries the leaf hash of the one before it, so an
// edit, deletion, insertion or reordering breaks the chain, and a rewritten or trimmed tail is caught
// against a signed checkpoint (golang.org/x/mod/sumdb/note) of an earlier tree.
//
// # Leaf bytes
//
// A line is the JSON object of the record with "hash" as its last member:
//
//	{"seq":7,"prev":"<64 hex>",...,"hash":"<64 hex>"}\n
//
// The leaf bytes are the line without its trailing newline and without the final `,"hash":"<64 hex>"`
// member, i.e. the exact bytes `{"seq":7,"prev":"...",...}`. The "hash" member is
// hex(tlog.RecordHash(leaf bytes)) = hex(SHA-256(0x00 || leaf bytes)), and "prev" is the "hash" of
// the record at seq-1 (64 zeros for seq 0). Leaves are taken from the bytes as written, never
// re-encoded, so a verifier needs no knowledge of the schema and future fields cannot break old
// records.
//
// # Durability
//
// Append returns only after the record's bytes are written with O_APPEND and fdatasync'd. Writers in
// several processes serialize on flock(FILE.lock) and re-read the tail under the lock; concurrent
// Appends in one process are group-committed (one write and one fsync per batch). A torn last line
// left by a crash is copied to FILE.torn-<time>, cut off, and recorded by a "repair" record.
package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// Kinds of records.
const (
	KindDecision = "decision" // written before a run: the analyzer report and the policy's decision
	KindResult   = "result"   // written after a run, linked to its decision by DecisionID
	KindRepair   = "repair"   // written by the log itself after it set a torn tail aside
)

// Store-code modes (config audit.store_code).
const (
	StoreAlways = "always"
	StoreOnDeny = "on_deny"
	StoreNever  = "never"
)

// zeroHash is the "prev" of the first record.
var zeroHash = hex.EncodeToString(make([]byte, 32))

// Record is one line of the log. Append assigns ID, Seq, Prev and Hash and sets Time when it is zero.
// The JSON names are the log's on-disk schema: add fields, never rename them, and keep Seq and Prev
// first and Hash last (the leaf bytes depend on that order, see the package comment).
type Record struct {
	Seq  int64  `json:"seq"`  // 0-based position in the log = leaf index in the Merkle tree
	Prev string `json:"prev"` // hex leaf hash of the record at Seq-1; 64 zeros for Seq 0

	ID        string    `json:"id"`
	Time      time.Time `json:"time"`
	Kind      string    `json:"kind"`
	RequestID string    `json:"request_id,omitempty"`
	Principal string    `json:"principal,omitempty"`
	Source    string    `json:"source,omitempty"` // cli, http, mcp

	CodeSHA256 string `json:"code_sha256,omitempty"`
	CodeSize   int    `json:"code_size,omitempty"`
	// Code is the submitted source, kept or dropped by Append per the store-code mode.
	Code *string `json:"code,omitempty"`

	AnalyzerVersion string           `json:"analyzer_version,omitempty"`
	Request         policy.Request   `json:"request"`
	Report          *analyzer.Report `json:"report,omitempty"`
	Decision        *policy.Decision `json:"decision,omitempty"`
	Result          *runner.Result   `json:"result,omitempty"`
	// Error says why a run produced no result (runner failure), on result records.
	Error string `json:"error,omitempty"`
	// DecisionID links a result record to the decision record it executed.
	DecisionID string  `json:"decision_id,omitempty"`
	Repair     *Repair `json:"repair,omitempty"`

	Hash string `json:"hash,omitempty"` // hex tlog.RecordHash of the leaf bytes; always written last
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

// Allowed reports whether the record carries a decision that allowed the code. Records without a
// decision count as denied (fail closed).
func (r *Record) Allowed() bool { return r.Decision != nil && r.Decision.Allow }

// applyStoreCode fills CodeSHA256 and CodeSize from Code and keeps or drops Code per mode. A caller's
// CodeSHA256 or CodeSize that disagrees with Code is an error: the record would lie about the code.
func applyStoreCode(r *Record, mode string) error {
	if r.Code == nil {
		return nil
	}
	sum := sha256.Sum256([]byte(*r.Code))
	h := hex.EncodeToString(sum[:])
	if r.CodeSHA256 != "" && r.CodeSHA256 != h {
		return fmt.Errorf("record code_sha256 %s is not the SHA-256 of its code (%s): pass the hash of the exact bytes", r.CodeSHA256, h)
	}
	if r.CodeSize != 0 && r.CodeSize != len(*r.Code) {
		return fmt.Errorf("record code_size %d is not the size of its code (%d)", r.CodeSize, len(*r.Code))
	}
	r.CodeSHA256, r.CodeSize = h, len(*r.Code)
	keep := false
	switch mode {
	case StoreAlways:
		keep = true
	case StoreOnDeny:
		// Only a decision that denied keeps its code; a decision-less record counts as denied.
		keep = r.Kind == KindDecision && !r.Allowed()
	}
	if !keep {
		r.Code = nil
	}
	return nil
}
