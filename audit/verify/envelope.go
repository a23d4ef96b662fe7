package verify

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/sbxgate/sbxgate/internal/procid"
	"strconv"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Envelope is what the log itself says about a record; the rest of the line is the payload.
type Envelope struct {
	Seq  int64     // 0-based position in the log = leaf index in the Merkle tree
	Prev string    // hex leaf hash of the record at Seq-1; ZeroHash for Seq 0
	ID   string    // a ULID, unique in the log
	Time time.Time // when the record was made
	Kind string
	// Key is an optional lookup key chosen by the writer, unique in the log (see audit.Entry.Key).
	Key string
	// Owner is set on a record that expects a later record to link to it: the process that owes it.
	Owner *Owner
	// Link is the id of the earlier record this one follows (the "decision_id" member).
	Link string
	// Repair is whether the record has a "repair" member (the log's own records of a torn tail).
	Repair bool
	Hash   string // hex leaf hash of the record's leaf bytes
}

// Owner identifies a process across pid reuse and reboots: host name, kernel boot id, pid, and the
// process's start time in clock ticks since boot.
type Owner = procid.Owner

// Member names of the envelope. A payload may use none of them except LinkMember.
const (
	LinkMember   = "decision_id"
	RepairMember = "repair"
)

// Reserved reports whether name is an envelope member the writer of the payload may not set.
func Reserved(name string) bool {
	switch name {
	case "seq", "prev", "id", "time", "kind", "key", "owner", "hash", RepairMember:
		return true
	}
	return false
}

// strict rejects duplicate member names and invalid UTF-8, so that no two readers of a line can
// disagree about what it says.
var strict = jsontext.AllowDuplicateNames(false)

// ParseEnvelope reads the envelope of one line (without its newline). The line must be one JSON
// object with no repeated member; the members seq, id, time and kind must be present.
func ParseEnvelope(line []byte) (Envelope, error) {
	var e Envelope
	dec := jsontext.NewDecoder(bytes.NewReader(line), strict)
	tok, err := dec.ReadToken()
	if err != nil {
		return e, fmt.Errorf("not a JSON record: %v", err)
	}
	if tok.Kind() != '{' {
		return e, errors.New("not a JSON object")
	}
	var have struct{ seq, id, time, kind bool }
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return e, fmt.Errorf("not a JSON record: %v", err)
		}
		member := name.String()
		str := func() (string, error) {
			t, err := dec.ReadToken()
			if err != nil {
				return "", fmt.Errorf("not a JSON record: %v", err)
			}
			if t.Kind() != '"' {
				return "", fmt.Errorf("member %q is not a string", member)
			}
			return t.String(), nil
		}
		switch member {
		case "seq":
			t, err := dec.ReadToken()
			if err != nil {
				return e, fmt.Errorf("not a JSON record: %v", err)
			}
			if t.Kind() != '0' {
				return e, errors.New(`member "seq" is not a number`)
			}
			if e.Seq, err = strconv.ParseInt(t.String(), 10, 64); err != nil {
				return e, fmt.Errorf(`member "seq" is not an integer: %v`, err)
			}
			have.seq = true
		case "prev":
			e.Prev, err = str()
		case "id":
			e.ID, err = str()
			have.id = true
		case "time":
			var s string
			if s, err = str(); err == nil {
				if e.Time, err = time.Parse(time.RFC3339Nano, s); err != nil {
					err = fmt.Errorf(`member "time" is not an RFC 3339 time: %v`, err)
				}
			}
			have.time = true
		case "kind":
			e.Kind, err = str()
			have.kind = true
		case "key":
			e.Key, err = str()
		case "hash":
			e.Hash, err = str()
		case LinkMember:
			e.Link, err = str()
		case "owner":
			var v jsontext.Value
			if v, err = dec.ReadValue(); err == nil {
				e.Owner = new(Owner)
				if err = json.Unmarshal(v, e.Owner, json.RejectUnknownMembers(true)); err != nil {
					err = fmt.Errorf(`member "owner": %v`, err)
				}
			}
		case RepairMember:
			e.Repair = true
			err = dec.SkipValue()
		default:
			err = dec.SkipValue()
		}
		if err != nil {
			return e, err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return e, fmt.Errorf("not a JSON record: %v", err)
	}
	if _, err := dec.ReadToken(); err == nil {
		return e, errors.New("more than one JSON value on the line")
	}
	switch {
	case !have.seq:
		return e, errors.New(`no "seq" member`)
	case !have.id:
		return e, errors.New(`no "id" member`)
	case !have.time:
		return e, errors.New(`no "time" member`)
	case !have.kind:
		return e, errors.New(`no "kind" member`)
	}
	return e, nil
}

// crockford is the Crockford base32 alphabet, as ULIDs use it.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// IsID reports whether s has the form of a record id: a ULID, 26 Crockford base32 digits.
func IsID(s string) bool {
	if len(s) != 26 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if bytes.IndexByte([]byte(crockford), s[i]) < 0 {
			return false
		}
	}
	return true
}
