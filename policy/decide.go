package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/metrics"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/topdown"

	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/config"
)

// Rule IDs of the gate's own failures, from the catalogue (catalog.Stages). Each turns the decision
// into a deny; see doc.go.
const (
	RuleNoEngine      = catalog.NoEngine      // Decide on a nil engine
	RuleEvalError     = catalog.EvalError     // evaluation error, including builtin errors and conflicting outputs
	RuleTimeout       = catalog.Timeout       // evaluation exceeded its deadline or was cancelled
	RuleUndefined     = catalog.Undefined     // data.sbxgate.decision is undefined for this input
	RuleMultiple      = catalog.Multiple      // the query produced more than one result
	RuleMalformed     = catalog.Malformed     // the decision is not an object of the documented shape
	RuleUnknownTier   = catalog.UnknownTier   // allow with a tier the config does not define
	RuleUnknownTrust  = catalog.UnknownTrust  // a trust level other than trusted, standard, untrusted
	RuleNoReport      = catalog.NoReport      // the input carries no analyzer report
	RuleNoReason      = catalog.NoReason      // the policy denied without saying why
	RuleEnginePanic   = catalog.EnginePanic   // the evaluator panicked
	RuleAllowedBroken = catalog.AllowedBroken // the policy allowed code that does not parse
	failureTrustLevel = "untrusted"
)

// NoneTier is the tier of every denied decision.
const NoneTier = "none"

// Decide evaluates the policy for one submission. It never returns allow on a failure: every failure
// is a deny whose reasons carry an SBX9xx rule naming what went wrong.
func (e *Engine) Decide(ctx context.Context, in Input) (d Decision) {
	if e == nil {
		return failed("", RuleNoEngine, "no policy engine is configured")
	}
	defer func() {
		if r := recover(); r != nil {
			d = e.fail(RuleEnginePanic, fmt.Sprintf("policy evaluation panicked: %v", r))
		}
	}()
	if in.Report == nil {
		return e.fail(RuleNoReport, "no analyzer report for this submission: the gate decides only analyzed code")
	}
	if ctx.Err() != nil {
		// The caller has given up; an evaluation that completes anyway is still valid, so only a
		// context that is done before we start is refused, which keeps this case deterministic.
		return e.fail(RuleTimeout, "the decision was cancelled before the policy ran")
	}
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	rs, err := e.eval(ctx, &in)
	return e.floor(in, e.interpret(ctx, e.timeout, rs, err))
}

// noMetrics is shared by every evaluation: nobody reads OPA's per-query timers, and a fresh
// metrics object per decision is three maps and a mutex.
var noMetrics = metrics.NoOp()

// resultTerm hands the query's result to interpret as the AST term it is. OPA's default converts it
// to map[string]any and json.Number first, only for interpret to walk it again.
func resultTerm(t *ast.Term, _ *rego.EvalContext) (any, error) { return t, nil }

// dataCache answers the evaluator's reads of base documents (data.json and the config document)
// from one AST value built at New. OPA's default cache lives for one evaluation and fills itself
// through a store transaction on each first read; the policy data never changes after New, so every
// evaluation can share one, read-only. A miss falls through to the store as before.
type dataCache struct{ root ast.Value }

func (c dataCache) Get(ref ast.Ref) ast.Value {
	// The whole of data is left to the store, which also strips OPA's system document from it.
	if len(ref) < 2 || !ref[0].Equal(ast.DefaultRootDocument) {
		return nil
	}
	v, err := c.root.Find(ref[1:])
	if err != nil {
		return nil
	}
	return v
}

// Put is a no-op: the cache is shared by concurrent evaluations and already holds all the data.
func (dataCache) Put(ast.Ref, ast.Value) {}

// eval runs the prepared query on in. ctx must carry the deadline.
func (e *Engine) eval(ctx context.Context, in *Input, opts ...rego.EvalOption) (rego.ResultSet, error) {
	// Without an external cancel OPA starts a goroutine per query to watch ctx; context.AfterFunc
	// registers the same watch without one, which matters for tail latency on a busy machine.
	c := topdown.NewCancel()
	stop := context.AfterFunc(ctx, c.Cancel)
	defer stop()
	// The options are gathered on the stack: the options that never change were made once, at New.
	var buf [8]rego.EvalOption
	all := append(buf[:0], e.evalOpts...)
	all = append(all, rego.EvalParsedInput(inputValue(in)), rego.EvalExternalCancel(c))
	return e.pq.Eval(ctx, append(all, opts...)...)
}

