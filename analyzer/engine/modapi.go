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
	name  string
	attrs map[string]bool // dir(C) and the attributes its methods assign: what an instance has
	dir   map[string]bool // dir(C) alone: what the class has
	bases []*apiClass
	meta  *apiClass
	open  bool // any attribute: __getattr__, or the review says so
	// holder: the review's open class holds only what the program gives it (not a proxy)
	holder bool
	rules  map[string]*APIRule
}

type apiTables struct {
	modules  map[string]map[string]Member
	classes  map[string]*apiClass
	returns  map[string]string
	dunders  map[string]bool
	privates map[string]bool // the private names the allowed modules and their classes have
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

func newAPITables(m *config.ModuleAPI) *apiTables {
	t := &apiTables{
		modules: map[string]map[string]Member{}, classes: map[string]*apiClass{}, rules: map[string]*APIRule{},
		returns: m.Review.Returns, dunders: map[string]bool{}, privates: map[string]bool{},
		harmlessPrivate: map[string]bool{}, methodRules: map[string][]*APIRule{}, ruleAttrs: map[string]bool{},
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
	for _, name := range m.Table.Privates {
		t.privates[name] = true
	}
	for name := range m.Review.Privates {
		t.harmlessPrivate[name] = true
	}
	for name, c := range m.Table.Classes {
		ac := &apiClass{name: name, attrs: map[string]bool{}, dir: map[string]bool{}, open: c.Dynamic}
		for _, a := range c.Attrs {
			ac.attrs[a], ac.dir[a] = true, true
		}
		for _, a := range c.Instance {
			ac.attrs[a] = true
		}
		if _, ok := m.Review.Open[name]; ok {
			ac.open = true
			ac.holder = !strings.HasPrefix(name, "weakref.") // proxies forward to any object
		}
		t.classes[name] = ac
	}
	for name, c := range m.Table.Classes {
		ac := t.classes[name]
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
			if c := t.classes[key[:i]]; c != nil && (c.attrs[key[i+1:]] || c.dir[key[i+1:]]) {
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
	for mod, attrs := range m.Table.Modules {
		members := make(map[string]Member, len(attrs))
		for attr, kind := range attrs {
			k, target, _ := strings.Cut(kind, " ")
			mb := Member{Target: target, Rule: t.rules[mod+"."+attr]}
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
			members[attr] = mb
		}
		t.modules[mod] = members
	}
	return t
}

// member is what the table says of attribute attr of module mod; known reports whether the
// table has the module at all.
func (t *apiTables) member(mod, attr string) (mb Member, known bool) {
	attrs, known := t.modules[mod]
	if !known {
		return Member{}, false
	}
	return attrs[attr], true
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
		out.Found = c.attrs[attr]
	default:
		out.Found = c.dir[attr]
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
	t := p.a.api
	i := strings.LastIndexByte(r.Qual, '.')
	if i < 0 {
		return nil
	}
	owner, attr := r.Qual[:i], r.Qual[i+1:]
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
func (p *Pass) StdlibPrivate(name string) bool { return p.a.api.privates[name] }

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
		m, err := config.DefaultModuleAPI()
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

// ruleQuals are the dotted names resolution may give a ref that RuleOf has a rule for: module
// attributes with a rule (or whose class has one), and the attributes with a rule of classes as
// named through every module attribute that exposes them, as instances ("C()") and as classes,
// metaclass rules (type.mro) included.
func (t *apiTables) ruleQuals() map[string]bool {
	out := map[string]bool{}
	names := map[*apiClass]map[string]bool{} // ruleNames per class, walked once
	ruleNames := func(c *apiClass) map[string]bool {
		n, ok := names[c]
		if !ok {
			n = c.ruleNames()
			names[c] = n
		}
		return n
	}
	for mod, attrs := range t.modules {
		for attr, mb := range attrs {
			if mb.Rule != nil {
				out[mod+"."+attr] = true
			}
			if mb.Kind != ClassMember && mb.Kind != DataMember {
				continue
			}
			c := t.classes[mb.Target]
			if c == nil {
				continue
			}
			if mb.Kind == DataMember {
				for m := range ruleNames(c) {
					out[mod+"."+attr+"."+m] = true // an object: unittest.defaultTestLoader.discover
				}
				continue
			}
			for _, name := range []string{mod + "." + attr, c.name} {
				for m := range ruleNames(c) {
					out[name+"."+m] = true
					out[name+"()."+m] = true
				}
			}
		}
	}
	return out
}

// ruleNames are the attribute names with a rule of c, its bases and its metaclass.
func (c *apiClass) ruleNames() map[string]bool {
	out := map[string]bool{}
	var walk func(k *apiClass, depth int)
	walk = func(k *apiClass, depth int) {
		if k == nil || depth > 32 {
			return
		}
		for name := range k.rules {
			out[name] = true
		}
		for _, b := range k.bases {
			walk(b, depth+1)
		}
		if k.meta != nil && k.meta != k && depth == 0 {
			walk(k.meta, depth+1)
		}
	}
	walk(c, 0)
	return out
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
