package engine

import (
	"testing"
)

// The reviewed API's tags are computed per name (apiTables.tagsOf), not tabled: a ref's InAPI must
// say exactly whether the table lists it, and MayHaveRule whether RuleOf has a rule (RuleOf and
// the checks skip a ref on false; a true without a rule costs them work). Checked over every name the tables make: module
// attributes, under the modules' canonical names too, and the attributes of classes as named
// through every module attribute that exposes them, as classes and as instances.
func TestAPITagsSound(t *testing.T) {
	a := newTestEngine(t)
	engines := map[string]*Engine{"": a}
	for name, load := range a.profiles {
		e, err := load()
		if err != nil {
			t.Fatal(err)
		}
		engines[name] = e
	}
	for profile, e := range engines {
		api := e.api
		p := &Pass{a: e}
		n, ruled := 0, 0
		check := func(qual string) {
			n++
			want := p.RuleOf(Ref{Qual: qual, Kind: ObjRef}) // tags unknown: no shortcut
			r := Ref{Qual: qual, Kind: ObjRef, tags: e.tagsOf(qual)}
			if want != nil {
				ruled++
			}
			if r.MayHaveRule() != (want != nil) {
				t.Errorf("profile %q: %s: MayHaveRule is %v and RuleOf has %v", profile, qual, r.MayHaveRule(), want)
			}
			if got := p.RuleOf(r); got != want {
				t.Errorf("profile %q: %s: RuleOf of the tagged ref is %v, want %v", profile, qual, got, want)
			}
			mb, _ := api.member(qual[:lastDot(qual)], qual[lastDot(qual)+1:])
			if r.InAPI() != (mb.Kind != NoMember) {
				t.Errorf("profile %q: %s: InAPI is %v, the table's member is %+v", profile, qual, r.InAPI(), mb)
			}
		}
		classAttrs := func(c *apiClass, prefixes ...string) {
			// Every name the review has a rule for, and the names of the class and its
			// metaclass for the standard library's classes (the data profile's have thousands).
			names := map[string]bool{}
			for m := range api.ruleAttrs {
				names[m] = true
			}
			for _, k := range []*apiClass{c, c.meta} {
				if k == nil || profile != "" {
					continue
				}
				for _, m := range append(append([]string{}, k.dir...), k.inst...) {
					names[m] = true
				}
			}
			for _, pre := range prefixes {
				for m := range names {
					check(pre + "." + m)
				}
			}
		}
		for mod, am := range api.modules {
			names := []string{mod}
			if c := e.mods.canonical(mod); c != mod {
				names = append(names, c)
			}
			for _, name := range names {
				for _, attr := range am.Attrs {
					check(name + "." + attr)
					mb, _ := api.member(mod, attr)
					c := api.classes[mb.Target]
					switch {
					case c == nil:
					case mb.Kind == DataMember:
						classAttrs(c, name+"."+attr)
					case mb.Kind == ClassMember:
						classAttrs(c, name+"."+attr, name+"."+attr+"()")
					}
				}
			}
		}
		for name, c := range api.classes {
			check(name)
			classAttrs(c, name, name+"()")
		}
		if ruled == 0 {
			t.Fatalf("profile %q: no name of %d has a rule", profile, n)
		}
		t.Logf("profile %q: %d names, %d with a rule", profile, n, ruled)
	}
}
