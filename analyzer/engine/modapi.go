package engine

import (
	"slices"
	"strings"
	"sync"

	"github.com/sbxgate/sbxgate/config"
)

// The reviewed API (config.ModuleAPI) as the engine consults it: per allowed module, its public
// attributes and what each is; per class those modules define, what an object of it may be asked
// for; the review's exclusions and judged calls; the classes factories return. Checks ask through
// the Pass (ModuleMember, ClassMember, TypeOf, RuleOf).

// MemberKind is what a module attribute is.
type MemberKind uint8

const (
	NoMember MemberKind = iota
	ModuleMember
	ClassMember
	FunctionMember
	DataMember // an object of class Target
)

// Member is what the reviewed API says about an attribute of a module.
type Member struct {
	Kind   MemberKind
	Target string   // the module (ModuleMember) or the class (ClassMember, DataMember)
	Rule   *APIRule // the review's exclusion or judged call for the attribute or its class, or nil
}

// APIRule is an entry of the review: an exclusion (out of the default set) or a judged call.
type APIRule struct {
	Key        string // the review's name: "typing.get_type_hints", "unittest.loader.TestLoader.discover"
	Capability string
	Reason     string
	Judged     bool // judged at its call (calls); false for an exclusion
}

type apiClass struct {
	name string
	// dir are the public names of dir(C), sorted: what the class has; inst are the attributes its
	// methods assign, sorted: with dir, what an instance has. The table's own slices
	// (config.SortedClass), searched rather than copied into sets: a program asks about a few of
	// the hundreds of classes.
	dir, inst []string
	bases     []*apiClass
	meta      *apiClass
	open      bool // any attribute: __getattr__, or the review says so
	// holder: the review's open class holds only what the program gives it (not a proxy)
	holder bool
	rules  map[string]*APIRule
}

// inDir reports whether dir(C) has attr.
func (c *apiClass) inDir(attr string) bool {
	_, ok := slices.BinarySearch(c.dir, attr)
	return ok
}

// hasAttr reports whether an instance of C has attr: dir(C) or what its methods assign.
func (c *apiClass) hasAttr(attr string) bool {
	if c.inDir(attr) {
		return true
	}
	_, ok := slices.BinarySearch(c.inst, attr)
	return ok
}

// apiModule is a module of the table and the members its attributes make, built on the first
// lookup (most programs look up a few of the modules).
type apiModule struct {
	*config.SortedModule
	once    sync.Once
	members map[string]Member
}

type apiTables struct {
	modules  map[string]*apiModule
	classes  map[string]*apiClass
	returns  map[string]string
	dunders  map[string]bool
	privates []string // the private names the allowed modules and their classes have, sorted
	// harmlessPrivate are the private names the review lets any object be asked for
	harmlessPrivate map[string]bool
	// rules of module attributes and of whole classes, by the review's key
	rules map[string]*APIRule
	// methodRules are the rules of the methods of classes outside builtins, by method name, for
	// objects whose class the analysis does not know.
	methodRules map[string][]*APIRule
	methodHeads *NameHeads // of methodRules
	// ruleAttrs are the last components of the names the review has rules for: RuleOf answers
	// nil for every other name with one lookup.
	ruleAttrs map[string]bool
	// makers are the names of module attributes that make classes (makerNames), once makerOnce
	// has run.
	makers    map[string]bool
	makerOnce sync.Once
}

