package audit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"golang.org/x/mod/sumdb/tlog"
)

// bodyPrefix is how json.Marshal starts a Record whose Seq is 0 and Prev is "": the committer splices
// the real seq and prev in place of it, so the slow part of encoding runs in the caller's goroutine.
var bodyPrefix = []byte(`{"seq":0,"prev":"",`)

const (
	hashMember = `,"hash":"`
	// suffixLen is the length of `,"hash":"<64 hex>"}` at the end of every line.
	suffixLen = len(hashMember) + 2*tlog.HashSize + len(`"}`)
)

// encodeBody marshals r without its chain fields. The result starts with bodyPrefix.
func encodeBody(r *Record) ([]byte, error) {
	c := *r
	c.Seq, c.Prev, c.Hash = 0, "", ""
	b, err := json.Marshal(&c)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(b, bodyPrefix) {
		// Only a change of the Record type can cause this; a test guards it.
		return nil, fmt.Errorf("audit: record encoding does not start with %s", bodyPrefix)
	}
	return b, nil
}

// appendLine appends the complete line for body at seq after prev to dst, and returns it with the
// record's leaf hash.
func appendLine(dst, body []byte, seq int64, prev string) ([]byte, tlog.Hash) {
	start := len(dst)
	dst = append(dst, `{"seq":`...)
	dst = strconv.AppendInt(dst, seq, 10)
	dst = append(dst, `,"prev":"`...)
	dst = append(dst, prev...)
	dst = append(dst, `",`...)
	dst = append(dst, body[len(bodyPrefix):]...)
	h := tlog.RecordHash(dst[start:]) // the leaf bytes: the whole object, before the hash member
	dst = dst[:len(dst)-1]
	dst = append(dst, hashMember...)
	dst = hex.AppendEncode(dst, h[:])
	dst = append(dst, "\"}\n"...)
	return dst, h
}

// leafOf checks the form of one line (without its newline) and returns its leaf bytes and the hash the
// line claims. It does not recompute the hash.
func leafOf(line []byte) (leaf []byte, claimed tlog.Hash, err error) {
	n := len(line)
	if n < suffixLen+2 || line[0] != '{' || !bytes.Equal(line[n-suffixLen:n-suffixLen+len(hashMember)], []byte(hashMember)) || line[n-2] != '"' || line[n-1] != '}' {
		return nil, claimed, errors.New(`line does not end with ,"hash":"<64 hex>"}`)
	}
	hx := line[n-suffixLen+len(hashMember) : n-2]
	if _, err := hex.Decode(claimed[:], hx); err != nil || bytes.ContainsAny(hx, "ABCDEF") {
		return nil, claimed, errors.New("hash member is not 64 lowercase hex digits")
	}
	leaf = make([]byte, 0, n-suffixLen+1)
	leaf = append(leaf, line[:n-suffixLen]...)
	leaf = append(leaf, '}')
	return leaf, claimed, nil
}

// checkLine verifies that line (without newline) is well formed and that its hash member is the leaf
// hash of its leaf bytes. It returns the hash.
func checkLine(line []byte) (tlog.Hash, []byte, error) {
	leaf, claimed, err := leafOf(line)
	if err != nil {
		return claimed, nil, err
	}
	if got := tlog.RecordHash(leaf); got != claimed {
		return claimed, nil, fmt.Errorf("hash member %x is not the leaf hash of the record (%x): the record was altered", claimed[:6], got[:6])
	}
	return claimed, leaf, nil
}

// chainFields are the members the writer needs from the tail.
type chainFields struct {
	Seq  *int64 `json:"seq"`
	Prev string `json:"prev"`
}

func parseChain(line []byte) (seq int64, prev string, err error) {
	var c chainFields
	if err := json.Unmarshal(line, &c); err != nil {
		return 0, "", fmt.Errorf("not a JSON record: %v", err)
	}
	if c.Seq == nil {
		return 0, "", errors.New("no seq member")
	}
	return *c.Seq, c.Prev, nil
}
