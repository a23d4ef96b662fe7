package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/internal/analyzeproc"
	"github.com/sbxgate/sbxgate/pipeline"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
)

// CheckResponse is the answer of POST /v1/check: one element of `sbxgate check --format json`'s
// results (the analyzer report and the decision) plus the request and audit ids.
type CheckResponse struct {
	*analyzer.Report
	Decision  policy.Decision `json:"decision"`
	RequestID string          `json:"request_id"`
	AuditID   string          `json:"audit_id"`
}

// RunResponse is the answer of POST /v1/run: the `sbxgate run --format json` document; Error is set
// (with status 503) when the gate failed.
type RunResponse = pipeline.RunDocument

// AuditResponse is the answer of GET /v1/audit/{id}: the decision record and the result records
// that link to it, in log order.
type AuditResponse struct {
	Records []record.Record `json:"records"`
}

func (s *Server) submission(r *http.Request, req submitRequest, p principal) pipeline.Submission {
	return pipeline.Submission{
		Path:      req.Path,
		Code:      req.Code,
		Request:   req.policyRequest(p),
		RequestID: requestID(r.Context()),
		Files:     req.files,
		Report:    req.report,
	}
}

// idempotencyHeader is the request header of POST /v1/run that makes a retry safe (see
// pipeline.Submission.IdempotencyKey), after the IETF's Idempotency-Key header field.
const idempotencyHeader = "Idempotency-Key"

// idempotencyKey reads the request's Idempotency-Key header: absent, or one valid key.
func idempotencyKey(r *http.Request) (string, *httpError) {
	vs := r.Header.Values(idempotencyHeader)
	switch {
	case len(vs) == 0:
		return "", nil
	case len(vs) > 1:
		return "", badRequest("%s appears %d times: send it once", idempotencyHeader, len(vs))
	}
	if err := pipeline.ValidIdempotencyKey(vs[0]); err != nil {
		return "", badRequest("%s: %v", idempotencyHeader, err)
	}
	return vs[0], nil
}

// admit waits, at most wait, for room for the request's body among the bytes in flight, in its
// principal's fair share, before the body is read (an unread body stays in the client's socket, not
// in the server's memory). The caller releases the ticket once the answer is written.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, p principal, wait time.Duration) (*ticket, bool) {
	if herr := checkHeaders(r, s.maxBody); herr != nil {
		writeError(w, herr.code, herr.msg)
		return nil, false
	}
	n := r.ContentLength
	if n < 0 { // not announced: reserve the most it may be, and shrink once it is read
		n = s.maxBody
	}
	t, err := s.inflight.acquire(r.Context(), p.Name, n, wait)
	if err != nil {
		busy(w, http.StatusServiceUnavailable, fmt.Sprintf("the server holds as many request bytes as it may (%d MiB in flight, half of it per principal): retry after 1s", s.maxInFlight>>20))
		return nil, false
	}
	// From here the body holds its share until it is read, so it must arrive within half the queue
	// wait: the bytes it holds come back before the wait of a request queued behind it ends. (Two
	// principals sending bodies slowly held every admitted byte, and a third got 503.)
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(min(bodyDeadline(wait), s.timeouts.Read)))
	return t, true
}

// bodyDeadline is how long an admitted body may take to arrive: half the queue wait, and at least
// 2 s (a 1 MiB body at 512 KiB/s).
func bodyDeadline(queueWait time.Duration) time.Duration { return max(queueWait/2, 2*time.Second) }

