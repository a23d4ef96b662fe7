// Package record is what sbxgate writes in its audit log: the typed records of the pipeline (a
// decision before a run, its result after, or a note that the result was lost), how they are encoded
// as the payload of an audit.Entry, and how they are read back, filtered and printed. The log itself
// (package audit) knows none of this.
package record

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/audit/verify"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// Kinds of records.
const (
	KindDecision = "decision" // written before a run: the analyzer report and the policy's decision
	KindResult   = "result"   // written after a run, linked to its decision by DecisionID
	// KindResultLost says that a decision's result record could not be written: written as soon as
	// the log took writes again by the process that ran the code, or at start-up by a later process
	// for a run whose process died before it wrote a result.
	KindResultLost = "result_lost"
	KindRepair     = audit.KindRepair // written by the log itself after it set a torn tail aside
)

// Kinds lists the kinds, for messages and flag checks.
var Kinds = []string{KindDecision, KindResult, KindResultLost, KindRepair}

// Schema is how the kinds link: a result (optionally) and a result_lost (always) link to a decision.
var Schema = &verify.Schema{Kinds: map[string]verify.KindRule{
	KindDecision:   {Link: verify.LinkNone},
	KindResult:     {Link: verify.LinkOptional, LinkTo: KindDecision},
	KindResultLost: {Link: verify.LinkRequired, LinkTo: KindDecision},
}}

// Store-code modes (config audit.store_code).
const (
	StoreAlways = "always"
	StoreOnDeny = "on_deny"
	StoreNever  = "never"
)

// Record is one line of the log. The envelope (Seq to Owner, and Hash) is the log's; Payload is
// what the pipeline writes. The JSON names are the log's on-disk schema: add fields, never rename
// them, and add payload fields only with omitempty, so that records written before keep their bytes.
type Record struct {
	Seq   int64        `json:"seq"`
	Prev  string       `json:"prev"`
	ID    string       `json:"id"`
	Time  time.Time    `json:"time"`
	Kind  string       `json:"kind"`
	Key   string       `json:"key,omitempty"`
	Owner *audit.Owner `json:"owner,omitempty"` // on a decision about to run: the process that owes its result
	Payload
	Hash string `json:"hash,omitempty"`
}

// Payload is a record's own members, in the order they are written.
type Payload struct {
	RequestID string `json:"request_id,omitempty"`
	Principal string `json:"principal,omitempty"`
	Source    string `json:"source,omitempty"` // cli, http, mcp

	CodeSHA256 string `json:"code_sha256,omitempty"`
	CodeSize   int    `json:"code_size,omitempty"`
	// Code is the submitted source, kept or dropped per the store-code mode (ApplyStoreCode).
	Code *string `json:"code,omitempty"`
	// CodeOmitted says why a record that its store-code mode would have kept the code in does not
	// (OmittedBudget, OmittedSize); absent otherwise.
	CodeOmitted string `json:"code_omitted,omitempty"`

	AnalyzerVersion string           `json:"analyzer_version,omitempty"`
	Request         policy.Request   `json:"request"`
	Report          *analyzer.Report `json:"report,omitempty"`
	Decision        *policy.Decision `json:"decision,omitempty"`
	// ReportOmitted says what of the report and the decision's reasons a decision record left out
	// (CutAnalysis); absent when they are whole.
	ReportOmitted *ReportOmitted `json:"report_omitted,omitempty"`
	// RequestOmitted says that a decision record left its request's labels and input files' list
	// out (CutRequest); absent when they are whole.
	RequestOmitted *RequestOmitted `json:"request_omitted,omitempty"`
	Result         *runner.Result  `json:"result,omitempty"`
	// Error says why a run produced no result (runner failure), on result records.
	Error string `json:"error,omitempty"`
	// DecisionID links a result or result_lost record to the decision record it executed.
	DecisionID string        `json:"decision_id,omitempty"`
	Repair     *audit.Repair `json:"repair,omitempty"` // the log's own, on repair records

	// Files are the input files of a run, by name, size and SHA-256 (never their content), on its
	// decision.
	Files []File `json:"files,omitempty"`

	// IdempotencyKey is the client's key of a run (POST /v1/run's Idempotency-Key), on its decision.
	IdempotencyKey string `json:"idempotency_key,omitempty"`
	// Lost says why a result is missing, on result_lost records.
	Lost *Lost `json:"lost,omitempty"`
}

