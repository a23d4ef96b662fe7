// Package analyzer finds what an untrusted Python program can reach: its imports (static and
// dynamic, with names folded from constant expressions) and the capability facts an import check
// alone cannot see (eval through aliases, builtins access, introspection, private module attributes,
// name resolvers, source-level tricks). Each check is a value in one registry table (checks.go);
// one iterative walk of the tree routes every node to the checks that asked for its kind.
package analyzer

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
	"github.com/sbxgate/sbxgate/config"
)

// Version is the analyzer's version, recorded in every report; bump it when a check changes what
// it reports, so that audit records say which analyzer judged them.
const Version = "sbxgate-analyzer/0.1.1"

const (
	// maxSourceBytes bounds the input; larger programs are refused with a LimitError.
	maxSourceBytes = 4 << 20
	// maxFindings bounds the report; further findings are dropped after one SBX900-style note.
	maxFindings = 1000
	// workPerNode is the resolution and folding budget per tree node, so work stays linear.
	workPerNode = 64
)

// Analyzer analyzes programs against the operator's module tables. It is safe for concurrent use.
type Analyzer struct {
	cfg    *config.Config
	mods   *modTable
	checks []*Check
	byKind [numKinds][]routed // checks per node kind (kindOf)
	// capsOf caches the capability map lookups: module or module.attr -> capabilities.
	caps map[string][]string
	// moduleCaps is, per module, the union of the capabilities of the module and its attributes:
	// what an opaque use of the module (passed as a value, getattr with a computed name) reaches.
	moduleCaps          map[string][]string
	denied              map[string]bool // "module.attr" from DeniedAttributes
	risky               map[string]bool // modules whose wildcard import is reported (SBX105)
	allowMods, denyMods map[string]bool
	// methods maps a denied method name to the modules whose objects have it (DeniedMethods).
	methods     map[string][]string
	methodHeads *nameHeads          // of methods
	tags        map[string]qualTags // see tagsOf
	// builtinRefs are the refs of the builtins by name, tags included: the most common refs.
	builtinRefs map[string]ref
}

// New validates the check table and the config's module tables and returns an analyzer.
func New(cfg *config.Config) (*Analyzer, error) {
	if cfg == nil {
		return nil, errors.New("analyzer: nil config: pass config.Default() or a loaded config")
	}
	if err := validateChecks(registry); err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	mods, err := loadModTable()
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	a := &Analyzer{
		cfg: cfg, mods: mods, checks: registry,
		caps: map[string][]string{}, moduleCaps: map[string][]string{}, denied: map[string]bool{},
	}
	known := map[string]bool{}
	for _, k := range config.KnownCapabilities {
		known[k] = true
	}
	for key, cs := range cfg.Modules.Capabilities {
		for _, c := range cs {
			if !known[c] {
				return nil, fmt.Errorf("analyzer: modules.capabilities.%s: unknown capability %q", key, c)
			}
		}
	}
	for key, cs := range a.canonicalKeys(cfg.Modules.Capabilities) {
		a.caps[key] = sortedSet(append(a.caps[key], cs...))
		mod := key
		for {
			a.moduleCaps[mod] = sortedSet(append(a.moduleCaps[mod], cs...))
			i := strings.LastIndexByte(mod, '.')
			if i < 0 {
				break
			}
			mod = mod[:i]
		}
	}
	for mod, attrs := range a.canonicalKeys(cfg.Modules.DeniedAttributes) {
		for _, at := range attrs {
			a.denied[mod+"."+at] = true
		}
	}
	a.allowMods, a.denyMods = map[string]bool{}, map[string]bool{}
	for _, m := range cfg.Modules.Allow {
		a.allowMods[m] = true
	}
	for _, m := range cfg.Modules.Deny {
		a.denyMods[m] = true
	}
	a.methods = map[string][]string{}
	for mod, ms := range cfg.Modules.DeniedMethods {
		for _, m := range ms {
			a.methods[m] = append(a.methods[m], mod)
		}
	}
	a.methodHeads = headsOf(a.methods)
	a.risky = map[string]bool{}
	for m := range mods.Modules {
		if a.riskyModule(m) {
			a.risky[m] = true
		}
	}
	for m := range cfg.Modules.Capabilities {
		if a.riskyModule(m) {
			a.risky[m] = true
		}
	}
	a.tags = buildTags(a.caps, a.denied)
	a.builtinRefs = make(map[string]ref, len(mods.Builtins))
	for _, name := range mods.Builtins {
		q := "builtins." + name
		a.builtinRefs[name] = ref{qual: q, kind: kObj, tags: a.tagsOf(q)}
	}
	for i, c := range registry {
		for _, k := range c.Nodes {
			r := routed{c.Run, i}
			a.byKind[kindIndex[k]] = append(a.byKind[kindIndex[k]], r)
			if slices.Contains(c.Unresolved, k) {
				u := unresolvedKind[kindIndex[k]]
				a.byKind[u] = append(a.byKind[u], r)
			}
		}
	}
	return a, nil
}