func newAPITables(m *config.ReviewedAPI) *apiTables {
	t := &apiTables{
		modules: make(map[string]*apiModule, len(m.Table.Modules)), classes: make(map[string]*apiClass, len(m.Table.Classes)),
		rules: map[string]*APIRule{}, returns: m.Review.Returns, dunders: make(map[string]bool, len(m.Review.Dunders)),
		privates: m.Table.Privates, harmlessPrivate: map[string]bool{},
		methodRules: map[string][]*APIRule{}, ruleAttrs: map[string]bool{},
	}
	for key, r := range m.Review.Exclude {
		t.rules[key] = &APIRule{Key: key, Capability: r.Capability, Reason: r.Reason}
	}
	for key, r := range m.Review.Calls {
		t.rules[key] = &APIRule{Key: key, Capability: r.Capability, Reason: r.Reason, Judged: true}
	}
	for key := range t.rules {
		t.ruleAttrs[key[strings.LastIndexByte(key, '.')+1:]] = true
	}
	for name := range m.Review.Dunders {
		t.dunders[name] = true
	}
	for name := range m.Review.Privates {
		t.harmlessPrivate[name] = true
	}
	acs := make([]apiClass, len(m.Table.Classes)) // one allocation for all
	for i, c := range m.Table.Classes {
		ac := &acs[i]
		*ac = apiClass{name: c.Name, dir: c.Attrs, inst: c.Instance, open: c.Dynamic}
		if _, ok := m.Review.Open[c.Name]; ok {
			ac.open = true
			ac.holder = !strings.HasPrefix(c.Name, "weakref.") // proxies forward to any object
		}
		t.classes[c.Name] = ac
	}
	for i, c := range m.Table.Classes {
		ac := &acs[i]
		for _, b := range c.Bases {
			if bc := t.classes[b]; bc != nil {
				ac.bases = append(ac.bases, bc)
			}
		}
		ac.meta = t.classes[c.Meta]
	}
	// A class's rules are those of its own attributes: "C.attr" keys of the review.
	for key, r := range t.rules {
		if i := strings.LastIndexByte(key, '.'); i > 0 {
			if c := t.classes[key[:i]]; c != nil && c.hasAttr(key[i+1:]) {
				if c.rules == nil {
					c.rules = map[string]*APIRule{}
				}
				c.rules[key[i+1:]] = r
				if !strings.HasPrefix(key, "builtins.") {
					t.methodRules[key[i+1:]] = append(t.methodRules[key[i+1:]], r)
				}
			}
		}
	}
	// Built from a map: sorted by key, so that a finding that gives the first rule gives the same
	// one in every run.
	for _, rs := range t.methodRules {
		slices.SortFunc(rs, func(a, b *APIRule) int { return strings.Compare(a.Key, b.Key) })
	}
	t.methodHeads = HeadsOf(t.methodRules)
	ams := make([]apiModule, len(m.Table.Modules))
	for i := range m.Table.Modules {
		ams[i].SortedModule = &m.Table.Modules[i]
		t.modules[ams[i].Name] = &ams[i]
	}
	return t
}

// membersOf are the members of module am, built on the first call (safe for concurrent use).
func (t *apiTables) membersOf(am *apiModule) map[string]Member {
	am.once.Do(func() {
		am.members = make(map[string]Member, len(am.Attrs))
		for i, attr := range am.Attrs {
			am.members[attr] = t.newMember(am.Name, attr, am.Kinds[i])
		}
	})
	return am.members
}

// newMember is what the table's kind of attribute attr of module mod makes.
func (t *apiTables) newMember(mod, attr, kind string) Member {
	k, target, _ := strings.Cut(kind, " ")
	mb := Member{Target: target}
	if t.ruleAttrs[attr] { // no key of the review ends with any other name
		mb.Rule = t.rules[mod+"."+attr]
	}
	switch k {
	case "module":
		mb.Kind = ModuleMember
	case "class":
		mb.Kind = ClassMember
		if mb.Rule == nil {
			mb.Rule = t.rules[target] // a class excluded or judged wherever it is exposed
		}
	case "function":
		mb.Kind = FunctionMember
	default:
		mb.Kind = DataMember
	}
	return mb
}

// member is what the table says of attribute attr of module mod; known reports whether the
// table has the module at all.
func (t *apiTables) member(mod, attr string) (mb Member, known bool) {
	am := t.modules[mod]
	if am == nil {
		return Member{}, false
	}
	return t.membersOf(am)[attr], true
}

// tagsOf are the reviewed API's tags of qual: tagInAPI when it is a module attribute the table
// lists; tagAPIRule when RuleOf has a rule for it. That is asked only of the names whose last
// component ends a key of the review (ruleAttrs) or that name a class with a rule: RuleOf's two
// ways to a rule, and few of a program's names.
func (t *apiTables) tagsOf(qual string) qualTags {
	i := strings.LastIndexByte(qual, '.')
	if i <= 0 {
		return 0
	}
	var tags qualTags
	mb, _ := t.member(qual[:i], qual[i+1:])
	if mb.Kind != NoMember {
		tags |= tagInAPI
	}
	if mb.Rule != nil || t.ruleAttrs[qual[i+1:]] && t.ruleOf(qual) != nil {
		tags |= tagAPIRule
	}
	return tags
}

// classOf is the class a dotted name written in a program denotes (a module's class attribute,
// "json.JSONDecoder", or a class's canonical name), or nil.
func (t *apiTables) classOf(qual string) *apiClass {
	if c := t.classes[qual]; c != nil {
		return c
	}
	if i := strings.LastIndexByte(qual, '.'); i > 0 {
		if mb, _ := t.member(qual[:i], qual[i+1:]); mb.Kind == ClassMember {
			return t.classes[mb.Target]
		}
	}
	return nil
}

// ClassAttrInfo is what the reviewed API says about an attribute of a class or of its instances.
type ClassAttrInfo struct {
	Found bool     // the attribute is in the class's API (or the class takes any attribute)
	Rule  *APIRule // an exclusion or judged call of the class, a base, or (for the class) its metaclass
}

