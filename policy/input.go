package policy

import (
	"strconv"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/sbxgate/sbxgate/analyzer"
)

// Key terms are built once: most are not in OPA's intern table, and every decision needs them.
var (
	keyAlias           = ast.StringTerm("alias")
	keyAllowed         = ast.StringTerm("allowed")
	keyAnalyzerVersion = ast.StringTerm("analyzer_version")
	keyCapabilities    = ast.StringTerm("capabilities")
	keyCapability      = ast.StringTerm("capability")
	keyCol             = ast.StringTerm("col")
	keyCwe             = ast.StringTerm("cwe")
	keyDynamic         = ast.StringTerm("dynamic")
	keyEncoding        = ast.StringTerm("encoding")
	keyEndCol          = ast.StringTerm("end_col")
	keyEndLine         = ast.StringTerm("end_line")
	keyFindings        = ast.StringTerm("findings")
	keyHint            = ast.StringTerm("hint")
	keyImports         = ast.StringTerm("imports")
	keyKind            = ast.StringTerm("kind")
	keyLabels          = ast.StringTerm("labels")
	keyLevel           = ast.StringTerm("level")
	keyProfile         = ast.StringTerm("profile")
	keyLine            = ast.StringTerm("line")
	keyMessage         = ast.StringTerm("message")
	keyModule          = ast.StringTerm("module")
	keyNames           = ast.StringTerm("names")
	keyParseError      = ast.StringTerm("parse_error")
	keyPath            = ast.StringTerm("path")
	keyPrincipal       = ast.StringTerm("principal")
	keyReport          = ast.StringTerm("report")
	keyRequest         = ast.StringTerm("request")
	keyRequestedTier   = ast.StringTerm("requested_tier")
	keyRule            = ast.StringTerm("rule")
	keySeverity        = ast.StringTerm("severity")
	keySha256          = ast.StringTerm("sha256")
	keySize            = ast.StringTerm("size")
	keySource          = ast.StringTerm("source")
)

// inputValue builds the policy input as an AST value directly. The obvious route, rego.EvalInput,
// round-trips the struct through JSON on every decision, which costs more than the evaluation itself.
// The result is the JSON encoding (omitempty fields omitted) except that a nil list is [] rather
// than null, so policies need no null checks and InputSchema can type-check list fields;
// TestInputValueMatchesJSON holds the two together.
func inputValue(in *Input) ast.Value {
	var b inputBuilder
	if r := in.Report; r != nil {
		b.slab = make([]ast.Term, termCount(r))
	}
	req := ast.NewObject(
		ast.Item(keyPrincipal, b.str(in.Request.Principal)),
		ast.Item(keySource, b.str(in.Request.Source)),
	)
	if in.Request.RequestedTier != "" {
		req.Insert(keyRequestedTier, b.str(in.Request.RequestedTier))
	}
	if len(in.Request.Labels) > 0 {
		labels := ast.NewObject()
		for k, v := range in.Request.Labels {
			labels.Insert(b.str(k), b.str(v))
		}
		req.Insert(keyLabels, b.term(labels))
	}
	return ast.NewObject(
		ast.Item(keyRequest, b.term(req)),
		ast.Item(keyReport, b.report(in.Report)),
	)
}

// inputBuilder hands out the input's terms from one slab instead of allocating each: a large report
// has thousands of them, all dropped together after the evaluation, which only reads them.
type inputBuilder struct{ slab []ast.Term }

// termCount estimates how many terms the builder takes from its slab for r: a term for each object
// and list, each string outside the vocabulary, each number above OPA's shared ones. A short count
// only costs another slab.
func termCount(r *analyzer.Report) int {
	n := 16 + len(r.Capabilities)
	for i := range r.Imports {
		n += 3 + len(r.Imports[i].Names) + len(r.Imports[i].Capabilities)
	}
	return n + 3*len(r.Findings)
}

func (b *inputBuilder) term(v ast.Value) *ast.Term {
	if len(b.slab) == 0 {
		b.slab = make([]ast.Term, 64)
	}
	t := &b.slab[0]
	b.slab = b.slab[1:]
	t.Value = v
	return t
}

// str is a string term, shared when s is empty or one of the analyzer's own words (rule IDs,
// capabilities, severities, hints), which most of a report's strings are. Shared terms are safe: the
// evaluator never modifies its input.
func (b *inputBuilder) str(s string) *ast.Term {
	if t, ok := vocabulary()[s]; ok {
		return t
	}
	return b.term(ast.String(s))
}

// num is an integer term; OPA shares the small ones.
func (b *inputBuilder) num(i int) *ast.Term {
	if i >= 0 && i <= 512 {
		return ast.InternedTerm(i)
	}
	return b.term(ast.Number(strconv.Itoa(i)))
}

