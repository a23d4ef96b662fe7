package audit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/mod/sumdb/tlog"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// members returns what follows `{"seq":N,"prev":"P",` in the record's line before its final "}":
// the rest of the envelope, then the body's members. link is the body's decision_id.
func members(id, kind string, e *Entry, owner *Owner) (out []byte, link string, err error) {
	if err := checkKind(kind); err != nil {
		return nil, "", err
	}
	out = append(out, `"id":"`...)
	out = append(out, id...)
	out = append(out, `","time":`...)
	t, err := e.Time.UTC().MarshalJSON()
	if err != nil {
		return nil, "", fmt.Errorf("time: %w", err)
	}
	out = append(out, t...)
	out = append(out, `,"kind":"`...)
	out = append(out, kind...)
	out = append(out, '"')
	if e.Key != "" {
		k, err := json.Marshal(e.Key)
		if err != nil {
			return nil, "", fmt.Errorf("key: %w", err)
		}
		out = append(out, `,"key":`...)
		out = append(out, k...)
	}
	if owner != nil {
		o, err := json.Marshal(owner)
		if err != nil {
			return nil, "", fmt.Errorf("owner: %w", err)
		}
		out = append(out, `,"owner":`...)
		out = append(out, o...)
	}
	inner, link, err := bodyMembers(e.Body)
	if err != nil {
		return nil, "", err
	}
	if len(inner) > 0 {
		out = append(out, ',')
		out = append(out, inner...)
	}
	return out, link, nil
}

func checkKind(kind string) error {
	if kind == "" {
		return fmt.Errorf("entry has no kind")
	}
	if kind != KindRepair {
		if _, err := (*verify.Schema)(nil).Rule(kind); err != nil {
			return err
		}
	}
	return nil
}

// bodyMembers checks that body is one JSON object on one line that uses no envelope name and
// repeats no member, and returns its members without the braces, and its decision_id.
func bodyMembers(body []byte) (inner []byte, link string, err error) {
	if len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}' {
		return nil, "", fmt.Errorf("entry body is not a JSON object: encode the payload with json.Marshal")
	}
	if bytes.IndexByte(body, '\n') >= 0 || bytes.IndexByte(body, '\r') >= 0 {
		return nil, "", fmt.Errorf("entry body spans lines: encode it compactly with json.Marshal")
	}
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(false))
	if _, err := dec.ReadToken(); err != nil {
		return nil, "", fmt.Errorf("entry body: %v", err)
	}
	n := 0
	for ; dec.PeekKind() != '}'; n++ {
		name, err := dec.ReadToken()
		if err != nil {
			return nil, "", fmt.Errorf("entry body: %v", err)
		}
		switch n := name.String(); {
		case verify.Reserved(n):
			return nil, "", fmt.Errorf("entry body sets %q, which the log writes itself", n)
		case n == verify.LinkMember:
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, "", fmt.Errorf("entry body: %v", err)
			}
			if tok.Kind() != '"' || !verify.IsID(tok.String()) {
				return nil, "", fmt.Errorf("entry body's %s is not a record id: link to a record by the id Append returned for it", verify.LinkMember)
			}
			link = tok.String()
		default:
			if err := dec.SkipValue(); err != nil {
				return nil, "", fmt.Errorf("entry body: %v", err)
			}
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, "", fmt.Errorf("entry body: %v", err)
	}
	if dec.InputOffset() != int64(len(body)) {
		return nil, "", fmt.Errorf("entry body has bytes after its object")
	}
	if n == 0 {
		return nil, "", nil
	}
	return body[1 : len(body)-1], link, nil
}

// appendLine appends the complete line for a record's members at seq after prev to dst, and returns
// it with the record's leaf hash.
func appendLine(dst, members []byte, seq int64, prev string) ([]byte, tlog.Hash) {
	start := len(dst)
	dst = append(dst, `{"seq":`...)
	dst = strconv.AppendInt(dst, seq, 10)
	dst = append(dst, `,"prev":"`...)
	dst = append(dst, prev...)
	dst = append(dst, `",`...)
	dst = append(dst, members...)
	dst = append(dst, '}')
	h := tlog.RecordHash(dst[start:]) // the leaf bytes: the whole object, before the hash member
	dst = dst[:len(dst)-1]
	dst = append(dst, verify.HashMember...)
	dst = hex.AppendEncode(dst, h[:])
	dst = append(dst, "\"}\n"...)
	return dst, h
}

// EncodeLine returns the line (with its newline) and leaf hash that Append writes for e as record
// seq with the given id after a record whose hash is prev, e.g. to build a log for a test or to show
// what an edited record would hash to. e.Time must be set; e.Open writes this process as the owner.
func EncodeLine(e Entry, id string, seq int64, prev string) ([]byte, tlog.Hash, error) {
	if e.Time.IsZero() {
		return nil, tlog.Hash{}, fmt.Errorf("entry has no time")
	}
	var owner *Owner
	if e.Open {
		o := self()
		owner = &o
	}
	ms, _, err := members(id, e.Kind, &e, owner)
	if err != nil {
		return nil, tlog.Hash{}, err
	}
	line, h := appendLine(nil, ms, seq, prev)
	return line, h, nil
}