// Lost is the body of a result_lost record.
type Lost struct {
	Reason string `json:"reason"`
	// By says who noticed: "runner" (the process that ran the code, once the log took writes again)
	// or "startup" (a later process that found the decision open and its process gone).
	By string `json:"by"`
	// Owner is the process that owed the result.
	Owner *audit.Owner `json:"owner,omitempty"`
	// ExitCode is the program's exit status, when the process that ran it wrote this record.
	ExitCode *int `json:"exit_code,omitempty"`
}

// Who noticed a lost result.
const (
	LostByRunner  = "runner"
	LostByStartup = "startup"
)

// lostAtStartup is the reason of a startup result_lost record without the process it names.
const lostAtStartup = "the process that ran this decision's code ended before it logged the result"

// Public is the reason as an answer to a client may carry it: a startup record's own reason names
// the process that owed the result (its pid and host: the server's machine, for the operator's
// eyes, as Owner), which the log keeps and this leaves out. Every answer that passes a lost
// result's reason on (an audit lookup by a tenant, the retry of a run under its idempotency key)
// goes through here.
func (l *Lost) Public() string {
	if l.By == LostByStartup {
		return lostAtStartup
	}
	return l.Reason
}

// Allowed reports whether the record carries a decision that allowed the code. Records without a
// decision count as denied (fail closed).
func (r *Record) Allowed() bool { return r.Decision != nil && r.Decision.Allow }

// Entry encodes the record's payload as an audit entry. The envelope's id, seq and hashes are the
// log's to assign; Time and Key are taken from the record.
func (r *Record) Entry() (audit.Entry, error) {
	body, err := json.Marshal(&r.Payload)
	if err != nil {
		return audit.Entry{}, fmt.Errorf("encode %s record: %w", r.Kind, err)
	}
	return audit.Entry{Kind: r.Kind, Time: r.Time, Key: r.Key, Body: body}, nil
}

// Decode reads one line of the log.
func Decode(line []byte) (*Record, error) {
	var r Record
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("not a valid record: %v", err)
	}
	return &r, nil
}

// ApplyStoreCode fills CodeSHA256 and CodeSize from Code and keeps or drops Code per mode ("" means
// on_deny, the shipped default). A CodeSHA256 or CodeSize that disagrees with Code is an error: the
// record would lie about the code.
func ApplyStoreCode(r *Record, mode string) error {
	if r.Code == nil {
		return nil
	}
	keep, err := codeFacts(r, []byte(*r.Code), mode)
	if err != nil {
		return err
	}
	if !keep {
		r.Code = nil
	}
	return nil
}

// Why a record does not keep code that its store-code mode would keep (Payload.CodeOmitted).
const (
	// OmittedBudget: the principal's records kept as much code as its budget allows for now
	// (config audit.code_budget).
	OmittedBudget = "budget"
	// OmittedSize: the code is longer than one record keeps (audit.code_budget.max_record).
	OmittedSize = "size"
)

// CodeLimit says whether a record keeps code that its store-code mode would keep, given the
// length the code takes in the log (EncodedLen): "" keeps it; anything else is the reason the
// record gives for omitting it.
type CodeLimit func(encodedLen int) (omitted string)

// SetCode is ApplyStoreCode for code held as bytes, within limit (nil: no limit). Code is made of
// them only for a record that keeps it, so a megabyte-sized program that is not kept is not copied
// into a string first.
func SetCode(r *Record, code []byte, mode string, limit CodeLimit) error {
	keep, err := codeFacts(r, code, mode)
	if err != nil {
		return err
	}
	if keep && limit != nil {
		if r.CodeOmitted = limit(EncodedLen(code)); r.CodeOmitted != "" {
			keep = false
		}
	}
	if keep {
		s := string(code)
		r.Code = &s
	}
	return nil
}