// routed is a check as dispatch calls it: its Run, and its index in the registry for reports.
// Run is copied here so that dispatch loads it from the kind's table in one step, not through the
// check.
type routed struct {
	run   func(*pass, ast.Node)
	check int
}

// methodsOf is methods[name], with a byte test first (nameHeads).
func (a *Analyzer) methodsOf(name string) []string {
	if name == "" || !a.methodHeads[name[0]] {
		return nil
	}
	return a.methods[name]
}

// canonicalKeys returns m with, for every key whose module part the module table knows by another
// name (os.path.x is posixpath.x), that key too, since resolution names modules canonically.
func (a *Analyzer) canonicalKeys(m map[string][]string) map[string][]string {
	out := make(map[string][]string, len(m))
	for key, vs := range m {
		out[key] = append(out[key], vs...)
		for i := len(key); i > 0; i = strings.LastIndexByte(key[:i], '.') {
			if c := a.mods.canonical(key[:i]); c != key[:i] {
				out[c+key[i:]] = append(out[c+key[i:]], vs...)
				break
			}
		}
	}
	return out
}

// Checks returns the registry table, for documentation and output formats.
func Checks() []Check {
	out := make([]Check, len(registry))
	for i, c := range registry {
		out[i] = *c
	}
	return out
}

// Analyze parses src (named path in messages) and reports its imports and findings. It never
// returns nil and never panics: a decoding or syntax error becomes Report.ParseError, and a bug
// in a check becomes an "internal" parse error, which the policy denies.
func (a *Analyzer) Analyze(ctx context.Context, path string, src []byte) (rep *Report) {
	sum := sha256.Sum256(src)
	rep = &Report{
		Path: path, SHA256: hex.EncodeToString(sum[:]), Size: len(src), AnalyzerVersion: Version,
		Imports: []Import{}, Findings: []Finding{}, Capabilities: []string{},
	}
	defer func() {
		if r := recover(); r != nil {
			rep.Imports, rep.Findings, rep.Capabilities = []Import{}, []Finding{}, []string{}
			rep.ParseError = &ParseError{Kind: "InternalError", Message: fmt.Sprintf("internal analyzer error: %v: report this program to the sbxgate maintainers", r)}
		}
	}()
	if err := ctx.Err(); err != nil {
		rep.ParseError = &ParseError{Kind: "LimitError", Message: "analysis cancelled: " + err.Error()}
		return rep
	}
	if len(src) > maxSourceBytes {
		rep.ParseError = &ParseError{Kind: "LimitError", Message: fmt.Sprintf("source is %d bytes, above the limit of %d: split the program", len(src), maxSourceBytes)}
		return rep
	}
	text, enc, err := token.Decode(src)
	if err != nil {
		rep.ParseError = parseError(err, true)
		return rep
	}
	rep.Encoding = enc
	mod, err := parser.ParseText(text, path)
	if err != nil {
		rep.ParseError = parseError(err, false)
		return rep
	}
	p := newPass(a, rep, src, text, mod)
	p.run(ctx)
	if p.exhausted {
		rep.Imports, rep.Findings = []Import{}, []Finding{}
		rep.ParseError = &ParseError{Kind: "LimitError", Message: "the program's aliasing is too deep or too large to analyze: write it more plainly"}
	}
	if err := ctx.Err(); err != nil {
		rep.Imports, rep.Findings = []Import{}, []Finding{}
		rep.ParseError = &ParseError{Kind: "LimitError", Message: "analysis cancelled: " + err.Error()}
	}
	finish(rep, p.extraCaps)
	p.release()
	return rep
}

