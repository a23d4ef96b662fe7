package checks

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
)

var sbx206 = &engine.Check{
	ID: "SBX206", Name: "data-string-judged", Capability: "dynamic_code", Severity: "critical", CWE: 94,
	Doc:        "a call of a data-profile API that takes a string the package evaluates or resolves (config/module_api_data.yaml calls): pandas.eval, DataFrame.query and DataFrame.eval with an expression other than a constant of names, @names, literals and operators (an attribute, call or subscript reaches any object); pandas.set_option and option_context with a key outside display.* and mode.*; matplotlib.use and pyplot.switch_backend with a backend other than agg, pdf or svg, and any call's backend= keyword (DataFrame.plot, savefig) other than those or matplotlib; numpy.load with allow_pickle; on any call, memory= (joblib's cache of pickle files) and usetex= (latex) other than a constant None or False, and in a matplotlib or pandas program usetex set by name: set_usetex, setp's property names, fontdict= and **mappings and update() of other than a dict literal of constant keys (usetex only off), ismath other than a constant that is not \"TeX\", draw_tex, and the string usetex or TeX anywhere else; in a scikit-learn program memory set by name: an assignment to .memory, setattr, set_params(**mapping) other than a dict literal of constant keys, validation_curve's param_name, and the string memory or STEP__memory other than as a dict key of None or False (a parameter grid); and savefig's format= or constant file suffix other than a format that runs nothing (pgf runs xelatex); the function given to a pandas agg, aggregate, apply or transform other than a reduction or transform name (a string calls the method it names) or a function the gate can tell from a string; a judged method, or agg/apply/transform, taken as a value; the path of a pandas reader or writer (read_csv, to_csv, ...) or numpy text loader other than a local path the gate can read (a constant without a URL scheme, a string whose constant start cannot begin one, a pathlib path from a constructor or a path-returning method (not read_text or read_bytes) or a / of one (not of an object of the program's class or of an unknown class, whose __truediv__ returns what it likes), an open file, a temporary directory): they open URLs with urllib.request; such a reader or writer taken as a value (map, partial, a container, an alias of a method the gate cannot resolve), where the path it is called with is not seen",
	Hint:       "filter with boolean masks (df[df.a > 1]) or a constant query of column names; set only display options; keep the Agg backend",
	Message:    "%s %s",
	Nodes:      []engine.NodeKind{engine.ModuleNode, engine.CallNode, engine.AttributeNode, engine.NameNode},
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
	if _, ok := n.(*ast.Module); ok {
		runTexStrings(p, n)
		return
	}
	if nm, ok := n.(*ast.Name); ok {
		if nm.Ctx == ast.Load && !p.IsCallee(n) {
			ioValue(p, nm, nm.Id)
		}
		return
	}
	if at, ok := n.(*ast.Attribute); ok {
		if at.Ctx == ast.Store && at.Attr == "memory" && p.Imported("sklearn") {
			p.ReportAs(n, "serialization", "%s %s", "an assignment to .memory", "sets an estimator's joblib cache, a directory of pickle files the next fit loads, as memory= does")
			return
		}
		// frame.query taken as a value from a frame of unknown class: its call is not seen.
		if at.Ctx != ast.Load || p.IsCallee(n) {
			return
		}
		if ioValue(p, at, at.Attr) {
			return
		}
		if at.Attr == "set_usetex" && texProgram(p) {
			p.ReportAs(n, "process", "%s %s", "set_usetex used as a value, where the argument it is called with is not seen:", "usetex runs latex")
			return
		}
		if unknownObject(p, at.Value) {
			if rl := judgedMethod(p, at.Attr); rl != nil {
				p.ReportAs(n, rl.Capability, "%s %s", short(rl.Key), "used as a value, where the arguments it is called with are not seen")
				return
			}
		}
		// pd.DataFrame.query taken from the class: df.pipe(pd.DataFrame.query, expr) calls it.
		for _, r := range p.Refs(n.(ast.Expr)) {
			if rl := p.RuleOf(r); rl != nil && rl.Judged && dataJudges[rl.Key] != nil {
				p.ReportAs(n, rl.Capability, "%s %s", short(rl.Key), "used as a value, where the arguments it is called with are not seen")
				return
			}
		}
		if stringDispatch[at.Attr] && pandasObject(p, at.Value) {
			p.ReportAs(n, "dynamic_code", "%s %s", at.Attr, "used as a value: called with a string, it calls the frame's method of that name, which the gate does not see")
		}
		return
	}
	c := n.(*ast.Call)
	if backendKeyword(p, c) || judgedKeyword(p, c) || savefigFormat(p, c) || texSetter(p, c) || memorySetter(p, c) || ioPath(p, c) {
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
	if why := judgeDispatch(p, c); why != "" {
		p.ReportAs(c, "dynamic_code", "%s %s", c.Func.(*ast.Attribute).Attr, why)
		return
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

// keywordJudge is a keyword argument a data package acts on whatever the call it is passed to:
// memory= of sklearn's estimators (Pipeline, AgglomerativeClustering, FeatureAgglomeration, ...) is
// a joblib cache directory of pickle files, loaded on the next fit, which the program may write;
// usetex= of matplotlib's texts (set_title, text, TextPath) runs latex and dvipng. The gate does
// not know every callee that takes them, so it judges the keyword on any call.
type keywordJudge struct {
	pkg, capability, why string
}

var judgedKeywords = map[string]keywordJudge{
	"memory": {"sklearn", "serialization", "other than a constant None or False: a joblib cache directory of pickle files, which the program may write and the next fit loads"},
	"usetex": {"matplotlib", "process", "other than a constant None or False: the text is rendered by latex and dvipng, external programs"},
}

// judgedKeyword reports a call's memory= or usetex= keyword other than a constant None or False,
// in a program that imports the package that acts on it.
func judgedKeyword(p *engine.Pass, c *ast.Call) bool {
	for _, k := range c.Keywords {
		if k.Arg == nil {
			continue
		}
		j, ok := judgedKeywords[*k.Arg]
		if !ok || !p.Imported(j.pkg) {
			continue
		}
		if v, ok := k.Value.(*ast.Constant); ok && (v.Value == ast.NoneValue{} || v.Value == false) {
			continue
		}
		p.ReportAs(c, j.capability, "a call with %s= %s", *k.Arg, j.why)
		return true
	}
	return false
}

// savedFormats are the formats savefig writes without an external program: pgf runs xelatex to
// measure every text (verified in the data image); ps and eps run ghostscript only under
// rcParams (ps.usedistiller, text.usetex) the review excludes.
var savedFormats = map[string]bool{
	"png": true, "pdf": true, "svg": true, "svgz": true, "ps": true, "eps": true, "jpg": true,
	"jpeg": true, "tif": true, "tiff": true, "webp": true, "raw": true, "rgba": true,
}

// savefigFormat reports savefig (or print_figure) whose format= or constant file name's suffix
// is not a format that runs nothing, in a program that imports matplotlib or pandas. A name the
// program computes is admitted: process 1 unregisters the pgf format (runner/sandbox/init.py).
func savefigFormat(p *engine.Pass, c *ast.Call) bool {
	var name string
	switch f := c.Func.(type) {
	case *ast.Attribute:
		name = f.Attr
	case *ast.Name:
		name = f.Id
	}
	if name != "savefig" && name != "print_figure" || !p.Imported("matplotlib") && !p.Imported("pandas") {
		return false
	}
	why := ""
	if why = noSpread(c); why != "" {
		p.ReportAs(c, "process", "%s %s", name, why)
		return true
	}
	for _, k := range c.Keywords {
		if *k.Arg != "format" {
			continue
		}
		if v, ok := k.Value.(*ast.Constant); ok && v.Value == (ast.NoneValue{}) {
			continue // the file name's suffix decides
		}
		if s, ok := p.ConstString(k.Value); !ok || !savedFormats[strings.ToLower(s)] {
			why = "with a format other than a constant one that runs nothing (pgf runs xelatex)"
		}
	}
	if s, ok := p.ConstString(argOrKeyword(c, 0, "fname")); ok && why == "" {
		if i := strings.LastIndexByte(s, '.'); i >= 0 && !strings.ContainsRune(s[i:], '/') && !savedFormats[strings.ToLower(s[i+1:])] {
			why = "to a file whose suffix is not a format that runs nothing (.pgf runs xelatex)"
		}
	}
	if why == "" {
		return false
	}
	p.ReportAs(c, "process", "%s %s", name, why)
	return true
}

// stringDispatch are pandas' methods that, given a string, call the method of that name of the
// frame, series or group (or numpy's function of that name): df.agg("query", expr=...) is
// df.query(expr), df.apply("to_clipboard") runs xclip.
var stringDispatch = map[string]bool{"agg": true, "aggregate": true, "apply": true, "transform": true}

// dispatchNames are the method names a string given to agg, apply or transform may hold: the
// reductions and element-wise transforms, which evaluate nothing and run nothing.
var dispatchNames = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`sum mean median min max count size std var sem nunique first
		last prod product cumsum cummax cummin cumprod cumcount ngroup rank shift diff pct_change
		fillna ffill bfill pad backfill abs round describe idxmin idxmax any all quantile skew kurt
		kurtosis mode value_counts unique ohlc nlargest nsmallest clip corr cov mad notna notnull
		isna isnull sqrt log log1p log2 log10 exp expm1 square sign floor ceil negative absolute
		cumulative_sum`) {
		dispatchNames[n] = true
	}
}

// pandasObject reports whether e is a pandas object, or one whose class the analysis does not
// know (a frame from groupby), in a program that imports pandas.
func pandasObject(p *engine.Pass, e ast.Expr) bool {
	if !p.Imported("pandas") {
		return false
	}
	if unknownObject(p, e) {
		return true
	}
	for _, r := range p.Refs(e) {
		if cls, _, ok := p.TypeOf(r); ok && strings.HasPrefix(cls, "pandas.") {
			return true
		}
	}
	return false
}

// judgeDispatch judges the function given to a pandas agg, aggregate, apply or transform call:
// a string names a method the call then calls, so only dispatchNames are admitted, in the
// function argument, in its lists and dicts, and in named aggregations (name=("col", "sum")).
// A function the gate cannot tell from a string is not admitted.
func judgeDispatch(p *engine.Pass, c *ast.Call) string {
	at, ok := c.Func.(*ast.Attribute)
	if !ok || !stringDispatch[at.Attr] || !pandasObject(p, at.Value) {
		return ""
	}
	if why := noSpread(c); why != "" {
		return why
	}
	if e := argOrKeyword(c, 0, "func"); e != nil {
		if why := judgeFunc(p, e, 0); why != "" {
			return why
		}
	}
	for _, k := range c.Keywords {
		switch v := k.Value.(type) {
		case *ast.Tuple: // a named aggregation: (column, function)
			if *k.Arg != "args" && len(v.Elts) == 2 {
				if why := judgeFunc(p, v.Elts[1], 0); why != "" {
					return why
				}
			}
		case *ast.Call: // pd.NamedAgg(column, aggfunc)
			if f := argOrKeyword(v, 1, "aggfunc"); f != nil {
				if why := judgeFunc(p, f, 0); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// judgeFunc judges one function given to agg, apply or transform.
func judgeFunc(p *engine.Pass, e ast.Expr, depth int) string {
	if depth > 8 {
		return "with functions nested deeper than the gate reads"
	}
	if s, ok := p.ConstString(e); ok {
		if dispatchNames[s] {
			return ""
		}
		return "with the method name " + strconv.Quote(s) + ", which is not a reduction or transform: pandas calls the method it names"
	}
	all := func(es []ast.Expr) string {
		for _, x := range es {
			if why := judgeFunc(p, x, depth+1); why != "" {
				return why
			}
		}
		return ""
	}
	switch e := e.(type) {
	case *ast.Constant:
		return "" // None, a number: not a name
	case *ast.Lambda:
		return ""
	case *ast.List:
		return all(e.Elts)
	case *ast.Tuple:
		return all(e.Elts)
	case *ast.Dict:
		return all(e.Values)
	case *ast.Name:
		binds := p.Bindings(e.Id)
		if len(binds) == 0 && p.IsBuiltin(e.Id) {
			return "" // len, max, str: functions
		}
		defs := len(binds) > 0
		for _, b := range binds {
			if b.IsFunctionDef() || b.IsClassDef() {
				continue
			}
			defs = false
			if v := b.Value(); b.Assigned() && v != nil {
				switch v.(type) {
				case *ast.List, *ast.Tuple, *ast.Dict, *ast.Lambda:
					if why := judgeFunc(p, v, depth+1); why == "" && len(binds) == 1 {
						return ""
					}
				}
			}
		}
		if defs {
			return ""
		}
	}
	for _, r := range p.Refs(e) {
		// np.mean, pd.Series.sum, str.upper: a function of a module or a class, not what a call
		// returned ("_".join(...) is a string).
		if r.Kind == engine.ObjRef && !strings.HasSuffix(r.Qual, "()") {
			return ""
		}
	}
	return "with a function the gate cannot tell from a string: a string names a method pandas calls"
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
	s = backtickRE().ReplaceAllString(s, "col")
	s = localRE().ReplaceAllString(s, "$1")
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

// The patterns of this file are compiled on first use: package initialization is on the path of
// every command's start, and only a program that uses the data packages needs them.
var (
	backtickRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`[^`]*`") })
	localRE    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`@([A-Za-z_][A-Za-z0-9_]*)`) })
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
var displayOption = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(display|mode)\.[a-z0-9_.]+$`) })

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
		if !ok || !displayOption().MatchString(s) {
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

// matplotlib sets a Text property by name in more ways than the usetex= keyword judgedKeyword
// reads: a fontdict (set_title, text, xlabel), setp's positional names, the set_usetex setter,
// Artist.set and update with a mapping, and any **mapping spread into a call that forwards its
// keywords to a Text. usetex other than False runs latex and dvipng; ismath="TeX"
// (TextToPath.get_text_path, a renderer's get_text_width_height_descent) does too.

const texWhy = "other than a constant None or False: the text is rendered by latex and dvipng, external programs"

// texProgram reports whether a program imports a package that draws text with matplotlib.
func texProgram(p *engine.Pass) bool {
	return p.Imported("matplotlib") || p.Imported("pandas")
}

// texName reports whether s names the usetex property (any case, also within text.usetex) or
// is matplotlib's "TeX" math mode.
func texName(s string) bool {
	return strings.Contains(strings.ToLower(s), "usetex") || s == "TeX"
}

// offValue reports whether e is a constant None or False.
func offValue(e ast.Expr) bool {
	v, ok := e.(*ast.Constant)
	return ok && (v.Value == ast.NoneValue{} || v.Value == false)
}

// runTexStrings reports, in a data program, each string constant that names usetex (or is "TeX")
// outside the two places where it sets nothing: a dict key whose value is a constant None or
// False, and a setp property name followed by one.
func runTexStrings(p *engine.Pass, n ast.Node) {
	tex, sk := texProgram(p), p.Imported("sklearn")
	if !tex && !sk {
		return
	}
	ast.Walk(n, func(x, parent ast.Node) bool {
		k, ok := x.(*ast.Constant)
		if !ok {
			return true
		}
		s, ok := k.Value.(string)
		if ok && sk && memoryName(s) {
			judgeMemoryString(p, x, parent)
			return true
		}
		if !ok || !tex || !texName(s) {
			return true
		}
		if s != "TeX" {
			switch par := parent.(type) {
			case *ast.Dict:
				for i, key := range par.Keys {
					if key == x && offValue(par.Values[i]) {
						return true
					}
				}
			case *ast.Call:
				if calleeName(par) == "setp" {
					for i, a := range par.Args {
						if a == x && i+1 < len(par.Args) && offValue(par.Args[i+1]) {
							return true
						}
					}
				}
			}
		}
		p.ReportAs(x, "process", "the string %q %s", s, "names matplotlib's latex rendering (usetex, TeX) where the gate cannot tell it is turned off: latex and dvipng are external programs")
		return true
	})
}

// calleeName is the name a call's function is written with: f or obj.f.
func calleeName(c *ast.Call) string {
	switch f := c.Func.(type) {
	case *ast.Attribute:
		return f.Attr
	case *ast.Name:
		return f.Id
	}
	return ""
}

// texSetter reports, in a data program, the ways to set a Text property by name that a usetex=
// keyword does not show: set_usetex other than with a constant None or False (or taken as a
// value), setp's property names other than constants, fontdict= other than a dict literal, and a
// mapping spread (**m) or given to update that is not a dict literal, into a call that may reach
// matplotlib. A dict literal's keys must fold to constant names, usetex only off.
func texSetter(p *engine.Pass, c *ast.Call) bool {
	if !texProgram(p) {
		return false
	}
	name := calleeName(c)
	why := ""
	switch {
	case name == "set_usetex":
		if noSpread(c) != "" || len(c.Keywords) > 0 || len(c.Args) != 1 || !offValue(c.Args[0]) {
			why = texWhy
		}
	case name == "setp":
		why = judgeSetp(p, c)
	case name == "draw_tex":
		why = "renders the text with latex and dvipng, external programs"
	case mathArg[name] > 0 || hasKeyword(c, "ismath"):
		i, ok := mathArg[name]
		if !ok {
			i = 1 << 30 // the keyword only
		}
		why = judgeMath(argOrKeyword(c, i, "ismath"))
	}
	if why == "" && mayReachText(p, c) {
		for _, k := range c.Keywords {
			switch {
			case k.Arg == nil:
				why = texMapping(p, k.Value, "keywords spread from")
			case *k.Arg == "fontdict" && !offValue(k.Value):
				why = texMapping(p, k.Value, "fontdict= of")
			}
			if why != "" {
				break
			}
		}
		if at, ok := c.Func.(*ast.Attribute); ok && why == "" && at.Attr == "update" && len(c.Args) == 1 {
			why = texMapping(p, c.Args[0], "update of")
		}
	}
	if why == "" {
		return false
	}
	p.ReportAs(c, "process", "%s %s", orDefault(name, "a call"), why)
	return true
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// judgeSetp judges setp(obj, name, value, ...): each name a constant, usetex only off.
func judgeSetp(p *engine.Pass, c *ast.Call) string {
	for _, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			return "with property names spread from a sequence, which the gate cannot read (usetex runs latex)"
		}
	}
	for i := 1; i < len(c.Args); i += 2 {
		s, ok := p.ConstString(c.Args[i])
		if !ok {
			return "with a property name that is not a constant: usetex runs latex"
		}
		if texName(s) && (i+1 >= len(c.Args) || !offValue(c.Args[i+1])) {
			return "with usetex " + texWhy
		}
	}
	return ""
}

// mayReachText reports whether a call may hand its keywords or mapping to a matplotlib Text: its
// function is matplotlib's or pandas', or a method of an object whose class the analysis does not
// know. The program's own functions and other packages' are judged where they call matplotlib.
func mayReachText(p *engine.Pass, c *ast.Call) bool {
	refs := p.Refs(c.Func)
	if len(refs) == 0 {
		if at, ok := c.Func.(*ast.Attribute); ok {
			return unknownObject(p, at.Value)
		}
		return false
	}
	for _, r := range refs {
		if strings.HasPrefix(r.Qual, "matplotlib") || strings.HasPrefix(r.Qual, "pandas") {
			return true
		}
		if cls, _, ok := p.TypeOf(r); ok && (strings.HasPrefix(cls, "matplotlib") || strings.HasPrefix(cls, "pandas")) {
			return true
		}
	}
	return false
}

// texMapping judges a mapping of Text properties: a dict literal whose keys fold to constant
// names, usetex only off.
func texMapping(p *engine.Pass, e ast.Expr, what string) string {
	d, ok := e.(*ast.Dict)
	if !ok {
		return "with " + what + " a mapping that is not a dict literal, where a usetex key could hide (usetex runs latex)"
	}
	for i, k := range d.Keys {
		if k == nil {
			return "with " + what + " a dict that spreads another mapping, where a usetex key could hide (usetex runs latex)"
		}
		s, ok := p.ConstString(k)
		if !ok {
			return "with " + what + " a dict whose key is not a constant, which could be usetex (usetex runs latex)"
		}
		if texName(s) && !offValue(d.Values[i]) {
			return "with " + what + " a dict setting usetex " + texWhy
		}
	}
	return ""
}

// mathArg is the position of the ismath argument of the methods that take it: "TeX" renders
// with latex.
var mathArg = map[string]int{"get_text_path": 2, "get_text_width_height_descent": 2, "draw_text": 6}

func hasKeyword(c *ast.Call, kw string) bool {
	return argOrKeyword(c, 1<<30, kw) != nil
}

// judgeMath admits an ismath that is absent or a constant other than "TeX".
func judgeMath(e ast.Expr) string {
	if e == nil {
		return ""
	}
	if k, ok := e.(*ast.Constant); ok && k.Value != "TeX" {
		return ""
	}
	return "with ismath other than a constant that is not \"TeX\": TeX renders with latex and dvipng, external programs"
}

// An estimator's memory parameter is set without the memory= keyword judgedKeyword reads: as an
// attribute (pipe.memory = DIR), through set_params(**{"memory": DIR}), by name in a search's
// parameter grid ({"memory": [DIR]}, "step__memory") or validation_curve's param_name. Each is a
// joblib cache directory of pickle files the next fit loads.

const memoryWhy = "names an estimator's memory parameter (a joblib cache of pickle files the next fit loads) with a value other than a constant None or False"

// memoryName reports whether s names the memory parameter of an estimator or of a nested step.
func memoryName(s string) bool {
	return s == "memory" || strings.HasSuffix(s, "__memory")
}

// offValues reports whether e is a constant None or False, or a list or tuple of them (a grid).
func offValues(e ast.Expr) bool {
	var es []ast.Expr
	switch e := e.(type) {
	case *ast.List:
		es = e.Elts
	case *ast.Tuple:
		es = e.Elts
	default:
		return offValue(e)
	}
	for _, x := range es {
		if !offValue(x) {
			return false
		}
	}
	return true
}

// judgeMemoryString reports a string naming the memory parameter, in a program that imports
// sklearn, except as a dict key whose value (or grid of values) is None or False.
func judgeMemoryString(p *engine.Pass, x, parent ast.Node) {
	if d, ok := parent.(*ast.Dict); ok {
		for i, key := range d.Keys {
			if key == x && offValues(d.Values[i]) {
				return
			}
		}
	}
	p.ReportAs(x, "serialization", "the string %q %s", x.(*ast.Constant).Value, memoryWhy)
}

// memorySetter judges, in a program that imports sklearn, set_params with a spread mapping other
// than a dict literal of constant keys, setattr of a name that folds to memory, and
// validation_curve's param_name other than a constant.
func memorySetter(p *engine.Pass, c *ast.Call) bool {
	if !p.Imported("sklearn") {
		return false
	}
	why := ""
	switch calleeName(c) {
	case "set_params":
		for _, k := range c.Keywords {
			if k.Arg == nil {
				why = memoryMapping(p, k.Value)
				break
			}
		}
	case "validation_curve":
		if s, ok := p.ConstString(argOrKeyword(c, 3, "param_name")); !ok || memoryName(s) {
			why = "with a param_name that is not a constant other than memory: " + memoryWhy
		}
	}
	if len(c.Args) >= 3 && isSetattr(p, c) {
		if s, ok := p.ConstString(c.Args[1]); ok && memoryName(s) {
			why = "of memory: " + memoryWhy
		}
	}
	if why == "" {
		return false
	}
	p.ReportAs(c, "serialization", "%s %s", orDefault(calleeName(c), "a call"), why)
	return true
}

// memoryMapping judges a mapping given to set_params: a dict literal of constant keys, memory
// only off.
func memoryMapping(p *engine.Pass, e ast.Expr) string {
	d, ok := e.(*ast.Dict)
	if !ok {
		return "with parameters spread from a mapping that is not a dict literal, where memory could hide (a joblib cache of pickle files)"
	}
	for i, k := range d.Keys {
		s, ok := "", k != nil
		if ok {
			s, ok = p.ConstString(k)
		}
		if !ok {
			return "with a parameter name that is not a constant, which could be memory (a joblib cache of pickle files)"
		}
		if memoryName(s) && !offValue(d.Values[i]) {
			return "with memory other than a constant None or False: a joblib cache of pickle files the next fit loads"
		}
	}
	return ""
}

func isSetattr(p *engine.Pass, c *ast.Call) bool {
	for _, r := range p.Refs(c.Func) {
		if r.Qual == "builtins.setattr" {
			return true
		}
	}
	return false
}

// ioPaths are the data packages' readers and writers that open their path argument through
// pandas' get_handle or numpy's DataSource, by name, with the keyword of the path argument: a
// string with a URL scheme (http, https, ftp, file) is opened with urllib.request, a socket and a
// connect, whether the call reads or writes; one with :// goes to fsspec.
var ioPaths = map[string]string{
	"read_csv": "filepath_or_buffer", "read_table": "filepath_or_buffer", "read_fwf": "filepath_or_buffer",
	"read_json": "path_or_buf", "read_excel": "io", "read_xml": "path_or_buffer", "read_html": "io",
	"read_stata": "filepath_or_buffer", "read_sas": "filepath_or_buffer", "read_spss": "path",
	"read_parquet": "path", "read_feather": "path", "read_orc": "path", "read_hdf": "path_or_buf",
	"read_pickle": "filepath_or_buffer", "ExcelFile": "path_or_buffer", "ExcelWriter": "path",
	"to_csv": "path_or_buf", "to_json": "path_or_buf", "to_excel": "excel_writer", "to_stata": "path",
	"to_parquet": "path", "to_feather": "path", "to_orc": "path", "to_pickle": "path", "to_hdf": "path_or_buf",
	"to_xml": "path_or_buffer", "to_markdown": "buf",
	"genfromtxt": "fname", "loadtxt": "fname", "fromregex": "file",
}

// ioPath reports a reader's or writer's path, in a program that imports pandas or numpy, that the
// gate cannot tell is a local file: a constant without a URL scheme, a string whose constant
// start cannot begin one, a pathlib path, a file object the program opens (open, io.StringIO), or
// a name or parameter every value of which is one of those.
func ioPath(p *engine.Pass, c *ast.Call) bool {
	var name string
	switch f := c.Func.(type) {
	case *ast.Attribute:
		name = f.Attr
	case *ast.Name:
		name = f.Id
	}
	if !p.Imported("pandas") && !p.Imported("numpy") {
		return false
	}
	kw, ok := ioPaths[name]
	if !ok {
		// An alias (reader = pd.read_csv), getattr(pd, "read_csv"): the reader resolution names.
		if name, ok = ioRef(p, c.Func); !ok {
			return false
		}
		kw = ioPaths[name]
	} else if fn, isName := c.Func.(*ast.Name); isName {
		// A bare name: pandas' or numpy's function imported by name, not the program's own.
		lib := false
		for _, r := range p.Refs(fn) {
			lib = lib || strings.HasPrefix(r.Qual, "pandas.") || strings.HasPrefix(r.Qual, "numpy.")
		}
		if !lib {
			return false
		}
	}
	arg := argOrKeyword(c, 0, kw)
	for _, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			arg = a // *args: the path is not seen
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil && arg == nil {
			arg = k.Value // **kwargs may hold the path
		}
	}
	if arg == nil || localPath(p, arg, p.Site(), 0) {
		return false
	}
	p.ReportAs(c, "network", "%s %s", name, "with a path the gate cannot tell is a local file: pandas' readers and writers and numpy's text loaders open a URL (http, https, ftp) with urllib.request, a socket")
	return true
}

// ioRef is the name of the pandas or numpy reader or writer e resolves to.
func ioRef(p *engine.Pass, e ast.Expr) (string, bool) {
	for _, r := range p.Refs(e) {
		if !strings.HasPrefix(r.Qual, "pandas.") && !strings.HasPrefix(r.Qual, "numpy.") {
			continue
		}
		name := r.Qual[strings.LastIndexByte(r.Qual, '.')+1:]
		if _, ok := ioPaths[name]; ok {
			return name, true
		}
	}
	return "", false
}

// ioValue reports a reader or writer of ioPaths taken as a value, in a program that imports pandas
// or numpy: passed to map or partial, stored, or the object of an attribute (read_csv.__call__);
// the path it is called with is not seen. A plain alias that resolution follows (reader =
// pd.read_csv) is judged where it is called (ioPath); a method of an object whose class the gate
// does not know is taken for pandas' too.
func ioValue(p *engine.Pass, n ast.Expr, name string) bool {
	if !p.Imported("pandas") && !p.Imported("numpy") || harmlessRead(p, n) {
		return false
	}
	resolved, ok := ioRef(p, n)
	switch {
	case ok:
		name = resolved
		if p.IsAliasPos(n) {
			return false
		}
	case ioPaths[name] == "":
		return false
	default:
		at, isAttr := n.(*ast.Attribute)
		if !isAttr || len(p.Refs(n)) > 0 || !unknownObject(p, at.Value) || p.IsOwn(at.Value) {
			return false // the program's own function or method of that name
		}
	}
	p.ReportAs(n, "network", "%s %s", name, "used as a value, where the path it is called with is not seen: pandas' readers and writers and numpy's text loaders open a URL (http, https, ftp) with urllib.request, a socket")
	return true
}

func localPath(p *engine.Pass, e ast.Expr, s engine.Site, depth int) bool {
	if depth > 6 {
		return false
	}
	if str, ok := p.StringAt(e, s); ok {
		return !urlLike(str)
	}
	switch e := e.(type) {
	case *ast.JoinedStr:
		if len(e.Values) > 0 {
			if k, ok := e.Values[0].(*ast.Constant); ok {
				str, _ := k.Value.(string)
				return noSchemeStart(str)
			}
		}
		return false
	case *ast.BinOp:
		if e.Op == ast.Div {
			// / calls the left operand's __truediv__ (or the right's __rtruediv__): a path only
			// where pathlib's is the one called.
			return pathDiv(p, e, s, depth)
		}
		if e.Op == ast.Add {
			if str, ok := p.StringAt(e.Left, s); ok {
				return noSchemeStart(str)
			}
		}
		return false
	case *ast.Call:
		for _, r := range p.RefsAt(e.Func, s) {
			switch {
			case r.Qual == "builtins.open" || strings.HasPrefix(r.Qual, "io."),
				r.Qual == "gzip.open", r.Qual == "bz2.open", r.Qual == "lzma.open":
				return true
			case pathlibCall(r.Qual):
				return true // a path, not what read_text or read_bytes read
			case r.Qual == "tempfile.mkdtemp" || r.Qual == "tempfile.gettempdir" || r.Qual == "os.getcwd",
				r.Qual == "os.path.abspath" || r.Qual == "posixpath.abspath" || r.Qual == "os.path.realpath" || r.Qual == "posixpath.realpath":
				return true // an absolute path
			case r.Qual == "os.path.join" || r.Qual == "posixpath.join":
				// A join is a URL only where its first part is one.
				return len(e.Args) > 0 && localPath(p, e.Args[0], s, depth+1)
			}
		}
		return false
	case *ast.Name:
		return everyValue(p, e, s, func(v ast.Expr, vs engine.Site) bool { return localPath(p, v, vs, depth+1) })
	}
	return false
}

// everyValue reports whether ok holds for every value the name may hold at site s: each assigned
// value, each value of a loop over a display, each argument every call passes for a parameter. A
// name with a binding of another kind, or none, has no value known.
func everyValue(p *engine.Pass, e *ast.Name, s engine.Site, ok func(ast.Expr, engine.Site) bool) bool {
	binds := p.BindingsAt(e.Id, s)
	if len(binds) == 0 {
		return false
	}
	for _, b := range binds {
		if b.Assigned() {
			if !ok(b.Value(), b.Site()) {
				return false
			}
			continue
		}
		if vals, site, found := p.LoopValues(b); found {
			for _, v := range vals {
				if !ok(v, site) {
					return false
				}
			}
			continue
		}
		args, found := p.Arguments(b)
		if !found || len(args) == 0 {
			return false
		}
		for _, a := range args {
			if a.Expr() == nil || !ok(a.Expr(), a.Site()) {
				return false
			}
		}
	}
	return true
}

// pathClasses are pathlib's path classes, by name.
var pathClasses = map[string]bool{
	"Path": true, "PurePath": true, "PosixPath": true, "PurePosixPath": true, "WindowsPath": true, "PureWindowsPath": true,
}

// pathMethods are the methods (and class methods) of pathlib's paths that return a path; the
// others return contents (read_text, read_bytes), strings (as_posix, as_uri, name) or other data
// the program may have chosen, a URL among them.
var pathMethods = map[string]bool{
	"joinpath": true, "with_name": true, "with_stem": true, "with_suffix": true, "with_segments": true,
	"relative_to": true, "resolve": true, "absolute": true, "expanduser": true, "readlink": true,
	"cwd": true, "home": true,
}

// pathlibCall reports whether qual, the function of a call, is a pathlib path class or one of its
// path-returning methods: the call returns a pathlib path.
func pathlibCall(qual string) bool {
	rest, ok := strings.CutPrefix(qual, "pathlib.")
	if !ok {
		return false
	}
	cls, method, _ := strings.Cut(rest, ".")
	cls = strings.TrimSuffix(cls, "()")
	return pathClasses[cls] && (method == "" || pathMethods[method])
}

// pathDiv reports whether a / b is a pathlib path: a is one (or a local string and b one), and
// b is not an object of the program's class, nor the program's subclass of a pathlib path, whose
// __rtruediv__ Python would call first.
func pathDiv(p *engine.Pass, e *ast.BinOp, s engine.Site, depth int) bool {
	if p.IsOwnAt(e.Right, s) {
		return false
	}
	for cls := range pathClasses {
		if p.OwnSubclassOf("pathlib." + cls) {
			return false
		}
	}
	if pathlibPath(p, e.Left, s, depth+1) {
		return true
	}
	str, ok := p.StringAt(e.Left, s)
	return ok && !urlLike(str) && pathlibPath(p, e.Right, s, depth+1)
}

// pathlibPath reports whether e is known to be a pathlib path: a call of a path class or of a
// path-returning method, a path's parent, a / of paths, or a name or parameter every value of
// which is one. An object of the program's class, or of a class the gate does not know, is not.
func pathlibPath(p *engine.Pass, e ast.Expr, s engine.Site, depth int) bool {
	if depth > 6 {
		return false
	}
	switch e := e.(type) {
	case *ast.Call:
		refs := p.RefsAt(e.Func, s)
		for _, r := range refs {
			if !pathlibCall(r.Qual) {
				return false
			}
		}
		return len(refs) > 0
	case *ast.BinOp:
		return e.Op == ast.Div && pathDiv(p, e, s, depth)
	case *ast.Attribute:
		refs := p.RefsAt(e, s)
		for _, r := range refs {
			cls, method, _ := strings.Cut(strings.TrimPrefix(r.Qual, "pathlib."), ".")
			if !strings.HasPrefix(r.Qual, "pathlib.") || !pathClasses[strings.TrimSuffix(cls, "()")] || method != "parent" && !strings.HasSuffix(method, ".parent") {
				return false
			}
		}
		return len(refs) > 0
	case *ast.Name:
		return everyValue(p, e, s, func(v ast.Expr, vs engine.Site) bool { return pathlibPath(p, v, vs, depth+1) })
	}
	return false
}

// urlLike reports whether s is a URL to pandas or numpy: a scheme (letters, digits, +, -, .)
// before a colon, or :// anywhere (fsspec's protocols).
func urlLike(s string) bool {
	return strings.Contains(s, "://") || !noSchemeStart(s) && strings.Contains(s, ":")
}

// noSchemeStart reports whether a string starting with s cannot start with a URL scheme: a
// character that cannot be in a scheme comes before any colon.
func noSchemeStart(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return false
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '+', c == '-', c == '.':
		default:
			return true
		}
	}
	return false
}
