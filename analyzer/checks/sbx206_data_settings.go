package checks

import (
	"regexp"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

var sbx206 = &engine.Check{
	ID: "SBX206", Name: "data-string-judged", Capability: "dynamic_code", Severity: "critical", CWE: 94,
	Doc:        "a call of a data-profile API that takes a string the package evaluates or resolves (config/module_api_data.yaml calls): pandas.eval, DataFrame.query and DataFrame.eval with an expression other than a constant of names, @names, literals and operators (an attribute, call or subscript reaches any object); pandas.set_option and option_context with a key outside display.* and mode.*; matplotlib.use and pyplot.switch_backend with a backend other than agg, pdf or svg, and any call's backend= keyword (DataFrame.plot, savefig) other than those or matplotlib; numpy.load with allow_pickle",
	Hint:       "filter with boolean masks (df[df.a > 1]) or a constant query of column names; set only display options; keep the Agg backend",
	Message:    "%s %s",
	Nodes:      []engine.NodeKind{engine.CallNode, engine.AttributeNode},
	Unresolved: []engine.NodeKind{engine.CallNode, engine.AttributeNode},
	Run:        runSBX206,
}

// dataJudges are the data profile's judged calls, by the review's key.
var dataJudges = map[string]func(p *engine.Pass, c *ast.Call) string{
	"pandas.eval":                       judgeExpression,
	"pandas.core.frame.DataFrame.query": judgeExpression,
	"pandas.core.frame.DataFrame.eval":  judgeExpression,
	"pandas.set_option":                 judgeOptions,
	"pandas.option_context":             judgeOptions,
	"matplotlib.use":                    judgeBackend,
	"matplotlib.pyplot.switch_backend":  judgeBackend,
	"numpy.load":                        judgeNoPickle,
	"numpy.lib.load":                    judgeNoPickle,
}

func runSBX206(p *engine.Pass, n ast.Node) {
	if at, ok := n.(*ast.Attribute); ok {
		// frame.query taken as a value from a frame of unknown class: its call is not seen.
		if at.Ctx == ast.Load && !p.IsCallee(n) && unknownObject(p, at.Value) {
			if rl := judgedMethod(p, at.Attr); rl != nil {
				p.ReportAs(n, rl.Capability, "%s %s", short(rl.Key), "used as a value, where the arguments it is called with are not seen")
			}
		}
		return
	}
	c := n.(*ast.Call)
	if backendKeyword(p, c) {
		return
	}
	if len(c.Args) >= 2 && p.IsGetattr(c) {
		if name, ok := p.ConstString(c.Args[1]); ok && unknownObject(p, c.Args[0]) {
			if rl := judgedMethod(p, name); rl != nil {
				p.ReportAs(n, rl.Capability, "%s %s", short(rl.Key), "taken by getattr, where the arguments it is called with are not seen")
				return
			}
		}
	}
	var rule *engine.APIRule
	for _, r := range p.Refs(c.Func) {
		if rl := p.RuleOf(r); rl != nil && rl.Judged && dataJudges[rl.Key] != nil {
			rule = rl
			break
		}
	}
	if rule == nil {
		// A method of an object whose class the analysis does not know (a frame from groupby):
		// judged by its name, in a program that imports the package.
		at, ok := c.Func.(*ast.Attribute)
		if !ok || len(p.Refs(at.Value)) > 0 && !unknownObject(p, at.Value) {
			return
		}
		rule = judgedMethod(p, at.Attr)
	}
	if rule == nil {
		return
	}
	if why := dataJudges[rule.Key](p, c); why != "" {
		p.ReportAs(n, rule.Capability, "%s %s", short(rule.Key), why)
	}
}

// backendKeyword reports a call's backend= keyword, in a program that imports pandas or
// matplotlib: DataFrame.plot(backend=NAME) imports the module NAME, savefig(backend="pgf") runs
// latex. Only a constant agg, pdf, svg or matplotlib (pandas' default) is admitted.
func backendKeyword(p *engine.Pass, c *ast.Call) bool {
	for _, k := range c.Keywords {
		if k.Arg == nil || *k.Arg != "backend" || !p.Imported("pandas") && !p.Imported("matplotlib") {
			continue
		}
		s, ok := p.ConstString(k.Value)
		switch strings.ToLower(s) {
		case "agg", "pdf", "svg", "matplotlib":
			if ok {
				continue
			}
		}
		p.ReportAs(c, "name_resolution", "a call with backend= %s", "other than a constant agg, pdf, svg or matplotlib: pandas' plot imports the module it names, savefig's pgf and ps backends run latex and ghostscript")
		return true
	}
	return false
}

// judgedMethod is the data review's judged call of a method named name, in a program that imports
// its package, or nil.
func judgedMethod(p *engine.Pass, name string) *engine.APIRule {
	for _, rl := range p.MethodRules(name) {
		if rl.Judged && dataJudges[rl.Key] != nil && p.ImportsPackage(rl.Key) {
			return rl
		}
	}
	return nil
}

// unknownObject reports whether e refers to nothing whose class the reviewed API knows.
func unknownObject(p *engine.Pass, e ast.Expr) bool {
	for _, r := range p.Refs(e) {
		if _, _, ok := p.TypeOf(r); ok || r.Kind == engine.ModRef {
			return false
		}
	}
	return true
}

// noSpread reports a call whose arguments the check cannot all see.
func noSpread(c *ast.Call) string {
	for _, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			return "with arguments spread from a sequence, which the gate cannot read"
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil {
			return "with keyword arguments spread from a mapping, which the gate cannot read"
		}
	}
	return ""
}

