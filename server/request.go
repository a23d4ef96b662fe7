package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

// Bounds on the request metadata that goes to the policy and the log.
const (
	maxPathBytes     = 255
	maxLabels        = 32
	maxLabelKeyBytes = 64
	maxLabelValBytes = 256
	defaultPath      = "<http>"
)

// submitRequest is the body of POST /v1/check and POST /v1/run.
type submitRequest struct {
	Code          *string           `json:"code"`
	Path          string            `json:"path"`
	RequestedTier string            `json:"requested_tier"`
	Labels        map[string]string `json:"labels"`
}

const submitFields = "code, path, requested_tier, labels"

const bodyExample = `{"code": "print(1)", "path": "main.py"}`

// httpError is an answer to a bad request: its status and one line naming the problem and the fix.
type httpError struct {
	code int
	msg  string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, args ...any) *httpError {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// decodeSubmit reads a submit body strictly: bounded size, one JSON object, no unknown fields, the
// required fields present and the metadata within bounds.
func decodeSubmit(w http.ResponseWriter, r *http.Request, maxBody int64, cfg *config.Config) (submitRequest, *httpError) {
	var req submitRequest
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return req, &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q is not JSON: send Content-Type: application/json", clip(ct))}
		}
	}
	if r.ContentLength > maxBody {
		return req, tooLarge(maxBody)
	}
	body := http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, jsonError(err, maxBody)
	}
	// One object and nothing after it: a second value would be silently ignored otherwise.
	if _, err := dec.Token(); err != io.EOF {
		if he := asTransportError(err, maxBody); he != nil {
			return req, he
		}
		return req, badRequest("malformed JSON: data after the first JSON object: send exactly one object, e.g. %s", bodyExample)
	}
	if req.Code == nil {
		return req, badRequest(`field "code" is missing: send the Python source as a string, e.g. %s`, bodyExample)
	}
	if err := validateMeta(&req, cfg); err != nil {
		return req, err
	}
	return req, nil
}

func tooLarge(maxBody int64) *httpError {
	return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than %d bytes: send smaller code, or raise server.max_body_bytes", maxBody)}
}

// asTransportError recognises errors of the body read itself: too large, or too slow.
func asTransportError(err error, maxBody int64) *httpError {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return tooLarge(maxBody)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &httpError{http.StatusRequestTimeout, "the request body did not arrive in time: send the whole body at once"}
	}
	return nil
}

func jsonError(err error, maxBody int64) *httpError {
	if he := asTransportError(err, maxBody); he != nil {
		return he
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return badRequest("empty body: send a JSON object, e.g. %s", bodyExample)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("malformed JSON: the body ends inside a value: send one complete JSON object, e.g. %s", bodyExample)
	case errors.As(err, &se):
		return badRequest("malformed JSON at byte %d: %s: send one JSON object, e.g. %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "), bodyExample)
	case errors.As(err, &te):
		if te.Field == "" {
			return badRequest("the body is a JSON %s, not an object: send one JSON object, e.g. %s", te.Value, bodyExample)
		}
		return badRequest("field %q is a JSON %s: it must be %s", clip(te.Field), te.Value, jsonKind(te.Type.Kind().String()))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json has no typed error for this; its message is stable and names the field.
		field, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		return badRequest("unknown field %q: the accepted fields are %s", clip(field), submitFields)
	}
	return badRequest("malformed JSON: %s: send one JSON object, e.g. %s", strings.TrimPrefix(err.Error(), "json: "), bodyExample)
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string", "ptr":
		return "a string"
	case "map":
		return "an object of strings"
	}
	return "a " + goKind
}

func validateMeta(req *submitRequest, cfg *config.Config) *httpError {
	if req.Path == "" {
		req.Path = defaultPath
	}
	if len(req.Path) > maxPathBytes || !printable(req.Path) {
		return badRequest("path must be a file name of at most %d printable characters, e.g. \"main.py\"", maxPathBytes)
	}
	if t := req.RequestedTier; t != "" {
		if _, ok := cfg.Tiers[t]; !ok {
			return badRequest("requested_tier %q is not a tier: use one of %s, or leave it empty", clip(t), strings.Join(cfg.TierNames(), ", "))
		}
	}
	if len(req.Labels) > maxLabels {
		return badRequest("%d labels: send at most %d", len(req.Labels), maxLabels)
	}
	for k, v := range req.Labels {
		if k == "" || len(k) > maxLabelKeyBytes || !printable(k) {
			return badRequest("label key %q must be 1 to %d printable characters", clip(k), maxLabelKeyBytes)
		}
		if len(v) > maxLabelValBytes || !printable(v) {
			return badRequest("label %q: the value must be at most %d printable characters", clip(k), maxLabelValBytes)
		}
	}
	return nil
}

func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// policyRequest is what the policy sees of a submission: the principal comes from the token, never
// from the body.
func (req submitRequest) policyRequest(p principal) policy.Request {
	return policy.Request{Principal: p.Name, Source: "http", RequestedTier: req.RequestedTier, Labels: req.Labels}
}

// clip bounds client text echoed in an error (and so in the server log) to a few dozen bytes.
func clip(s string) string {
	const n = 64
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