// decode reads the body admitted under hold and shrinks hold to the body's size; then it takes the
// request's turn in the work queue and decodes the body on it: decoding, analysis and decision are
// the work that is shared fairly (fair.go). The turn goes in the returned context, for the analyzer
// and the decider, which ends it; the caller drops it too, in case the pipeline never decides.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, hold *ticket) (context.Context, submitRequest, *turn, bool) {
	// A large body's buffer is reused once the body is decoded: nothing decoded from it refers to it
	// (the code, path and labels are copies), and a worker has stopped reading it when parse returns.
	var buf []byte
	if r.ContentLength >= largeProgram {
		buf = s.bodies.get(int(r.ContentLength) + 1)
		defer func() { s.bodies.put(buf) }()
	}
	body, herr := readSubmit(w, r, s.maxBody, buf)
	if herr != nil {
		writeError(w, herr.code, herr.msg)
		return nil, submitRequest{}, nil, false
	}
	s.inflight.resize(hold, int64(len(body)))
	yieldIfCrowded(s.workCap)
	t, err := s.work.acquire(r.Context(), principalOf(r.Context()), int64(len(body)), -1)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "the request was canceled while it waited for its turn")
		return nil, submitRequest{}, nil, false
	}
	tn := &turn{q: s.work, t: t}
	// A worker's program goes into a reused buffer too, taken only now that the request has its
	// turn, which the handler gives back (req.codeBuf) or leaves to the collector; the program is
	// shorter than its JSON body.
	var codeBuf []byte
	if s.largeDecode != nil && int64(len(body)) >= largeProgram {
		codeBuf = s.bodies.get(len(body))
	}
	req, herr := s.parse(r.Context(), body, codeBuf)
	if herr != nil {
		tn.end()
		s.bodies.put(codeBuf)
		writeError(w, herr.code, herr.msg)
		return nil, submitRequest{}, nil, false
	}
	req.codeBuf = codeBuf
	return withTurn(r.Context(), tn), req, tn, true
}

// parse decodes a submit body: a large one in an analysis worker, which analyzes its program too,
// when the server has them (WithLargeDecoder), the others in the handler.
func (s *Server) parse(ctx context.Context, body, codeBuf []byte) (submitRequest, *httpError) {
	if s.largeDecode == nil || int64(len(body)) < largeProgram {
		return parseSubmit(body, s.cfg)
	}
	d, err := s.largeDecode(ctx, body, codeBuf)
	var refusal *analyzeproc.Refusal
	switch {
	case errors.As(err, &refusal):
		return submitRequest{}, &httpError{refusal.Status, refusal.Message}
	case ctx.Err() != nil:
		return submitRequest{}, &httpError{http.StatusServiceUnavailable, "the request was canceled while its body was decoded"}
	case err != nil:
		s.log.Warn("an analysis worker did not decode a request: the server decodes it", "error", err.Error())
		return parseSubmit(body, s.cfg)
	}
	return fromWorker(d, s.cfg)
}

// slot takes a slot of sem for a request that holds a turn. When none is free at once, the request
// gives its turn back while it waits, so that waiting for a check or run slot never holds the work
// queue; the analyzer then takes a new turn.
func slot(ctx context.Context, sem chan struct{}, wait time.Duration, tn *turn) (release func(), ok bool) {
	if release, ok := acquire(ctx, sem, 0); ok {
		return release, true
	}
	tn.end()
	return acquire(ctx, sem, wait)
}