// floor enforces what no policy may override: code the analyzer could not parse was not analyzed,
// so it never runs (docs/contract.md: a parse_error means allow is false).
func (e *Engine) floor(in Input, d Decision) Decision {
	if d.Allow && in.Report != nil && in.Report.ParseError != nil {
		return e.fail(RuleAllowedBroken, "the policy allowed code that does not parse: sbxgate never runs code it could not analyze")
	}
	return d
}

// interpret turns a result set into a decision, checking its shape. Anything unexpected is a deny.
func (e *Engine) interpret(ctx context.Context, timeout time.Duration, rs rego.ResultSet, err error) Decision {
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return e.fail(RuleTimeout, fmt.Sprintf("policy evaluation did not finish within %v: simplify the policy or raise the timeout", timeout))
		}
		if topdown.IsCancel(err) || ctx.Err() != nil {
			return e.fail(RuleTimeout, "policy evaluation was cancelled before it finished")
		}
		return e.fail(RuleEvalError, "policy evaluation failed: "+firstLine(err))
	}
	switch {
	case len(rs) == 0:
		return e.fail(RuleUndefined, Query+" is undefined for this input: the policy must always define a decision")
	case len(rs) > 1 || len(rs[0].Expressions) != 1:
		return e.fail(RuleMultiple, fmt.Sprintf("%s produced %d results, want exactly one", Query, len(rs)))
	}
	out, err := parseOutput(rs[0].Expressions[0].Value)
	if err != nil {
		return e.fail(RuleMalformed, Query+": "+err.Error())
	}
	if !slices.Contains(TrustLevels, out.TrustLevel) {
		return e.fail(RuleUnknownTrust, fmt.Sprintf("%s: trust_level %q is not one of %s", Query, out.TrustLevel, strings.Join(TrustLevels, ", ")))
	}
	d := Decision{
		Allow:          out.Allow,
		TrustLevel:     out.TrustLevel,
		Tier:           NoneTier,
		Limits:         deniedLimits(),
		Reasons:        out.Reasons,
		PolicyRevision: e.revision,
	}
	if !out.Allow {
		if len(d.Reasons) == 0 {
			d.Reasons = []Reason{{Rule: RuleNoReason, Message: "the policy denied without giving a reason"}}
		}
		return d
	}
	limits, ok := e.tiers[out.Tier]
	if !ok {
		return e.fail(RuleUnknownTier, fmt.Sprintf("%s: allowed with tier %q, which the config does not define (tiers: %s)", Query, out.Tier, strings.Join(e.tierNames, ", ")))
	}
	if out.Profile != "" {
		p := strings.TrimPrefix(out.Profile, "base")
		if !slices.Contains(e.profiles[out.Tier], p) {
			return e.fail(RuleUnknownTier, fmt.Sprintf("%s: allowed tier %q with image profile %q, which the tier does not allow: add it to the tier's profiles in the config", Query, out.Tier, out.Profile))
		}
		limits.Profile = p
	}
	d.Tier, d.Limits = out.Tier, limits
	return d
}

// deniedLimits are the limits of a deny: nothing at all.
func deniedLimits() config.Limits { return config.Limits{Network: "none"} }

func (e *Engine) fail(rule, msg string) Decision { return failed(e.revision, rule, msg) }

func failed(revision, rule, msg string) Decision {
	return Decision{
		Allow:          false,
		TrustLevel:     failureTrustLevel,
		Tier:           NoneTier,
		Limits:         deniedLimits(),
		Reasons:        []Reason{{Rule: rule, Message: msg}},
		PolicyRevision: revision,
	}
}

// output is the policy's answer before the Go side adds limits and revision.
type output struct {
	Allow      bool
	TrustLevel string
	Tier       string
	Reasons    []Reason
	Profile    string // optional: an image profile among the tier's
}

