package policy

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// FiredRule is one rule (or function) whose body succeeded while deciding, located in the Rego source.
type FiredRule struct {
	Rule  string `json:"rule"` // the document it defines, e.g. data.sbxgate.deny
	File  string `json:"file"`
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Times int    `json:"times"` // how often the body succeeded (a partial rule once per element)
}

// Location is file:row:col, as editors and OPA print it.
func (f FiredRule) Location() string { return fmt.Sprintf("%s:%d:%d", f.File, f.Row, f.Col) }

// Explanation is a decision with the rules that produced it, for `sbxgate check --explain`.
type Explanation struct {
	Decision Decision    `json:"decision"`
	Fired    []FiredRule `json:"fired"`
}

// explainSlack multiplies the engine's deadline for Explain.
const explainSlack = 10

// Explain decides in like Decide and also reports every rule that fired, in source order. Tracing
// makes it several times slower than Decide, so the gate itself uses Decide.
func (e *Engine) Explain(ctx context.Context, in Input) (x Explanation) {
	if e == nil {
		return Explanation{Decision: failed("", RuleNoEngine, "no policy engine is configured")}
	}
	defer func() {
		if r := recover(); r != nil {
			x = Explanation{Decision: e.fail(RuleEnginePanic, fmt.Sprintf("policy evaluation panicked: %v", r))}
		}
	}()
	if in.Report == nil {
		return Explanation{Decision: e.fail(RuleNoReport, "no analyzer report for this submission: the gate decides only analyzed code")}
	}
	t := &firedTracer{times: map[*ast.Rule]int{}}
	// Tracing is slower than deciding; a diagnostic gets more time than the gate's own deadline.
	if ctx.Err() != nil {
		return Explanation{Decision: e.fail(RuleTimeout, "the decision was cancelled before the policy ran")}
	}
	timeout := explainSlack * e.timeout
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	rs, err := e.eval(ctx, &in, rego.EvalQueryTracer(t))
	return Explanation{Decision: e.floor(in, e.interpret(ctx, timeout, rs, err)), Fired: t.fired()}
}

// firedTracer counts the exits of rule bodies; an exit means the body succeeded.
type firedTracer struct {
	mu    sync.Mutex
	times map[*ast.Rule]int
}

func (*firedTracer) Enabled() bool               { return true }
func (*firedTracer) Config() topdown.TraceConfig { return topdown.TraceConfig{} }

func (t *firedTracer) TraceEvent(ev topdown.Event) {
	if ev.Op != topdown.ExitOp {
		return
	}
	r, ok := ev.Node.(*ast.Rule)
	if !ok || r.Location == nil || r.Module == nil {
		return
	}
	t.mu.Lock()
	t.times[r]++
	t.mu.Unlock()
}

func (t *firedTracer) fired() []FiredRule {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]FiredRule, 0, len(t.times))
	for r, n := range t.times {
		out = append(out, FiredRule{
			Rule:  r.Module.Package.Path.Extend(r.Head.Ref().GroundPrefix()).String(), // Rule.Path, which OPA deprecated
			File:  r.Location.File,
			Row:   r.Location.Row,
			Col:   r.Location.Col,
			Times: n,
		})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		return a.Col < b.Col
	})
	return out
}