// lookup is attribute attr of c, of an instance of c (instance) or of c itself.
func (c *apiClass) lookup(attr string, instance bool) ClassAttrInfo {
	var out ClassAttrInfo
	seen := 0
	var walk func(k *apiClass, depth int)
	walk = func(k *apiClass, depth int) {
		if k == nil || depth > 32 || seen > 64 {
			return
		}
		seen++
		if r := k.rules[attr]; r != nil && out.Rule == nil {
			out.Rule = r
		}
		for _, b := range k.bases {
			walk(b, depth+1)
		}
	}
	walk(c, 0)
	switch {
	case c.open:
		out.Found = true
	case instance:
		out.Found = c.hasAttr(attr)
	default:
		out.Found = c.inDir(attr)
	}
	if !instance && c.meta != nil && c.meta != c {
		m := c.meta.lookup(attr, true)
		out.Found = out.Found || m.Found
		if out.Rule == nil {
			out.Rule = m.Rule
		}
	}
	return out
}

// returnOf is the class of what calling the function or method qual returns, per the review:
// "re.compile", or an instance's method "re.Pattern().match".
func (t *apiTables) returnOf(qual string) string {
	if c := t.returns[qual]; c != "" {
		return c
	}
	if i := strings.LastIndex(qual, "()."); i > 0 {
		if c := t.classOf(qual[:i]); c != nil {
			return t.returns[c.name+"."+qual[i+3:]]
		}
	}
	return ""
}

// instanceOf is the class whose instance calling f makes, for the instance refs resolution gives
// calls ("re.Pattern()"): a class of the table that is not a builtin (builtins are not followed:
// their instances are everywhere), or a factory of the review.
func (t *apiTables) instanceOf(f Ref) string {
	if f.Kind != ObjRef {
		return ""
	}
	if c := t.returnOf(f.Qual); c != "" {
		return c
	}
	if strings.HasPrefix(f.Qual, "builtins.") || strings.HasSuffix(f.Qual, "()") {
		return ""
	}
	if c := t.classOf(f.Qual); c != nil && !strings.HasPrefix(c.name, "builtins.") {
		return c.name
	}
	return ""
}

// ModuleMember is what the reviewed API says about attribute attr of module mod (named as
// resolution names modules); known is false when the table has no entry for mod.
func (p *Pass) ModuleMember(mod, attr string) (mb Member, known bool) {
	return p.a.api.member(mod, attr)
}

// TypeOf says what r is as far as the reviewed API knows: a class (instance false), an object of
// a class (instance true: a call of a class or factory, "re.Pattern()", or a module's data
// attribute, sys.stdout), named by the class's canonical name.
func (p *Pass) TypeOf(r Ref) (class string, instance bool, ok bool) {
	if r.Kind != ObjRef {
		return "", false, false
	}
	t := p.a.api
	if q, inst := strings.CutSuffix(r.Qual, "()"); inst {
		if c := t.classOf(q); c != nil {
			return c.name, true, true
		}
		return "", false, false
	}
	i := strings.LastIndexByte(r.Qual, '.')
	if i < 0 {
		return "", false, false
	}
	mb, _ := t.member(r.Qual[:i], r.Qual[i+1:])
	switch mb.Kind {
	case ClassMember:
		if t.classes[mb.Target] != nil {
			return mb.Target, false, true
		}
	case DataMember:
		if t.classes[mb.Target] != nil {
			return mb.Target, true, true
		}
	}
	return "", false, false
}

// Metaclass is the canonical name of the metaclass of class (a canonical name from TypeOf), as
// the reviewed API gives it, or "".
func (p *Pass) Metaclass(class string) string {
	c := p.a.api.classes[class]
	if c == nil || c.meta == nil {
		return ""
	}
	return c.meta.name
}

// ClassAttr is what the reviewed API says about attribute attr of class (a canonical name from
// TypeOf), of an instance of it (instance) or of the class itself.
func (p *Pass) ClassAttr(class, attr string, instance bool) ClassAttrInfo {
	c := p.a.api.classes[class]
	if c == nil {
		return ClassAttrInfo{Found: true}
	}
	return c.lookup(attr, instance)
}

// RuleOf is the review's exclusion or judged call of what r names, if any: a module attribute, a
// class wherever a module exposes it, an attribute of a class or of an instance.
func (p *Pass) RuleOf(r Ref) *APIRule {
	if r.Kind != ObjRef || !r.MayHaveRule() {
		return nil
	}
	return p.a.api.ruleOf(r.Qual)
}