// parseOutput checks the decision object strictly: every documented key present with its type and no
// other key, so a misspelt key fails closed instead of being ignored.
func parseOutput(v any) (output, error) {
	var out output
	t, ok := v.(*ast.Term)
	if !ok {
		return out, fmt.Errorf("is a %T, want an object {allow, trust_level, tier, reasons}", v)
	}
	obj, ok := t.Value.(ast.Object)
	if !ok {
		return out, fmt.Errorf("is %s, want an object {allow, trust_level, tier, reasons}", kind(t.Value))
	}
	if err := onlyKeys(obj, "unknown key %q: a decision has only allow, trust_level, tier, reasons and profile", "allow", "trust_level", "tier", "reasons", "profile"); err != nil {
		return out, err
	}
	if pv := obj.Get(ast.StringTerm("profile")); pv != nil {
		p, ok := pv.Value.(ast.String)
		if !ok {
			return out, fmt.Errorf(`key "profile" is %s, want a string`, kind(pv.Value))
		}
		out.Profile = string(p)
	}
	allow, err := field[ast.Boolean](obj, keyAllow, "a boolean")
	if err != nil {
		return out, err
	}
	trust, err := field[ast.String](obj, keyTrustLevel, "a string")
	if err != nil {
		return out, err
	}
	tier, err := field[ast.String](obj, keyTier, "a string")
	if err != nil {
		return out, err
	}
	out.Allow, out.TrustLevel, out.Tier = bool(allow), string(trust), string(tier)
	rv := obj.Get(keyReasons)
	if rv == nil {
		return out, errors.New(`key "reasons" is missing`)
	}
	// A set of reasons was accepted as an array when results went through JSON; keep accepting it.
	var rs []*ast.Term
	switch x := rv.Value.(type) {
	case *ast.Array:
		rs = make([]*ast.Term, 0, x.Len())
		x.Foreach(func(t *ast.Term) { rs = append(rs, t) })
	case ast.Set:
		rs = x.Slice()
	default:
		return out, fmt.Errorf("reasons is %s, want an array", kind(rv.Value))
	}
	out.Reasons = make([]Reason, 0, len(rs))
	for i, r := range rs {
		reason, err := parseReason(r.Value)
		if err != nil {
			return out, fmt.Errorf("reasons[%d]: %v", i, err)
		}
		out.Reasons = append(out.Reasons, reason)
	}
	return out, nil
}

// Keys of the decision object (input.go has those a reason shares with the input).
var (
	keyAllow      = ast.StringTerm("allow")
	keyTrustLevel = ast.StringTerm("trust_level")
	keyTier       = ast.StringTerm("tier")
	keyReasons    = ast.StringTerm("reasons")
)

func parseReason(v ast.Value) (Reason, error) {
	var r Reason
	obj, ok := v.(ast.Object)
	if !ok {
		return r, fmt.Errorf("is %s, want an object {rule, line, message}", kind(v))
	}
	if err := onlyKeys(obj, "unknown key %q: a reason has only rule, line, message", "rule", "line", "message"); err != nil {
		return r, err
	}
	rule, err := field[ast.String](obj, keyRule, "a string")
	if err != nil {
		return r, err
	}
	if rule == "" {
		return r, errors.New("rule is empty: name the rule ID")
	}
	msg, err := field[ast.String](obj, keyMessage, "a string")
	if err != nil {
		return r, err
	}
	r.Rule, r.Message = string(rule), string(msg)
	if lv := obj.Get(keyLine); lv != nil {
		n, isNum := lv.Value.(ast.Number)
		line, err := json.Number(n).Int64()
		if !isNum || err != nil || line < 0 || line > 1<<31 {
			return r, fmt.Errorf("line is %s, want a non-negative integer", kind(lv.Value))
		}
		r.Line = int(line)
	}
	return r, nil
}

// onlyKeys fails on the first key, in sorted order, that is not one of names.
func onlyKeys(obj ast.Object, format string, names ...string) error {
	for _, k := range obj.Keys() {
		if s, ok := k.Value.(ast.String); !ok || !slices.Contains(names, string(s)) {
			return fmt.Errorf(format, keyString(k.Value))
		}
	}
	return nil
}

// keyString names a key as JSON would have: a string as itself, anything else in Rego syntax.
func keyString(v ast.Value) string {
	if s, ok := v.(ast.String); ok {
		return string(s)
	}
	return v.String()
}

func field[T ast.Value](obj ast.Object, keyTerm *ast.Term, want string) (T, error) {
	var zero T
	key := string(keyTerm.Value.(ast.String))
	v := obj.Get(keyTerm)
	if v == nil {
		return zero, fmt.Errorf("key %q is missing", key)
	}
	t, ok := v.Value.(T)
	if !ok {
		return zero, fmt.Errorf("%s is %s, want %s", key, kind(v.Value), want)
	}
	return t, nil
}

// kind names a value's type for a message.
func kind(v ast.Value) string {
	switch x := v.(type) {
	case ast.Null:
		return "null"
	case ast.Boolean:
		return "a boolean"
	case ast.Number:
		return "the number " + x.String()
	case ast.String:
		return "a string"
	case *ast.Array:
		return "an array"
	case ast.Set:
		return "a set"
	case ast.Object:
		return "an object"
	default:
		return fmt.Sprintf("a %T", v)
	}
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