func parseError(err error, decoding bool) *ParseError {
	var se *token.SyntaxError
	if errors.As(err, &se) {
		kind := se.Kind
		if decoding || strings.Contains(se.Msg, "encoding") || strings.Contains(se.Msg, "codec") {
			kind = "EncodingError"
		}
		if strings.Contains(se.Msg, "too many") || strings.Contains(se.Msg, "too complex") || strings.Contains(se.Msg, "Exceeds the limit") {
			kind = "LimitError"
		}
		return &ParseError{Kind: kind, Message: se.Msg, Line: se.Line, Col: se.Col}
	}
	kind := "SyntaxError"
	if decoding {
		kind = "EncodingError"
	}
	return &ParseError{Kind: kind, Message: err.Error()}
}

// finish sorts findings and imports and computes the capability union.
func finish(rep *Report, extra map[string]bool) {
	// slices' stable sort, not sort.SliceStable: no reflection and no allocation per report.
	slices.SortStableFunc(rep.Findings, func(x, y Finding) int {
		if x.Line != y.Line {
			return cmp.Compare(x.Line, y.Line)
		}
		if x.Col != y.Col {
			return cmp.Compare(x.Col, y.Col)
		}
		return strings.Compare(x.Rule, y.Rule)
	})
	slices.SortStableFunc(rep.Imports, func(x, y Import) int {
		if x.Line != y.Line {
			return cmp.Compare(x.Line, y.Line)
		}
		return cmp.Compare(x.Col, y.Col)
	})
	// The union is gathered in a slice, sorted and compacted: a set map per report cost more.
	caps := make([]string, 0, len(extra)+len(rep.Findings))
	for c := range extra {
		caps = append(caps, c)
	}
	for _, f := range rep.Findings {
		caps = append(caps, f.Capability)
	}
	for _, im := range rep.Imports {
		caps = append(caps, im.Capabilities...)
	}
	slices.Sort(caps)
	caps = slices.Compact(caps)
	if len(caps) > 0 && caps[0] == "" {
		caps = caps[1:]
	}
	rep.Capabilities = slices.Clip(caps)
}

// sortedSet returns the distinct strings of xs, sorted, in a new slice (never nil).
func sortedSet(xs []string) []string {
	out := append([]string{}, xs...)
	sort.Strings(out)
	return slices.Clip(slices.Compact(out))
}

// pass is the state of one analysis.
type pass struct {
	a    *Analyzer
	rep  *Report
	src  []byte
	text string
	mod  *ast.Module
	w    *walker

	cur *frame
	// check is the index in a.checks of the check running. An index, not a pointer: it is set
	// for every check and node, and a pointer store costs a write barrier while the GC marks.
	check int

	budget    int
	refCache  nodeTable[[]ref] // resolution results by node (see nodeTable)
	foldCache nodeTable[foldResult]
	env       []envVar
	dyn       map[nodeKey]*dynImport // by nodeKey (nodeKeyOf), like refCache
	extraCaps map[string]bool
	seen      map[findingKey]bool
	dropped   int
	static    map[string]bool // modules imported by import statements
	subjects  map[ast.Pattern]ast.Expr
	exhausted bool // resolution hit its depth or work limit: the analysis is incomplete
	// evalStrings is set when the program names a function that evaluates strings as type
	// expressions (typing.get_type_hints and the like): then every string that is a Python
	// expression may become code, wherever it is (an __annotations__ dict, make_dataclass fields).
	evalStrings bool
	embeddedAt  map[ast.Node]bool
	namingHits  []namingHit
	small       [2 * smallN]smallEntry // refs' cache (see there), and the slot it replaces next
	smallNext   int
	ascii       uint8 // 0 until textASCII asks, then 1 when p.text is ASCII, else 2
	ctx         context.Context
	depth       int     // nesting of embedded analyses (string annotations)
	embeddedN   int     // bytes of embedded source analyzed
	frames      []frame // every node's frame, in the order the walker made them
	order       []int32 // indexes into frames, in walk order
	annStack    []ast.Node
	memo        nodeMemo
}