// vocabulary holds one term for each string the analyzer's checks put into reports.
var vocabulary = sync.OnceValue(func() map[string]*ast.Term {
	words := map[string]*ast.Term{"": ast.InternedEmptyString}
	add := func(s string) {
		if _, ok := words[s]; !ok && s != "" {
			words[s] = ast.StringTerm(s)
		}
	}
	for _, s := range []string{"low", "medium", "high", "critical"} {
		add(s)
	}
	for _, c := range analyzer.Rules() {
		add(c.ID)
		add(c.Capability)
		add(c.Severity)
		add(c.Hint)
	}
	return words
})

func (b *inputBuilder) report(r *analyzer.Report) *ast.Term {
	if r == nil {
		return ast.InternedNullTerm
	}
	o := ast.NewObject(
		ast.Item(keyPath, b.str(r.Path)),
		ast.Item(keySha256, b.str(r.SHA256)),
		ast.Item(keySize, b.num(r.Size)),
		ast.Item(keyAnalyzerVersion, b.str(r.AnalyzerVersion)),
		ast.Item(keyParseError, b.parseError(r.ParseError)),
		ast.Item(keyImports, b.imports(r.Imports)),
		ast.Item(keyFindings, b.findings(r.Findings)),
		ast.Item(keyCapabilities, b.strings(r.Capabilities)),
	)
	if r.Encoding != "" {
		o.Insert(keyEncoding, b.str(r.Encoding))
	}
	if r.Profile != "" {
		o.Insert(keyProfile, b.str(r.Profile))
	}
	return b.term(o)
}

func (b *inputBuilder) parseError(p *analyzer.ParseError) *ast.Term {
	if p == nil {
		return ast.InternedNullTerm
	}
	return b.term(ast.NewObject(
		ast.Item(keyKind, b.str(p.Kind)),
		ast.Item(keyMessage, b.str(p.Message)),
		ast.Item(keyLine, b.num(p.Line)),
		ast.Item(keyCol, b.num(p.Col)),
	))
}

func (b *inputBuilder) imports(imps []analyzer.Import) *ast.Term {
	if len(imps) == 0 {
		return ast.InternedEmptyArray
	}
	ts := make([]*ast.Term, len(imps))
	for i := range imps {
		im := &imps[i]
		ts[i] = b.term(ast.NewObject(
			ast.Item(keyModule, b.str(im.Module)),
			ast.Item(keyLevel, b.num(im.Level)),
			ast.Item(keyNames, b.strings(im.Names)),
			ast.Item(keyAlias, b.str(im.Alias)),
			ast.Item(keyLine, b.num(im.Line)),
			ast.Item(keyCol, b.num(im.Col)),
			ast.Item(keyDynamic, ast.InternedTerm(im.Dynamic)),
			ast.Item(keyAllowed, ast.InternedTerm(im.Allowed)),
			ast.Item(keyCapabilities, b.strings(im.Capabilities)),
		))
	}
	return b.term(ast.NewArray(ts...))
}

func (b *inputBuilder) findings(fs []analyzer.Finding) *ast.Term {
	if len(fs) == 0 {
		return ast.InternedEmptyArray
	}
	ts := make([]*ast.Term, len(fs))
	for i := range fs {
		f := &fs[i]
		// The optional keys go in with the others: inserting into an object of eight grows its map.
		items := append(make([][2]*ast.Term, 0, 10),
			ast.Item(keyRule, b.str(f.Rule)),
			ast.Item(keyCapability, b.str(f.Capability)),
			ast.Item(keySeverity, b.str(f.Severity)),
			ast.Item(keyLine, b.num(f.Line)),
			ast.Item(keyCol, b.num(f.Col)),
			ast.Item(keyEndLine, b.num(f.EndLine)),
			ast.Item(keyEndCol, b.num(f.EndCol)),
			ast.Item(keyMessage, b.str(f.Message)),
		)
		if f.CWE != 0 {
			items = append(items, ast.Item(keyCwe, b.num(f.CWE)))
		}
		if f.Hint != "" {
			items = append(items, ast.Item(keyHint, b.str(f.Hint)))
		}
		ts[i] = b.term(ast.NewObject(items...))
	}
	return b.term(ast.NewArray(ts...))
}

func (b *inputBuilder) strings(ss []string) *ast.Term {
	if len(ss) == 0 {
		return ast.InternedEmptyArray
	}
	ts := make([]*ast.Term, len(ss))
	for i, s := range ss {
		ts[i] = b.str(s)
	}
	return b.term(ast.NewArray(ts...))
}
