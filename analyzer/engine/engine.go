// Package engine is the analyzer's facts engine: it parses nothing and judges nothing itself, but
// knows, for one program, its scopes and bindings, what every expression may refer to (resolution
// through aliases, getattr with constant names, module tables), what string-building expressions
// fold to, and which imports it makes. Checks (analyzer/checks) are values that ask for node
// kinds; one iterative walk of the tree routes every node to the checks that asked for its kind,
// and they read the facts through the Pass.
package engine

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/analyzer/python/parser"
	"github.com/sbxgate/sbxgate/analyzer/python/token"
	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/config"
)

// Version is the analyzer's version, recorded in every report; bump it when a check changes what
// it reports, so that audit records say which analyzer judged them.
const Version = "sbxgate-analyzer/0.3.30"

const (
	// maxSourceBytes bounds the input; larger programs are refused with a LimitError.
	maxSourceBytes = 4 << 20
	// maxFindings bounds the report's findings and, apart, its imports. A program with more is
	// refused with a LimitError: the policy decides on the report, and one that left some out
	// (the 1,001st import of a module outside the allowlist, say) would be decided on part of the
	// program.
	maxFindings = 1000
	// workPerNode is the resolution and folding budget per tree node, so work stays linear.
	workPerNode = 64
)

// Engine analyzes programs with a list of checks against the operator's module tables. It is
// safe for concurrent use.
type Engine struct {
	cfg    *config.Config
	mods   *modTable
	checks []*Check
	byKind [numKinds][]routed // checks per node kind (kindOf)
	naming *naming            // the checks' Names
	// caps caches the capability map lookups: module or module.attr -> capabilities.
	caps map[string][]string
	// moduleCaps is, per module, the union of the capabilities of the module and its attributes:
	// what an opaque use of the module (passed as a value, getattr with a computed name) reaches.
	moduleCaps          map[string][]string
	denied              map[string]bool // "module.attr" from DeniedAttributes
	risky               map[string]bool // modules whose names some check or the config cares about
	allowMods, denyMods map[string]bool
	// methods maps a denied method name to the modules whose objects have it (DeniedMethods).
	methods     map[string][]string
	methodHeads *NameHeads // of methods
	// deniedAttrs maps the name of a denied module attribute to the modules that have it.
	deniedAttrs map[string][]string
	tags        map[string]qualTags // see tagsOf
	// builtinRefs are the refs of the builtins by name, tags included: the most common refs.
	builtinRefs map[string]Ref
	// wholeSource are the IDs of the checks that read the whole source (ModuleNode): in a string
	// Python evaluates (Pass.embedded) they have already run on the file.
	wholeSource map[string]bool
	api         *apiTables // the reviewed API (config/module_api.*)
	// profile is the image profile whose packages this engine admits ("" for the standard
	// library alone); profiles are the engines of the config's image profiles, built on the first
	// program that imports one of their packages, so an ordinary program never pays for their
	// tables.
	profile  string
	profiles map[string]func() (*Engine, error)
	// profileMods are the modules of the profile's reviewed API: the only modules of its
	// packages a program may import (the allowlist admits an entry's submodules; the table lists
	// the public ones that are not denied).
	profileMods map[string]bool
}

// New validates the checks and the config's module tables and returns an engine that runs the
// checks, in their order.
func New(cfg *config.Config, checks []*Check) (*Engine, error) {
	if cfg == nil {
		return nil, errors.New("nil config: pass config.Default() or a loaded config")
	}
	if err := validateChecks(checks); err != nil {
		return nil, err
	}
	if err := validateSets(len(nameSets)); err != nil {
		return nil, err
	}
	mods, err := loadModTable()
	if err != nil {
		return nil, err
	}
	api, err := loadAPITables()
	if err != nil {
		return nil, err
	}
	a, err := newEngine(cfg, checks, mods, api)
	if err != nil {
		return nil, err
	}
	a.profiles = map[string]func() (*Engine, error){}
	for name := range cfg.Modules.Profiles {
		a.profiles[name] = sync.OnceValues(func() (*Engine, error) { return newProfileEngine(cfg, checks, name) })
	}
	return a, nil
}