// nodeKey identifies an expression node by the pointer its interface value holds. Every node is a
// distinct allocation (no node type embeds another as its first field), so for the pointer-typed
// nodes of the tree two keys are equal exactly when the interfaces are; and the key, being a
// pointer, keeps its node alive, so an address is never reused while it is a key.
type nodeKey unsafe.Pointer

func keyOf(e ast.Expr) nodeKey {
	return nodeKey((*[2]unsafe.Pointer)(unsafe.Pointer(&e))[1])
}

// nodeKeyOf is keyOf for any node. Expression and statement nodes are distinct allocations too,
// so keys of nodes of different kinds never collide.
func nodeKeyOf(n ast.Node) nodeKey {
	return nodeKey((*[2]unsafe.Pointer)(unsafe.Pointer(&n))[1])
}

// sameNode is a == b for nodes, which are all pointers: it compares the two words of the
// interfaces directly, sparing the runtime call of an interface comparison (checks compare nodes
// many times per node).
func sameNode(a, b ast.Node) bool {
	x, y := (*[2]unsafe.Pointer)(unsafe.Pointer(&a)), (*[2]unsafe.Pointer)(unsafe.Pointer(&b))
	return x[0] == y[0] && x[1] == y[1] // word by word: an array comparison calls memequal
}

type findingKey struct {
	rule                       string
	line, col, endLine, endCol int
}

func newPass(a *Analyzer, rep *Report, src []byte, text string, mod *ast.Module) *pass {
	p := passPool.Get().(*pass)
	p.a, p.rep, p.src, p.text, p.mod = a, rep, src, text, mod
	return p
}

// passPool keeps the memory of finished analyses (maps, walker stack, frames, slabs): most of an
// analysis's allocations are the same from one program to the next, and reusing them spares the
// garbage collector.
var passPool = sync.Pool{New: func() any {
	return &pass{
		w:         newWalker(),
		dyn:       map[nodeKey]*dynImport{},
		extraCaps: map[string]bool{}, seen: map[findingKey]bool{}, static: map[string]bool{},
	}
}}

// maxPooledFrames bounds the size of an analysis whose memory is kept for reuse, so that one huge
// program does not pin its maps for the life of the process.
const maxPooledFrames = 1 << 15

// release returns p to the pool, emptied; p must not be used afterwards.
func (p *pass) release() {
	if cap(p.frames) > maxPooledFrames {
		return
	}
	p.w.reset()
	p.refCache.reset()
	p.foldCache.reset()
	clear(p.dyn)
	clear(p.extraCaps)
	clear(p.seen)
	clear(p.static)
	clear(p.frames)
	clear(p.annStack[:cap(p.annStack)])
	*p = pass{
		w: p.w, refCache: p.refCache, foldCache: p.foldCache, dyn: p.dyn,
		extraCaps: p.extraCaps, seen: p.seen, static: p.static, frames: p.frames[:0], order: p.order[:0],
		env: p.env[:0], namingHits: p.namingHits[:0], annStack: p.annStack[:0],
	}
	passPool.Put(p)
}

