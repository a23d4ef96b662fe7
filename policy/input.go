package policy

import (
	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/sbxgate/sbxgate/analyzer"
)

// inputValue builds the policy input as an AST value directly. The obvious route, rego.EvalInput,
// round-trips the struct through JSON on every decision, which costs more than the evaluation itself.
// The result must equal ast.InterfaceToValue(in) (the JSON encoding, nil slices as null, omitempty
// fields omitted); TestInputValueMatchesJSON holds the two together.
func inputValue(in *Input) ast.Value {
	req := ast.NewObject(
		ast.Item(ast.InternedTerm("principal"), ast.StringTerm(in.Request.Principal)),
		ast.Item(ast.InternedTerm("source"), ast.StringTerm(in.Request.Source)),
	)
	if in.Request.RequestedTier != "" {
		req.Insert(ast.InternedTerm("requested_tier"), ast.StringTerm(in.Request.RequestedTier))
	}
	if len(in.Request.Labels) > 0 {
		labels := ast.NewObject()
		for k, v := range in.Request.Labels {
			labels.Insert(ast.StringTerm(k), ast.StringTerm(v))
		}
		req.Insert(ast.InternedTerm("labels"), ast.NewTerm(labels))
	}
	return ast.NewObject(
		ast.Item(ast.InternedTerm("request"), ast.NewTerm(req)),
		ast.Item(ast.InternedTerm("report"), reportTerm(in.Report)),
	)
}

func reportTerm(r *analyzer.Report) *ast.Term {
	if r == nil {
		return ast.InternedNullTerm
	}
	o := ast.NewObject(
		ast.Item(ast.InternedTerm("path"), ast.StringTerm(r.Path)),
		ast.Item(ast.InternedTerm("sha256"), ast.StringTerm(r.SHA256)),
		ast.Item(ast.InternedTerm("size"), ast.InternedTerm(r.Size)),
		ast.Item(ast.InternedTerm("analyzer_version"), ast.StringTerm(r.AnalyzerVersion)),
		ast.Item(ast.InternedTerm("parse_error"), parseErrorTerm(r.ParseError)),
		ast.Item(ast.InternedTerm("imports"), importsTerm(r.Imports)),
		ast.Item(ast.InternedTerm("findings"), findingsTerm(r.Findings)),
		ast.Item(ast.InternedTerm("capabilities"), stringsTerm(r.Capabilities)),
	)
	if r.Encoding != "" {
		o.Insert(ast.InternedTerm("encoding"), ast.StringTerm(r.Encoding))
	}
	return ast.NewTerm(o)
}

func parseErrorTerm(p *analyzer.ParseError) *ast.Term {
	if p == nil {
		return ast.InternedNullTerm
	}
	return ast.ObjectTerm(
		ast.Item(ast.InternedTerm("kind"), ast.StringTerm(p.Kind)),
		ast.Item(ast.InternedTerm("message"), ast.StringTerm(p.Message)),
		ast.Item(ast.InternedTerm("line"), ast.InternedTerm(p.Line)),
		ast.Item(ast.InternedTerm("col"), ast.InternedTerm(p.Col)),
	)
}

func importsTerm(imps []analyzer.Import) *ast.Term {
	if imps == nil {
		return ast.InternedNullTerm
	}
	ts := make([]*ast.Term, len(imps))
	for i := range imps {
		im := &imps[i]
		ts[i] = ast.ObjectTerm(
			ast.Item(ast.InternedTerm("module"), ast.StringTerm(im.Module)),
			ast.Item(ast.InternedTerm("level"), ast.InternedTerm(im.Level)),
			ast.Item(ast.InternedTerm("names"), stringsTerm(im.Names)),
			ast.Item(ast.InternedTerm("alias"), ast.StringTerm(im.Alias)),
			ast.Item(ast.InternedTerm("line"), ast.InternedTerm(im.Line)),
			ast.Item(ast.InternedTerm("col"), ast.InternedTerm(im.Col)),
			ast.Item(ast.InternedTerm("dynamic"), ast.InternedTerm(im.Dynamic)),
			ast.Item(ast.InternedTerm("allowed"), ast.InternedTerm(im.Allowed)),
			ast.Item(ast.InternedTerm("capabilities"), stringsTerm(im.Capabilities)),
		)
	}
	return ast.ArrayTerm(ts...)
}

func findingsTerm(fs []analyzer.Finding) *ast.Term {
	if fs == nil {
		return ast.InternedNullTerm
	}
	ts := make([]*ast.Term, len(fs))
	for i := range fs {
		f := &fs[i]
		o := ast.NewObject(
			ast.Item(ast.InternedTerm("rule"), ast.StringTerm(f.Rule)),
			ast.Item(ast.InternedTerm("capability"), ast.StringTerm(f.Capability)),
			ast.Item(ast.InternedTerm("severity"), ast.StringTerm(f.Severity)),
			ast.Item(ast.InternedTerm("line"), ast.InternedTerm(f.Line)),
			ast.Item(ast.InternedTerm("col"), ast.InternedTerm(f.Col)),
			ast.Item(ast.InternedTerm("end_line"), ast.InternedTerm(f.EndLine)),
			ast.Item(ast.InternedTerm("end_col"), ast.InternedTerm(f.EndCol)),
			ast.Item(ast.InternedTerm("message"), ast.StringTerm(f.Message)),
		)
		if f.CWE != 0 {
			o.Insert(ast.InternedTerm("cwe"), ast.InternedTerm(f.CWE))
		}
		if f.Hint != "" {
			o.Insert(ast.InternedTerm("hint"), ast.StringTerm(f.Hint))
		}
		ts[i] = ast.NewTerm(o)
	}
	return ast.ArrayTerm(ts...)
}

func stringsTerm(ss []string) *ast.Term {
	if ss == nil {
		return ast.InternedNullTerm
	}
	ts := make([]*ast.Term, len(ss))
	for i, s := range ss {
		ts[i] = ast.StringTerm(s)
	}
	return ast.ArrayTerm(ts...)
}
