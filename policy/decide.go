package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/topdown"

	"github.com/sbxgate/sbxgate/config"
)

// Rule IDs of the gate's own failures. Each turns the decision into a deny; see doc.go.
const (
	RuleNoEngine      = "SBX900" // Decide on a nil engine
	RuleEvalError     = "SBX901" // evaluation error, including builtin errors and conflicting outputs
	RuleTimeout       = "SBX902" // evaluation exceeded its deadline or was cancelled
	RuleUndefined     = "SBX903" // data.sbxgate.decision is undefined for this input
	RuleMultiple      = "SBX904" // the query produced more than one result
	RuleMalformed     = "SBX905" // the decision is not an object of the documented shape
	RuleUnknownTier   = "SBX906" // allow with a tier the config does not define
	RuleUnknownTrust  = "SBX907" // a trust level other than trusted, standard, untrusted
	RuleNoReport      = "SBX908" // the input carries no analyzer report
	RuleNoReason      = "SBX909" // the policy denied without saying why
	RuleEnginePanic   = "SBX910" // the evaluator panicked
	RuleAllowedBroken = "SBX911" // the policy allowed code that does not parse
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
	rs, err := e.pq.Eval(ctx, rego.EvalParsedInput(inputValue(&in)))
	return e.floor(in, e.interpret(ctx, e.timeout, rs, err))
}

// floor enforces what no policy may override: code the analyzer could not parse was not analyzed,
// so it never runs (shared/CONTRACT.md: a parse_error means allow is false).
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
}

// parseOutput checks the decision object strictly: every documented key present with its type and no
// other key, so a misspelt key fails closed instead of being ignored.
func parseOutput(v any) (output, error) {
	var out output
	obj, ok := v.(map[string]any)
	if !ok {
		return out, fmt.Errorf("is %s, want an object {allow, trust_level, tier, reasons}", jsonKind(v))
	}
	for _, k := range sortedKeys(obj) {
		switch k {
		case "allow", "trust_level", "tier", "reasons":
		default:
			return out, fmt.Errorf("unknown key %q: a decision has only allow, trust_level, tier, reasons", k)
		}
	}
	var err error
	if out.Allow, err = field[bool](obj, "allow", "a boolean"); err != nil {
		return out, err
	}
	if out.TrustLevel, err = field[string](obj, "trust_level", "a string"); err != nil {
		return out, err
	}
	if out.Tier, err = field[string](obj, "tier", "a string"); err != nil {
		return out, err
	}
	rs, err := field[[]any](obj, "reasons", "an array")
	if err != nil {
		return out, err
	}
	out.Reasons = make([]Reason, 0, len(rs))
	for i, r := range rs {
		reason, err := parseReason(r)
		if err != nil {
			return out, fmt.Errorf("reasons[%d]: %v", i, err)
		}
		out.Reasons = append(out.Reasons, reason)
	}
	return out, nil
}

func parseReason(v any) (Reason, error) {
	var r Reason
	obj, ok := v.(map[string]any)
	if !ok {
		return r, fmt.Errorf("is %s, want an object {rule, line, message}", jsonKind(v))
	}
	for _, k := range sortedKeys(obj) {
		switch k {
		case "rule", "line", "message":
		default:
			return r, fmt.Errorf("unknown key %q: a reason has only rule, line, message", k)
		}
	}
	var err error
	if r.Rule, err = field[string](obj, "rule", "a string"); err != nil {
		return r, err
	}
	if r.Rule == "" {
		return r, errors.New("rule is empty: name the rule ID")
	}
	if r.Message, err = field[string](obj, "message", "a string"); err != nil {
		return r, err
	}
	if lv, ok := obj["line"]; ok {
		n, isNum := lv.(json.Number)
		line, err := n.Int64()
		if !isNum || err != nil || line < 0 || line > 1<<31 {
			return r, fmt.Errorf("line is %s, want a non-negative integer", jsonKind(lv))
		}
		r.Line = int(line)
	}
	return r, nil
}

func field[T any](obj map[string]any, key, want string) (T, error) {
	var zero T
	v, ok := obj[key]
	if !ok {
		return zero, fmt.Errorf("key %q is missing", key)
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("%s is %s, want %s", key, jsonKind(v), want)
	}
	return t, nil
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + x.String()
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	default:
		return fmt.Sprintf("a %T", v)
	}
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