func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request, p principal) {
	start := time.Now()
	hold, ok := s.admit(w, r, p, s.checkWait)
	if !ok {
		return
	}
	defer s.inflight.release(hold)
	ctx, req, tn, ok := s.decode(w, r, hold)
	if !ok {
		return
	}
	// Once the answer is written nothing of a check uses its code: the decision record holds a copy
	// (its JSON), the report and decision none.
	defer s.bodies.put(req.codeBuf)
	defer tn.end()
	release, ok := slot(ctx, s.checkSlots, max(0, s.checkWait-time.Since(start)), tn)
	if !ok {
		busy(w, http.StatusServiceUnavailable, fmt.Sprintf("the server is at capacity (%d checks in progress, more queued): retry after 1s", cap(s.checkSlots)))
		return
	}
	out, err := func() (pipeline.Outcome, error) {
		defer release()
		return s.p.Check(ctx, s.submission(r, req, p))
	}()
	noteAudit(w, out.AuditID)
	if err != nil {
		// The decision was not recorded: fail closed and do not hand out an unlogged answer.
		writeError(w, http.StatusServiceUnavailable, s.gateError(err))
		return
	}
	s.metrics.observeDecision("check", out.Decision.Allow)
	writeJSON(w, http.StatusOK, CheckResponse{
		Report:    normalReport(out.Report),
		Decision:  normalDecision(out.Decision),
		RequestID: out.RequestID,
		AuditID:   out.AuditID,
	})
}

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request, p principal) {
	key, herr := idempotencyKey(r)
	if herr == nil && key != "" && s.p.Log == nil {
		herr = badRequest("%s needs an audit log to keep it, and this server keeps none: start sbxgate serve with --audit FILE", idempotencyHeader)
	}
	if herr != nil {
		writeError(w, herr.code, herr.msg)
		return
	}
	hold, ok := s.admit(w, r, p, s.checkWait)
	if !ok {
		return
	}
	defer s.inflight.release(hold)
	ctx, req, tn, ok := s.decode(w, r, hold)
	if !ok {
		return
	}
	// A run's code is not given back for reuse (req.codeBuf): the runner's copy to the sandbox's
	// standard input need not have ended when Run returns, and a run costs far more than the buffer.
	defer tn.end()
	if !s.runShares.take(p.Name) {
		busy(w, http.StatusTooManyRequests, fmt.Sprintf("principal %q has %d runs in progress, its share of the server's %d (server.max_concurrent_runs): retry after 1s", p.Name, s.runShares.per, cap(s.runSlots)))
		return
	}
	defer s.runShares.give(p.Name)
	release, ok := slot(ctx, s.runSlots, s.runWait, tn)
	if !ok {
		busy(w, http.StatusTooManyRequests, fmt.Sprintf("%d runs are in progress, the server's limit (server.max_concurrent_runs): retry after 1s", cap(s.runSlots)))
		return
	}
	start := time.Now()
	out, err := func() (pipeline.Outcome, error) {
		defer release()
		s.metrics.runsInFlight.Inc()
		defer s.metrics.runsInFlight.Dec()
		sub := s.submission(r, req, p)
		sub.IdempotencyKey = key
		return s.p.Run(ctx, sub)
	}()
	noteAudit(w, out.AuditID)
	if out.Report != nil && !out.Replayed {
		s.metrics.observeDecision("run", out.Decision.Allow)
	}
	if out.Result != nil && !out.Replayed {
		s.metrics.runDuration.Observe(time.Since(start).Seconds())
	}
	resp := RunResponse{Result: out.Result, AuditID: out.AuditID, RequestID: out.RequestID, Replayed: out.Replayed}
	if out.Report != nil {
		d := normalDecision(out.Decision)
		resp.Decision = &d
	}
	if unlogged := errors.Is(err, pipeline.ErrResultNotLogged); unlogged || out.Result != nil && s.p.Log != nil {
		logged := !unlogged
		resp.ResultLogged = &logged
	}
	switch {
	case errors.Is(err, pipeline.ErrResultNotLogged):
		// The code ran: this is its answer, not a failure to retry (a retry would run it again).
		resp.Warning = "the code ran, but " + s.outward(strings.TrimPrefix(err.Error(), "audit: "))
		writeJSONError(w, http.StatusOK, resp.Warning, resp)
		return
	case errors.Is(err, pipeline.ErrIdempotencyConflict):
		resp.Error = err.Error()
		writeJSONError(w, http.StatusUnprocessableEntity, resp.Error, resp)
		return
	case errors.Is(err, pipeline.ErrRunInProgress):
		resp.Error = err.Error()
		w.Header().Set("Retry-After", "1")
		writeJSONError(w, http.StatusConflict, resp.Error, resp)
		return
	}
	if err != nil {
		resp.Error = s.gateError(err)
		if errors.Is(r.Context().Err(), context.Canceled) {
			resp.Error += " (the request was canceled: the server is shutting down or the client went away)"
		}
		writeJSONError(w, http.StatusServiceUnavailable, resp.Error, resp)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// acquire takes a slot of sem, waiting at most wait; release gives it back.
func acquire(ctx context.Context, sem chan struct{}, wait time.Duration) (release func(), ok bool) {
	release = func() { <-sem }
	select {
	case sem <- struct{}{}:
		return release, true
	default:
	}
	if wait <= 0 {
		return nil, false
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case sem <- struct{}{}:
		return release, true
	case <-t.C:
		return nil, false
	case <-ctx.Done():
		return nil, false
	}
}

// validAuditID bounds what an id may look like before the log is read for it: 1 to 128 letters,
// digits, - or _ (the OpenAPI pattern). A loop, not a regexp: the {1,128} repetition compiled to 128
// copies and cost every sbxgate command 0.1 ms at start.
func validAuditID(id string) bool {
	if len(id) == 0 || len(id) > 128 {
		return false
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request, p principal) {
	if s.audit == nil {
		writeError(w, http.StatusNotFound, "this server keeps no audit log: start sbxgate serve with --audit FILE")
		return
	}
	id := r.PathValue("id")
	if !validAuditID(id) {
		writeError(w, http.StatusBadRequest, "audit id must be 1 to 128 letters, digits, - or _: use the audit_id of a check or run answer")
		return
	}
	release, mine, ok := s.auditSlots.acquire(r.Context(), p.Name, s.checkWait)
	if !mine {
		busy(w, http.StatusTooManyRequests, fmt.Sprintf("principal %q has %d audit lookups in progress, its limit: retry after 1s", p.Name, lookupsPerPrincipal))
		return
	}
	if !ok {
		busy(w, http.StatusServiceUnavailable, "the server is at capacity for audit lookups: retry after 1s")
		return
	}
	recs, err := s.audit.Lookup(r.Context(), id)
	release()
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, s.outward("audit: "+err.Error()))
		return
	}
	// Another principal's record gets the same answer as an id that does not exist, so that the
	// status does not tell a principal which ids exist.
	if len(recs) == 0 || !p.Auditor && slices.ContainsFunc(recs, func(rec record.Record) bool { return rec.Principal != p.Name }) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no audit record with id %s for principal %s: use the audit_id of one of its check or run answers, or a token with the auditor role", id, p.Name))
		return
	}
	if !p.Auditor {
		for i := range recs {
			recs[i] = s.forTenant(recs[i])
		}
	}
	writeJSON(w, http.StatusOK, AuditResponse{Records: recs})
}

