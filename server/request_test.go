package server

import (
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
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

func decodeBody(t *testing.T, body string) (submitRequest, *httpError) {
	t.Helper()
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodPost, "/v1/check", strings.NewReader(body))
	return decodeSubmit(httptest.NewRecorder(), r, 4096, cfg)
}

// The answers to bad bodies, word for word where the message is ours.
func TestDecodeSubmitErrors(t *testing.T) {
	syntax := regexp.MustCompile(`^malformed JSON at byte \d+: .+: send one JSON object, e\.g\. ` + regexp.QuoteMeta(bodyExample) + `$`)
	tests := []struct {
		name, body string
		want       string // the whole message, or "syntax" for a syntax error's shape
	}{
		{"empty", "", "empty body: send a JSON object, e.g. " + bodyExample},
		{"only whitespace", " \r\n\t", "empty body: send a JSON object, e.g. " + bodyExample},
		{"truncated", `{"code": "print(1)`, "malformed JSON: the body ends inside a value: send one complete JSON object, e.g. " + bodyExample},
		{"truncated after a comma", `{"code": "1",`, "malformed JSON: the body ends inside a value: send one complete JSON object, e.g. " + bodyExample},
		{"trailing comma", `{"code": "print(1)",}`, "syntax"},
		{"object as a name", `{{`, "syntax"},
		{"bare word", `x`, "syntax"},
		// The syntax error wins over an earlier unknown field, as with encoding/json.
		{"unknown field then bad syntax", `{"x": 1, "code": tru}`, "syntax"},
		{"two objects", `{"code": "1"} {"code": "2"}`, "malformed JSON: data after the first JSON object: send exactly one object, e.g. " + bodyExample},
		{"trailing garbage", `{"code": "1"}]`, "malformed JSON: data after the first JSON object: send exactly one object, e.g. " + bodyExample},
		{"array", `["print(1)"]`, "the body is a JSON array, not an object: send one JSON object, e.g. " + bodyExample},
		{"string", `"print(1)"`, "the body is a JSON string, not an object: send one JSON object, e.g. " + bodyExample},
		{"number", `1`, "the body is a JSON number, not an object: send one JSON object, e.g. " + bodyExample},
		{"bool", `true`, "the body is a JSON bool, not an object: send one JSON object, e.g. " + bodyExample},
		{"null", `null`, `field "code" is missing: send the Python source as a string, e.g. ` + bodyExample},
		{"code null", `{"code": null}`, `field "code" is missing: send the Python source as a string, e.g. ` + bodyExample},
		{"code a number", `{"code": 42}`, `field "code" is a JSON number: it must be a string`},
		{"code an object", `{"code": {}}`, `field "code" is a JSON object: it must be a string`},
		{"code in capitals a number", `{"CODE": 42}`, `field "code" is a JSON number: it must be a string`},
		{"labels an array", `{"code": "1", "labels": []}`, `field "labels" is a JSON array: it must be an object of strings`},
		{"label a number", `{"code": "1", "labels": {"a": 1}}`, `field "labels" is a JSON number: it must be a string`},
		{"unknown field", `{"code": "1", "tier": "trusted"}`, `unknown field "tier": the accepted fields are ` + submitFields},
		{"unknown field first", `{"x": 1, "code": 42}`, `unknown field "x": the accepted fields are ` + submitFields},
		{"type error first", `{"code": 42, "x": 1}`, `field "code" is a JSON number: it must be a string`},
		// Case is ignored in names, as encoding/json did, but dashes and underscores are not.
		{"dash for underscore", `{"code": "1", "requested-tier": "standard"}`, `unknown field "requested-tier": the accepted fields are ` + submitFields},
		{"escaped unknown field", `{"code": "1", "a~b/c": 1}`, `unknown field "a~b/c": the accepted fields are ` + submitFields},
		// A repeated name could be read either way by another parser: refused, however it is cased.
		{"code twice", `{"code": "print(1)", "code": "import os"}`, `field "code" appears twice: send each field once, e.g. ` + bodyExample},
		{"code twice in two casings", `{"code": "print(1)", "Code": "import os"}`, `field "code" appears twice: send each field once, e.g. ` + bodyExample},
		{"code twice, escaped", `{"code": "print(1)", "cod\u0065": "import os"}`, `field "code" appears twice: send each field once, e.g. ` + bodyExample},
		{"label twice", `{"code": "1", "labels": {"team": "a", "team": "b"}}`, `label "team" appears twice: send each label once`},
		// The code analyzed must be the text sent: no silent U+FFFD for a bad byte or a lone surrogate.
		{"invalid UTF-8 in code", "{\"code\": \"print('\xff')\"}", "invalid UTF-8 at byte 17: JSON text, and so the code in it, must be UTF-8: send the source encoded as UTF-8"},
		{"invalid UTF-8 in a name", "{\"code\": \"1\", \"\xc3\": 1}", "invalid UTF-8 at byte 15: JSON text, and so the code in it, must be UTF-8: send the source encoded as UTF-8"},
		{"lone surrogate escape", `{"code": "\ud800"}`, "syntax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, herr := decodeBody(t, tt.body)
			if herr == nil {
				t.Fatalf("%q accepted", tt.body)
			}
			if herr.code != http.StatusBadRequest {
				t.Errorf("status %d, want 400", herr.code)
			}
			if tt.want == "syntax" {
				if !syntax.MatchString(herr.msg) {
					t.Errorf("error %q is not a syntax error's message", herr.msg)
				}
			} else if herr.msg != tt.want {
				t.Errorf("error %q\nwant       %q", herr.msg, tt.want)
			}
		})
	}
}

