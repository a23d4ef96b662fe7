package engine

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"unsafe"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/catalog"
)

// Pass is the state of one analysis.
type Pass struct {
	a    *Engine
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
	foldBytes int              // what folding may still make (charge)
	lookups   int              // calls of lookup, for the tests of the analysis's cost
	refCache  nodeTable[[]Ref] // resolution results by node (see nodeTable)
	foldCache nodeTable[foldResult]
	env       []envVar
	dyn       map[nodeKey]*DynImport // by nodeKey (nodeKeyOf), like refCache
	extraCaps map[string]bool
	seen      map[findingKey]bool
	// dropped counts the findings and imports past maxFindings: a report without them must not be
	// decided on (analyze refuses the program).
	dropped   int
	static    map[string]bool // modules imported by import statements, and their packages (Imported)
	subjects  map[ast.Pattern]ast.Expr
	exhausted bool // resolution hit its depth or work limit: the analysis is incomplete
	// argsMemo are argumentsOf's answers, by parameter: it is asked again and again.
	argsMemo map[*ast.Arg]argsAnswer
	// nameLoads indexes the frames of name loads by name (loadsOf), made at the first question.
	nameLoads map[string][]int32
	// limit names the first bound past which the analysis would have dropped what the program
	// may refer to (a candidate, a binding, a string Python evaluates): analyze refuses such a
	// program with a LimitError naming it, never decides on what was kept.
	limit string
	// evalStrings is set when the program names a function that evaluates strings as type
	// expressions (typing.get_type_hints and the like): then every string that is a Python
	// expression may become code, wherever it is (an __annotations__ dict, make_dataclass fields).
	evalStrings bool
	// dataclassNamed is set when the program names dataclasses' class makers, which paste the
	// names of a class's annotations into code they exec.
	dataclassNamed bool
	// fieldNamesOpen is set when a dataclass's field may have a private name: a class body
	// annotates one, or the program names make_dataclass or __dataclass_fields__, stores into
	// __annotations__, or stores an attribute called name on anything but self.
	fieldNamesOpen bool
	embeddedAt     map[ast.Node]bool
	namingHits     []namingHit
	small          [2 * smallN]smallEntry // refs' cache (see there), and the slot it replaces next
	smallNext      int
	ascii          uint8 // 0 until textASCII asks, then 1 when p.text is ASCII, else 2
	ctx            context.Context
	depth          int     // nesting of embedded analyses (string annotations)
	embeddedN      int     // bytes of embedded source analyzed
	frames         []frame // every node's frame, in the order the walker made them
	order          []int32 // indexes into frames, in walk order
	annStack       []ast.Node
	memo           nodeMemo
	own            ownFacts
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

func newPass(a *Engine, rep *Report, src []byte, text string, mod *ast.Module) *Pass {
	p := passPool.Get().(*Pass)
	p.a, p.rep, p.src, p.text, p.mod = a, rep, src, text, mod
	return p
}

// passPool keeps the memory of finished analyses (maps, walker stack, frames, slabs): most of an
// analysis's allocations are the same from one program to the next, and reusing them spares the
// garbage collector.
var passPool = sync.Pool{New: func() any {
	return &Pass{
		w:         newWalker(),
		dyn:       map[nodeKey]*DynImport{},
		extraCaps: map[string]bool{}, seen: map[findingKey]bool{}, static: map[string]bool{},
		own: ownFacts{selfArgs: map[*ast.Arg]*ast.ClassDef{}, classAttrs: map[classAttr]bool{},
			classSite: map[*ast.ClassDef]Site{}, annotated: map[*ast.Arg]Site{}, attrs: map[string]bool{}, subclassOf: map[string]bool{},
			mutated: map[string]bool{}, loopElems: map[*ast.Name]loopElem{}, foreignSelf: map[*ast.ClassDef]bool{}, clsArgs: map[*ast.Arg]*ast.ClassDef{},
			outerNames: map[string]bool{}, returned: map[*ast.FunctionDef]string{}},
	}
}}

// maxPooledFrames bounds the size of an analysis whose memory is kept for reuse, so that one huge
// program does not pin its maps for the life of the process.
const maxPooledFrames = 1 << 15

// release returns p to the pool, emptied; p must not be used afterwards.
func (p *Pass) release() {
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
	clear(p.argsMemo)
	clear(p.frames)
	clear(p.annStack[:cap(p.annStack)])
	p.own.reset()
	*p = Pass{
		w: p.w, refCache: p.refCache, foldCache: p.foldCache, dyn: p.dyn,
		extraCaps: p.extraCaps, seen: p.seen, static: p.static, argsMemo: p.argsMemo,
		frames: p.frames[:0], order: p.order[:0],
		env: p.env[:0], namingHits: p.namingHits[:0], annStack: p.annStack[:0], own: p.own,
	}
	passPool.Put(p)
}

func (p *Pass) run(ctx context.Context) {
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
	p.foldBytes = foldBytesPerByte*len(p.src) + foldBytesFixed
	if p.depth > 0 {
		// A string Python evaluates, analyzed in a pass of its own: its bytes are the file's
		// too, and a fixed allowance per string would multiply with their number.
		p.budget = workPerNode*len(p.frames) + 1000
		p.foldBytes = foldBytesPerByte * len(p.src)
	}
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
		if pat, ok := f.n.(*ast.MatchClass); ok && len(pat.Patterns) > 0 {
			p.matchPositionals(f, fi, pat)
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
func (p *Pass) embedded(at ast.Node, code string) {
	if p.embeddedAt[at] {
		return
	}
	if p.embeddedAt == nil {
		p.embeddedAt = map[ast.Node]bool{}
	}
	p.embeddedAt[at] = true
	if p.depth >= maxEmbeddedDepth || len(code) > maxEmbeddedCode || p.embeddedN+len(code) > maxEmbeddedTotal {
		// Not analyzed. Where the program names an evaluator, Python may run the string as code,
		// so the program is refused rather than decided without it; elsewhere nothing evaluates
		// a string annotation (the evaluators reached otherwise are reported where reached).
		if p.evalStrings {
			p.overLimit("a string Python may evaluate as code is past what the analyzer reads (%s): write the annotation or type as a plain name", embeddedBound(p.depth, len(code), p.embeddedN))
		}
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
	// The string is evaluated where an evaluator is named, and the evaluators evaluate the strings
	// in it too (typing.List['...'] holds a forward reference): its strings are code like its own.
	sub.evalStrings = p.evalStrings
	sub.run(p.ctx)
	p.embeddedN += sub.embeddedN
	p.exhausted = p.exhausted || sub.exhausted
	if p.limit == "" {
		p.limit = sub.limit
	}
	loc := locOf(at)
	p.dropped += sub.dropped
	for _, f := range sub.rep.Findings {
		if p.a.wholeSource[f.Rule] {
			continue // checks of the whole source already ran on the whole file
		}
		if len(p.rep.Findings) >= maxFindings {
			p.dropped++
			continue
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

// embeddedBound names the bound a string of n bytes, at embedding depth d with total bytes
// already analyzed, is past.
func embeddedBound(d, n, total int) string {
	switch {
	case d >= maxEmbeddedDepth:
		return fmt.Sprintf("a string in a string more than %d deep, maxEmbeddedDepth", maxEmbeddedDepth)
	case n > maxEmbeddedCode:
		return fmt.Sprintf("%d bytes, above maxEmbeddedCode of %d", n, maxEmbeddedCode)
	}
	return fmt.Sprintf("more than maxEmbeddedTotal, %d bytes of such strings in all", maxEmbeddedTotal)
}

// overLimit records that the analysis met a bound past which it would drop information: the
// program is refused (a LimitError with msg, the first such message), never decided on the part
// that was kept.
func (p *Pass) overLimit(format string, args ...any) {
	if p.limit == "" {
		p.limit = fmt.Sprintf(format, args...)
	}
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
func (p *Pass) annotationStrings(e ast.Expr) {
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
func (p *Pass) dispatch(n ast.Node) {
	k := kindOf(n)
	if k == kNone {
		return
	}
	p.memo.have = 0 // the memo is of the node being dispatched
	switch k {
	case NameNode:
		if len(p.RefsOf(n)) == 0 {
			k = kNameUnresolved
		}
	case AttributeNode:
		if len(p.RefsOf(n)) == 0 && len(p.Refs(n.(*ast.Attribute).Value)) == 0 {
			k = kAttributeUnresolved
		}
	case CallNode:
		if p.unresolvedCall(n.(*ast.Call)) {
			k = kCallUnresolved
		}
	case SubscriptNode:
		if len(p.RefsOf(n)) == 0 && len(p.Refs(n.(*ast.Subscript).Value)) == 0 && p.dyn[nodeKeyOf(n)] == nil {
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
func (p *Pass) unresolvedCall(c *ast.Call) bool {
	if len(p.Refs(c.Func)) > 0 || p.dyn[nodeKeyOf(c)] != nil {
		return false
	}
	at, ok := c.Func.(*ast.Attribute)
	return !ok || len(p.Refs(at.Value)) == 0
}

// Report adds a finding of the current check at node n, its message the check's Message
// formatted with args.
func (p *Pass) Report(n ast.Node, args ...any) {
	p.reportAs(n, "", "", p.a.checks[p.check].Message, args...)
}

// Reportf adds a finding of the current check at node n with a message of its own.
func (p *Pass) Reportf(n ast.Node, format string, args ...any) {
	p.reportAs(n, "", "", format, args...)
}

// ReportAs adds a finding whose capability is not the check's own, for checks driven by the
// config's capability map; its severity is the capability's (catalog.SeverityOf).
func (p *Pass) ReportAs(n ast.Node, capability string, format string, args ...any) {
	p.reportAs(n, capability, catalog.SeverityOf(capability), format, args...)
}

// reportAs adds a finding, with the check's capability and severity where they are "". A node
// gets one finding per check: a check called twice for it (a synthetic node, an embedded string)
// reports once.
func (p *Pass) reportAs(n ast.Node, capability, severity string, format string, args ...any) {
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

// ReportAt adds a finding at an explicit position (source-level checks).
func (p *Pass) ReportAt(line, col, endLine, endCol int, format string, args ...any) {
	p.Reportf(posNode{ast.Loc{Lineno: line, ColOffset: col, EndLineno: endLine, EndColOffset: endCol}}, format, args...)
}

type posNode struct{ ast.Loc }

func (posNode) NodeType() string { return "pos" }

func locOf(n ast.Node) ast.Loc {
	if l, ok := n.(ast.Located); ok {
		return l.Location()
	}
	return ast.Loc{Lineno: 1}
}

// isDataclassMaker reports whether name is that of a dataclasses function that makes classes
// whose methods it execs from their annotations' names.
func isDataclassMaker(name string) bool { return name == "dataclass" || name == "make_dataclass" }

// matchPositionals dispatches, for a class pattern's positional sub-patterns, the attribute reads
// the interpreter makes of its subject: the names of the class's __match_args__ (a metaclass's
// __instancecheck__ lets any object match the program's class). Names the analysis cannot read
// are read as the private name __match_args__[i], judged like one.
func (p *Pass) matchPositionals(f *frame, fi int32, pat *ast.MatchClass) {
	subj := p.subjects[ast.Pattern(pat)]
	if subj == nil {
		return
	}
	names, ok := p.MatchArgNames(pat.Cls, Site{f.sc, f.idx})
	if ok && len(names) == 0 {
		return
	}
	for i, sp := range pat.Patterns {
		attr := fmt.Sprintf("__match_args__[%d]", i)
		if ok {
			if i >= len(names) {
				break
			}
			attr = names[i]
		}
		synth := &ast.Attribute{Loc: locOf(sp), Value: subj, Attr: attr, Ctx: ast.Load}
		sf := frame{n: ast.ExprNode(synth), parent: fi, sc: f.sc, idx: f.idx, cond: f.cond}
		p.cur = &sf
		p.facts(&sf)
		p.dispatch(sf.n)
	}
	p.cur = f
}
