package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/config"
)

// Any body either decodes to a request within bounds or gets a 4xx with one line naming the problem.
func FuzzDecodeSubmit(f *testing.F) {
	for _, seed := range []string{
		`{"code": "print(1)"}`,
		`{"code": "x", "path": "a.py", "requested_tier": "standard", "labels": {"k": "v"}}`,
		`{"code": 1}`, `{"code": "1",}`, `{"code": "1"} {}`, `[]`, `null`, ``, `{"code": "1", "x": 2}`,
		`{"code": "1", "labels": {"": "v"}}`, `{"code": "\u0000", "path": "\u0007"}`, `{"code": "1", "requested_tier": "none"}`,
	} {
		f.Add(seed)
	}
	cfg, err := config.Load("")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest(http.MethodPost, "/v1/check", strings.NewReader(body))
		w := httptest.NewRecorder()
		req, herr := decodeSubmit(w, r, 4096, cfg)
		if herr != nil {
			if herr.code < 400 || herr.code > 499 {
				t.Fatalf("status %d for a bad body", herr.code)
			}
			if herr.msg == "" || strings.ContainsAny(herr.msg, "\n\r") || len(herr.msg) > 400 {
				t.Fatalf("message %q is not one bounded line", herr.msg)
			}
			return
		}
		if req.Code == nil || len(body) > 4096 {
			t.Fatalf("accepted a body without code or over the limit: %q", body)
		}
		if req.Path == "" || len(req.Path) > maxPathBytes || !utf8.ValidString(req.Path) || len(req.Labels) > maxLabels {
			t.Fatalf("accepted out-of-bounds metadata: %+v", req)
		}
		if _, ok := cfg.Tiers[req.RequestedTier]; req.RequestedTier != "" && !ok {
			t.Fatalf("accepted unknown tier %q", req.RequestedTier)
		}
	})
}