// What encoding/json accepted is still accepted, to the byte.
func TestDecodeSubmitAccepts(t *testing.T) {
	tests := []struct {
		name, body string
		want       submitRequest
	}{
		{"all fields", `{"code": "x", "path": "a.py", "requested_tier": "standard", "labels": {"k": "v"}}`,
			submitRequest{Path: "a.py", RequestedTier: "standard", Labels: map[string]string{"k": "v"}}},
		{"names in another case", `{"Code": "x", "PATH": "a.py", "Requested_Tier": "standard", "Labels": {"K": "v"}}`,
			submitRequest{Path: "a.py", RequestedTier: "standard", Labels: map[string]string{"K": "v"}}},
		{"nulls", `{"code": "x", "path": null, "requested_tier": null, "labels": null}`, submitRequest{Path: defaultPath}},
		{"null label", `{"code": "x", "labels": {"k": null}}`, submitRequest{Path: defaultPath, Labels: map[string]string{"k": ""}}},
		{"whitespace around", " \n{\"code\": \"x\"}\r\n\t ", submitRequest{Path: defaultPath}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, herr := decodeBody(t, tt.body)
			if herr != nil {
				t.Fatalf("%q refused: %s", tt.body, herr.msg)
			}
			if req.Code == nil || string(req.Code) != "x" || req.Path != tt.want.Path || req.RequestedTier != tt.want.RequestedTier || !maps.Equal(req.Labels, tt.want.Labels) {
				t.Fatalf("decoded %+v (code %v), want %+v", req, req.Code, tt.want)
			}
		})
	}
	const code = "print(\"caf\u00e9 \U0001F600\")\n\tx = '<&>'\u2028"
	req, herr := decodeBody(t, `{"code": "print(\"caf\u00e9 \ud83d\ude00\")\n\tx = '<&>'\u2028"}`)
	if herr != nil || string(req.Code) != code {
		t.Fatalf("code %q (%v), want %q", req.Code, herr, code)
	}
}

// The body is read whole however it arrives: in small pieces, without a Content-Length, or with one
// that claims more than comes; the limit holds in each case.
func TestDecodeSubmitBodyReads(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	code := strings.Repeat("x = 1\n", 30000)
	body := `{"code": "` + strings.ReplaceAll(code, "\n", `\n`) + `"}`
	const maxBody = 1 << 20
	for _, tt := range []struct {
		name          string
		r             io.Reader
		contentLength int64
	}{
		{"one byte at a time", iotest.OneByteReader(strings.NewReader(body)), int64(len(body))},
		{"no length", strings.NewReader(body), -1},
		{"half pieces, no length", iotest.HalfReader(strings.NewReader(body)), -1},
		{"a length past the body", strings.NewReader(body), int64(len(body)) + 4096},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/v1/check", tt.r)
			r.ContentLength = tt.contentLength
			req, herr := decodeSubmit(httptest.NewRecorder(), r, maxBody, cfg)
			if herr != nil {
				t.Fatal(herr.msg)
			}
			if string(req.Code) != code {
				t.Fatalf("code of %d bytes, want %d", len(req.Code), len(code))
			}
		})
	}
	r := httptest.NewRequest(http.MethodPost, "/v1/check", iotest.HalfReader(strings.NewReader(body)))
	r.ContentLength = -1
	if _, herr := decodeSubmit(httptest.NewRecorder(), r, int64(len(body)-1), cfg); herr == nil || herr.code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a body one byte over the limit: %v", herr)
	}
}

// A large body's reused buffer has room for the body and is less than twice its size, so the bytes
// in flight it was admitted for bound it (MemoryLimit counts one more copy for it).
func TestBodyBuffersFit(t *testing.T) {
	var p bodyBuffers
	for _, n := range []int{largeProgram + 1, 100_000, 1 << 17, 1<<17 + 1, 1<<20 + 1} {
		b := p.get(n)
		if len(b) != 0 || cap(b) < n || cap(b) >= 2*n {
			t.Errorf("get(%d): len %d cap %d, want 0 and a cap from %d to %d", n, len(b), cap(b), n, 2*n-1)
		}
		p.put(b)
	}
}
