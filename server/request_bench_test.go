package server

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkDecodeSubmit: the body of a /v1/check of the 100-line benchmark program, decoded and
// validated as the handler does it.
func BenchmarkDecodeSubmit(b *testing.B) {
	body := benchBody(b)
	cfg := testConfig(b)
	w := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodPost, "/v1/check", nil)
	r.Header.Set("Content-Type", "application/json")
	r.ContentLength = int64(len(body))
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		r.Body = io.NopCloser(bytes.NewReader(body))
		if _, herr := decodeSubmit(w, r, 1<<20, cfg); herr != nil {
			b.Fatal(herr.msg)
		}
	}
}
