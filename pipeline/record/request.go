package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// RequestOmitted says what a decision record left out of its request, the labels and the input
// files' list (CutRequest), and why (OmittedBudget, OmittedSize): their number, and a hash that a
// request can be matched against (RequestDigest).
type RequestOmitted struct {
	Why string `json:"why"`
	// Bytes is the size the labels and the files' list would have taken, as written.
	Bytes  int `json:"bytes"`
	Labels int `json:"labels,omitempty"`
	Files  int `json:"files,omitempty"`
	// SHA256 is RequestDigest of the labels and files left out.
	SHA256 string `json:"sha256"`
}

// requestMeta is what RequestDigest hashes: the labels (encoding/json writes a map's keys sorted)
// and the files' list, each left out when empty.
type requestMeta struct {
	Labels map[string]string `json:"labels,omitempty"`
	Files  []File            `json:"files,omitempty"`
}

// RequestDigest is the SHA-256 of a request's labels and input files' list, in hex: what a record
// whose request was cut keeps of them (RequestOmitted.SHA256), for a retry or an auditor to match.
func RequestDigest(labels map[string]string, files []File) string {
	b, _ := json.Marshal(requestMeta{labels, files})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// RequestLen is the number of bytes r's labels and input files' list take in the log: what a
// client chooses beside its code (32 labels at their bounds, made of "<", took 64 KB).
func RequestLen(r *Record) int {
	n := 0
	if len(r.Request.Labels) > 0 {
		b, _ := json.Marshal(r.Request.Labels)
		n += len(b)
	}
	if len(r.Files) > 0 {
		b, _ := json.Marshal(r.Files)
		n += len(b)
	}
	return n
}

// fileFixed bounds what a file's entry takes besides its name: the member names, its size and hash.
const fileFixed = 120

// RequestBound is at least RequestLen(r), found without encoding anything.
func RequestBound(r *Record) int {
	n := 4 // the braces and the brackets
	for k, v := range r.Request.Labels {
		n += encodedLen(k) + encodedLen(v) + 2 // the colon and the comma
	}
	for _, f := range r.Files {
		n += encodedLen(f.Name) + fileFixed
	}
	return n
}

// CutRequest leaves r's labels and input files' list out of r, and says so, with their number and
// digest, in RequestOmitted. The caller's labels and files stay whole.
func CutRequest(r *Record, why string) {
	r.RequestOmitted = &RequestOmitted{
		Why: why, Bytes: RequestLen(r), Labels: len(r.Request.Labels), Files: len(r.Files),
		SHA256: RequestDigest(r.Request.Labels, r.Files),
	}
	r.Request.Labels = nil
	r.Files = nil
}

// SameRequest reports whether labels and files are those a decision record was made for: equal to
// its own, or, when it left them out, to their digest.
func SameRequest(r *Record, labels map[string]string, files []File) bool {
	if o := r.RequestOmitted; o != nil {
		return o.SHA256 == RequestDigest(labels, files)
	}
	if len(r.Request.Labels) != len(labels) || len(r.Files) != len(files) {
		return false
	}
	for k, v := range labels {
		if w, ok := r.Request.Labels[k]; !ok || w != v {
			return false
		}
	}
	for i := range files {
		if r.Files[i] != files[i] {
			return false
		}
	}
	return true
}