func (p *pass) run(ctx context.Context) {
	p.ctx = ctx
	// Walk 1: scopes and bindings, and the static import facts. It records every node's frame, so
	// that the checks' pass below is a loop over a slice rather than a second tree walk.
	col := &collector{a: p.a, w: p.w, p: p}
	p.frames, p.order = p.w.walk(p.mod, p.frames, p.order, col)
	p.subjects = col.subjects
	if n := min(col.imports, maxFindings); cap(p.rep.Imports)-len(p.rep.Imports) < n {
		// Sized once rather than grown: an Import is large and the report keeps them all.
		p.rep.Imports = append(make([]Import, 0, len(p.rep.Imports)+n+2), p.rep.Imports...)
	}
	p.budget = workPerNode*len(p.frames) + 10000
	// Pass 2: route every node to the checks that asked for its kind.
	for i, fi := range p.order {
		if i&1023 == 1023 && ctx.Err() != nil {
			break
		}
		f := &p.frames[fi]
		p.cur = f
		p.facts(f)
		p.dispatch(f.n)
		// A class or mapping pattern reads attributes or items of its subject: the checks see
		// those reads as the synthetic nodes the collector made (scope.go, patterns).
		if p.subjects == nil {
			continue // no match statement: no synthetic nodes
		}
		// kids are the sub-patterns whose subjects are reads of the pattern's subject. Concrete cases,
		// not f.n.(ast.Pattern) first: an assertion to an interface type is a runtime call.
		var kids []ast.Pattern
		switch pat := f.n.(type) {
		case *ast.MatchClass:
			kids = pat.KwdPatterns
		case *ast.MatchMapping:
			kids = pat.Patterns
		default:
			continue
		}
		for _, child := range kids {
			if synth := p.subjects[child]; synth != nil {
				sf := frame{n: ast.ExprNode(synth), parent: fi, sc: f.sc, idx: f.idx, cond: f.cond}
				p.cur = &sf
				p.facts(&sf)
				p.dispatch(sf.n)
			}
		}
		p.cur = f
	}
	p.cur = nil
}

const (
	maxEmbeddedDepth = 2
	maxEmbeddedCode  = 4 << 10
	maxEmbeddedTotal = 64 << 10
)

// embedded analyzes Python source that Python evaluates from a string (string annotations that
// typing.get_type_hints or functools.singledispatch evaluate, typing.ForwardRef) and reports its
// findings and imports at the string.
func (p *pass) embedded(at ast.Node, code string) {
	if p.embeddedAt[at] {
		return
	}
	if p.embeddedAt == nil {
		p.embeddedAt = map[ast.Node]bool{}
	}
	p.embeddedAt[at] = true
	if p.depth >= maxEmbeddedDepth || len(code) > maxEmbeddedCode || p.embeddedN+len(code) > maxEmbeddedTotal {
		return
	}
	p.embeddedN += len(code)
	mod := nameModule(code)
	if mod == nil {
		var err error
		if mod, err = parser.Parse([]byte(code), "<string>"); err != nil {
			return // Python cannot evaluate it either
		}
	}
	sub := newPass(p.a, &Report{}, []byte(code), code, mod)
	sub.depth = p.depth + 1
	sub.run(p.ctx)
	p.embeddedN += sub.embeddedN
	p.exhausted = p.exhausted || sub.exhausted
	loc := locOf(at)
	for _, f := range sub.rep.Findings {
		if strings.HasPrefix(f.Rule, "SBX8") || len(p.rep.Findings) >= maxFindings {
			continue // source-level checks already ran on the whole file
		}
		f.Line, f.Col, f.EndLine, f.EndCol = loc.Lineno, loc.ColOffset, loc.EndLineno, loc.EndColOffset
		f.Message = "in a string Python evaluates: " + f.Message
		p.rep.Findings = append(p.rep.Findings, f)
	}
	for _, im := range sub.rep.Imports {
		im.Line, im.Col = loc.Lineno, loc.ColOffset
		p.addImport(im)
	}
	for c := range sub.extraCaps {
		p.extraCaps[c] = true
	}
	sub.release()
}

// nameModule is the tree the parser makes of code when code is one plain ASCII name, the common
// string annotation (a forward reference, "Category"), or nil: it spares a tokenizer and parser
// for it.
func nameModule(code string) *ast.Module {
	if code == "" || code[0] >= '0' && code[0] <= '9' || keywords[code] {
		return nil
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return nil
		}
	}
	loc := ast.Loc{Lineno: 1, ColOffset: 0, EndLineno: 1, EndColOffset: len(code)}
	name := &ast.Name{Loc: loc, Id: code, Ctx: ast.Load}
	return &ast.Module{Body: []ast.Stmt{&ast.ExprStmt{Loc: loc, Value: name}}, TypeIgnores: []*ast.TypeIgnore{}}
}

// isAnnotationEvaluator reports whether name is that of a function that evaluates strings as type
// expressions. A switch, not a map: it runs for every name in the program.
func isAnnotationEvaluator(name string) bool {
	switch name {
	case "get_type_hints", "get_annotations", "ForwardRef", "_eval_type", "_type_check", "singledispatch",
		"singledispatchmethod", "signature", "_evaluate":
		return true
	}
	return false
}