// newProfileEngine is the engine of a program of an image profile: the config's module tables
// with the profile's added, the module table and the reviewed API with the profile's packages'.
func newProfileEngine(cfg *config.Config, checks []*Check, profile string) (*Engine, error) {
	prof, err := config.ProfileModuleAPI(profile)
	if err != nil {
		return nil, err
	}
	base, err := config.DefaultModuleAPI()
	if err != nil {
		return nil, err
	}
	mods, err := readModTable()
	if err != nil {
		return nil, err
	}
	// The packages' modules, and those of their attributes that are modules (numpy.os is os).
	for mod, attrs := range prof.Table.Modules {
		m := map[string]string{}
		for attr, kind := range attrs {
			if target, ok := strings.CutPrefix(kind, "module "); ok {
				m[attr] = target
			}
		}
		mods.Modules[mod] = m
	}
	mods.mergeAliases()
	pcfg := *cfg
	pcfg.Modules = cfg.Modules.WithProfile(profile)
	a, err := newEngine(&pcfg, checks, mods, newAPITables(config.MergeModuleAPI(base, prof).Reviewed()))
	if err != nil {
		return nil, fmt.Errorf("image profile %s: %w", profile, err)
	}
	a.profile = profile
	a.profileMods = map[string]bool{}
	for mod := range prof.Table.Modules {
		a.profileMods[mod] = true
	}
	return a, nil
}