// forTenant is a record as a principal without the auditor role sees its own: without the
// process that owed a run's result (host name, kernel boot id, pid, start time: the server's
// machine, for the operator's eyes), and with the log's directory taken out of the messages, as
// in every answer. The log keeps them; the auditor role sees them.
func (s *Server) forTenant(r record.Record) record.Record {
	r.Owner = nil
	r.Error = s.outward(r.Error)
	if r.Lost != nil {
		l := *r.Lost
		l.Owner = nil
		l.Reason = s.outward(l.Public())
		r.Lost = &l
	}
	return r
}

// gateError is the one-line message for a pipeline error; the stage prefix (audit:, run:) is already
// on it.
func (s *Server) gateError(err error) string {
	msg := s.outward(err.Error())
	if errors.Is(err, pipeline.ErrNoRunner) {
		msg += ": this server was started without a runner"
	}
	return msg
}

// outward is msg as a client gets it: without the audit log's directory (a failed write names its
// file, a failed sync of the directory, when a torn line is set aside, the directory itself), so
// that no answer shows where the server keeps its files.
func (s *Server) outward(msg string) string {
	if s.logDir == "" {
		return msg
	}
	msg = strings.ReplaceAll(msg, s.logDir, "")
	if dir := strings.TrimSuffix(s.logDir, string(filepath.Separator)); dir != "" {
		msg = strings.ReplaceAll(msg, dir, "the audit log's directory")
	}
	return msg
}

// writeJSONError writes body (which carries an "error" member) and records msg for the log line.
func writeJSONError(w http.ResponseWriter, code int, msg string, body any) {
	if sw, ok := w.(*statusWriter); ok {
		sw.errMsg = msg
	}
	writeJSON(w, code, body)
}

// normalReport copies the report with nil lists made empty, so clients always get arrays.
func normalReport(rep *analyzer.Report) *analyzer.Report {
	if rep == nil {
		return &analyzer.Report{Imports: []analyzer.Import{}, Findings: []analyzer.Finding{}, Capabilities: []string{}}
	}
	c := *rep
	if c.Imports == nil {
		c.Imports = []analyzer.Import{}
	}
	if c.Findings == nil {
		c.Findings = []analyzer.Finding{}
	}
	if c.Capabilities == nil {
		c.Capabilities = []string{}
	}
	return &c
}

func normalDecision(d policy.Decision) policy.Decision {
	if d.Reasons == nil {
		d.Reasons = []policy.Reason{}
	}
	return d
}

// busy answers a request that found its slots full past the queue wait: retry in a second.
func busy(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Retry-After", "1")
	writeError(w, code, msg)
}

// retryAfter formats a wait for the Retry-After header: whole seconds, at least 1.
func retryAfter(d time.Duration) string {
	return strconv.Itoa(max(1, int((d+time.Second-1)/time.Second)))
}