// ruleOf is RuleOf of the object qual names.
func (t *apiTables) ruleOf(qual string) *APIRule {
	i := strings.LastIndexByte(qual, '.')
	if i < 0 {
		return nil
	}
	owner, attr := qual[:i], qual[i+1:]
	if !t.ruleAttrs[attr] {
		// No rule ends with attr; but a class with a rule may be named through a module's
		// attribute of another name (FT = types.FunctionType is named FunctionType).
		mb, _ := t.member(owner, attr)
		if mb.Kind != ClassMember || mb.Rule == nil {
			return nil
		}
		return mb.Rule
	}
	if mb, known := t.member(owner, attr); known {
		return mb.Rule
	}
	inst := strings.HasSuffix(owner, "()")
	if c := t.classOf(strings.TrimSuffix(owner, "()")); c != nil {
		return c.lookup(attr, inst).Rule
	}
	// An attribute of a module's data attribute: unittest.defaultTestLoader.discover.
	if j := strings.LastIndexByte(owner, '.'); j > 0 && !inst {
		if mb, _ := t.member(owner[:j], owner[j+1:]); mb.Kind == DataMember {
			if c := t.classes[mb.Target]; c != nil {
				return c.lookup(attr, true).Rule
			}
		}
	}
	return nil
}

// HoldsOnlyGiven reports whether r is an object of a class the review lists as open that holds
// only the attributes the program gives it (types.SimpleNamespace, argparse.Namespace,
// logging.LogRecord), not a proxy: its namespace is the program's data.
func (p *Pass) HoldsOnlyGiven(r Ref) bool {
	class, inst, ok := p.TypeOf(r)
	if !ok || !inst {
		return false
	}
	c := p.a.api.classes[class]
	return c != nil && c.holder
}

// HoldsOnlyGivenClass is HoldsOnlyGiven for a class named canonically.
func (p *Pass) HoldsOnlyGivenClass(class string) bool {
	c := p.a.api.classes[class]
	return c != nil && c.holder
}

// HarmlessDunder reports whether the review lets any object be asked for the dunder name.
func (p *Pass) HarmlessDunder(name string) bool { return p.a.api.dunders[name] }

// StdlibPrivate reports whether the allowed modules or their classes have the private name.
func (p *Pass) StdlibPrivate(name string) bool {
	_, ok := slices.BinarySearch(p.a.api.privates, name)
	return ok
}

// HarmlessPrivate reports whether the review lets any object be asked for the private name (the
// public API of namedtuples and enums spells some names with an underscore).
func (p *Pass) HarmlessPrivate(name string) bool { return p.a.api.harmlessPrivate[name] }

var (
	apiOnce   sync.Once
	apiShared *apiTables
	apiErr    error
)

// loadAPITables is the embedded reviewed API as tables, built once: it is the same for every
// engine.
func loadAPITables() (*apiTables, error) {
	apiOnce.Do(func() {
		m, err := config.DefaultReviewedAPI()
		if err != nil {
			apiErr = err
			return
		}
		apiShared = newAPITables(m)
	})
	return apiShared, apiErr
}

// MethodRules are the review's rules for methods named name of the classes of the allowed modules
// (TestLoader.discover, Formatter.get_field): what a call of name on an object whose class the
// analysis does not know may be.
func (p *Pass) MethodRules(name string) []*APIRule {
	if name == "" || !p.a.api.methodHeads[name[0]] {
		return nil // a byte test for the names no rule has, nearly all
	}
	return p.a.api.methodRules[name]
}

// ImportsPackage reports whether the program imports the package of the module or class named by
// a dotted name (unittest for unittest.loader.TestLoader), statically.
func (p *Pass) ImportsPackage(name string) bool {
	top, _, _ := strings.Cut(name, ".")
	return p.Imported(top)
}

// MayHaveRule reports whether the review may have a rule for r: false is certain (one bit of the
// ref's tags), true is a question for RuleOf.
func (r Ref) MayHaveRule() bool { return r.tags&tagKnown == 0 || r.tags&tagAPIRule != 0 }

// derives reports whether class has ancestor among its bases (or is it), as the table lists them.
func (t *apiTables) derives(class, ancestor string) bool {
	c := t.classes[class]
	seen := map[*apiClass]bool{}
	var walk func(c *apiClass, depth int) bool
	walk = func(c *apiClass, depth int) bool {
		if c == nil || seen[c] || depth > 32 {
			return false
		}
		seen[c] = true
		if c.name == ancestor {
			return true
		}
		for _, b := range c.bases {
			if walk(b, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(c, 0)
}

// Derives reports whether the reviewed class class is ancestor or has it among its bases.
func (p *Pass) Derives(class, ancestor string) bool { return p.a.api.derives(class, ancestor) }
