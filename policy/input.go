package policy

import (
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
	req := ast.NewObject(
		ast.Item(keyPrincipal, str(in.Request.Principal)),
		ast.Item(keySource, str(in.Request.Source)),
	)
	if in.Request.RequestedTier != "" {
		req.Insert(keyRequestedTier, str(in.Request.RequestedTier))
	}
	if len(in.Request.Labels) > 0 {
		labels := ast.NewObject()
		for k, v := range in.Request.Labels {
			labels.Insert(str(k), str(v))
		}
		req.Insert(keyLabels, ast.NewTerm(labels))
	}
	return ast.NewObject(
		ast.Item(keyRequest, ast.NewTerm(req)),
		ast.Item(keyReport, reportTerm(in.Report)),
	)
}

func reportTerm(r *analyzer.Report) *ast.Term {
	if r == nil {
		return ast.InternedNullTerm
	}
	o := ast.NewObject(
		ast.Item(keyPath, str(r.Path)),
		ast.Item(keySha256, str(r.SHA256)),
		ast.Item(keySize, ast.InternedTerm(r.Size)),
		ast.Item(keyAnalyzerVersion, str(r.AnalyzerVersion)),
		ast.Item(keyParseError, parseErrorTerm(r.ParseError)),
		ast.Item(keyImports, importsTerm(r.Imports)),
		ast.Item(keyFindings, findingsTerm(r.Findings)),
		ast.Item(keyCapabilities, stringsTerm(r.Capabilities)),
	)
	if r.Encoding != "" {
		o.Insert(keyEncoding, str(r.Encoding))
	}
	return ast.NewTerm(o)
}

func parseErrorTerm(p *analyzer.ParseError) *ast.Term {
	if p == nil {
		return ast.InternedNullTerm
	}
	return ast.ObjectTerm(
		ast.Item(keyKind, str(p.Kind)),
		ast.Item(keyMessage, str(p.Message)),
		ast.Item(keyLine, ast.InternedTerm(p.Line)),
		ast.Item(keyCol, ast.InternedTerm(p.Col)),
	)
}

func importsTerm(imps []analyzer.Import) *ast.Term {
	ts := make([]*ast.Term, len(imps))
	for i := range imps {
		im := &imps[i]
		ts[i] = ast.ObjectTerm(
			ast.Item(keyModule, str(im.Module)),
			ast.Item(keyLevel, ast.InternedTerm(im.Level)),
			ast.Item(keyNames, stringsTerm(im.Names)),
			ast.Item(keyAlias, str(im.Alias)),
			ast.Item(keyLine, ast.InternedTerm(im.Line)),
			ast.Item(keyCol, ast.InternedTerm(im.Col)),
			ast.Item(keyDynamic, ast.InternedTerm(im.Dynamic)),
			ast.Item(keyAllowed, ast.InternedTerm(im.Allowed)),
			ast.Item(keyCapabilities, stringsTerm(im.Capabilities)),
		)
	}
	return ast.ArrayTerm(ts...)
}

func findingsTerm(fs []analyzer.Finding) *ast.Term {
	ts := make([]*ast.Term, len(fs))
	for i := range fs {
		f := &fs[i]
		o := ast.NewObject(
			ast.Item(keyRule, str(f.Rule)),
			ast.Item(keyCapability, str(f.Capability)),
			ast.Item(keySeverity, str(f.Severity)),
			ast.Item(keyLine, ast.InternedTerm(f.Line)),
			ast.Item(keyCol, ast.InternedTerm(f.Col)),
			ast.Item(keyEndLine, ast.InternedTerm(f.EndLine)),
			ast.Item(keyEndCol, ast.InternedTerm(f.EndCol)),
			ast.Item(keyMessage, str(f.Message)),
		)
		if f.CWE != 0 {
			o.Insert(keyCwe, ast.InternedTerm(f.CWE))
		}
		if f.Hint != "" {
			o.Insert(keyHint, str(f.Hint))
		}
		ts[i] = ast.NewTerm(o)
	}
	return ast.ArrayTerm(ts...)
}

func stringsTerm(ss []string) *ast.Term {
	if len(ss) == 0 {
		return ast.InternedEmptyArray
	}
	ts := make([]*ast.Term, len(ss))
	for i, s := range ss {
		ts[i] = str(s)
	}
	return ast.ArrayTerm(ts...)
}

// str is ast.StringTerm without an allocation for the empty string, which many optional fields are.
// Shared terms are safe: the evaluator never modifies its input.
func str(s string) *ast.Term {
	if s == "" {
		return ast.InternedEmptyString
	}
	return ast.StringTerm(s)
}
