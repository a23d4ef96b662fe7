package server

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"mime"
	"net"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/analyzeproc"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
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
	Code          source            `json:"code"`
	Path          string            `json:"path"`
	RequestedTier string            `json:"requested_tier"`
	Labels        map[string]string `json:"labels"`
	Files         []submitFile      `json:"files"`
	// files are Files decoded and checked against files.in.
	files []runner.File
	// report is the analysis worker's report of Code when a worker decoded the request.
	report *analyzer.Report
	// codeBuf is the reused buffer (bodyBuffers) Code may be in; the handler gives it back when
	// nothing of the request uses Code any more.
	codeBuf []byte
}

// source is the code field: a JSON string decoded straight into bytes. A megabyte-sized program
// then costs the server one copy of it, not three (the unquoted bytes, a string made of them, and
// the bytes again for the pipeline). nil means absent or null.
type source []byte

func (s *source) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue() // valid until the next read: unquoted into bytes of our own here
	if err != nil {
		return err
	}
	switch v.Kind() {
	case 'n':
		*s = nil
		return nil
	case '"':
	default:
		return &json.SemanticError{JSONKind: v.Kind(), GoType: reflect.TypeFor[string]()}
	}
	b, err := jsontext.AppendUnquote(make([]byte, 0, len(v)), v)
	if err != nil {
		return err
	}
	*s = b
	return nil
}

// submitFile is an input file of POST /v1/run: its name in the workspace, its bytes in base64.
type submitFile struct {
	Name          string  `json:"name"`
	ContentBase64 *string `json:"content_base64"`
}

const submitFields = "code, path, requested_tier, labels, files"

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

// decodeOpts decode a submit body as encoding/json did (names matched case-insensitively, dashes
// and underscores significant, unknown names rejected), but also reject duplicate names and invalid
// UTF-8, so that a proxy or the client's own library cannot read a different request than we do.
var decodeOpts = json.JoinOptions(
	json.RejectUnknownMembers(true),
	json.MatchCaseInsensitiveNames(true),
	jsonv1.MatchCaseSensitiveDelimiter(true),
)

// checkHeaders refuses what the headers alone show to be wrong, before the body is waited for.
func checkHeaders(r *http.Request, maxBody int64) *httpError {
	// The body is read one way only, UTF-8 JSON: a second Content-Type, or a charset that another
	// reader of the same bytes (a proxy, a log) would honour, could make it read other code.
	cts := r.Header.Values("Content-Type")
	if len(cts) > 1 {
		return badRequest("Content-Type appears %d times: send it once, Content-Type: application/json", len(cts))
	}
	if len(cts) == 1 && cts[0] != "" {
		ct := cts[0]
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q is not JSON: send Content-Type: application/json", clip(ct))}
		}
		if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
			return &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q names charset %q: the body is read as UTF-8, so send it as UTF-8 with Content-Type: application/json", clip(ct), clip(cs))}
		}
	}
	if r.ContentLength > maxBody {
		return tooLarge(maxBody)
	}
	return nil
}

// decodeSubmit reads a submit body strictly: bounded size, one JSON object, no unknown or repeated
// fields, valid UTF-8, the required fields present and the metadata within bounds.
func decodeSubmit(w http.ResponseWriter, r *http.Request, maxBody int64, cfg *config.Config) (submitRequest, *httpError) {
	body, herr := readSubmit(w, r, maxBody, nil)
	if herr != nil {
		return submitRequest{}, herr
	}
	return parseSubmit(body, cfg)
}

// readSubmit reads a submit body, bounded in size, into buf when it has room (see readBody).
func readSubmit(w http.ResponseWriter, r *http.Request, maxBody int64, buf []byte) ([]byte, *httpError) {
	if herr := checkHeaders(r, maxBody); herr != nil {
		return nil, herr
	}
	body, err := readBody(http.MaxBytesReader(w, r.Body, maxBody), r.ContentLength, buf)
	if err != nil {
		return nil, readError(err, maxBody)
	}
	return body, nil
}

