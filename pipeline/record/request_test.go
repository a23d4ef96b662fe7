package record

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/policy"
)

// TestRequestBound: the bound found without encoding is never under what the labels and the
// files' list take, and a cut record matches its request by digest only.
func TestRequestBound(t *testing.T) {
	for _, r := range []Record{
		{},
		{Payload: Payload{Request: policy.Request{Labels: map[string]string{"a": ""}}}},
		{Payload: Payload{Request: policy.Request{Labels: map[string]string{strings.Repeat("<", 64): strings.Repeat("\"", 256), "é\u2028": "\x01"}}}},
		{Payload: Payload{Files: []File{{Name: strings.Repeat("&", 255), Size: 1 << 40, SHA256: strings.Repeat("f", 64)}, {Name: "a"}}}},
	} {
		if b, n := RequestBound(&r), RequestLen(&r); b < n {
			t.Errorf("bound %d under the length %d for %+v", b, n, r.Payload)
		}
		labels, files := r.Request.Labels, r.Files
		c := r
		CutRequest(&c, OmittedBudget)
		if c.Request.Labels != nil || c.Files != nil || !SameRequest(&c, labels, files) || !SameRequest(&r, labels, files) {
			t.Errorf("cut %+v: not matched to its own request", c.Payload)
		}
		if SameRequest(&c, map[string]string{"other": "x"}, files) {
			t.Errorf("cut %+v: matched other labels", c.Payload)
		}
	}
}
