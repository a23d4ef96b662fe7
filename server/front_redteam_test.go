package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestContentTypeOneReading (red team): the body is decoded as UTF-8 JSON whatever the request
// says. A Content-Type naming another charset (a proxy or a log that honours it reads other
// characters out of the same bytes: latin-1 reads "Ã©" where we read "é"), or two Content-Type
// headers (one reader takes the first, another the last), were accepted. Both must be refused
// before the body is read, as two Authorization headers are.
func TestContentTypeOneReading(t *testing.T) {
	tests := []struct {
		name   string
		ct     []string
		status int // 0: accepted
	}{
		{"none", nil, 0},
		{"json", []string{"application/json"}, 0},
		{"json utf-8", []string{"application/json; charset=utf-8"}, 0},
		{"json UTF-8 quoted", []string{`Application/JSON; charset="UTF-8"`}, 0},
		{"latin-1", []string{"application/json; charset=iso-8859-1"}, http.StatusUnsupportedMediaType},
		{"utf-16", []string{"application/json; charset=utf-16"}, http.StatusUnsupportedMediaType},
		{"utf-8 and utf-16", []string{"application/json; charset=utf-8; charset=utf-16"}, http.StatusUnsupportedMediaType},
		{"twice, same", []string{"application/json", "application/json"}, http.StatusBadRequest},
		{"twice, other", []string{"application/json", "text/plain"}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodPost, "/v1/check", strings.NewReader(`{"code":"1"}`))
		for _, v := range tt.ct {
			r.Header.Add("Content-Type", v)
		}
		herr := checkHeaders(r, 4096)
		switch {
		case tt.status == 0 && herr != nil:
			t.Errorf("%s: refused: %d %s", tt.name, herr.code, herr.msg)
		case tt.status != 0 && herr == nil:
			t.Errorf("%s: accepted, want %d", tt.name, tt.status)
		case tt.status != 0 && herr.code != tt.status:
			t.Errorf("%s: %d %s, want %d", tt.name, herr.code, herr.msg, tt.status)
		}
	}
}