// parseSubmit decodes a submit body strictly (see decodeSubmit).
func parseSubmit(body []byte, cfg *config.Config) (submitRequest, *httpError) {
	var req submitRequest
	// Unmarshal also rejects anything but whitespace after the object.
	if err := json.Unmarshal(body, &req, decodeOpts); err != nil {
		return req, jsonError(err, body)
	}
	if req.Code == nil {
		return req, badRequest(`field "code" is missing: send the Python source as a string, e.g. %s`, bodyExample)
	}
	if err := validateMeta(&req, cfg); err != nil {
		return req, err
	}
	if err := decodeFiles(&req, cfg.Files.InLimits()); err != nil {
		return req, err
	}
	return req, nil
}

// workerMeta is what a worker that decoded a submit body (WorkerDecoder) hands back besides the
// path and the code: the rest of the request, checked.
type workerMeta struct {
	RequestedTier string            `json:"requested_tier,omitempty"`
	Labels        map[string]string `json:"labels,omitempty"`
	Files         []submitFile      `json:"files,omitempty"`
}

// WorkerDecoder decodes a submit body in an analysis worker (analyzeproc.Serve), exactly as the
// handler does: a body it refuses gets the same status and message.
func WorkerDecoder(cfg *config.Config, body []byte) (analyzeproc.Decoded, *analyzeproc.Refusal) {
	req, herr := parseSubmit(body, cfg)
	if herr != nil {
		return analyzeproc.Decoded{}, &analyzeproc.Refusal{Status: herr.code, Message: herr.msg}
	}
	meta, err := json.Marshal(workerMeta{RequestedTier: req.RequestedTier, Labels: req.Labels, Files: req.Files})
	if err != nil {
		return analyzeproc.Decoded{}, &analyzeproc.Refusal{Status: http.StatusInternalServerError, Message: fmt.Sprintf("the request could not be re-encoded: %v", err)}
	}
	return analyzeproc.Decoded{Path: req.Path, Code: req.Code, Meta: meta}, nil
}

// fromWorker is the request a worker decoded (WorkerDecoder): its input files are decoded again
// here, where they are used.
func fromWorker(d analyzeproc.Decoded, cfg *config.Config) (submitRequest, *httpError) {
	var m workerMeta
	if err := json.Unmarshal(d.Meta, &m, decodeOpts); err != nil {
		return submitRequest{}, &httpError{http.StatusInternalServerError, fmt.Sprintf("an analysis worker's answer could not be read: %v", err)}
	}
	req := submitRequest{Code: d.Code, Path: d.Path, RequestedTier: m.RequestedTier, Labels: m.Labels, Files: m.Files, report: d.Report}
	if err := decodeFiles(&req, cfg.Files.InLimits()); err != nil {
		return req, err
	}
	return req, nil
}

// decodeFiles decodes the input files and checks them against files.in: their number before
// anything is decoded, then each name and size.
func decodeFiles(req *submitRequest, l config.FileLimits) *httpError {
	if len(req.Files) > l.MaxCount {
		return badRequest("%d files, over the limit of %d: send fewer files", len(req.Files), l.MaxCount)
	}
	for i, f := range req.Files {
		if f.ContentBase64 == nil {
			return badRequest(`files[%d] has no "content_base64": send each file as {"name": "data.csv", "content_base64": "..."}`, i)
		}
		if err := runner.ValidName(f.Name); err != nil {
			return badRequest("files[%d]: %v", i, err)
		}
		if int64(base64.StdEncoding.DecodedLen(len(*f.ContentBase64))) > int64(l.MaxFileBytes)+2 {
			return badRequest("files[%d] %q is over the limit of %d bytes per file: send a smaller file", i, f.Name, int64(l.MaxFileBytes))
		}
		b, err := base64.StdEncoding.DecodeString(*f.ContentBase64)
		if err != nil {
			return badRequest("files[%d] %q: content_base64 is not base64 (RFC 4648, with padding): %v", i, f.Name, err)
		}
		req.files = append(req.files, runner.File{Name: f.Name, Content: b})
	}
	if err := runner.CheckFiles(req.files, l); err != nil {
		return badRequest("%v", err)
	}
	return nil
}

