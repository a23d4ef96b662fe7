package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/sbxgate/sbxgate/pipeline"
)

// route is one endpoint. The table is the single source of truth for the mux, the metrics labels
// and the OpenAPI test.
type route struct {
	Method string
	Path   string // Go 1.22 pattern path, which is also the OpenAPI path
	Auth   bool
	h      func(s *Server, w http.ResponseWriter, r *http.Request, p principal)
}

func (s *Server) table() []route {
	return []route{
		{Method: http.MethodPost, Path: "/v1/check", Auth: true, h: (*Server).handleCheck},
		{Method: http.MethodPost, Path: "/v1/run", Auth: true, h: (*Server).handleRun},
		{Method: http.MethodGet, Path: "/v1/audit/{id}", Auth: true, h: (*Server).handleAudit},
		{Method: http.MethodGet, Path: "/healthz", h: (*Server).handleHealth},
		{Method: http.MethodGet, Path: "/readyz", h: (*Server).handleReady},
		{Method: http.MethodGet, Path: "/metrics", h: (*Server).handleMetrics},
		{Method: http.MethodGet, Path: "/v1/openapi.json", h: (*Server).handleOpenAPI},
	}
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	methods := map[string][]string{}
	for _, rt := range s.table() {
		mux.Handle(rt.Method+" "+rt.Path, s.wrap(rt))
		methods[rt.Path] = append(methods[rt.Path], rt.Method)
	}
	// The mux's own 404 and 405 answers are plain text; these give the API's JSON errors instead.
	for path, ms := range methods {
		sort.Strings(ms)
		allow := strings.Join(ms, ", ")
		mux.Handle(path, s.wrap(route{Path: path, h: func(s *Server, w http.ResponseWriter, r *http.Request, _ principal) {
			w.Header().Set("Allow", allow)
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s is not allowed on %s: use %s", r.Method, path, allow))
		}}))
	}
	mux.Handle("/", s.wrap(route{Path: "unmatched", h: func(s *Server, w http.ResponseWriter, r *http.Request, _ principal) {
		writeError(w, http.StatusNotFound, "no such endpoint: see GET /v1/openapi.json for the API")
	}}))
	return mux
}

type ctxKey int

const requestIDKey ctxKey = 0

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// wrap adds to a route: a request id, authentication, the per-principal rate limit, metrics and one
// structured log line. The log line never carries code or tokens.
func (s *Server) wrap(rt route) http.Handler {
	name := rt.Path
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := pipeline.NewRequestID()
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
		sw := &statusWriter{ResponseWriter: w}
		sw.Header().Set("X-Request-Id", id)
		var p principal
		defer func() {
			d := time.Since(start)
			s.metrics.observeRequest(name, sw.status(), d)
			attrs := []slog.Attr{
				slog.String("request_id", id),
				slog.String("method", r.Method),
				slog.String("route", name),
				slog.Int("status", sw.status()),
				slog.Float64("duration_ms", float64(d.Microseconds())/1000),
				slog.Int64("bytes", sw.n),
			}
			if p.Name != "" {
				attrs = append(attrs, slog.String("principal", p.Name))
			}
			if sw.auditID != "" {
				attrs = append(attrs, slog.String("audit_id", sw.auditID))
			}
			if sw.errMsg != "" {
				attrs = append(attrs, slog.String("error", sw.errMsg))
			}
			level := slog.LevelInfo
			if sw.status() >= 500 {
				level = slog.LevelError
			}
			s.log.LogAttrs(r.Context(), level, "request", attrs...)
		}()
		if rt.Auth {
			var ok bool
			if p, ok = s.authenticate(sw, r); !ok {
				return
			}
			if !s.allow(sw, p) {
				return
			}
			r = r.WithContext(withPrincipal(r.Context(), p.Name))
		}
		rt.h(s, sw, r, p)
	})
}

func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (principal, bool) {
	tok, err := bearer(r)
	if errors.Is(err, errTwoAuthorizations) {
		writeError(w, http.StatusBadRequest, err.Error())
		return principal{}, false
	}
	if err != nil {
		w.Header().Set("WWW-Authenticate", `Bearer realm="sbxgate"`)
		writeError(w, http.StatusUnauthorized, err.Error())
		return principal{}, false
	}
	p, ok := s.tokens.lookup(tok)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="sbxgate", error="invalid_token"`)
		writeError(w, http.StatusUnauthorized, "invalid bearer token: use a token whose sha256 is in server.tokens")
		return principal{}, false
	}
	return p, true
}

// allow spends one token of p's bucket, or answers 429 with the wait in Retry-After.
func (s *Server) allow(w http.ResponseWriter, p principal) bool {
	lim := s.limiters[p.Name]
	if lim == nil {
		return true
	}
	res := lim.Reserve()
	d := res.Delay()
	if d == 0 {
		return true
	}
	res.Cancel()
	secs := retryAfter(d)
	w.Header().Set("Retry-After", secs)
	writeError(w, http.StatusTooManyRequests, fmt.Sprintf("rate limit of %d requests per minute for principal %q reached: retry after %ss", s.cfg.Server.RatePerMinute, p.Name, secs))
	return false
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request, _ principal) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readiness is what a pipeline's audit log says of whether it takes writes (*audit.Log has it).
type readiness interface{ Ready() error }

// handleReady says whether the server can serve checks and runs now: 503 with the reason while the
// audit log cannot take writes (it recovers by itself), so that a load balancer sends requests
// elsewhere meanwhile. /healthz stays liveness.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request, _ principal) {
	if rd, ok := s.p.Log.(readiness); ok {
		if err := rd.Ready(); err != nil {
			reason := "audit log: " + s.outward(err.Error())
			if sw, ok := w.(*statusWriter); ok {
				sw.errMsg = reason
			}
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "reason": reason})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// handleMetrics needs no token, but the series labelled by principal (which principals there are,
// and when and how much each sends) only go to a token with the auditor role: a tenant must not
// watch another's requests. A token that is sent must be valid.
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request, _ principal) {
	if len(r.Header.Values("Authorization")) == 0 {
		s.metrics.public.ServeHTTP(w, r)
		return
	}
	p, ok := s.authenticate(w, r)
	if !ok {
		return
	}
	if !p.Auditor {
		s.metrics.public.ServeHTTP(w, r)
		return
	}
	s.metrics.handler.ServeHTTP(w, r)
}

func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request, _ principal) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(openAPI)
}

// statusWriter remembers the status, the bytes written and the error message for the log line.
type statusWriter struct {
	http.ResponseWriter
	code    int
	n       int64
	errMsg  string
	auditID string
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

func (w *statusWriter) status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// errorBody is every error answer: {"error": "..."} plus the request id to quote when asking for help.
type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// noteAudit puts the audit id of the request's decision on its log line.
func noteAudit(w http.ResponseWriter, id string) {
	if sw, ok := w.(*statusWriter); ok {
		sw.auditID = id
	}
}

func writeError(w http.ResponseWriter, code int, msg string) {
	if sw, ok := w.(*statusWriter); ok {
		sw.errMsg = msg
	}
	writeJSON(w, code, errorBody{Error: msg, RequestID: w.Header().Get("X-Request-Id")})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	// Not HTML-escaped: messages like "Bearer <token>" and program output stay readable.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		code = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":"encoding the response failed"}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	_, _ = w.Write(buf.Bytes())
}