// judgeExpression admits an expression pandas evaluates when it is a constant of column names,
// the caller's variables (@name), literals and operators: no attribute, call or subscript, through
// which pandas.eval reaches any object from any of them, and no private name.
func judgeExpression(p *engine.Pass, c *ast.Call) string {
	if why := noSpread(c); why != "" {
		return why
	}
	e := argOrKeyword(c, 0, "expr")
	s, ok := p.ConstString(e)
	if !ok {
		return "with an expression that is not a constant string: pandas evaluates it, and its attributes and calls reach any object"
	}
	// `column name` quotes a column; its content is a name to pandas. @name is the caller's
	// variable: a value like a column's, as long as nothing reads its attributes or calls it.
	s = backtickRE.ReplaceAllString(s, "col")
	s = localRE.ReplaceAllString(s, "$1")
	if strings.Contains(s, "@") {
		return "with @ other than before a variable's name: pandas evaluates it"
	}
	mod, err := parser.Parse([]byte(s), "<expr>")
	if err != nil || len(mod.Body) == 0 {
		return "with an expression the gate cannot parse"
	}
	budget := 512
	for _, st := range mod.Body {
		var ok bool
		switch st := st.(type) {
		case *ast.ExprStmt:
			ok = plainExpr(st.Value, 0, &budget)
		case *ast.Assign:
			nm, isName := st.Targets[0].(*ast.Name)
			ok = len(st.Targets) == 1 && isName && !strings.HasPrefix(nm.Id, "_") && plainExpr(st.Value, 0, &budget)
		}
		if !ok {
			return "with an expression of more than column names, literals and operators: pandas evaluates attributes and calls on any object"
		}
	}
	return ""
}

var (
	backtickRE = regexp.MustCompile("`[^`]*`")
	localRE    = regexp.MustCompile(`@([A-Za-z_][A-Za-z0-9_]*)`)
)

// plainExpr reports whether e is made of names (not private), literals, operators and literal
// lists and tuples only, within a depth and a node budget.
func plainExpr(e ast.Expr, depth int, budget *int) bool {
	*budget--
	if depth > 32 || *budget < 0 {
		return false
	}
	switch e := e.(type) {
	case *ast.Name:
		return !strings.HasPrefix(e.Id, "_")
	case *ast.Constant:
		return true
	case *ast.UnaryOp:
		return plainExpr(e.Operand, depth+1, budget)
	case *ast.BinOp:
		return plainExpr(e.Left, depth+1, budget) && plainExpr(e.Right, depth+1, budget)
	case *ast.BoolOp:
		return plainAll(e.Values, depth, budget)
	case *ast.Compare:
		return plainExpr(e.Left, depth+1, budget) && plainAll(e.Comparators, depth, budget)
	case *ast.List:
		return plainAll(e.Elts, depth, budget)
	case *ast.Tuple:
		return plainAll(e.Elts, depth, budget)
	}
	return false
}

func plainAll(es []ast.Expr, depth int, budget *int) bool {
	for _, x := range es {
		if !plainExpr(x, depth+1, budget) {
			return false
		}
	}
	return true
}

// displayOption is a pandas option key that only changes how objects print; the keys are regular
// expressions pandas matches against its options, so only plain dotted names are admitted.
var displayOption = regexp.MustCompile(`^(display|mode)\.[a-z0-9_.]+$`)

// judgeOptions admits set_option and option_context with constant display.* or mode.* keys:
// plotting.backend names a module plot() imports.
func judgeOptions(p *engine.Pass, c *ast.Call) string {
	if why := noSpread(c); why != "" {
		return why
	}
	if len(c.Keywords) > 0 {
		return "with keyword arguments"
	}
	if len(c.Args) == 0 {
		return "without a key"
	}
	for i := 0; i < len(c.Args); i += 2 {
		s, ok := p.ConstString(c.Args[i])
		if !ok || !displayOption.MatchString(s) {
			return "with an option key other than a constant display.* or mode.* name: plotting.backend names a module pandas imports"
		}
	}
	return ""
}

// judgeNoPickle admits numpy.load without allow_pickle, or with a constant False: an object array
// in the file is a pickle, which runs any callable it names.
func judgeNoPickle(p *engine.Pass, c *ast.Call) string {
	if why := noSpread(c); why != "" {
		return why
	}
	e := argOrKeyword(c, 2, "allow_pickle")
	if e == nil {
		return ""
	}
	if k, ok := e.(*ast.Constant); ok && k.Value == false {
		return ""
	}
	return "with allow_pickle other than a constant False: an object array in the file is a pickle, which runs any callable it names"
}

// judgeBackend admits the non-interactive backends that run nothing: Agg, PDF, SVG.
func judgeBackend(p *engine.Pass, c *ast.Call) string {
	if why := noSpread(c); why != "" {
		return why
	}
	s, ok := p.ConstString(argOrKeyword(c, 0, "backend"))
	switch strings.ToLower(s) {
	case "agg", "pdf", "svg":
		if ok {
			return ""
		}
	}
	return "with a backend other than a constant agg, pdf or svg: the backend is a module matplotlib imports (module://NAME any module; pgf and ps run latex and ghostscript)"
}