// readBody reads the whole (already bounded) body. A body with a Content-Length is read into one
// allocation of that size: the handler admitted it among the bytes in flight for that many bytes
// (and checkHeaders bounded it by the body limit) before reading, so allocating them up front
// spends nothing it was not granted, where growing by doubling allocated five times a 1 MB body.
// The body goes into buf instead when buf has room for it (a reused buffer: bodyBuffers).
func readBody(body io.Reader, contentLength int64, buf []byte) ([]byte, error) {
	size := 512
	if contentLength > 0 {
		size = int(contentLength + 1) // +1: room for the read that reports EOF
	}
	b := buf[:0]
	if cap(b) < size {
		b = make([]byte, 0, size)
	}
	for {
		n, err := body.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

func tooLarge(maxBody int64) *httpError {
	return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than %d bytes: send smaller code, or raise server.max_body_bytes", maxBody)}
}

// readError names a failed body read: too large, too slow, or cut short.
func readError(err error, maxBody int64) *httpError {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return tooLarge(maxBody)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &httpError{http.StatusRequestTimeout, "the request body did not arrive in time: send the whole body at once"}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return truncated()
	}
	return badRequest("malformed JSON: %s: send one JSON object, e.g. %s", err, bodyExample)
}

func truncated() *httpError {
	return badRequest("malformed JSON: the body ends inside a value: send one complete JSON object, e.g. %s", bodyExample)
}

// errInvalidUTF8 is the library's (unexported) cause of a syntactic error for invalid UTF-8.
var errInvalidUTF8 = func() error {
	_, err := jsontext.AppendQuote(nil, "\xff")
	return errors.Unwrap(err)
}()

// jsonError turns an Unmarshal error into one line naming the problem and the fix.
func jsonError(err error, body []byte) *httpError {
	if len(bytes.Trim(body, " \t\r\n")) == 0 {
		return badRequest("empty body: send a JSON object, e.g. %s", bodyExample)
	}
	// A syntax error in the object comes first, as with encoding/json, which scanned the whole value
	// before decoding it: Unmarshal stops at the first error of either kind, and finds some syntax
	// errors a token late.
	if serr := firstValueError(body); serr != nil {
		return syntaxError(serr)
	}
	var se *json.SemanticError
	if errors.As(err, &se) {
		return semanticError(se)
	}
	var sy *jsontext.SyntacticError
	switch {
	case !errors.As(err, &sy):
	case errors.Is(sy.Err, jsontext.ErrDuplicateName):
		// The same field under two casings, which the object's syntax allows.
		return duplicateName(sy.JSONPointer)
	case sy.JSONPointer == "":
		return badRequest("malformed JSON: data after the first JSON object: send exactly one object, e.g. %s", bodyExample)
	}
	return badRequest("malformed JSON: %s: send one JSON object, e.g. %s", strings.TrimPrefix(err.Error(), "json: "), bodyExample)
}

// firstValueError is the syntactic error in the body's first JSON value, or nil if it is whole.
func firstValueError(body []byte) error {
	return jsontext.NewDecoder(bytes.NewReader(body)).SkipValue()
}

func syntaxError(err error) *httpError {
	var sy *jsontext.SyntacticError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return truncated()
	case !errors.As(err, &sy):
		return badRequest("malformed JSON: %s: send one JSON object, e.g. %s", strings.TrimPrefix(err.Error(), "jsontext: "), bodyExample)
	case errors.Is(sy.Err, jsontext.ErrDuplicateName):
		return duplicateName(sy.JSONPointer)
	case errors.Is(sy.Err, errInvalidUTF8):
		return badRequest("invalid UTF-8 at byte %d: JSON text, and so the code in it, must be UTF-8: send the source encoded as UTF-8", sy.ByteOffset)
	}
	return badRequest("malformed JSON at byte %d: %s: send one JSON object, e.g. %s", sy.ByteOffset, sy.Err, bodyExample)
}