// annotationStrings analyzes the string constants of an annotation as code.
func (p *pass) annotationStrings(e ast.Expr) {
	switch e.(type) {
	case nil, *ast.Name:
		return // most annotations are a plain name (int, str): no string to find
	}
	// ast.Walk's order, on a stack kept in the pass: annotations are everywhere in typed code, and
	// Walk allocates a closure and a child list per node.
	stack := append(p.annStack[:0], ast.Node(e))
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c, ok := n.(*ast.Constant); ok {
			if s, ok := c.Value.(string); ok {
				p.embedded(c, s)
			}
		}
		start := len(stack)
		stack = ast.AppendChildren(stack, n)
		slices.Reverse(stack[start:])
	}
	p.annStack = stack
}

// dispatch runs the checks that asked for n's kind. A name, attribute, call or subscript that
// refers to nothing known (a local variable, self.x, items.append(x), items[0]) goes only to the
// checks that list its kind in Check.Unresolved: the others look only at what a node refers to.
func (p *pass) dispatch(n ast.Node) {
	k := kindOf(n)
	if k == kNone {
		return
	}
	p.memo.have = 0 // the memo is of the node being dispatched
	switch k {
	case kName:
		if len(p.refNode(n)) == 0 {
			k = kNameUnresolved
		}
	case kAttribute:
		if len(p.refNode(n)) == 0 && len(p.refs(n.(*ast.Attribute).Value)) == 0 {
			k = kAttributeUnresolved
		}
	case kCall:
		if p.unresolvedCall(n.(*ast.Call)) {
			k = kCallUnresolved
		}
	case kSubscript:
		if len(p.refNode(n)) == 0 && len(p.refs(n.(*ast.Subscript).Value)) == 0 && p.dyn[nodeKeyOf(n)] == nil {
			k = kSubscriptUnresolved
		}
	}
	for _, r := range p.a.byKind[k] {
		p.check = r.check
		r.run(p, n)
	}
}

// unresolvedCall reports whether c calls what refers to nothing known (a local function, a method
// of a local object) and is no dynamic import.
func (p *pass) unresolvedCall(c *ast.Call) bool {
	if len(p.refs(c.Func)) > 0 || p.dyn[nodeKeyOf(c)] != nil {
		return false
	}
	at, ok := c.Func.(*ast.Attribute)
	return !ok || len(p.refs(at.Value)) == 0
}

// report adds a finding of the current check at node n.
func (p *pass) report(n ast.Node, format string, args ...any) {
	p.reportAs(n, "", "", format, args...)
}

// reportAs adds a finding with a capability (and severity) other than the check's defaults, for
// checks driven by the config's capability map.
func (p *pass) reportAs(n ast.Node, capability, severity string, format string, args ...any) {
	c := p.a.checks[p.check]
	loc := locOf(n)
	key := findingKey{c.ID, loc.Lineno, loc.ColOffset, loc.EndLineno, loc.EndColOffset}
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	if len(p.rep.Findings) >= maxFindings {
		p.dropped++
		return
	}
	if capability == "" {
		capability = c.Capability
	}
	if severity == "" {
		severity = c.Severity
	}
	p.rep.Findings = append(p.rep.Findings, Finding{
		Rule: c.ID, Capability: capability, Severity: severity, CWE: c.CWE,
		Line: loc.Lineno, Col: loc.ColOffset, EndLine: loc.EndLineno, EndCol: loc.EndColOffset,
		Message: fmt.Sprintf(format, args...), Hint: c.Hint,
	})
}

// reportAt adds a finding at an explicit position (source-level checks).
func (p *pass) reportAt(line, col, endLine, endCol int, format string, args ...any) {
	p.report(posNode{ast.Loc{Lineno: line, ColOffset: col, EndLineno: endLine, EndColOffset: endCol}}, format, args...)
}

type posNode struct{ ast.Loc }

func (posNode) NodeType() string { return "pos" }

func locOf(n ast.Node) ast.Loc {
	if l, ok := n.(ast.Located); ok {
		return l.Location()
	}
	return ast.Loc{Lineno: 1}
}