func newEngine(cfg *config.Config, checks []*Check, mods *modTable, api *apiTables) (*Engine, error) {
	a := &Engine{
		cfg: cfg, mods: mods, checks: checks, naming: newNaming(checks), api: api,
		caps: map[string][]string{}, moduleCaps: map[string][]string{}, denied: map[string]bool{},
	}
	for key, cs := range cfg.Modules.Capabilities {
		for _, c := range cs {
			if !catalog.KnownCapability(c) {
				return nil, fmt.Errorf("modules.capabilities.%s: unknown capability %q", key, c)
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
	a.deniedAttrs = map[string][]string{}
	for mod, attrs := range a.canonicalKeys(cfg.Modules.DeniedAttributes) {
		for _, at := range attrs {
			a.denied[mod+"."+at] = true
			a.deniedAttrs[at] = append(a.deniedAttrs[at], mod)
		}
	}
	// Built from maps: sorted, so that a finding that names the first module names the same one
	// in every run.
	for _, mods := range a.deniedAttrs {
		slices.Sort(mods)
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
	for _, mods := range a.methods {
		slices.Sort(mods)
	}
	a.methodHeads = HeadsOf(a.methods)
	a.risky = map[string]bool{}
	parents := dottedParents(a.denied)
	maps.Copy(parents, dottedParents(a.naming.exact))
	for m := range mods.Modules {
		if a.riskyModule(m, parents) {
			a.risky[m] = true
		}
	}
	for m := range cfg.Modules.Capabilities {
		if a.riskyModule(m, parents) {
			a.risky[m] = true
		}
	}
	a.tags = a.buildTags()
	a.builtinRefs = make(map[string]Ref, len(mods.Builtins))
	for _, name := range mods.Builtins {
		q := "builtins." + name
		a.builtinRefs[name] = Ref{Qual: q, Kind: ObjRef, tags: a.tagsOf(q)}
	}
	a.wholeSource = map[string]bool{}
	for i, c := range checks {
		if slices.Contains(c.Nodes, ModuleNode) {
			a.wholeSource[c.ID] = true
		}
		for _, k := range c.Nodes {
			r := routed{c.Run, i}
			a.byKind[k] = append(a.byKind[k], r)
			if slices.Contains(c.Unresolved, k) {
				u := unresolvedKind[k]
				a.byKind[u] = append(a.byKind[u], r)
			}
		}
	}
	return a, nil
}

// riskyModule reports whether a wildcard import of mod brings in names the checks or the config
// care about: a capability, a denied attribute, a name some check's Names has.
// parents is dottedParents of the denied names and the naming checks' exact names.
func (a *Engine) riskyModule(mod string, parents map[string]bool) bool {
	if catalog.FindingCapability(a.moduleCaps[mod]) != "" || mod == "builtins" || parents[mod] {
		return true
	}
	return a.naming.coversPrefix(mod)
}

// dottedParents is the set of every dotted prefix ("a", "a.b") of m's keys ("a.b.c"): the modules
// with a name below them, in one pass instead of a scan of the keys per module.
func dottedParents[V any](m map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		for i := range len(k) {
			if k[i] == '.' {
				out[k[:i]] = true
			}
		}
	}
	return out
}

// routed is a check as dispatch calls it: its Run, and its index in the registry for reports.
// Run is copied here so that dispatch loads it from the kind's table in one step, not through the
// check.
type routed struct {
	run   func(*Pass, ast.Node)
	check int
}

// methodsOf is methods[name], with a byte test first (nameHeads).
func (a *Engine) methodsOf(name string) []string {
	if name == "" || !a.methodHeads[name[0]] {
		return nil
	}
	return a.methods[name]
}

// canonicalKeys returns m with, for every key whose module part the module table knows by another
// name (os.path.x is posixpath.x), that key too, since resolution names modules canonically.
func (a *Engine) canonicalKeys(m map[string][]string) map[string][]string {
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

// Analyze parses src (named path in messages) and reports its imports and findings. It never
// returns nil and never panics: a decoding or syntax error becomes Report.ParseError, and a bug
// in a check becomes an "internal" parse error, which the policy denies.
//
// A program that imports a package of an image profile (numpy) is analyzed again by that
// profile's engine, and its report names the profile it needs. Which programs do is read from
// the standard library's report (its imports, static and folded dynamic ones), not from the
// source's bytes: the profile's review judges methods by name on objects of unknown class, which
// a program that only mentions a package must not meet.
func (a *Engine) Analyze(ctx context.Context, path string, src []byte) *Report {
	rep := a.analyze(ctx, path, src)
	if a.profile != "" || len(a.profiles) == 0 {
		return rep
	}
	for _, im := range rep.Imports {
		if name := a.cfg.Modules.ProfileOf(im.Module); name != "" && im.Level == 0 {
			return a.analyzeAs(ctx, name, path, src)
		}
	}
	return rep
}

// analyzeAs analyzes src with the engine of an image profile; a profile engine that cannot be
// built denies the program (an internal error), never analyzes it without the profile's review.
func (a *Engine) analyzeAs(ctx context.Context, profile, path string, src []byte) *Report {
	e, err := a.profiles[profile]()
	if err != nil {
		sum := sha256.Sum256(src)
		return &Report{
			Path: path, SHA256: hex.EncodeToString(sum[:]), Size: len(src), AnalyzerVersion: Version,
			Imports: []Import{}, Findings: []Finding{}, Capabilities: []string{},
			ParseError: &ParseError{Kind: "InternalError", Message: "the analyzer of image profile " + profile + " cannot start: " + err.Error()},
		}
	}
	return e.analyze(ctx, path, src)
}

func (a *Engine) analyze(ctx context.Context, path string, src []byte) (rep *Report) {
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
	if p.limit != "" && rep.ParseError == nil {
		rep.Imports, rep.Findings = []Import{}, []Finding{}
		rep.ParseError = &ParseError{Kind: "LimitError", Message: p.limit}
	}
	if err := ctx.Err(); err != nil {
		rep.Imports, rep.Findings = []Import{}, []Finding{}
		rep.ParseError = &ParseError{Kind: "LimitError", Message: "analysis cancelled: " + err.Error()}
	}
	if p.dropped > 0 && rep.ParseError == nil {
		rep.ParseError = &ParseError{Kind: "LimitError", Message: fmt.Sprintf("more than %d imports or findings, past what a report lists: split the program", maxFindings)}
	}
	finish(rep, p.extraCaps)
	p.release()
	if a.profile != "" && rep.ParseError == nil {
		for _, im := range rep.Imports {
			if a.cfg.Modules.ProfileOf(im.Module) == a.profile && im.Level == 0 {
				rep.Profile = a.profile
				break
			}
		}
	}
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