// duplicateName rejects a repeated name: another reader of the body (a proxy, a log) could take
// the other copy, and check one program while we check another.
func duplicateName(p jsontext.Pointer) *httpError {
	name, label := pointerName(p)
	if label {
		return badRequest("label %q appears twice: send each label once", clip(name))
	}
	return badRequest("field %q appears twice: send each field once, e.g. %s", clip(name), bodyExample)
}

func semanticError(se *json.SemanticError) *httpError {
	if errors.Is(se.Err, json.ErrUnknownName) && fieldName(se.JSONPointer) == "files" {
		return badRequest("unknown field %q in a file: a file has name and content_base64", clip(se.JSONPointer.LastToken()))
	}
	if errors.Is(se.Err, json.ErrUnknownName) {
		return badRequest("unknown field %q: the accepted fields are %s", clip(se.JSONPointer.LastToken()), submitFields)
	}
	if se.Err == nil && se.GoType != nil {
		if se.JSONPointer == "" {
			return badRequest("the body is a JSON %s, not an object: send one JSON object, e.g. %s", kindName(se.JSONKind), bodyExample)
		}
		return badRequest("field %q is a JSON %s: it must be %s", clip(fieldName(se.JSONPointer)), kindName(se.JSONKind), jsonKind(se.GoType.Kind().String()))
	}
	return badRequest("malformed JSON: %s: send one JSON object, e.g. %s", strings.TrimPrefix(se.Error(), "json: "), bodyExample)
}

// kindName names a JSON kind as encoding/json's type errors did.
func kindName(k jsontext.Kind) string {
	switch k {
	case '"':
		return "string"
	case '0':
		return "number"
	case 't', 'f':
		return "bool"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "null"
}

// fieldName names the request field a pointer is in, as encoding/json did: by the field's own name
// however the body cased it, and without the key of a label.
func fieldName(p jsontext.Pointer) string {
	for tok := range p.Tokens() {
		return canonicalField(tok)
	}
	return ""
}

// pointerName is the repeated name at p: a label's key, or a request field.
func pointerName(p jsontext.Pointer) (name string, label bool) {
	var toks []string
	for tok := range p.Tokens() {
		toks = append(toks, tok)
	}
	if len(toks) == 2 && canonicalField(toks[0]) == "labels" {
		return toks[1], true
	}
	return canonicalField(p.LastToken()), false
}

func canonicalField(name string) string {
	for f := range strings.SplitSeq(submitFields, ", ") {
		if strings.EqualFold(name, f) {
			return f
		}
	}
	return name
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

// bodyBuffers keeps the buffers of large bodies between requests, by size class (a power of two:
// a body's buffer is less than twice its size). Each large check allocated its body afresh: beside
// an aggressor sending a megabyte of comments a hundred times a second, the collector ran 27 times
// a second, and each collection, and each fresh page, is time on the processors a small check
// needs. What a class keeps goes at the collections after it is put back (sync.Pool), so buffers
// outlive a burst only briefly.
type bodyBuffers struct {
	classes [64]sync.Pool
	// scrub, set by tests before the first request, overwrites each buffer put back, so that a use
	// after put shows as wrong bytes.
	scrub bool
}

// get returns an empty buffer with room for n bytes.
func (p *bodyBuffers) get(n int) []byte {
	c := bits.Len(uint(n - 1))
	if b, ok := p.classes[c].Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return make([]byte, 0, 1<<c)
}

// put keeps b for a later body; nothing may use b afterwards.
func (p *bodyBuffers) put(b []byte) {
	if cap(b) == 0 {
		return
	}
	if p.scrub {
		b = b[:cap(b)]
		for i := range b {
			b[i] = '!'
		}
	}
	if c := bits.Len(uint(cap(b))) - 1; cap(b) == 1<<c {
		p.classes[c].Put(&b)
	}
}