// EncodedLen is the number of bytes code takes as a JSON string in a record, quotes included:
// encoding/json's escapes (two bytes for \" \\ \n \r \t \b \f, six for the other control
// characters, for < > & and U+2028, U+2029, and for each byte that is not UTF-8, which becomes
// U+FFFD). A budget counted in it holds however the code is made: a program of < is six times
// its size in the log.
func EncodedLen(code []byte) int { return encodedLen(code) }

func encodedLen[S string | []byte](code S) int {
	n := 2
	for i := 0; i < len(code); {
		b := code[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '"' || b == '\\' || b == '\n' || b == '\r' || b == '\t' || b == '\b' || b == '\f':
				n += 2
			case b < 0x20 || b == '<' || b == '>' || b == '&':
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		c, size := utf8.DecodeRune([]byte(code[i:min(i+utf8.UTFMax, len(code))]))
		switch {
		case c == utf8.RuneError && size == 1, c == '\u2028', c == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}

// codeFacts checks and fills CodeSHA256 and CodeSize from code and reports whether r keeps it.
func codeFacts(r *Record, code []byte, mode string) (keep bool, err error) {
	sum := sha256.Sum256(code)
	h := hex.EncodeToString(sum[:])
	if r.CodeSHA256 != "" && r.CodeSHA256 != h {
		return false, fmt.Errorf("record code_sha256 %s is not the SHA-256 of its code (%s): pass the hash of the exact bytes", r.CodeSHA256, h)
	}
	if r.CodeSize != 0 && r.CodeSize != len(code) {
		return false, fmt.Errorf("record code_size %d is not the size of its code (%d)", r.CodeSize, len(code))
	}
	switch mode {
	case StoreAlways:
		keep = true
	case StoreOnDeny, "":
		// Only a decision that denied keeps its code; a decision-less record counts as denied.
		keep = r.Kind == KindDecision && !r.Allowed()
	case StoreNever:
	default:
		return false, fmt.Errorf("store_code %q is not one of always, on_deny, never", mode)
	}
	r.CodeSHA256, r.CodeSize = h, len(code)
	return keep, nil
}

// File names an input file of a run.
type File struct {
	Name   string `json:"name"`
	Size   int    `json:"size"`
	SHA256 string `json:"sha256"`
}

// Files describes input files for a record.
func Files(files []runner.File) []File {
	var out []File
	for _, f := range files {
		sum := sha256.Sum256(f.Content)
		out = append(out, File{Name: f.Name, Size: len(f.Content), SHA256: hex.EncodeToString(sum[:])})
	}
	return out
}

// ApplyStoreArtifacts keeps the content of the result's artifacts only when the store-code mode
// keeps the code of allowed runs (always): what a program wrote is as much the submitter's as its
// code. Their names, sizes and hashes are always kept. The Result is copied, never changed.
func ApplyStoreArtifacts(r *Record, mode string) {
	if r.Result == nil || mode == StoreAlways || len(r.Result.Artifacts) == 0 {
		return
	}
	res := *r.Result
	res.Artifacts = append([]runner.Artifact(nil), res.Artifacts...)
	for i := range res.Artifacts {
		res.Artifacts[i].Content = nil
	}
	r.Result = &res
}

// ValidStoreCode checks a store-code mode.
func ValidStoreCode(mode string) error {
	switch mode {
	case StoreAlways, StoreOnDeny, StoreNever:
		return nil
	}
	return fmt.Errorf("store_code %q is not one of always, on_deny, never", mode)
}

// Appender is what Write appends to: an *audit.Log.
type Appender interface {
	Append(ctx context.Context, e audit.Entry) (audit.Stored, error)
}

// Write encodes r as an entry and appends it to l.
func Write(ctx context.Context, l Appender, r Record) (audit.Stored, error) {
	e, err := r.Entry()
	if err != nil {
		return audit.Stored{}, err
	}
	return l.Append(ctx, e)
}
